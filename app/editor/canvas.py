"""The editor's canvas: one level's grid drawn with the Line API, and a cursor.

Each cell takes 3 columns and 2 lines:

    ─g─      line 1: the west arm, the cell's glyph (or its paths as a box character for a
     │       plain path), the east arm; line 2: the corridor going south, if any.

An arm is drawn when the cell's own edge is open; the south line also shows a neighbour's open
north edge, in the warning colour when only one side is open. Lines are built for the visible
columns only, so a 128x128 level costs no more to draw than a small one.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import MouseDown, MouseMove, MouseUp
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from app.editor.model import BLANK, BUILT_IN, MapModel
from engine.cardrogue.board import PATH_GLYPHS, E, N, S, W
from engine.core.safe_text import shown_glyph

CELL_W, CELL_H = 3, 2


class EditorCanvas(ScrollView, can_focus=True):
    """A level of a `MapModel`, with a cursor moved by keys or the mouse."""

    BINDINGS = [
        Binding("up,k", "move(-1, 0)", "Up", show=False, id="editor_cursor_up"),
        Binding("down,j", "move(1, 0)", "Down", show=False, id="editor_cursor_down"),
        Binding("left,h", "move(0, -1)", "Left", show=False, id="editor_cursor_left"),
        Binding("right,l", "move(0, 1)", "Right", show=False, id="editor_cursor_right"),
    ]

    COMPONENT_CLASSES = {
        "canvas--corridor", "canvas--start", "canvas--exit", "canvas--card", "canvas--empty",
        "canvas--half", "canvas--cursor", "canvas--selected",
    }

    DEFAULT_CSS = """
    EditorCanvas {
        background: $background;
        scrollbar-size: 1 1;
    }
    EditorCanvas > .canvas--corridor { color: $foreground-darken-1; }
    EditorCanvas > .canvas--start { color: $warning; text-style: bold; }
    EditorCanvas > .canvas--exit { color: $accent; text-style: bold; }
    EditorCanvas > .canvas--card { color: $success; text-style: bold; }
    EditorCanvas > .canvas--empty { color: $foreground-muted; }
    EditorCanvas > .canvas--half { color: $error; }
    EditorCanvas > .canvas--cursor { color: $background; background: $accent; text-style: bold; }
    EditorCanvas > .canvas--selected { background: $primary 40%; }
    """

    class Moved(Message):
        """A key moved the cursor by (drow, dcol) from `start` (it stays put at the rim)."""

        def __init__(self, start: tuple[int, int], drow: int, dcol: int) -> None:
            super().__init__()
            self.start = start
            self.drow = drow
            self.dcol = dcol

    class Dragged(Message):
        """The mouse went down on a cell ("down"), moved on to another while held ("move"),
        or was released ("up"); `cell` is None when released off the grid."""

        def __init__(self, phase: str, cell: tuple[int, int] | None) -> None:
            super().__init__()
            self.phase = phase
            self.cell = cell

    def __init__(self, model: MapModel, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model = model
        self.level = 0
        self.cursor = (0, 0)
        # A rectangle of cells (top, left, bottom, right), highlighted; None when nothing is.
        self.selection: tuple[int, int, int, int] | None = None
        self._dragging = False
        self._last_drag: tuple[int, int] | None = None
        self._styles: dict[str, Style] | None = None
        # Called with each Moved before the next key is handled; when None, Moved is posted.
        self.on_moved: Callable[[EditorCanvas.Moved], None] | None = None
        self.set_level(0)

    # ------------------------------------------------------------------ state

    def set_level(self, level: int) -> None:
        self.level = level
        width, height = self.model.size(level)
        self.virtual_size = Size(width * CELL_W, height * CELL_H)
        row, col = self.cursor
        self.cursor = (min(row, height - 1), min(col, width - 1))
        self.refresh()

    def move_to(self, row: int, col: int) -> None:
        width, height = self.model.size(self.level)
        before = self.cursor
        self.cursor = (max(0, min(row, height - 1)), max(0, min(col, width - 1)))
        self.follow()
        self.refresh_rows({before[0], self.cursor[0]})

    def changed(self, rows: set[int] | None = None) -> None:
        """The model changed: draw again the given rows of cells, or everything (the grid may
        have a new size after an undo)."""
        width, height = self.model.size(self.level)
        size = Size(width * CELL_W, height * CELL_H)
        if rows is None or size != self.virtual_size:
            self.virtual_size = size
            self.refresh()
            return
        # A row's lower line shows the north edges of the row below it: redraw that one too.
        self.refresh_rows(rows | {row - 1 for row in rows})

    def refresh_rows(self, rows: set[int]) -> None:
        """Redraw only the lines of these rows of cells, so a paint costs two lines, not a
        screen."""
        top = round(self.scroll_offset.y)
        width = self.scrollable_content_region.width
        for row in rows:
            if row >= 0:
                self.refresh(Region(0, row * CELL_H - top, width, CELL_H))

    def follow(self) -> None:
        if not self.size.area:
            return
        row, col = self.cursor
        self.scroll_to_region(Region(col * CELL_W, row * CELL_H, CELL_W, CELL_H),
                              spacing=Spacing(CELL_H, CELL_W, CELL_H, CELL_W),
                              animate=False, immediate=True, force=True)

    def action_move(self, drow: int, dcol: int) -> None:
        start = self.cursor
        self.move_to(start[0] + drow, start[1] + dcol)
        moved = self.Moved(start, drow, dcol)
        if self.on_moved is not None:  # handled at once, so the next key sees its result
            self.on_moved(moved)
        else:
            self.post_message(moved)

    def on_resize(self) -> None:
        self.follow()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None

    # ------------------------------------------------------------------ the mouse

    def cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        vx = x + round(self.scroll_offset.x)
        vy = y + round(self.scroll_offset.y)
        width, height = self.model.size(self.level)
        row, col = vy // CELL_H, vx // CELL_W
        if vx < 0 or vy < 0 or row >= height or col >= width:
            return None
        return row, col

    def region_of(self, row: int, col: int) -> Region:
        """Where cell (row, col) is drawn, relative to the widget."""
        return Region(col * CELL_W - round(self.scroll_offset.x),
                      row * CELL_H - round(self.scroll_offset.y), CELL_W, CELL_H)

    def _cell_of(self, event: MouseDown | MouseMove | MouseUp) -> tuple[int, int] | None:
        offset = event.get_content_offset(self)
        return self.cell_at(offset.x, offset.y) if offset is not None else None

    def on_mouse_down(self, event: MouseDown) -> None:
        cell = self._cell_of(event)
        if cell is None:
            return
        event.stop()
        self.focus()
        self.capture_mouse()
        self._dragging, self._last_drag = True, cell
        self.move_to(*cell)
        self.post_message(self.Dragged("down", cell))

    def on_mouse_move(self, event: MouseMove) -> None:
        if not self._dragging:
            return
        cell = self._cell_of(event)
        if cell is None or cell == self._last_drag:
            return
        self._last_drag = cell
        self.move_to(*cell)
        self.post_message(self.Dragged("move", cell))

    def on_mouse_up(self, event: MouseUp) -> None:
        if not self._dragging:
            return
        self._dragging = False
        self.release_mouse()
        self.post_message(self.Dragged("up", self._cell_of(event)))

    # ------------------------------------------------------------------ drawing

    def _palette(self) -> dict[str, Style]:
        if self._styles is None:
            base = self.rich_style
            styles = {"blank": Style(color=base.color, bgcolor=base.bgcolor)}
            for name in self.COMPONENT_CLASSES:
                style = self.get_component_rich_style(name)
                if style.bgcolor is None:
                    style += Style(bgcolor=base.bgcolor)
                styles[name.removeprefix("canvas--")] = style
            self._styles = styles
        return self._styles

    def render_line(self, y: int) -> Strip:
        palette = self._palette()
        width = self.scrollable_content_region.width
        scroll_x, scroll_y = round(self.scroll_offset.x), round(self.scroll_offset.y)
        columns, rows = self.model.size(self.level)
        line = y + scroll_y
        if not 0 <= line < rows * CELL_H:
            return Strip.blank(width, palette["blank"])
        row, part = divmod(line, CELL_H)
        first = scroll_x // CELL_W
        last = min(columns, (scroll_x + width) // CELL_W + 1)
        segments: list[Segment] = []
        shade = Style(bgcolor=palette["selected"].bgcolor)
        for col in range(first, last):
            cell = self._cell(row, col, part, palette)
            if self.selection is not None and self.selected(row, col):
                cell = [Segment(s.text, (s.style or Style()) + shade) for s in cell]
            segments.extend(cell)
        strip = Strip(segments, (last - first) * CELL_W)
        skip = scroll_x - first * CELL_W
        return strip.crop_extend(skip, skip + width, palette["blank"])

    def _cell(self, row: int, col: int, part: int, palette: dict[str, Style]) -> list[Segment]:
        model, level = self.model, self.level
        bits = model.bits(level, row, col)
        corridor = palette["corridor"]
        if part == 1:
            below = model.on_grid(level, row + 1, col) and model.bits(level, row + 1, col) & N
            mine = bool(bits & S)
            if mine or below:
                style = corridor if mine and below else palette["half"]
                return [Segment(" ", palette["blank"]), Segment("│", style),
                        Segment(" ", palette["blank"])]
            return [Segment("   ", palette["blank"])]
        glyph = model.glyph(level, row, col)
        if glyph == BLANK:
            centre = Segment(PATH_GLYPHS[bits] if bits else "·",
                             palette["half"] if bits else palette["empty"])
        elif glyph == "." and bits:
            centre = Segment(PATH_GLYPHS[bits], corridor)
        else:
            category = {"@": "start", ">": "exit", ".": "corridor"}.get(glyph, "card")
            if glyph in model.legend(level) and glyph in BUILT_IN:
                category = "card"
            centre = Segment(shown_glyph(glyph), palette[category])
        if (row, col) == self.cursor:
            centre = Segment(centre.text, palette["cursor"])
        west = Segment("─" if bits & W else " ", corridor)
        east = Segment("─" if bits & E else " ", corridor)
        return [west, centre, east]

    def selected(self, row: int, col: int) -> bool:
        if self.selection is None:
            return False
        top, left, bottom, right = self.selection
        return top <= row <= bottom and left <= col <= right
