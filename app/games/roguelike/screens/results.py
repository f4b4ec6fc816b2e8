"""The results of a game: won or died, the depth reached, the score, and where the run went."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.roguelike import RogueView

from app.games.roguelike.words import death_words, name


def results_text(view: RogueView, saved: str, death: dict[str, Any] | None = None) -> Text:
    """The end of a game; `death` is the "died" event's data, which says what killed."""
    text = Text()
    if view.outcome == "won":
        text.append("You won!\n", style="bold green")
        text.append("The Amulet of Yendor is yours.\n\n")
    else:
        cause = death_words(death or {})
        text.append(f"You died: {cause}.\n" if cause else "You died.\n", style="bold red")
        text.append(f"The dungeon keeps you on level {view.level}.\n\n")
    text.append(f"Deepest level   {view.deepest}\n")
    text.append(f"Rogue level     {view.rogue_level}\n")
    text.append(f"Gold            {view.gold}\n")
    text.append("Score           ")
    text.append(f"{view.score}\n", style="bold")
    if view.abilities:
        text.append(f"Abilities       {', '.join(name(a) for a in view.abilities)}\n")
    text.append("\n")
    text.append(saved, style="dim")  # a path from the disk: shown as it is
    return text


class ResultsScreen(Screen[None]):
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", id="roguelike_results_help",
                tooltip="Keys and the rules of Rogue Like Roguelike"),
        Binding("enter,escape", "done", "Title screen", id="roguelike_results_done"),
        Binding("n", "again", "New rogue", id="roguelike_results_again"),
    ]

    DEFAULT_CSS = """
    ResultsScreen { align: center middle; }
    ResultsScreen #results { width: 64; max-width: 100%; height: auto; border: round $accent;
                             padding: 1 2; }
    """

    def __init__(self, view: RogueView, saved: str, death: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.final = view
        self.saved = saved
        self.death = death

    def compose(self) -> ComposeResult:
        with Vertical(id="results") as box:
            box.border_title = "Rogue Like Roguelike"
            yield Static(results_text(self.final, self.saved, self.death), id="results-text")
        yield Footer()

    def action_done(self) -> None:
        self.app.pop_screen()

    def action_again(self) -> None:
        from app.games.roguelike.screens.create import CreateScreen

        self.app.switch_screen(CreateScreen())

    def action_help(self) -> None:
        from app.games.roguelike.screens.help import open_help

        open_help(self)
