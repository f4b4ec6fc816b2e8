"""What a game's results screen shares to put a finished run on the community server: the
sending, in a thread, and the server's answer in one line in the screen's #community box."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rich.text import Text
from textual import work
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from engine.core import shown

ResultType = TypeVar("ResultType")


def submitted_line(result: Any) -> str:
    """What the results screen says about a submission (services.community.Submitted)."""
    if result.status == "verified":
        of = f" of {result.total}" if result.total else ""
        if result.rank is None:
            stays = f", which stays at global rank {result.best}{of}" if result.best else ""
            return f"Verified by the server; not better than your best{stays}."
        return f"Verified by the server: global rank {result.rank}{of}."
    if result.status == "refused":
        return f"The server refused the run: {shown(result.reason)}"
    if result.status == "waiting":
        why = shown(result.reason or "the server could not be reached")
        return (f"{why[:1].upper()}{why[1:]}: the run waits in the outbox and is sent with the "
                "next submission.")
    return "The server has the run and is still verifying it; its board will show it."


def streak_sentence(server: str, document: dict, board: str) -> str:
    """" Daily streak: 3 days in a row (longest 5)." after a run that entered a day's board
    (its game says which boards are days'), as the server counts the logged-in player's
    streak; "" for another board or when the server cannot say. Asks the server: call it in
    a worker."""
    from engine import games

    game = document.get("game")
    if not isinstance(game, str) or game not in games.names():
        return ""
    facts = games.load(game).info.board_facts(board)
    if facts is None or facts.get("kind") != "daily":
        return ""
    streak = daily_streak(server, game)
    return f" {streak}" if streak else ""


def daily_streak(server: str, game: str) -> str:
    """"Daily streak: 3 days in a row (longest 5)." of the player logged in on `server` in
    `game`, as the server counts it; "" with no login, no streak, or when the server cannot
    say. Asks the server: call it in a worker."""
    from app.words import counted
    from services import community

    try:
        login = community.stored_login(server)
        page = community.Client(server).player(login.name) if login else {}
    except community.CommunityError:
        return ""
    for streak in page.get("streaks", []):
        current, longest = streak.get("current"), streak.get("longest")
        if streak.get("game") == game and isinstance(current, int) and isinstance(longest, int):
            return (f"Daily streak: {counted(current, 'day')} in a row (longest "
                    f"{counted(longest, 'day')}).")
    return ""


class RunSending(Screen[ResultType]):
    """A results screen with a #community Static that can send its run to the server, drawn
    over the game (SubmittingScreen) or in its place. A game's screen shows its submit key or
    button again in `offer_again` (after a taken name, or when the run could not be sent yet),
    and starts its submission with `ask_for_name` (which opens Settings when the name was
    taken)."""

    needs_name = False  # the server found the player name taken: a new one comes first
    chosen_name = ""  # the name saved in Settings after that, used from then on
    said = ""  # the line shown in #community

    def offer_again(self) -> None:
        """Show the way to submit again (the game's button or key)."""

    def ask_for_name(self, then: Callable[[], None]) -> bool:
        """After a taken name: open Settings, and call `then` (the submission) once a name is
        saved there. True when Settings was opened (the caller stops there)."""
        from app.screens.settings import SettingsScreen

        if not self.needs_name:
            return False

        def chosen(settings: Any) -> None:
            if settings is not None and settings.player:
                self.needs_name = False
                self.chosen_name = settings.player
                then()

        self.app.push_screen(SettingsScreen(), chosen)
        return True

    def community_line(self, line: str) -> None:
        self.said = line
        box = self.query_one("#community", Static)
        box.add_class("shown")
        box.update(Text(line))

    @work(thread=True, exclusive=True, group="community")
    def send(self, server: str, document: dict, name: str) -> None:
        from services import community

        taken = False
        try:
            result = community.submit_and_wait(server, document, name)
        except community.CommunityError as exc:
            taken = exc.code == "name_taken"
            line = (f"Not submitted: the name {shown(name)} is taken on this server. Submit "
                    "again opens Settings to choose another name, then sends the run."
                    if taken else f"Not submitted: {exc.message}")
            again = True
        else:
            line = submitted_line(result)
            if result.status == "verified" and result.board:
                line += streak_sentence(server, document, result.board)
            again = result.status == "waiting"  # the server was out of reach: try it again
        self.app.call_from_thread(self.sent, line, again, taken)

    def sent(self, line: str, again: bool = False, taken: bool = False) -> None:
        if self.is_attached:
            self.community_line(line)
            self.needs_name = taken
            if again:
                self.offer_again()


# ModalScreen comes first in the bases below: Textual takes a screen's default CSS along its
# first bases only, and a modal screen's is what lets the game show through.
class SubmittingScreen(ModalScreen[ResultType], RunSending[ResultType]):
    """A results screen over the game that can send its run to the server."""


class KeySubmitting(RunSending[ResultType]):
    """A results screen whose run goes to the community server set in Settings: at once when
    the player has an account there (or chose to send runs without asking), else when they
    press s (the screen binds s to action_submit); and again on s when the server could not be
    reached or took no run. With no server set, or no run to send, nothing is offered. A game's
    screen calls `offer_to_send` once mounted, and says which run in `run_to_send`."""

    WHAT = "run"  # the game's word for a finished run (Mini Rogue's "delve")

    server = ""  # the community server offered, once it is known
    sending = False
    run: tuple[dict, str] | None = None  # the run document and its player's name

    def run_to_send(self) -> tuple[dict, str] | None:
        """The run document and the name of its player; None when there is none to send.
        Called in a worker: it may read the run file."""
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "submit":
            return bool(self.server) and not self.sending
        return True

    @work(thread=True, exclusive=True, group="community")
    def offer_to_send(self) -> None:
        from services import community
        from services.settings import load_settings

        run = self.run_to_send()
        if run is None:
            return
        try:
            server = community.server_url(None)
            at_once = (community.stored_login(server) is not None
                       or load_settings().auto_submit)
        except community.CommunityError:
            return  # no server set: playing offline, nothing to offer
        self.app.call_from_thread(self.offer_submit, server, run, at_once)

    def offer_submit(self, server: str, run: tuple[dict, str], at_once: bool) -> None:
        if not self.is_attached:
            return
        self.server, self.run = server, run
        if at_once:
            self.action_submit()
            return
        self.refresh_bindings()
        self.community_line(f"Press s to put this {self.WHAT} on the boards of {server}.")

    def offer_again(self) -> None:
        self.sending = False
        self.refresh_bindings()
        if not self.needs_name:  # a taken name's line says what s does
            self.community_line(f"{self.said} Press s to try again.")

    def action_submit(self) -> None:
        if not self.server or self.sending or self.run is None:
            return
        if self.ask_for_name(then=self.action_submit):
            return
        self.sending = True
        self.refresh_bindings()
        self.community_line(f"Sending the {self.WHAT} to {self.server}…")
        document, player = self.run
        self.send(self.server, document, self.chosen_name or player)
