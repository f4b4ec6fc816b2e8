"""What a game's results screen shares to put a finished run on the community server: the
sending, in a thread, and the server's answer in one line in the screen's #community box."""

from __future__ import annotations

from typing import Any, TypeVar

from rich.text import Text
from textual import work
from textual.screen import ModalScreen
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


class SubmittingScreen(ModalScreen[ResultType]):
    """A results screen with a #community Static that can send its run to the server."""

    def community_line(self, line: str) -> None:
        box = self.query_one("#community", Static)
        box.add_class("shown")
        box.update(Text(line))

    @work(thread=True, exclusive=True, group="community")
    def send(self, server: str, document: dict, name: str) -> None:
        from services import community

        try:
            result = community.submit_and_wait(server, document, name)
        except community.CommunityError as exc:
            line = f"Not submitted: {exc.message}"
        else:
            line = submitted_line(result)
        self.app.call_from_thread(self.sent, line)

    def sent(self, line: str) -> None:
        if self.is_attached:
            self.community_line(line)
