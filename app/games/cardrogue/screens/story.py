"""The story screen: the text that opens a level (and the closing text of the one before).

Author text is shown as written, never read as markup: it goes in as `Content`, so `[bold]` stays
`[bold]`. Its paragraphs flow to the width of the page (see `reflow`): authors hard-wrap their
TOML, and those line breaks are not the page's.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from app.games.cardrogue.words import reflow
from app.plain import FRAME_CLASS, SPOKEN_CLASS
from app.screens.dialogs import ConfirmScreen


class StoryScreen(Screen[bool]):
    """Reads like a page of a book. Enter (or Space) continues and returns True; long text
    scrolls. Escape goes back and returns False: the level is not begun (the caller leaves);
    a page with nothing to go back to (`can_go_back` False: the closing words of a run) takes
    Escape as Enter. With a `leave_question` (a run under way) Escape is "Leave": it asks that
    question over the page first, and No keeps the page."""

    BINDINGS = [
        Binding("enter,space", "continue", "Continue", id="story_continue", priority=True),
        Binding("escape", "back", "Back", id="story_back"),
        Binding("escape", "leave", "Leave", id="story_leave"),
    ]

    DEFAULT_CSS = """
    StoryScreen {
        align: center middle;
    }
    StoryScreen #page {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-align: center;
        border-subtitle-align: center;
        padding: 0 1;
    }
    StoryScreen #text {
        height: auto;
        max-height: 100%;
    }
    StoryScreen .heading {
        text-style: bold;
        color: $accent;
        width: 100%;
        content-align: center middle;
        margin: 1 0;
    }
    StoryScreen .closing {
        color: $text-muted;
        text-style: italic;
    }
    StoryScreen .body {
        margin-bottom: 1;
    }
    """

    def __init__(self, map_title: str, heading: str, story: str, closing: str = "",
                 closing_heading: str = "", continue_label: str = "Enter to begin",
                 can_go_back: bool = True, leave_question: str = "") -> None:
        super().__init__()
        self.can_go_back = can_go_back
        self.leave_question = leave_question
        self.map_title = map_title
        self.heading = heading
        self.story = story
        self.closing = closing
        self.closing_heading = closing_heading
        self.continue_label = continue_label

    def compose(self) -> ComposeResult:
        with Vertical(id="page", classes=FRAME_CLASS) as page:
            page.border_title = Content(self.map_title or "Card Rogue")
            page.border_subtitle = self.continue_label
            # Plain mode takes the frame off: what it carries is said on lines of their own.
            yield Static(Content(self.map_title or "Card Rogue"), classes=SPOKEN_CLASS)
            with VerticalScroll(id="text"):
                if self.closing:
                    if self.closing_heading:
                        yield Static(Content(self.closing_heading), classes="heading")
                    yield Static(Content(reflow(self.closing)), classes="closing body",
                                 id="closing")
                if self.heading:
                    yield Static(Content(self.heading), classes="heading", id="heading")
                if self.story:
                    yield Static(Content(reflow(self.story)), classes="body", id="story")
            yield Static(Content(self.continue_label), classes=SPOKEN_CLASS)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#text", VerticalScroll).focus()

    def action_continue(self) -> None:
        self.dismiss(True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return not self.leave_question
        if action == "leave":
            return bool(self.leave_question)
        return True

    def action_back(self) -> None:
        self.dismiss(not self.can_go_back)

    def action_leave(self) -> None:
        self.app.push_screen(ConfirmScreen(self.leave_question, "Leave"), self._answered)

    def _answered(self, yes: bool | None) -> None:
        if yes:
            self.dismiss(False)
