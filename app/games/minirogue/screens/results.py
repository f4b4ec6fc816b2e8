"""The end of a delve: won or dead, the score, and the board of that dungeon (the day's board
for a daily dungeon) with the player's rank. With a community server set, the delve goes on the
server's board too: at once when the player has an account there (or chose to send runs without
asking), else when they press s; the server's verdict and rank show below."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from app.games.minirogue.records import Row, Setup, Standing
from app.games.minirogue.words import cause_text, plural
from app.screens.submit import SubmittingScreen
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


class MiniRogueResultsScreen(SubmittingScreen[None]):
    """Enter or Escape goes back to the title."""

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
        self.server = ""  # the community server offered, once it is known
        self.sending = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results") as box:
            box.border_title = "The delve is over"
            yield Static(results_text(self.view, self.setup, self.standing), id="summary")
            yield Static(id="community")
        yield Footer()

    def on_mount(self) -> None:
        if self.standing.document is not None:
            self.look_for_server()

    # -- the community server

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "submit":
            return bool(self.server) and not self.sending
        return True

    @work(thread=True, exclusive=True, group="community")
    def look_for_server(self) -> None:
        from services import community
        from services.settings import load_settings

        try:
            server = community.server_url(None)
            at_once = (community.stored_login(server) is not None
                       or load_settings().auto_submit)
        except community.CommunityError:
            return  # no server set: playing offline, nothing to offer
        self.app.call_from_thread(self.offer_submit, server, at_once)

    def offer_submit(self, server: str, at_once: bool) -> None:
        if not self.is_attached:
            return
        self.server = server
        if at_once:
            self.action_submit()
            return
        self.refresh_bindings()
        self.community_line(f"Press s to put this delve on the boards of {server}.")

    def offer_again(self) -> None:
        self.sending = False
        self.refresh_bindings()

    def action_submit(self) -> None:
        document = self.standing.document
        if not self.server or self.sending or document is None:
            return
        if self.ask_for_name(then=self.action_submit):
            return
        self.sending = True
        self.refresh_bindings()
        self.community_line(f"Sending the delve to {self.server}…")
        self.send(self.server, document, self.chosen_name or self.standing.player)

    def action_close(self) -> None:
        self.dismiss(None)
