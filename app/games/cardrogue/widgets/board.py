"""The board: every card of the level as a small box, drawn with Textual's Line API.

One `ScrollView` draws the whole level. Each cell is a 7×3 box:

    ╭──┃──╮   a revealed card: its paths are corridors through the frame,
    ━━ g ━━   and its content is a glyph in the middle
    ╰─────╯

    ╭─────╮   a face-down card
    │░░░░░│
    ╰─────╯

Unseen cells are blank. Rendered lines are cached per board row; `show()` draws the view of the
player who acts now, compares a small signature of every cell with the last one drawn and
refreshes only the rows that changed. The
camera scrolls to keep the hero (or the teleport cursor) in view. Colours come from component
classes, so themes restyle the board; every segment carries an explicit background.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual.events import Click, MouseMove
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from app.games.cardrogue.words import GHOST_GLYPH, PLAYER_GLYPH, POTION_STYLES, look
from engine.cardrogue import E, N, S, W

if TYPE_CHECKING:
    from engine.cardrogue import Catalog, View

Cell = tuple[int, int]  # (row, column)

CELL_W, CELL_H = 7, 3

# The centre of an empty revealed tile: its paths joined in heavy lines.
HUBS = {
    0: "·", N: "╹", E: "╺", S: "╻", W: "╸", N | S: "┃", E | W: "━", N | E: "┗", E | S: "┏",
    S | W: "┓", N | W: "┛", N | E | S: "┣", E | S | W: "┳", N | S | W: "┫", N | E | W: "┻",
    N | E | S | W: "╋",
}

# A cell's signature is (paths, glyph, category, colour, marks), or None for a blank cell.
# Face-down and unseen cells use the categories below; marks is a bit set:
MARK_PLAYER, MARK_FIGHTING, MARK_CURSOR, MARK_LEGAL, MARK_GHOST = 1, 2, 4, 8, 16
SEAT_SHIFT = 5  # marks >> SEAT_SHIFT: the seat + 1 of the token on the cell (0 when alone)
# Each seat's token colour at a table, and the number drawn as its token.
SEAT_COLOURS = ("bright_red", "dodger_blue1", "green1", "magenta1")
DOWN, UNSEEN_MARKED = "face-down", "unseen"

# The colours of cards, as component classes: the play board's, and the editor's card view
# (which draws cells with `draw_card` too) declares the same ones.
CARD_CLASSES = frozenset({
    "board--frame", "board--face-down", "board--corridor", "board--player",
    "board--cursor", "board--fighting", "board--enemy", "board--boss", "board--item",
    "board--potion", "board--path", "board--exit", "board--trap", "board--fountain",
    "board--shop", "board--chest", "board--legal", "board--ghost",
})


def card_css(widget: str) -> str:
    """The CSS of CARD_CLASSES for a widget type declaring them."""
    return _CARD_CSS.replace("BoardView", widget)


_CARD_CSS = """
    BoardView > .board--frame { color: $foreground-muted; background: $surface; }
    BoardView > .board--face-down { color: $primary-muted; background: $background; }
    BoardView > .board--corridor { color: $foreground-darken-1; background: $surface; }
    BoardView > .board--player { color: $warning; background: $surface; text-style: bold; }
    BoardView > .board--cursor { color: $accent; background: $accent-muted; text-style: bold; }
    BoardView > .board--fighting { color: $error; background: $surface; text-style: bold; }
    BoardView > .board--enemy { color: $error; background: $surface; text-style: bold; }
    BoardView > .board--boss { color: $secondary; background: $surface; text-style: bold; }
    BoardView > .board--item { color: $success; background: $surface; text-style: bold; }
    BoardView > .board--potion { color: $success; background: $surface; text-style: bold; }
    BoardView > .board--path { color: $foreground-darken-1; background: $surface; }
    BoardView > .board--exit { color: $accent; background: $surface; text-style: bold; }
    BoardView > .board--trap { color: $warning; background: $surface; }
    BoardView > .board--fountain { color: $primary; background: $surface; text-style: bold; }
    BoardView > .board--shop { color: $warning; background: $surface; text-style: bold; }
    BoardView > .board--chest { color: $warning; background: $surface; text-style: bold; }
    BoardView > .board--legal { color: $success; background: $surface; }
    BoardView > .board--ghost { color: $foreground-muted; background: $surface; text-style: italic; }
"""


def card_palette(widget: Widget) -> dict[str, Style]:
    """The styles of CARD_CLASSES as `widget` has them (by name without "board--"), each with a
    background, and "blank" for the space between cards."""
    base = widget.rich_style
    background = base.bgcolor
    styles = {}
    for name in CARD_CLASSES:
        style = widget.get_component_rich_style(name)
        if style.bgcolor is None:
            style += Style(bgcolor=background)
        styles[name.removeprefix("board--")] = style
    styles["blank"] = Style(color=base.color, bgcolor=background)
    return styles


class BoardView(ScrollView, can_focus=False):
    """The level's cards on a grid, following the hero."""

    COMPONENT_CLASSES = set(CARD_CLASSES)

    DEFAULT_CSS = """
    BoardView {
        background: $background;
        /* No scrollbars: the camera follows the hero (or the cursor), and on a board larger
           than the view two bars and their corner block read as stray marks on the map. */
        scrollbar-size: 0 0;
    }
    """ + card_css("BoardView")

    class CellClicked(Message):
        """The player clicked the card at (row, col)."""

        def __init__(self, row: int, col: int) -> None:
            super().__init__()
            self.row = row
            self.col = col

    class CellHovered(Message):
        """The mouse moved onto the card at (row, col)."""

        def __init__(self, row: int, col: int) -> None:
            super().__init__()
            self.row = row
            self.col = col

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.columns = 0
        self.rows = 0
        self._signatures: list = []
        self._lines: dict[int, Strip] = {}  # virtual line -> the whole line, every column
        self._cells: dict = {}  # signature -> its three lines of segments
        self._styles: dict[str, Style] | None = None
        self._looks: dict[str, tuple[str, str]] = {}
        self._focus_cell: tuple[int, int] | None = None
        self._level_key: object = None
        self._marks: dict[int, int] = {}  # the marks drawn last, by cell index
        self._hovered: tuple[int, int] | None = None
        self._extent: tuple[int, int, int, int] | None = None  # rows and columns cards lie on
        self._extent_cells = 0  # how many cells the extent takes in
        self._acting: int | None = None  # the seat the camera last followed
        self._recentre = False  # a new player took over: put them in the middle
        # Across and down: whether the cards on the table outgrow the view, so the camera
        # shows whole cards only (a table that fits is centred whole instead).
        self._whole_cells = (False, False)

    # ------------------------------------------------------------------ updating

    def show(self, view: View, catalog: Catalog, cursor: Cell | None = None,
             legal: Iterable[Cell] = (), ghost: Cell | None = None) -> None:
        """Draw the board of `view` (the player who acts now sees it), each card drawn as
        `catalog` has it; `cursor` marks a cell being chosen (a teleport's landing), `legal` the
        cells a direction key can act on now (their frames are marked), and `ghost` the cell of
        a ghost being raced (drawn faintly beside the card there).

        Only cells whose signature changed since the last call are drawn again, and only their
        board rows are redrawn."""
        level_key = (view.mode, view.level, view.rows, view.columns)
        if level_key != self._level_key:
            self._level_key = level_key
            self.columns, self.rows = view.columns, view.rows
            self._signatures = [None] * (view.columns * view.rows)
            self._lines.clear()
            self._looks.clear()
            self._extent, self._extent_cells = None, 0
            self.virtual_size = Size(self.columns * CELL_W, self.rows * CELL_H)
            self.refresh()
        marks = self._marks = self._marks_of(view, cursor, legal, ghost)
        width = self.columns
        signatures: list[tuple | None] = [None] * (width * self.rows)
        for index, marked in marks.items():  # a marked cell without a card: drawn blank
            signatures[index] = (0, None, UNSEEN_MARKED, None, marked)
        looks, cards = self._looks, catalog.cards
        for cell in view.cells:  # the signature (see above) of each cell, inline: a big level
            row, col = cell.cell  # has thousands
            index = row * width + col
            marked = marks.get(index, 0)
            face = cell.face
            if face == "revealed":
                card = cell.card
                if card is None:
                    signatures[index] = (cell.paths, None, "path", None, marked)
                    continue
                drawn = looks.get(card)
                if drawn is None:
                    found = look(cards[card])
                    drawn = looks[card] = (found.glyph, found.category)
                signatures[index] = (cell.paths, drawn[0], drawn[1], cell.colour, marked)
            elif face == "face_down":
                signatures[index] = (0, None, DOWN, None, marked)
            elif marked:
                signatures[index] = (0, None, UNSEEN_MARKED, None, marked)
        self._grow_extent(view)
        rows = {index // width for index, (new, old) in enumerate(
            zip(signatures, self._signatures, strict=True)) if new != old}
        self._signatures = signatures
        for row in rows:
            for line in range(CELL_H):
                self._lines.pop(row * CELL_H + line, None)
            self._refresh_row(row)
        # The camera follows whoever must act now (the only hero in story mode), and puts
        # them in the middle when the turn passes to another player.
        acting = view.players[view.acting]
        if view.acting != self._acting:
            self._acting = view.acting
            self._recentre = len(view.players) > 1
        if cursor is not None:
            self._focus_cell = cursor
        elif acting.cell is not None and not acting.out:
            self._focus_cell = acting.cell
        self.follow()

    def _marks_of(self, view: View, cursor: Cell | None, legal: Iterable[Cell],
                  ghost: Cell | None) -> dict[int, int]:
        """The marks of each marked cell (MARK_* bits), by index."""
        width = self.columns
        marks: dict[int, int] = {}

        def mark(cell: Cell, bits: int) -> None:
            row, col = cell
            if 0 <= row < self.rows and 0 <= col < width:
                marks[row * width + col] = marks.get(row * width + col, 0) | bits

        several = len(view.players) > 1
        for hero in view.players:
            if hero.cell is not None and not hero.out:
                # At a table, each token also carries its seat, so it is drawn in its own colour.
                mark(hero.cell, MARK_PLAYER | ((hero.seat + 1) << SEAT_SHIFT if several else 0))
        for cell in view.cells:
            if cell.engaged:
                mark(cell.cell, MARK_FIGHTING)
        for step in legal:
            mark(step, MARK_LEGAL)
        if ghost is not None:
            mark(ghost, MARK_GHOST)
        if cursor is not None:
            mark(cursor, MARK_CURSOR)
        return marks

    def _grow_extent(self, view: View) -> None:
        """Widen the box around every cell that can hold a card (a table grows as it is
        laid) to take in the view's cells; only when there are more of them than last time."""
        if len(view.cells) == self._extent_cells:
            return
        self._extent_cells = len(view.cells)
        extent = self._extent
        for cell in view.cells:
            row, col = cell.cell
            if extent is None:
                extent = (row, col, row, col)
            elif not (extent[0] <= row <= extent[2] and extent[1] <= col <= extent[3]):
                extent = (min(extent[0], row), min(extent[1], col),
                          max(extent[2], row), max(extent[3], col))
        self._extent = extent

    def follow(self) -> None:
        """Keep the focus cell (and a cell around it) in view: the whole table when it fits the
        view, else the least scrolling, or the focus in the middle after a hand-over."""
        if self._focus_cell is None or not self.size.area:
            return
        view = self.scrollable_content_region.size
        extent = self._extent
        if extent is not None:
            top, left, bottom, right = extent
            table = Region(left * CELL_W, top * CELL_H, (right - left + 1) * CELL_W,
                           (bottom - top + 1) * CELL_H)
            self._whole_cells = (table.width > view.width, table.height > view.height)
            if table.width <= view.width and table.height <= view.height:
                self.scroll_to_region(table, center=True, animate=False, immediate=True,
                                      force=True)
                return
        row, col = self._focus_cell
        centre, self._recentre = self._recentre, False
        self.scroll_to_region(
            Region(col * CELL_W, row * CELL_H, CELL_W, CELL_H),
            # No margin when centring: Textual would then refuse to centre a cell on the edge.
            spacing=None if centre else Spacing(CELL_H, CELL_W, CELL_H, CELL_W), center=centre,
            animate=False, immediate=True, force=True,
        )

    def _refresh_row(self, row: int) -> None:
        _, (pad_y, top, _) = self._window()
        y = row * CELL_H + pad_y - top
        self.refresh(Region(0, y, max(self.size.width, 1), CELL_H))

    def notify_style_update(self) -> None:
        # A theme or CSS change: forget every colour and every drawn line.
        super().notify_style_update()
        self._styles = None
        self._cells = {}
        self._lines = {}

    def on_resize(self) -> None:
        self.follow()

    # ------------------------------------------------------------------ drawing

    def _window(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """How the board sits in the view, across and down: see `window`."""
        width, height = self.scrollable_content_region.size
        scroll_x, scroll_y = self.scroll_offset
        across, down = self._whole_cells
        return (window(width, self.columns * CELL_W, round(scroll_x), CELL_W, across),
                window(height, self.rows * CELL_H, round(scroll_y), CELL_H, down))

    def _palette(self) -> dict[str, Style]:
        if self._styles is None:
            self._styles = card_palette(self)
        return self._styles

    def render_line(self, y: int) -> Strip:
        palette = self._palette()
        blank = palette["blank"]
        width = self.scrollable_content_region.width
        (pad_x, left, shown_x), (pad_y, top, shown_y) = self._window()
        if not 0 <= y - pad_y < shown_y:
            return Strip.blank(width, blank)
        line = y - pad_y + top
        strip = self._lines.get(line)
        if strip is None:
            strip = self._lines[line] = self._build_line(line, palette)
        strip = strip.crop_extend(left, left + shown_x, blank)
        if pad_x:
            strip = Strip([Segment(" " * pad_x, blank), *strip])
        return strip.crop_extend(0, width, blank)

    def _build_line(self, line: int, palette: dict[str, Style]) -> Strip:
        row, part = divmod(line, CELL_H)
        start = row * self.columns
        segments: list[Segment] = []
        cells = self._cells
        for sig in self._signatures[start:start + self.columns]:
            drawn = cells.get(sig)
            if drawn is None:
                drawn = cells[sig] = draw_card(sig, palette)
            segments.extend(drawn[part])
        return Strip(segments, self.columns * CELL_W)

    # ------------------------------------------------------------------ the mouse

    def cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The board cell under a point of the content region, or None."""
        (pad_x, left, shown_x), (pad_y, top, shown_y) = self._window()
        if not (0 <= x - pad_x < shown_x and 0 <= y - pad_y < shown_y):
            return None
        row, col = (y - pad_y + top) // CELL_H, (x - pad_x + left) // CELL_W
        if row >= self.rows or col >= self.columns:
            return None
        return row, col

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.cell_at(offset.x, offset.y)
        if cell is not None:
            event.stop()
            self.post_message(self.CellClicked(*cell))

    def on_mouse_move(self, event: MouseMove) -> None:
        # One message per card entered, not per mouse step.
        offset = event.get_content_offset(self)
        cell = self.cell_at(offset.x, offset.y) if offset is not None else None
        if cell is not None and cell != self._hovered:
            self._hovered = cell
            self.post_message(self.CellHovered(*cell))

    def glyph_style(self, category: str, colour: str | None) -> Style:
        """How the board draws a glyph of `category` (or a frame: "cursor", "fighting"...)."""
        palette = self._palette()
        if category in ("player", "face-down", "corridor", "cursor", "fighting", "legal",
                        "ghost"):
            return palette.get(category, palette["frame"])
        return _content_style(category, colour, palette)

    def region_of(self, row: int, col: int) -> Region:
        """Where cell (row, col) is drawn, relative to the widget (for tests and clicks)."""
        (pad_x, left, _), (pad_y, top, _) = self._window()
        return Region(col * CELL_W + pad_x - left, row * CELL_H + pad_y - top, CELL_W, CELL_H)

    def shows_whole(self, row: int, col: int) -> bool:
        """Whether cell (row, col) is drawn whole in the view (no card is ever drawn cut)."""
        (pad_x, _, shown_x), (pad_y, _, shown_y) = self._window()
        return Region(pad_x, pad_y, shown_x, shown_y).contains_region(self.region_of(row, col))


def window(view: int, board: int, scroll: int, cell: int,
           whole_cells: bool) -> tuple[int, int, int]:
    """How the board sits in the view along one axis: (blank columns or lines before it, the
    first one of the board drawn, how many are drawn). A board no bigger than the view is
    centred and drawn whole; a bigger one from the scroll offset. With `whole_cells` (the
    cards laid outgrow the view) it is drawn from the first card edge at or after the scroll
    offset, and only as many whole cards as fit, in the middle of the view (the columns or
    lines left over stay blank on both sides): a card at the view's edge is never cut."""
    if board <= view:
        return (view - board) // 2, 0, board
    if not whole_cells:
        return 0, scroll, view
    whole = max(view // cell, 1) * cell
    first = min(-(-scroll // cell) * cell, board - whole)
    return max(view - whole, 0) // 2, max(first, 0), min(whole, view)


def draw_card(sig, palette: dict[str, Style]) -> tuple[list[Segment], ...]:
    """The three lines of one cell, from its signature (see above) and a `card_palette`."""
    blank = palette["blank"]
    if sig is None:
        return ([Segment(" " * CELL_W, blank)],) * CELL_H
    paths, glyph, category, colour, marks = sig
    frame = palette["frame"]
    if marks & MARK_CURSOR:
        frame = palette["cursor"]
    elif marks & MARK_FIGHTING:
        frame = palette["fighting"]
    elif marks & MARK_LEGAL:
        frame = palette["legal"]
    # A ghost being raced: its own glyph, faint, left of the card's middle (the card stays seen).
    ghost = Segment(GHOST_GLYPH, palette["ghost"]) if marks & MARK_GHOST else None
    if category in (DOWN, UNSEEN_MARKED):
        fill, pattern = (palette["face-down"], "░░░░░") if category == DOWN else (blank, "     ")
        middle = ([Segment(pattern[:1], fill), ghost, Segment(pattern[2:], fill)] if ghost
                  else [Segment(pattern, fill)])
        return (
            [Segment("╭─────╮", frame)],
            [Segment("│", frame), *middle, Segment("│", frame)],
            [Segment("╰─────╯", frame)],
        )
    corridor = palette["corridor"]
    north = "┃" if paths & N else "─"
    south = "┃" if paths & S else "─"
    top = [Segment("╭──", frame), Segment(north, corridor if paths & N else frame),
           Segment("──╮", frame)]
    bottom = [Segment("╰──", frame), Segment(south, corridor if paths & S else frame),
              Segment("──╯", frame)]
    west = [Segment("━━", corridor)] if paths & W else [Segment("│", frame),
                                                        Segment(" ", corridor)]
    east = [Segment("━━", corridor)] if paths & E else [Segment(" ", corridor),
                                                        Segment("│", frame)]
    if marks & MARK_PLAYER:
        # The card under the hero: drawn light, not dim (dim text falls below 4.5:1).
        under = Segment(glyph, _content_style(category, colour, palette) + Style(
            bold=False)) if glyph and glyph != " " else Segment(" ", corridor)
        seat = marks >> SEAT_SHIFT
        token = (Segment(str(seat), palette["player"] + Style(color=SEAT_COLOURS[seat - 1]))
                 if seat else Segment(PLAYER_GLYPH, palette["player"]))
        middle = [Segment(" ", corridor), token, under]
    elif glyph is None or glyph == " ":
        hub = HUBS.get(paths, "·")
        left = "━" if paths & W else " "
        right = "━" if paths & E else " "
        middle = [Segment(left, corridor), Segment(hub, palette["path"]),
                  Segment(right, corridor)]
    else:
        middle = [Segment(" ", corridor),
                  Segment(glyph, _content_style(category, colour, palette)),
                  Segment(" ", corridor)]
    if ghost and not marks & MARK_PLAYER:
        middle[0] = ghost
    return (top, [*west, *middle, *east], bottom)

def _content_style(category: str, colour: str | None, palette: dict[str, Style]) -> Style:
    style = palette.get(category, palette["item"])
    if category == "potion" and colour in POTION_STYLES:
        style += Style(color=POTION_STYLES[colour])
    return style
