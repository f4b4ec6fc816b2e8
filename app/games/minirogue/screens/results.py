"""The end of a delve: won or dead, the score, and the board of that dungeon (the day's board
for a daily dungeon) with the player's rank. With a community server set, the delve goes on the
server's board too: at once when the player has an account there (or chose to send runs without
asking), else when they press s; the server's verdict and rank show below."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from app.games.minirogue.records import Row, Setup, Standing
from app.games.minirogue.words import cause_text, plural
from app.screens.submit import KeySubmitting
from engine.core import shown
from engine.minirogue import View


def board_heading(daily: bool) -> str:
    """The column headings over board_text's lines (only a daily board says how each delve
    was played: a seed's title says it for all)."""
    line = f"{'#':>3}  {'Player':<20} {'Score':>5}  {'Fate':<4}"
    return (f"{line}  Played at" if daily else line) + "\n"


def board_text(rows: list[Row]) -> Text:
    """A board's lines: rank, player, score, how the delve ended and, on a daily board, the
    difficulty it was played at (the score counts it)."""
    text = Text()
    for rank, player, score, outcome, played in rows:
        # Names come from the store (and, through imports, from other people's files); the
        # rest too may come from a community server.
        line = f"{rank or '':>3}. {shown(player)[:20]:<20} {score:>5}  {shown(outcome)[:8]:<4}"
        text.append(f"{line}  {shown(played)[:24]}".rstrip() + "\n")
    return text


def results_text(view: View, setup: Setup, standing: Standing) -> Text:
    text = Text()
    if view.outcome == "won":
        text.append("The Og's Blood is yours!\n", style="bold green")
    else:
        text.append(f"Dead in area {view.area}: {cause_text(view.cause)}.\n", style="bold red")
    text.append(f"Score {view.score}", style="bold")
    text.append(f" · {plural(view.monsters_defeated, 'monster')} and "
                f"{plural(view.bosses_defeated, 'boss', 'bosses')} beaten · your hero's rank "
                f"{view.rank}\n\n")  # the game's rank (dice), not the board's
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


class MiniRogueResultsScreen(ModalScreen[None], KeySubmitting[None]):
    """Enter or Escape goes back to the title. (ModalScreen first: see SubmittingScreen.)"""

    WHAT = "delve"

    BINDINGS = [
        Binding("enter,escape", "close", "Back to the title", id="minirogue_results_close"),
        Binding("s", "submit", "Submit to the server", id="minirogue_results_submit"),
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
    MiniRogueResultsScreen #community {
        display: none;
        margin-top: 1;
    }
    MiniRogueResultsScreen #community.shown {
        display: block;
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
            yield Static(id="community")
        yield Footer()

    def on_mount(self) -> None:
        self.offer_to_send()

    def run_to_send(self) -> tuple[dict, str] | None:
        document = self.standing.document
        return None if document is None else (document, self.standing.player)

    def action_close(self) -> None:
        self.dismiss(None)
