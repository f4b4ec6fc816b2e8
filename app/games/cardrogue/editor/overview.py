"""Finding your way around a map: a minimap of a level larger than the canvas shows, and a strip
of the map's levels.

The minimap gives each character a block of cells, wide enough that the whole level fits in a
few lines of the side panel, and twice as tall as wide, so a square level looks square. A block
shows the most telling thing in it: a start or an exit, a card, a path, or nothing. The part the
canvas shows is shaded and the cursor's block marked; a click moves the cursor there. The
blocks are worked out again only for the rows an edit changed.
"""

from __future__ import annotations

from math import ceil

from rich.segment import Segment
from rich.style import Style
from textual.content import Content
from textual.events import Click
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from app.games.cardrogue.editor.grids import BLANK
from app.games.cardrogue.editor.model import MapModel

MAX_COLUMNS, MAX_LINES = 32, 10
EMPTY, PATH, CARD, START = 0, 1, 2, 3  # what a block holds; a block shows its highest
CHARS = {EMPTY: "·", PATH: "░", CARD: "█", START: "@"}
CLASSES = {EMPTY: "minimap--empty", PATH: "minimap--path", CARD: "minimap--card",
           START: "minimap--start"}


def block_scale(width: int, height: int) -> int:
    """Cells a block is wide (it is twice that tall), so the level fits the minimap."""
    return max(1, ceil(width / MAX_COLUMNS), ceil(height / (2 * MAX_LINES)))


class Minimap(Widget):
    """One level of a MapModel in blocks, with the canvas's view and cursor on it."""

    COMPONENT_CLASSES = {"minimap--empty", "minimap--path", "minimap--card", "minimap--start",
                         "minimap--view", "minimap--cursor"}

    DEFAULT_CSS = """
    Minimap {
        width: 100%;
        height: auto;
        border: round $primary;
        border-title-color: $text;
    }
    Minimap > .minimap--empty { color: $foreground-muted; }
    Minimap > .minimap--path { color: $foreground-darken-1; }
    Minimap > .minimap--card { color: $success; }
    Minimap > .minimap--start { color: $warning; text-style: bold; }
    Minimap > .minimap--view { background: $primary 40%; }
    Minimap > .minimap--cursor { color: $background; background: $accent; }
    """

    class Jump(Message):
        """The author clicked the minimap: go to cell (row, col)."""

        def __init__(self, row: int, col: int) -> None:
            super().__init__()
            self.row = row
            self.col = col

    def __init__(self, model: MapModel | None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model = model
        self.level = -1
        self.scale = 1
        self.blocks: list[list[int]] = []
        self.view = (0, 0, 0, 0)  # the cells the canvas shows: top, left, bottom, right
        self.cursor = (0, 0)

    def on_mount(self) -> None:
        self.border_title = "Overview"

    # ------------------------------------------------------------------ keeping up

    def show(self, level: int, rows: set[int] | None, view: tuple[int, int, int, int],
             cursor: tuple[int, int]) -> None:
        """Bring the minimap up to date: `rows` of cells changed (None: any may have)."""
        width, height = self.level_size(level)
        scale = block_scale(width, height)
        redraw = False
        if level != self.level or rows is None or scale != self.scale \
                or len(self.blocks) != ceil(height / (2 * scale)):
            self.level, self.scale = level, scale
            self.blocks = [self._block_row(line) for line in range(ceil(height / (2 * scale)))]
            self.styles.height = len(self.blocks) + 2  # and the border
            redraw = True
        else:
            for line in {row // (2 * scale) for row in rows}:
                if 0 <= line < len(self.blocks):
                    fresh = self._block_row(line)
                    redraw |= fresh != self.blocks[line]
                    self.blocks[line] = fresh
        if redraw or view != self.view or self._block(cursor) != self._block(self.cursor):
            self.refresh()
        self.view, self.cursor = view, cursor

    def _block(self, cell: tuple[int, int]) -> tuple[int, int]:
        return cell[0] // (2 * self.scale), cell[1] // self.scale

    def _block_row(self, line: int) -> list[int]:
        """What each block of one line of the minimap holds."""
        level, scale = self.level, self.scale
        width, height = self.level_size(level)
        out = [EMPTY] * ceil(width / scale)
        for row in range(line * 2 * scale, min(height, (line + 1) * 2 * scale)):
            for col in range(width):
                found = self.cell_kind(level, row, col)
                if found > out[col // scale]:
                    out[col // scale] = found
        return out

    def level_size(self, level: int) -> tuple[int, int]:
        """The level's width and height in cells (the play screen's minimap, of a game rather
        than a MapModel, overrides this and cell_kind)."""
        assert self.model is not None
        return self.model.size(level)

    def cell_kind(self, level: int, row: int, col: int) -> int:
        """What one cell holds: EMPTY, PATH, CARD or START (a start or an exit)."""
        assert self.model is not None
        glyph = self.model.glyph(level, row, col)
        if glyph == BLANK and not self.model.bits(level, row, col):
            return EMPTY
        return START if glyph in "@>" else PATH if glyph in (".", BLANK) else CARD

    # ------------------------------------------------------------------ drawing

    def render_line(self, y: int) -> Strip:
        width = self.content_region.width
        if y >= len(self.blocks):
            return Strip.blank(width)
        styles = {name: self.get_component_rich_style(name) for name in self.COMPONENT_CLASSES}
        top, left, bottom, right = self.view
        scale = self.scale
        in_view = top // (2 * scale) <= y <= bottom // (2 * scale)
        cursor = self._block(self.cursor)
        segments = []
        for x, found in enumerate(self.blocks[y]):
            style = styles[CLASSES[found]]
            if (y, x) == cursor:
                style = style + styles["minimap--cursor"]
            elif in_view and left // scale <= x <= right // scale:
                style = style + styles["minimap--view"]
            segments.append(Segment(CHARS[found], style))
        return Strip(segments).crop_extend(0, width, Style())

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.blocks or offset.y >= len(self.blocks) \
                or offset.x >= len(self.blocks[0]):
            return
        event.stop()
        width, height = self.level_size(self.level)
        scale = self.scale
        row = min(height - 1, offset.y * 2 * scale + scale)
        col = min(width - 1, offset.x * scale + scale // 2)
        self.post_message(self.Jump(row, col))


class LevelsStrip(Static):
    """One line naming the map's levels, the one shown picked out; a click on a name goes
    there. Hidden on a map of one level."""

    DEFAULT_CSS = """
    LevelsStrip { height: 1; padding: 0 1; background: $panel; color: $text-muted; }
    """

    class Chosen(Message):
        def __init__(self, level: int) -> None:
            super().__init__()
            self.level = level

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int]] = []  # each level's columns on the line
        self._shown: tuple = ()

    def show_levels(self, names: list[str], current: int) -> None:
        self.display = len(names) > 1
        if (tuple(names), current) == self._shown:
            return
        self._shown = (tuple(names), current)
        parts, self._spans, column = [], [], len("Levels ")
        for index, name in enumerate(names):
            text = f" {index + 1} {name} "
            part = Content(text)  # a level id is the author's text: never markup
            parts.append(part.stylize("reverse bold") if index == current else part)
            self._spans.append((column, column + len(text)))
            column += len(text) + 1
        self.update(Content.assemble("Levels ", Content(" ").join(parts)))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for index, (start, end) in enumerate(self._spans):
            if start <= offset.x < end:
                event.stop()
                self.post_message(self.Chosen(index))
                return
