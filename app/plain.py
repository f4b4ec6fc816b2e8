"""Plain mode (`cardrogue --plain`, or "Plain mode" in Settings): the app for a screen reader or
a braille display. The games' drawn boards and panels are hidden and the event log fills the
screen, so what is left is words: every event is one line of the game's own narrator. F2 (the
binding `around`, which a keymap can move) writes "what is around me" into the log, as the
game's play screen words it (its `around()`). The terminal cursor, which Textual hides
(textual issues #2348 and #2425), is shown and follows the focused widget, or the log's newest
line when the game's board has the keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.control import Control
from rich.text import Text
from textual.geometry import Offset
from textual.widgets import Input, OptionList, RichLog

from app.widgets.event_log import EventLog

if TYPE_CHECKING:
    from textual.app import App

PLAIN_CLASS = "-plain"
DRAWING_CLASS = "-drawing"  # a game's widget that draws rather than says: hidden in plain mode
FRAME_CLASS = "-framed"  # a widget whose border or rule only decorates: plain mode takes it off
# Words that a drawing carries elsewhere (a frame's title): shown only in plain mode.
SPOKEN_CLASS = "-spoken"

# Hidden in plain mode: what is drawn rather than said. The status line, the log, the footer
# and every dialog stay.
PLAIN_CSS = f"""
App.{PLAIN_CLASS} BoardView, App.{PLAIN_CLASS} SidePanel, App.{PLAIN_CLASS} Legend,
App.{PLAIN_CLASS} DungeonTrack, App.{PLAIN_CLASS} RoomColumns, App.{PLAIN_CLASS} DicePanel,
App.{PLAIN_CLASS} CharacterCard, App.{PLAIN_CLASS} .{DRAWING_CLASS} {{
    display: none;
}}
App.{PLAIN_CLASS} Footer FooterKey.-command-palette {{
    display: none;  /* room for F2 "Around"; Ctrl+P still opens it, and the help names it */
}}
App.{PLAIN_CLASS} EventLog {{
    height: 1fr;
}}
App.{PLAIN_CLASS} .{FRAME_CLASS} {{
    border: none;
}}
.{SPOKEN_CLASS} {{
    display: none;
}}
App.{PLAIN_CLASS} .{SPOKEN_CLASS} {{
    display: block;
}}
"""

SHOW_CURSOR, HIDE_CURSOR = "\x1b[?25h", "\x1b[?25l"


def set_plain(app: App, on: bool) -> None:
    """Turn plain mode on (hide the drawings, show the terminal's cursor) or off."""
    app.set_class(on, PLAIN_CLASS)
    app.refresh_bindings()  # the footer shows F2 in plain mode only
    driver = app._driver  # no public way to show the cursor Textual hid at start
    if driver is not None and not app.is_headless:
        driver.write(SHOW_CURSOR if on else HIDE_CURSOR)
    if on:
        app.call_after_refresh(follow_focus, app)


def is_plain(app: App) -> bool:
    return app.has_class(PLAIN_CLASS)


def divider(app: App) -> str:
    """What parts a status line: a rule, or in plain mode a dot (no box-drawing to read)."""
    return " · " if is_plain(app) else " │ "


def newest_log(app: App) -> EventLog | RichLog | None:
    """The screen's log: our EventLog, or a RichLog (Table Dungeon's, which wraps its lines
    left of a scrollbar)."""
    logs = [log for log in app.screen.query("EventLog, RichLog")
            if isinstance(log, EventLog | RichLog) and log.display and log.region.area]
    return logs[0] if logs else None


def newest_row(log: EventLog | RichLog) -> int:
    """The row of `log` where its newest line is: where it begins in an EventLog; in a
    RichLog, which keeps no count of the rows each line took, its last row."""
    if isinstance(log, EventLog):
        return log.newest_row()
    shown = len(log.lines) - round(log.scroll_offset.y)
    return min(max(shown - 1, 0), max(log.content_region.height - 1, 0))


def follow_focus(app: App) -> None:
    """Put the terminal cursor on the focused widget, or on the log's newest line when nothing
    has the focus (a game's board takes the keys). A text field places it itself."""
    focused = app.focused
    if isinstance(focused, Input):
        return
    log: EventLog | RichLog | None = focused if isinstance(focused, EventLog) else None
    if focused is None or log is not None:
        log = log or newest_log(app)
        if log is None:
            return
        region = log.content_region
        put_cursor(app, Offset(region.x, region.y + newest_row(log)))
        return
    region = focused.content_region
    row = 0
    if isinstance(focused, OptionList) and focused.highlighted is not None:
        row = max(0, min(focused.highlighted - focused.scroll_offset.y, region.height - 1))
    put_cursor(app, Offset(region.x, region.y + row))


def put_cursor(app: App, where: Offset) -> None:
    """Move the cursor now: Textual moves it to `cursor_position` after each frame it draws,
    and a frame may already be out."""
    if where == app.cursor_position:
        return
    app.cursor_position = where
    driver = app._driver
    if driver is not None and not app.is_headless:
        driver.write(Control.move_to(where.x, where.y).segment.text)


def describe_around(app: App) -> bool:
    """Write what the screen on top says is around the player into its log, one line each.
    False if this screen has nothing to describe."""
    describe = getattr(app.screen, "around", None)
    log = newest_log(app)
    if describe is None or log is None:
        return False
    lines = [Text(line) for line in describe()]
    if isinstance(log, EventLog):
        log.add(lines)
    else:
        for line in lines:
            log.write(line)
    app.call_after_refresh(follow_focus, app)
    return True
