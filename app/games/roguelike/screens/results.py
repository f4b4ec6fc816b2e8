"""The results of a game: won or died, the depth reached, the score, and where the run went.
With a community server set, the run file goes on the server's board too (the day's board for
the server's daily descent, else its seed's; the server decides): at once when the player has
an account there (or chose to send runs without asking), else when they press s; the server's
verdict and rank show below, and s tries again when it could not be sent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from app.games.roguelike import glossary
from app.games.roguelike.words import death_words, name
from app.screens.rules import show_help
from app.screens.submit import KeySubmitting
from app.words import middle_cut
from engine.core import RunError, read_document, shown
from engine.roguelike import View


def saved_text(saved: Path | str, width: int) -> Text:
    """Where the run went, in lines of `width`: the file name on a line of its own and its
    folder on the next, each cut in the middle if it is longer (a path is never broken inside
    a name); or why it could not be saved."""
    if isinstance(saved, str):
        return Text(saved, style="dim")
    out = Text("Run saved to the file\n", style="dim")
    out.append(middle_cut(shown(saved.name), width) + "\n")
    out.append("in ", style="dim")
    out.append(middle_cut(shown(str(saved.parent)), width - 3))
    return out


def results_text(view: View, saved: Path | str, death: dict[str, Any] | None = None,
                 width: int = 58, ranked: str = "") -> Text:
    """The end of a game; `death` is the "died" event's data, which says what killed, `width`
    the room for a line, and `ranked` its rank on the local board, in a sentence."""
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
    if ranked:
        text.append(f"{ranked}\n")
    text.append_text(saved_text(saved, width))
    return text


class ResultsScreen(KeySubmitting[None]):
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", id="roguelike_results_help",
                tooltip="Keys and the rules of Rogue Like Roguelike"),
        Binding("enter,escape", "done", "Title screen", id="roguelike_results_done"),
        Binding("n", "again", "New rogue", id="roguelike_results_again"),
        Binding("s", "submit", "Submit", id="roguelike_results_submit",
                tooltip="Put this run on the community server's boards"),
    ]

    DEFAULT_CSS = """
    ResultsScreen { align: center middle; }
    ResultsScreen #results { width: 64; max-width: 100%; height: auto; max-height: 100%;
                             border: round $accent; padding: 1 2; }
    ResultsScreen #community { display: none; margin-top: 1; }
    ResultsScreen #community.shown { display: block; }
    """

    def __init__(self, view: View, saved: Path | str,
                 death: dict[str, Any] | None = None, ranked: str = "") -> None:
        super().__init__()
        self.final = view
        self.saved = saved
        self.death = death
        self.ranked = ranked

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results") as box:
            box.border_title = "Rogue Like Roguelike"
            yield Static(id="results-text")
            yield Static(id="community")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()
        self.offer_to_send()

    def run_to_send(self) -> tuple[dict, str] | None:
        """The run as saved: nothing to send when it could not be saved."""
        if isinstance(self.saved, str):
            return None
        try:
            document = read_document(self.saved)
        except RunError:
            return None  # moved or removed since: the results say where it went
        player = document.get("player") if isinstance(document, dict) else None
        return (document, player) if isinstance(player, str) else None

    def on_resize(self) -> None:
        self.draw()

    def draw(self) -> None:
        """The text, laid out for the box's width (the path's lines are cut to fit it): 64
        columns at most, less its border and padding."""
        text = self.query_one("#results-text", Static)
        width = text.content_size.width or min(64, self.app.size.width) - 6
        text.update(results_text(self.final, self.saved, self.death, width, self.ranked))

    def action_done(self) -> None:
        self.app.pop_screen()

    def action_again(self) -> None:
        from app.games.roguelike.screens.skills import new_rogue

        self.app.switch_screen(new_rogue())

    def action_help(self) -> None:
        show_help(self, glossary.HELP)
