"""The card palette: the form that picks the card to paint (forms.py has the base form)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from app.games.cardrogue.editor import cards
from app.games.cardrogue.editor.fields import FormError
from app.games.cardrogue.editor.forms import FormScreen
from app.games.cardrogue.editor.model import MapModel
from app.widgets.marked_options import MarkedOptionList
from engine.cardrogue import BUILTIN_GLYPHS

GROUP_ORDER = ("Recent", "This level", *cards.PALETTE_GROUPS, "Other")


class CardPaletteScreen(FormScreen[tuple[str, Any] | None]):
    """Pick a card to paint, each line its glyph and name: the cards used most recently, this
    level's legend entries, then every standard card in groups (enemies, traps, items, potions,
    scrolls, tiles), narrowed by the filter. A card with a number key in the editor shows it.
    Dismisses with (glyph, None) for a legend entry and (glyph, card id) for a standard card,
    whose glyph is the level's plain entry for it if there is one, else the built-in glyph for
    start/ladder/path, else a free one; None when cancelled."""

    heading = "Cards"

    # While typing in the filter, the arrows still move through the list.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", show=False, id="palette_down"),
        Binding("up", "move(-1)", show=False, id="palette_up")]

    DEFAULT_CSS = """
    CardPaletteScreen #choices {
        height: 1fr;
    }
    """

    def __init__(self, model: MapModel, level: int, recent: Any = (),
                 keys: dict[tuple[str, Any], int] | None = None) -> None:
        """`recent`: (glyph, card) results, most recent first; `keys`: the editor's number
        key for a (glyph, card id placed)."""
        super().__init__()
        self.model = model
        self.level = level
        self.keys = keys or {}
        # Every line the palette can show: (group, text searched, label, result).
        self.entries: list[tuple[str, str, Text, tuple[str, Any]]] = []
        legend = model.legend(level)
        for glyph, card in recent:
            entry = legend.get(glyph) if card is None else card
            self.add("Recent", glyph, card, entry)
        for glyph, entry in legend.items():
            self.add("This level", glyph, None, entry)
        for kind, group in cards.cards_by_type().items():
            for card, _ in group:
                self.add(cards.palette_group(kind), self.glyph_for(card), card, card)
        self.entries.sort(key=lambda entry: GROUP_ORDER.index(entry[0]))  # stable within
        self.shown: list[tuple[str, Any] | None] = []  # each option's result; None: a heading

    def add(self, group: str, glyph: str, card: str | None, entry: Any) -> None:
        """A line: the glyph, the card's name (an entry's own name too), its id, its key."""
        card_id = cards.entry_card(entry) or "?"
        kind = cards.card_type(card_id) or "unknown"
        label = Text.assemble(("  ", ""), (glyph, "bold"), "  ", cards.card_name(card_id))
        name = entry.get("name") if isinstance(entry, dict) else None
        if isinstance(name, str):
            label.append_text(Text(f" “{name}”"))  # literal: a map's text is never markup
        label.append(f"  {card_id}", "dim")
        key = self.keys.get((glyph, card_id))
        if key is not None:
            label.append(f"  key {key}", "dim")
        # A legend entry is found by "legend", a standard card by its type.
        where = "legend" if card is None else kind
        search = f"{glyph} {card_id} {cards.card_name(card_id)} {name or ''} {where}"
        self.entries.append((group, search.lower(), label, (glyph, card)))

    def glyph_for(self, card_id: str) -> str:
        legend = self.model.legend(self.level)
        for glyph, entry in legend.items():
            if entry == card_id:
                return glyph
        for glyph, built_in in BUILTIN_GLYPHS.items():
            if built_in == card_id and glyph not in legend:
                return glyph
        return cards.glyph_for_new_entry(card_id, legend)

    def fields(self) -> ComposeResult:
        yield Input(placeholder="filter: type part of a name, id, type or glyph", id="filter")
        yield MarkedOptionList(id="choices")

    def on_mount(self) -> None:
        self.apply_filter("")
        self.query_one("#filter", Input).focus()  # typing narrows the list at once

    @on(Input.Changed, "#filter")
    def filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.apply_filter(event.value)

    def apply_filter(self, text: str) -> None:
        words = text.lower().split()
        matches = [entry for entry in self.entries if all(word in entry[1] for word in words)]

        def whole(entry: tuple[str, str, Text, tuple[str, Any]]) -> bool:
            return bool(words) and all(word in entry[1].split() for word in words)

        # Whole-word hits first, so "shop" puts the shop above the shopkeeper's debt: the
        # groups holding one first, then those hits within each group.
        best = {entry[0] for entry in matches if whole(entry)}
        matches.sort(key=lambda entry: (entry[0] not in best, GROUP_ORDER.index(entry[0]),
                                        not whole(entry)))
        options: list[Option] = []
        self.shown = []
        group = None
        for entry_group, _, label, result in matches:
            if entry_group != group:
                group = entry_group
                options.append(Option(Text(group, style="bold underline"), disabled=True))
                self.shown.append(None)
            options.append(Option(label))
            self.shown.append(result)
        choices = self.query_one("#choices", OptionList)
        choices.set_options(options)
        choices.highlighted = 1 if matches else None  # the first card, below its heading

    def action_move(self, step: int) -> None:
        choices = self.query_one("#choices", OptionList)
        if step > 0:
            choices.action_cursor_down()
        else:
            choices.action_cursor_up()

    @on(Input.Submitted, "#filter")
    def filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    @on(OptionList.OptionSelected, "#choices")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def collect(self) -> tuple[str, Any]:
        index = self.query_one("#choices", OptionList).highlighted
        result = self.shown[index] if index is not None and 0 <= index < len(self.shown) else None
        if result is None:
            raise FormError("Nothing matches the filter.")
        return result
