"""The editor's canvas: one level's grid drawn with the Line API, and a cursor.

Two views of the same level, switched with `cards`. The compact view (the default) gives each
cell 3 columns and 2 lines:

    ─g─      line 1: the west arm, the cell's glyph (or its paths as a box character for a
     │       plain path), the east arm; line 2: the corridor going south, if any.

An arm is drawn when the cell's own edge is open; the south line also shows a neighbour's open
north edge, in the warning colour when only one side is open. The card view draws the level as
players will see it, every card face up: each cell is the play board's 7x3 card, drawn by the
board's own `draw_card`. In both, lines are built for the visible columns only, so a 128x128
level costs no more to draw than a small one.
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

from app.games.cardrogue.editor.grids import BLANK, BUILT_IN
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.widgets import board
from app.games.cardrogue.words import look
from engine.cardrogue import PATH_GLYPHS, E, N, S, W, standard_catalog
from engine.core import shown_glyph

CELL_W, CELL_H = 3, 2  # the compact view's cell; the card view's is the board's


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
        "canvas--half", "canvas--cursor", "canvas--selected", *board.CARD_CLASSES,
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
    """ + board.card_css("EditorCanvas")

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
        self.cards = False  # the card view (True) or the compact one
        self._card_styles: dict[str, Style] | None = None
        self._drawn: dict = {}  # a card's signature -> its three lines of segments
        self._looks: dict[str, tuple[str | None, str, str | None]] | None = None
        # Called with each Moved before the next key is handled; when None, Moved is posted.
        self.on_moved: Callable[[EditorCanvas.Moved], None] | None = None
        self.set_level(0)

    # ------------------------------------------------------------------ state

    @property
    def cell_size(self) -> tuple[int, int]:
        """(columns, lines) one cell takes in the current view."""
        return (board.CELL_W, board.CELL_H) if self.cards else (CELL_W, CELL_H)

    def _grid_size(self) -> Size:
        width, height = self.model.size(self.level)
        cell_w, cell_h = self.cell_size
        return Size(width * cell_w, height * cell_h)

    def show_cards(self, cards: bool) -> None:
        """Switch between the card view and the compact one, keeping the cursor in view."""
        self.cards = cards
        self.virtual_size = self._grid_size()
        self.follow()
        self.refresh()

    def set_level(self, level: int) -> None:
        self.level = level
        self._looks = None
        width, height = self.model.size(level)
        self.virtual_size = self._grid_size()
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
        size = self._grid_size()
        if rows is None or size != self.virtual_size:
            self._looks = None  # the legend may have changed too
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
        cell_h = self.cell_size[1]
        for row in rows:
            if row >= 0:
                self.refresh(Region(0, row * cell_h - top, width, cell_h))

    def follow(self) -> None:
        if not self.size.area:
            return
        row, col = self.cursor
        cell_w, cell_h = self.cell_size
        self.scroll_to_region(Region(col * cell_w, row * cell_h, cell_w, cell_h),
                              spacing=Spacing(cell_h, cell_w, cell_h, cell_w),
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
        self._styles = self._card_styles = None
        self._drawn = {}

    # ------------------------------------------------------------------ the mouse

    def cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        vx = x + round(self.scroll_offset.x)
        vy = y + round(self.scroll_offset.y)
        width, height = self.model.size(self.level)
        cell_w, cell_h = self.cell_size
        row, col = vy // cell_h, vx // cell_w
        if vx < 0 or vy < 0 or row >= height or col >= width:
            return None
        return row, col

    def region_of(self, row: int, col: int) -> Region:
        """Where cell (row, col) is drawn, relative to the widget."""
        cell_w, cell_h = self.cell_size
        return Region(col * cell_w - round(self.scroll_offset.x),
                      row * cell_h - round(self.scroll_offset.y), cell_w, cell_h)

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
        if self.cards:
            return self._card_line(y)
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

    # ------------------------------------------------------------------ the card view

    def _card_line(self, y: int) -> Strip:
        if self._card_styles is None:
            self._card_styles = board.card_palette(self)
        palette = self._card_styles
        width = self.scrollable_content_region.width
        scroll_x, scroll_y = round(self.scroll_offset.x), round(self.scroll_offset.y)
        columns, rows = self.model.size(self.level)
        line = y + scroll_y
        if not 0 <= line < rows * board.CELL_H:
            return Strip.blank(width, palette["blank"])
        row, part = divmod(line, board.CELL_H)
        first = scroll_x // board.CELL_W
        last = min(columns, (scroll_x + width) // board.CELL_W + 1)
        shade = Style(bgcolor=self._palette()["selected"].bgcolor)
        drawn = self._drawn
        segments: list[Segment] = []
        for col in range(first, last):
            sig = self.card_signature(row, col)
            lines = drawn.get(sig)
            if lines is None:
                lines = drawn[sig] = self._draw_card(sig, palette)
            cell = lines[part]
            if self.selection is not None and self.selected(row, col):
                cell = [Segment(s.text, (s.style or Style()) + shade) for s in cell]
            segments.extend(cell)
        strip = Strip(segments, (last - first) * board.CELL_W)
        skip = scroll_x - first * board.CELL_W
        return strip.crop_extend(skip, skip + width, palette["blank"])

    @staticmethod
    def _draw_card(sig, palette: dict[str, Style]) -> tuple[list[Segment], ...]:
        """The board's drawing of a card; a cell without one gets a faint dot in its middle,
        so the author sees where the level ends (players see nothing there)."""
        if sig is not None:
            return board.draw_card(sig, palette)
        blank, half = palette["blank"], board.CELL_W // 2
        dot = [Segment(" " * half, blank), Segment("·", palette["face-down"]),
               Segment(" " * half, blank)]
        return ([Segment(" " * board.CELL_W, blank)], dot, [Segment(" " * board.CELL_W, blank)])

    def card_signature(self, row: int, col: int):
        """The play board's signature of a cell, face up (see app/games/cardrogue/widgets/board.py): None for
        a cell without a card, which does not exist in play."""
        marks = board.MARK_CURSOR if (row, col) == self.cursor else 0
        glyph = self.model.glyph(self.level, row, col)
        if glyph == BLANK:
            return (0, None, board.UNSEEN_MARKED, None, marks) if marks else None
        if self._looks is None:
            self._looks = self._legend_looks()
        shown, category, colour = self._looks.get(glyph, (glyph, "fighting", None))
        return (self.model.bits(self.level, row, col), shown, category, colour, marks)

    def _legend_looks(self) -> dict[str, tuple[str | None, str, str | None]]:
        """Glyph -> (what the board shows, its colour family, a potion's colour) for every
        glyph of this level: a plain path shows its paths (None); a glyph the level does not
        define is drawn as itself, in the colour of trouble."""
        cards = standard_catalog().cards
        places: dict[str, tuple[object, str | None]] = {
            glyph: (card, None) for glyph, card in BUILT_IN.items()}
        for glyph, entry in self.model.legend(self.level).items():
            card = entry.get("card") if isinstance(entry, dict) else entry
            colour = entry.get("colour") if isinstance(entry, dict) else None
            places[glyph] = (card, colour if isinstance(colour, str) else None)
        looks: dict[str, tuple[str | None, str, str | None]] = {}
        for glyph, (card, colour) in places.items():
            found = cards.get(card) if isinstance(card, str) else None
            if found is None:
                looks[glyph] = (glyph, "fighting", None)
            elif found.type == "path":
                looks[glyph] = (None, "path", None)
            else:
                shown = look(found)
                looks[glyph] = (shown.glyph, shown.category, colour)
        return looks
