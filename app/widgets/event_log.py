"""The event log: every event of the run in words, newest at the bottom.

A Line API widget of fixed size: adding a line never changes the layout of the screen (a
growing scrollable log would, once per line, and that doubled the time from a key to its frame
on big levels). Lines are wrapped once per width and kept as strips. The mouse wheel scrolls
back; so do the arrows, Page Up/Down, Home and End while the log has focus (Tab or a click gives
it focus). A new line jumps to the end again.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.strip import Strip
from textual.widget import Widget

# Enough to scroll back through a whole level; the session keeps the whole run's log.
SHOWN_LINES = 3000
WHEEL_STEP = 3


class EventLog(Widget, can_focus=True):
    """A read-only log. Lines are `Text`, so names from map files are never read as markup."""

    BINDINGS = [
        Binding("up,k", "scroll_back(1)", "Back", show=False, id="log_up",
                tooltip="Scroll the log back a line"),
        Binding("down,j", "scroll_back(-1)", "On", show=False, id="log_down",
                tooltip="Scroll the log on a line"),
        Binding("pageup", "page(1)", "Page back", show=False, id="log_page_up",
                tooltip="Scroll the log back a page"),
        Binding("pagedown", "page(-1)", "Page on", show=False, id="log_page_down",
                tooltip="Scroll the log on a page"),
        Binding("home", "scroll_back(1000000)", "Oldest", show=False, id="log_home",
                tooltip="The oldest line of the log"),
        Binding("end", "scroll_back(-1000000)", "Newest", show=False, id="log_end",
                tooltip="The newest line of the log"),
    ]

    DEFAULT_CSS = """
    EventLog {
        background: $panel;
        padding: 0 1;
    }
    EventLog:focus {
        background: $panel-lighten-1;
    }
    """

    def __init__(self, *, id: str | None = None, limit: int | None = SHOWN_LINES) -> None:
        super().__init__(id=id)
        self.limit = limit  # the most lines kept (None: every line)
        self.texts: list[Text] = []
        self.plain_lines: list[str] = []  # what was written, as plain text (for tests)
        self._strips: list[Strip] = []  # every text wrapped at _width, one list
        self._counts: list[int] = []  # how many of those strips each text took
        self._width = 0
        self.back = 0  # how many lines the view is scrolled back from the end

    # -- writing

    def add(self, lines: Iterable[Text]) -> None:
        new = list(lines)
        if not new:
            return
        self.texts.extend(new)
        self.plain_lines.extend(line.plain for line in new)
        if self._width:
            for text in new:
                wrapped = self._wrap(text, self._width)
                self._strips.extend(wrapped)
                self._counts.append(len(wrapped))
        extra = len(self.texts) - self.limit if self.limit is not None else 0
        if extra > 0:
            del self.texts[:extra]
            del self.plain_lines[:extra]
            if self._width:
                del self._strips[:sum(self._counts[:extra])]
                del self._counts[:extra]
        self.back = 0
        self.refresh()

    def replace(self, lines: Iterable[Text]) -> None:
        self.texts, self.plain_lines, self._strips, self._counts = [], [], [], []
        self._width = 0
        self.add(lines)
        self.refresh()

    # -- drawing

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        console = self.app.console
        options = console.options.update_width(width)
        return [Strip(line) for line in console.render_lines(text, options, pad=False)]

    def _all_strips(self) -> list[Strip]:
        width = self.size.width
        if width != self._width:
            self._width = width
            wrapped = [self._wrap(text, width) for text in self.texts]
            self._strips = [strip for lines in wrapped for strip in lines]
            self._counts = [len(lines) for lines in wrapped]
        return self._strips

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        width, height = self.size
        strips = self._all_strips() if width > 0 else []
        start = max(0, len(strips) - height - self.back)
        index = start + y
        if 0 <= index < len(strips):
            return strips[index].apply_style(base).crop_extend(0, width, base)
        return Strip.blank(width, base)

    def newest_row(self) -> int:
        """The row of this widget where the newest line begins (plain mode's cursor goes there,
        as braille displays follow the cursor)."""
        strips = self._all_strips() if self.size.width > 0 else []
        if not self._counts or not strips:
            return 0
        start = max(0, len(strips) - self.size.height - self.back)
        newest = len(strips) - self._counts[-1] - start
        return min(max(newest, 0), max(self.size.height - 1, 0))

    def in_sight(self, text: Text) -> bool:
        """Whether `text`, a line added to the log, is whole in the log's view now (False
        until the log is laid out, or once the line is dropped)."""
        strips = self._all_strips() if self.size.width > 0 else []
        index = next((i for i in range(len(self.texts) - 1, -1, -1) if self.texts[i] is text),
                     None)
        if index is None or not strips:
            return False
        first = sum(self._counts[:index])
        start = max(0, len(strips) - self.size.height - self.back)
        return start <= first and first + self._counts[index] <= start + self.size.height

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._width = 0

    # -- the wheel

    def _scroll(self, lines: int) -> None:
        most = max(0, len(self._all_strips()) - self.size.height)
        back = min(max(self.back + lines, 0), most)
        if back != self.back:
            self.back = back
            self.refresh()

    def action_scroll_back(self, lines: int) -> None:
        self._scroll(lines)

    def action_page(self, pages: int) -> None:
        self._scroll(pages * max(1, self.size.height - 1))

    @property
    def at_end(self) -> bool:
        return self.back == 0

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._scroll(WHEEL_STEP)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._scroll(-WHEEL_STEP)
