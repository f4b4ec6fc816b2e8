"""The end of a Table Dungeon game: who won with how many loot points, and everyone's tally
(everyone dead is a loss for all)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from app.games.tabledungeon.words import name_of
from app.screens.dialogs import DIALOG_CSS
from app.widgets.path_text import PathText
from engine.core import Event
from engine.tabledungeon import View


class ResultsScreen(ModalScreen[str]):
    """The end: who won with how many loot points, and everyone's tally. Dismissed with
    "again" or "leave"."""

    BINDINGS = [
        Binding("enter", "choose('again')", "New game", id="td_results_again"),
        Binding("escape", "choose('leave')", "Back to the title", id="td_results_leave"),
    ]

    DEFAULT_CSS = f"""
    ResultsScreen {{
        {DIALOG_CSS}
    }}
    ResultsScreen #tally {{
        width: 72;
        max-width: 100%;
        margin: 1 1;
    }}
    """

    def __init__(self, view: View, end: Event | None, seed: int,
                 saved: str = "") -> None:
        super().__init__()
        self.view_ = view
        self.end = end
        self.seed = seed
        self.saved = saved

    def tally(self) -> Text:
        view = self.view_
        points = self.end.data["points"] if self.end else [0] * len(view.players)
        out = Text()
        if view.outcome == "lost":
            out.append("Everyone has fallen. The dungeon wins: a loss for all.\n",
                       style="bold red")
        else:
            names = " and ".join(name_of(view, s) for s in view.winners)
            verb = "wins" if len(view.winners) == 1 else "share the win"
            out.append(f"{names} {verb} with {view.score} loot points!\n", style="bold green")
        out.append(f"\n{'Player':<16}{'Class':<9}{'':<8}{'Points':>6}\n", style="dim")
        for p in view.players:
            out.append(f"{name_of(view, p.seat)[:15]:<16}{(p.class_name or '?'):<9}")
            out.append(f"{'alive' if p.alive else 'fallen':<8}",
                       style="" if p.alive else "red")
            out.append(f"{points[p.seat]:>6}")
            if p.seat in view.winners:
                out.append("  ★", style="yellow")
            out.append("\n")
        out.append(f"\nSeed {self.seed} · {view.round} rounds · level {view.level}",
                   style="dim")
        if self.saved:
            out.append(f"\n{self.saved}", style="dim")
        return out

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = "Game over"
            box.border_subtitle = "Enter: new game · Esc: title"
            yield Static(PathText(self.tally()), id="tally")  # the run's path wraps at "/"
        yield Footer()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
