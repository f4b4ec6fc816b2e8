"""The fields of the editor's forms: reading a widget's value as the map format wants it (or a
FormError that names the field), showing a value in one, and labelling a row."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static, TextArea

from app.games.cardrogue.editor import cards
from app.games.cardrogue.editor.model import MapModel

# Control characters the schema refuses: in one-line fields, and in texts (tabs and newlines
# are allowed there).
LINE_FORBIDDEN = re.compile(r"[\x00-\x1f\x7f-\x9f]")


TEXT_FORBIDDEN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class FormError(ValueError):
    """A value the form refuses; its message is shown to the author."""


def read_int(widget: Input, label: str, low: int, high: int, required: bool = False) -> int | None:
    """The whole number in an Input (None when blank and allowed), within [low, high]."""
    text = widget.value.strip()
    if not text:
        if required:
            raise FormError(f"{label}: write a whole number from {low} to {high}.")
        return None
    try:
        value = int(text)
    except ValueError:
        raise FormError(f"{label}: {text!r} is not a whole number; write one from {low} to "
                        f"{high}.") from None
    if not low <= value <= high:
        raise FormError(f"{label}: {value} is out of range; write a whole number from {low} to "
                        f"{high}.")
    return value


def read_line(widget: Input, label: str, max_length: int, required: bool = False) -> str | None:
    text = widget.value.strip()
    if not text:
        if required:
            raise FormError(f"{label} cannot be blank.")
        return None
    if len(text) > max_length:
        raise FormError(f"{label}: at most {max_length} characters.")
    if LINE_FORBIDDEN.search(text):
        raise FormError(f"{label}: control characters are not allowed.")
    return text


def read_text(widget: TextArea, label: str, max_length: int) -> str | None:
    text = widget.text
    if not text.strip():
        return None
    if len(text) > max_length:
        raise FormError(f"{label}: at most {max_length:,} characters.")
    if TEXT_FORBIDDEN.search(text):
        raise FormError(f"{label}: control characters other than tabs are not allowed.")
    return text


MAX_HINTS = 10  # as schemas/map.schema.json allows


def read_hints(widget: TextArea) -> list[str] | None:
    """A level's hints, one a line (blank lines skipped); None when there are none."""
    hints = [line.strip() for line in widget.text.splitlines() if line.strip()]
    if len(hints) > MAX_HINTS:
        raise FormError(f"Hints: at most {MAX_HINTS}, one a line.")
    for hint in hints:
        if len(hint) > 200:
            raise FormError("Hints: at most 200 characters each.")
        if LINE_FORBIDDEN.search(hint):
            raise FormError("Hints: control characters are not allowed.")
    return hints or None


def read_faces(widget: Input, label: str) -> list[int] | None:
    """Die faces written like "5 6" or "5, 6"; None when blank."""
    words = widget.value.replace(",", " ").split()
    if not words:
        return None
    faces: list[int] = []
    for word in words:
        if word not in "123456" or len(word) != 1:
            raise FormError(f"{label}: {word!r} is not a die face; write faces 1 to 6, "
                            "like 5 6.")
        if int(word) not in faces:
            faces.append(int(word))
    return faces


def read_on_roll(widget: Input, label: str, effects: tuple[str, ...]) -> dict[str, str] | None:
    """Face effects written like "6=reroll_twice 1=miss"; None when blank."""
    words = widget.value.replace(",", " ").split()
    if not words:
        return None
    table: dict[str, str] = {}
    for word in words:
        face, _, effect = word.partition("=")
        if len(face) != 1 or face not in "123456" or effect not in effects:
            raise FormError(f"{label}: write face=effect pairs like 6=reroll_twice, with faces "
                            f"1 to 6 and effects {', '.join(effects)}.")
        table[face] = effect
    return table


def selected_value(widget: Select) -> Any:
    """A Select's value, None when it is blank."""
    return None if widget.is_blank() else widget.value


def changed_fields(model: MapModel, level: int, values: dict[str, Any]) -> dict[str, Any]:
    """The entries of `values` that differ from the model's (None meaning absent)."""
    return {key: value for key, value in values.items() if model.field(level, key) != value}


def keep_order(before: list[str], chosen: set[str], order: list[str]) -> list[str]:
    """The `chosen` values, those in `before` in its order and the rest in `order`, so an
    unchanged selection gives back an equal list."""
    kept = [value for value in before if value in chosen]
    return kept + [value for value in order if value in chosen and value not in kept]


def card_label(card_id: str) -> Text:
    """A card as the forms list it: its type (dimmed), its name, its id."""
    kind = cards.card_type(card_id) or "unknown"
    return Text.assemble((f"{kind:<9}", "dim"), cards.card_name(card_id), (f"  {card_id}", "dim"))


def labelled(label: str, *widgets: Widget, id: str | None = None, hint: str = "") -> Vertical:
    """A form row: a label, an optional dimmed hint, and the field's widgets."""
    parts: list[Widget] = [Label(Content(label), classes="field-label")]
    if hint:
        parts.append(Static(Content.styled(hint, "dim"), classes="field-hint"))
    return Vertical(*parts, *widgets, classes="field", id=id)


def number_text(value: Any) -> str:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else ""
