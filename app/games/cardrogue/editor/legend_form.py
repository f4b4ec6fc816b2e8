"""The legend entry's form (a glyph and its card, with the card's options), and the option fields
it shares with the editor's inspector. Like every form (forms.py), it only reads the model."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select, SelectionList

from app.games.cardrogue.editor import cards
from app.games.cardrogue.editor.fields import (
    FormError,
    card_label,
    keep_order,
    labelled,
    read_faces,
    read_int,
    read_line,
    read_on_roll,
    selected_value,
)
from app.games.cardrogue.editor.forms import FormScreen, number_text
from app.games.cardrogue.editor.model import MapModel
from engine.cardrogue import OVERRIDABLE

# Every option a legend table can hold, in the order the form shows them.
ALL_OPTIONS = ("revealed", "colour", "stock") + tuple(
    name for name in OVERRIDABLE if name not in ("revealed", "colour", "stock"))


class LegendOptionFields:
    """The option fields of a legend entry (numbers, abilities, stock, colour, revealed): made
    by `option_field` and read back by `read_option`, in the legend form and in the editor's
    inspector alike. The host is a widget or screen with an `options` dict (the entry's
    options as they are) and `query_one`."""

    options: dict[str, Any]
    query_one: Any
    compact_fields = False  # one-line fields, without borders

    def option_field(self, name: str) -> Vertical:
        spec = cards.legend_spec(name)
        value = self.options.get(name)
        label = name.replace("_", " ").capitalize()
        widgets: list[Widget]
        hint = spec.description
        compact = self.compact_fields
        if name == "revealed":
            widgets = [Checkbox("Face up from the start", value=value is True,
                                id="value-revealed", compact=compact)]
        elif spec.kind == "int":
            widgets = [Input(number_text(value), id=f"value-{name}", type="integer",
                             placeholder=f"{spec.low} to {spec.high}", compact=compact)]
            hint = f"{spec.description} ({spec.low} to {spec.high}; blank = the card's own)"
        elif spec.kind == "bool":
            widgets = [Select([(Text("yes"), True), (Text("no"), False)],
                              prompt="the card's own", id=f"value-{name}", compact=compact,
                              value=value if isinstance(value, bool) else Select.NULL)]
        elif spec.kind == "choice":
            widgets = [Select([(Text(c), c) for c in spec.choices], prompt="from the seed",
                              id=f"value-{name}", compact=compact,
                              value=value if value in spec.choices else Select.NULL)]
        elif spec.kind == "faces":
            widgets = [Input(_faces_text(value), id=f"value-{name}", placeholder="e.g. 5 6",
                             compact=compact)]
        elif spec.kind == "chance":
            chance = value if isinstance(value, dict) else {}
            widgets = [Horizontal(
                Input(_faces_text(chance.get("on")), id=f"value-{name}-on",
                      placeholder="faces, e.g. 6", compact=compact),
                Input(number_text(chance.get("turns")), id=f"value-{name}-turns",
                      type="integer", placeholder="turns, 1 to 20", compact=compact),
                classes="row")]
        elif spec.kind == "on_roll":
            text = " ".join(f"{face}={effect}" for face, effect in value.items()) \
                if isinstance(value, dict) else ""
            widgets = [Input(text, id=f"value-{name}", placeholder="e.g. 6=reroll_twice 1=miss",
                             compact=compact)]
        elif spec.kind == "cards":
            stock = [c for c in value if isinstance(c, str)] if isinstance(value, list) else []
            widgets = [SelectionList[str](
                *[(Content(f"{name_}  ({c})"), c, c in stock) for c, name_ in cards.stock_cards()],
                id=f"value-{name}")]
            hint = f"{spec.description} Nothing chosen: the standard stock."
        else:
            widgets = [Input(value if isinstance(value, str) else "", id=f"value-{name}",
                             max_length=spec.max_length or 0, placeholder="the card's own",
                             compact=compact)]
        return labelled(label, *widgets, id=f"opt-{name}", hint=hint)

    def read_option(self, name: str) -> Any:
        spec = cards.legend_spec(name)
        label = name.replace("_", " ").capitalize()
        if name == "revealed":
            return True if self.query_one("#value-revealed", Checkbox).value else None
        if spec.kind == "int":
            assert spec.low is not None and spec.high is not None
            return read_int(self.query_one(f"#value-{name}", Input), label, spec.low, spec.high)
        if spec.kind in ("bool", "choice"):
            return selected_value(self.query_one(f"#value-{name}", Select))
        if spec.kind == "faces":
            return read_faces(self.query_one(f"#value-{name}", Input), label)
        if spec.kind == "chance":
            faces = read_faces(self.query_one(f"#value-{name}-on", Input), f"{label} faces")
            low, high = cards.number_range("chance", "turns")
            turns = read_int(self.query_one(f"#value-{name}-turns", Input), f"{label} turns",
                             low, high)
            if faces is None and turns is None:
                return None
            if faces is None or turns is None:
                raise FormError(f"{label}: give both the faces and the turns, or neither.")
            return {"on": faces, "turns": turns}
        if spec.kind == "on_roll":
            return read_on_roll(self.query_one(f"#value-{name}", Input), label, spec.choices)
        if spec.kind == "cards":
            before = self.options.get(name)
            return keep_order(before if isinstance(before, list) else [],
                              set(self.query_one(f"#value-{name}", SelectionList).selected),
                              [c for c, _ in cards.stock_cards()]) or None
        return read_line(self.query_one(f"#value-{name}", Input), label, spec.max_length or 200)

    def read_options(self, names: list[str] | tuple[str, ...]) -> dict[str, Any]:
        """The options the author gave among `names` (blank fields left out)."""
        options: dict[str, Any] = {}
        for name in names:
            value = self.read_option(name)
            if value is not None:
                options[name] = value
        return options


class LegendEntryScreen(LegendOptionFields, FormScreen[tuple[str, Any] | None]):
    """Define or edit one legend entry of a level. Dismisses with (glyph, entry), where entry is
    the plain card id without options or a table {"card": id, ...options}, or None when
    cancelled. Only the options that mean something for the chosen card are shown."""

    heading = "Legend entry"

    def __init__(self, model: MapModel, level: int, glyph: str | None = None) -> None:
        super().__init__()
        self.model = model
        self.level = level
        self.glyph = glyph
        entry = model.legend(level).get(glyph) if glyph is not None else None
        self.card = cards.entry_card(entry)
        self.options = cards.entry_options(entry)

    def fields(self) -> ComposeResult:
        yield labelled("Glyph", Input(self.glyph or "", id="glyph", max_length=1),
                       hint="one character, not @ > . or a blank, unused on this level")
        choices = [(card_label(c), c) for group in cards.cards_by_type().values() for c, _ in group]
        if self.card is not None and cards.card_type(self.card) is None:
            choices.insert(0, (card_label(self.card), self.card))  # keep an unknown id visible
        yield labelled("Card", Select(choices, prompt="Choose a card", id="card",
                                      value=self.card if self.card is not None else Select.NULL))
        for name in ALL_OPTIONS:
            yield self.option_field(name)

    def on_mount(self) -> None:
        self.show_options_for(self.card)

    @on(Select.Changed, "#card")
    def card_changed(self, event: Select.Changed) -> None:
        event.stop()
        card_id = selected_value(event.select)
        glyph = self.query_one("#glyph", Input)
        if card_id is not None and not glyph.value:  # suggest a glyph the author may change
            glyph.value = cards.free_glyph(card_id, set(self.model.legend(self.level)))
        self.show_options_for(card_id)

    def show_options_for(self, card_id: str | None) -> None:
        wanted = set(cards.legend_options(card_id)) if card_id is not None else set()
        for name in ALL_OPTIONS:
            self.query_one(f"#opt-{name}").display = name in wanted

    def visible_options(self) -> list[str]:
        return [name for name in ALL_OPTIONS if self.query_one(f"#opt-{name}").display]

    # ------------------------------------------------------------------ the result

    def collect(self) -> tuple[str, Any]:
        glyph = self.query_one("#glyph", Input).value
        taken = set(self.model.legend(self.level)) - {self.glyph}
        # An entry that already uses a built-in glyph (a face-up ladder, say) may keep it.
        if glyph != self.glyph or glyph not in cards.RESERVED_GLYPHS:
            problem = cards.glyph_problem(glyph, taken)
            if problem:
                raise FormError(f"Glyph: {problem}")
        card = selected_value(self.query_one("#card", Select))
        if card is None:
            raise FormError("Card: choose the card this glyph places.")
        return glyph, cards.make_entry(card, self.read_options(self.visible_options()))


def _faces_text(value: Any) -> str:
    return " ".join(str(v) for v in value) if isinstance(value, list) else ""
