"""The whole run's log on a screen of its own, to read back from the first line."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from app.widgets.event_log import EventLog


class HistoryScreen(Screen[None]):
    """Every line of the run so far, newest at the bottom; the arrows and Page keys scroll."""

    BINDINGS = [
        Binding("escape,L", "close", "Back to the game", id="history_close"),
    ]

    EXTRA_KEYS = (("↑ ↓ PgUp PgDn", "Scroll back and on"), ("Home End", "The first or last line"))

    DEFAULT_CSS = """
    HistoryScreen #history-heading {
        height: 1;
        background: $panel;
        padding: 0 1;
        text-style: bold;
    }
    HistoryScreen #history {
        height: 1fr;
    }
    """

    def __init__(self, title: str, lines: Sequence[Text]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        yield Static(Content(f"The whole run so far — {self.title_text}"), id="history-heading")
        yield EventLog(id="history", limit=None)
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#history", EventLog)
        log.replace(self.lines)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
