"""The inspector: the cell under the editor's cursor, its card, its options and its paths.

A cell's card and options come from its glyph's legend entry, so an edit here changes the entry,
and every cell showing that glyph with it (the panel says how many); "This cell only" gives the
cell an entry of its own instead. The option fields are the legend form's own
(`LegendOptionFields`); Enter in a field, or a button, posts `Changed` and the editor records it
as one undo step. The fields are built again only when the cell shows another
entry, so moving the cursor over like cells costs one line of text.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Checkbox, Input, Label, Static

from app.games.cardrogue.editor import cards
from app.games.cardrogue.editor.fields import FormError
from app.games.cardrogue.editor.grids import BLANK, BUILT_IN
from app.games.cardrogue.editor.legend_form import ALL_OPTIONS, LegendOptionFields
from app.games.cardrogue.editor.model import MapModel
from engine.cardrogue import E, N, S, W

SIDES = ((N, "north"), (E, "east"), (S, "south"), (W, "west"))


class Inspector(LegendOptionFields, Vertical):
    """The cell under the cursor; its legend entry's options edited in place."""

    BINDINGS = [
        Binding("escape", "leave", "Map", id="editor_inspector_back",
                tooltip="Back to the map, the inspector staying open"),
        # Tab moves between the fields here, not to the problems panel as on the map.
        Binding("tab", "app.focus_next", show=False, id="editor_inspector_next"),
        Binding("shift+tab", "app.focus_previous", show=False, id="editor_inspector_previous"),
    ]

    DEFAULT_CSS = """
    Inspector {
        height: auto;
        border: round $primary;
        border-title-color: $text;
        padding: 0 1;
    }
    Inspector:focus-within { border: round $accent; }
    Inspector #inspect-head { height: 2; }
    Inspector #inspect-paths { height: 1; }
    Inspector #inspect-paths Checkbox { margin-left: 1; }
    Inspector #inspect-scroll { height: 25vh; }
    Inspector .inspect-fields, Inspector .field { height: auto; }
    Inspector .field-label { text-style: bold; }
    Inspector .field-hint { display: none; }
    Inspector .row { height: auto; }
    Inspector .row > Input { width: 1fr; }
    Inspector Input, Inspector Select { width: 100%; }
    Inspector SelectionList { height: auto; max-height: 8; }
    Inspector #inspect-message { height: auto; color: $error; text-style: bold; }
    Inspector #inspect-buttons { height: 1; }
    Inspector #inspect-buttons Button { min-width: 10; margin-right: 1; }
    """

    compact_fields = True  # one line a field: the panel is narrow

    class Changed(Message):
        """The author changed the options of `glyph`'s legend entry to make `entry`; with a
        `cell`, for that cell only (it gets a new entry)."""

        def __init__(self, glyph: str, entry: Any, cell: tuple[int, int] | None = None) -> None:
            super().__init__()
            self.glyph = glyph
            self.entry = entry
            self.cell = cell

    class EdgeChanged(Message):
        """The author opened or closed the cell's edge `bit`."""

        def __init__(self, bit: int, open_: bool) -> None:
            super().__init__()
            self.bit = bit
            self.open = open_

    class Left(Message):
        """The author pressed Escape: back to the map."""

    def __init__(self, model: MapModel, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model = model
        self.level = 0
        self.cell = (0, 0)
        self.options: dict[str, Any] = {}
        self.glyph: str | None = None  # the glyph whose entry the fields edit, if any
        self.card: str | None = None
        self._entry_shown: object = object()  # (level, glyph, entry) the fields were built for
        self._fields: Vertical | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="inspect-head")
        with Horizontal(id="inspect-paths"):
            yield Label("Paths")
            for _bit, name in SIDES:
                yield Checkbox(name[0].upper(), id=f"path-{name}", compact=True,
                               tooltip=f"The path leading {name} (on both cells)")
        yield VerticalScroll(id="inspect-scroll", can_focus=False)
        yield Static(id="inspect-message")
        with Horizontal(id="inspect-buttons"):
            yield Button("Apply", id="inspect-apply", compact=True,
                         tooltip="Change the entry, for every cell showing its glyph")
            yield Button("This cell only", id="inspect-fork", compact=True,
                         tooltip="Give this cell an entry of its own with these values")

    def on_mount(self) -> None:
        self.border_title = "Inspector"

    # ------------------------------------------------------------------ showing a cell

    def show_cell(self, level: int, row: int, col: int) -> None:
        model = self.model
        glyph = model.glyph(level, row, col)
        legend = model.legend(level)
        entry = legend.get(glyph) if glyph != BLANK else None
        card = cards.entry_card(entry) if entry is not None else BUILT_IN.get(glyph)
        uses = self._count(level, glyph) if entry is not None else 0
        self.level, self.cell = level, (row, col)
        self.query_one("#inspect-head", Static).update(
            self._head(row, col, glyph, entry, card, uses), layout=False)
        self.query_one("#inspect-fork").display = uses > 1
        bits = model.bits(level, row, col)
        for bit, name in SIDES:
            box = self.query_one(f"#path-{name}", Checkbox)
            if box.value != bool(bits & bit):
                with box.prevent(Checkbox.Changed):  # showing the cell is not an edit
                    box.value = bool(bits & bit)
        key = (level, glyph, repr(entry))
        if key == self._entry_shown:
            return
        self._entry_shown = key
        self.glyph = glyph if entry is not None else None
        self.card = card
        self.options = cards.entry_options(entry)
        self.query_one("#inspect-message", Static).update("")
        if self._fields is not None:
            self._fields.remove()
        names = [name for name in ALL_OPTIONS if name in cards.legend_options(card)] \
            if self.glyph is not None and card is not None else []
        # A new container each time: the old one's fields may not be gone yet, ids and all.
        self._fields = Vertical(*(self.option_field(name) for name in names),
                                classes="inspect-fields")
        self.query_one("#inspect-scroll").mount(self._fields)
        self.query_one("#inspect-buttons").display = bool(names)
        self.query_one("#inspect-scroll").display = bool(names)

    def _head(self, row: int, col: int, glyph: str, entry: Any, card: str | None,
              uses: int) -> Content:
        """Two lines: where and what card; what its glyph means."""
        where = f"r{row + 1}c{col + 1}"
        if glyph == BLANK:
            what, detail = "empty", "no card: not part of the level in play"
        elif card is None:
            what, detail = f"{glyph}  ?", f"{glyph} has no legend entry on this level"
        else:
            what = f"{glyph}  {cards.card_name(card)}"
            name = entry.get("name") if isinstance(entry, dict) else None
            if isinstance(name, str):
                what += f" “{name}”"
            if entry is None:
                detail = f"{cards.card_type(card) or card}, built in"
            else:
                detail = (f"{cards.card_type(card) or 'unknown card'}; legend {glyph}, "
                          f"{uses} cell{'s' if uses != 1 else ''}")
        return Content.assemble((where, "bold"), "  ", (what, "bold"), "\n", detail)

    def _count(self, level: int, glyph: str) -> int:
        """Cells showing `glyph` (counted in the level's cells text: quick on 128x128)."""
        cells = self.model.document["levels"][level].get("cells")
        return cells.count(glyph) if isinstance(cells, str) else 0

    # ------------------------------------------------------------------ editing

    @on(Input.Submitted)
    @on(Button.Pressed, "#inspect-apply")
    @on(Button.Pressed, "#inspect-fork")
    def apply(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        only_here = isinstance(event, Button.Pressed) and event.button.id == "inspect-fork"
        if self.glyph is None or self.card is None or self._fields is None:
            return
        names = [name for name in ALL_OPTIONS if name in cards.legend_options(self.card)]
        try:
            options = self.read_options(names)
        except FormError as problem:
            self.query_one("#inspect-message", Static).update(Content(str(problem)))
            return
        self.query_one("#inspect-message", Static).update("")
        entry = cards.make_entry(self.card, options)
        if only_here:
            self.post_message(self.Changed(self.glyph, entry, self.cell))
        elif entry != self.model.legend(self.level).get(self.glyph):
            # The fields already say what the entry becomes: keep them, and the focus.
            self._entry_shown = (self.level, self.glyph, repr(entry))
            self.options = cards.entry_options(entry)
            self.post_message(self.Changed(self.glyph, entry))

    @on(Checkbox.Changed, "#inspect-paths Checkbox")
    def edge_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        bit = dict((name, bit) for bit, name in SIDES)[str(event.checkbox.id)[len("path-"):]]
        self.post_message(self.EdgeChanged(bit, event.value))

    def focus_first(self) -> None:
        """Focus the first field; the first path when the cell has no fields."""
        fields = list(self.query(".inspect-fields Input")) \
            or list(self.query(".inspect-fields *").filter("Select, Checkbox, SelectionList")) \
            or list(self.query("#inspect-paths Checkbox"))
        for widget in fields:
            if widget.focusable:
                widget.focus()
                return

    def action_leave(self) -> None:
        self.post_message(self.Left())
