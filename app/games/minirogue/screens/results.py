"""The end of a delve: won or dead, the score, and the board of that dungeon (the day's board
for a daily dungeon) with the player's rank."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.core import shown
from engine.minirogue import View

from app.games.minirogue.records import Row, Setup, Standing
from app.games.minirogue.words import cause_text, plural


def board_text(rows: list[Row]) -> Text:
    """A board's lines: rank, player, score and how the delve ended."""
    text = Text()
    for rank, player, score, outcome in rows:
        # Names come from the store (and, through imports, from other people's files).
        text.append(f"{rank or '':>3}. {shown(player)[:24]:<24} {score:>5}  {outcome}\n")
    return text


def results_text(view: View, setup: Setup, standing: Standing) -> Text:
    text = Text()
    if view.outcome == "won":
        text.append("The Og's Blood is yours!\n", style="bold green")
    else:
        text.append(f"Dead in area {view.area}: {cause_text(view.cause)}.\n", style="bold red")
    text.append(f"Score {view.score}", style="bold")
    text.append(f" · {plural(view.monsters_defeated, 'monster')} and "
                f"{plural(view.bosses_defeated, 'boss', 'bosses')} beaten · rank {view.rank}\n\n")
    text.append(setup.title, style="bold")
    if standing.rank is not None:
        text.append(f": your best, {standing.best}, ranks {standing.rank} of "
                    f"{standing.players}.\n")
    else:
        text.append("\n")
    text.append_text(board_text(standing.board))
    for line in (standing.note, standing.saved):
        if line:
            text.append(f"\n{shown(line)}", style="dim")
    text.rstrip()
    return text


class MiniRogueResultsScreen(ModalScreen[None]):
    """Enter or Escape goes back to the title."""

    BINDINGS = [
        Binding("enter,escape", "close", "Back to the title", id="minirogue_results_close"),
    ]

    DEFAULT_CSS = """
    MiniRogueResultsScreen {
        align: center middle;
    }
    MiniRogueResultsScreen #results {
        width: 64;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-align: center;
        background: $surface;
        padding: 1 2;
    }
    """

    def __init__(self, view: View, setup: Setup, standing: Standing) -> None:
        super().__init__()
        self.view = view
        self.setup = setup
        self.standing = standing

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results") as box:
            box.border_title = "The delve is over"
            yield Static(results_text(self.view, self.setup, self.standing), id="summary")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
