"""What the editor's forms and card palette need to know about cards. No Textual here.

The rules for which legend options a card takes come from the lint (engine/cardrogue/maps/lint.py)
and the number ranges from the map schema, so the forms accept exactly what a map may hold.
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.cardrogue import BUILTIN_GLYPHS, CARD_TYPES, OVERRIDABLE, standard_catalog
from engine.cardrogue.maps import BLANKS, ENEMY_FIELDS, FIXED_TILES, ITEM_TYPES, SCHEMA_PATH

GOAL_KINDS = ("slay", "boss", "chest", "debt", "hold")
GOALS_WITH_CARD = ("slay", "hold")
EXIT_KINDS = ("ladder", "start")
# Glyphs a legend entry may never take: the built-in ones and the blanks.
RESERVED_GLYPHS = frozenset(BUILTIN_GLYPHS) | BLANKS
# Tried after a card's own letters, in this order.
_SPARE_GLYPHS = string.ascii_lowercase + string.ascii_uppercase + string.digits + "!$%&*+=?#~^"


# ---------------------------------------------------------------------- cards

def card_name(card_id: str) -> str:
    card = standard_catalog().cards.get(card_id)
    return card.name if card is not None else card_id


def card_type(card_id: str) -> str | None:
    card = standard_catalog().cards.get(card_id)
    return card.type if card is not None else None


def cards_by_type() -> dict[str, list[tuple[str, str]]]:
    """Every standard card as (id, display name), grouped by type in the engine's type order
    (types without cards are left out)."""
    groups: dict[str, list[tuple[str, str]]] = {kind: [] for kind in CARD_TYPES}
    for card in standard_catalog().cards.values():
        groups.setdefault(card.type, []).append((card.id, card.name))
    return {kind: cards for kind, cards in groups.items() if cards}


# The card palette's groups, in order, and the card types in each; "Recent" and "This level"
# come first, and a type not listed here goes under "Other".
PALETTE_GROUPS = {
    "Enemies": ("enemy",), "Traps": ("trap",),
    "Items": ("weapon", "armour", "artifact", "key", "debt"), "Potions": ("potion",),
    "Scrolls": ("scroll",), "Tiles": ("start", "ladder", "path", "fountain", "shop", "chest"),
}


def palette_group(kind: str) -> str:
    for group, kinds in PALETTE_GROUPS.items():
        if kind in kinds:
            return group
    return "Other"


def cards_of_types(*types: str) -> list[tuple[str, str]]:
    """(id, display name) of the standard cards of the given types, types in the engine's order."""
    return [card for kind, cards in cards_by_type().items() if kind in types for card in cards]


def item_cards() -> list[tuple[str, str]]:
    """Cards a hero can start with (the lint's item types)."""
    return cards_of_types(*ITEM_TYPES)


def stock_cards() -> list[tuple[str, str]]:
    """Cards a shop can sell: items with a gold amount (the rest have no price)."""
    catalog = standard_catalog()
    return [(c, name) for c, name in item_cards() if catalog.cards[c].gold is not None]


def enemy_cards() -> list[tuple[str, str]]:
    return cards_of_types("enemy")


def weapon_cards() -> list[tuple[str, str]]:
    return cards_of_types("weapon")


def goal_cards(kind: str) -> list[tuple[str, str]]:
    """The cards a goal of `kind` may name: enemies to slay, items to hold, none otherwise."""
    if kind == "slay":
        return enemy_cards()
    if kind == "hold":
        return item_cards()
    return []


def characters() -> list[tuple[str, str]]:
    """Every character as (id, display name)."""
    return [(char.id, char.name) for char in standard_catalog().characters.values()]


# ---------------------------------------------------------------------- legend options

def legend_options(card_id: str) -> tuple[str, ...]:
    """The legend table options that mean something for `card_id`, as the lint judges them:
    `revealed` for every card, `colour` for potions, `stock` for shops; no custom values for the
    start and path tiles; enemy fields only for enemies, and enemies only the fields that change
    an enemy (name, attack, gold and the enemy fields)."""
    kind = card_type(card_id)
    options = ["revealed"]
    if kind == "potion":
        options.append("colour")
    if kind == "shop":
        options.append("stock")
    if kind in FIXED_TILES:
        return tuple(options)
    if kind == "enemy":
        options += [f for f in OVERRIDABLE if f in ("name", "attack", "gold") or f in ENEMY_FIELDS]
    else:
        options += [f for f in OVERRIDABLE if f not in ENEMY_FIELDS]
    return tuple(options)


@dataclass(frozen=True)
class FieldSpec:
    """One field as the map schema describes it. `kind` is one of: int, bool, text, choice,
    faces (a list of die faces), chance ({on, turns}), on_roll ({face: effect}), cards (a list
    of card ids)."""

    name: str
    kind: str
    low: int | None = None
    high: int | None = None
    max_length: int | None = None
    choices: tuple[str, ...] = ()
    description: str = ""


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text("utf-8"))


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    """A schema node with its $ref followed (keeping the node's own description)."""
    ref = node.get("$ref")
    if ref is None:
        return node
    target = _schema()
    for part in ref.removeprefix("#/").split("/"):
        target = target[part]
    return {**target, **{k: v for k, v in node.items() if k != "$ref"}}


def _properties(table: str) -> dict[str, Any]:
    """The properties of "map", "level", "legendTable" or "chance" in the schema."""
    if table == "map":
        return _schema()["properties"]
    return _schema()["definitions"][table]["properties"]


def field_spec(table: str, name: str) -> FieldSpec:
    """How to edit field `name` of a schema table ("map", "level", "legendTable", "chance")."""
    raw = _properties(table)[name]
    node = _resolve(raw)
    ref = raw.get("$ref", "")
    description = node.get("description", "")
    if ref.endswith("/faces"):
        return FieldSpec(name, "faces", 1, 6, description=description)
    if ref.endswith("/chance"):
        return FieldSpec(name, "chance", description=description)
    if "enum" in node:
        return FieldSpec(name, "choice", choices=tuple(node["enum"]), description=description)
    kind = node.get("type")
    if kind == "integer":
        return FieldSpec(name, "int", node.get("minimum"), node.get("maximum"),
                         description=description)
    if kind == "boolean":
        return FieldSpec(name, "bool", description=description)
    if kind == "array":
        return FieldSpec(name, "cards", max_length=node.get("maxItems"), description=description)
    if kind == "object":
        return FieldSpec(name, "on_roll", 1, 6, description=description,
                         choices=tuple(node["additionalProperties"]["enum"]))
    return FieldSpec(name, "text", max_length=node.get("maxLength"), description=description)


def legend_spec(name: str) -> FieldSpec:
    return field_spec("legendTable", name)


def number_range(table: str, name: str) -> tuple[int, int]:
    """(minimum, maximum) of an integer field of a schema table."""
    spec = field_spec(table, name)
    assert spec.low is not None and spec.high is not None, f"{table}.{name} is not a number"
    return spec.low, spec.high


# ---------------------------------------------------------------------- legend entries

def entry_card(entry: Any) -> str | None:
    """The card id a legend entry places (a plain id, or a table's `card`)."""
    found = entry.get("card") if isinstance(entry, dict) else entry
    return found if isinstance(found, str) else None


def entry_options(entry: Any) -> dict[str, Any]:
    """A legend entry's options (everything but `card`); a plain id has none."""
    return {k: v for k, v in entry.items() if k != "card"} if isinstance(entry, dict) else {}


def make_entry(card_id: str, options: dict[str, Any]) -> str | dict[str, Any]:
    """A legend entry: the plain card id without options, else a table with `card` first."""
    return {"card": card_id, **options} if options else card_id


# ---------------------------------------------------------------------- glyphs

def glyph_problem(glyph: str, taken: set[str] | frozenset[str] = frozenset()) -> str | None:
    """Why `glyph` cannot name a legend entry, or None when it can."""
    if len(glyph) != 1:
        return "A glyph is exactly one character."
    if glyph in RESERVED_GLYPHS or glyph.isspace():
        return f"{glyph!r} is built in or blank; choose another character."
    if not glyph.isprintable():
        return "A glyph must be a visible character."
    if glyph in taken:
        return f"{glyph!r} already names another legend entry on this level."
    return None


# The glyphs the editor's palette line offers for common cards, and that the bundled maps use;
# a card chosen anywhere else gets the same glyph when it is free.
USUAL_GLYPHS = {
    "goblin": "g", "potion": "p", "shop": "$", "trap_spikes": "^", "key": "k", "chest": "C",
    "fountain": "f",
}


def glyph_for_new_entry(card_id: str, legend: dict[str, Any]) -> str:
    """A glyph for a new legend entry placing `card_id`: free on the level, and not another
    card's usual glyph either, since the editor's number keys offer those cards and an entry
    taking one of their glyphs would take its key away."""
    usual = set(USUAL_GLYPHS.values()) - {USUAL_GLYPHS.get(card_id)}
    return free_glyph(card_id, set(legend) | usual)


def free_glyph(card_id: str, taken: set[str] | frozenset[str]) -> str:
    """An unused glyph for a card: its usual glyph, its first letter, that letter in upper case,
    the card's other letters, then any letter, digit or symbol."""
    letters = [c for c in card_id if c.isalpha()]
    first = letters[:1]
    usual = [USUAL_GLYPHS[card_id]] if card_id in USUAL_GLYPHS else []
    candidates = usual + first + [c.upper() for c in first] + letters[1:] + list(_SPARE_GLYPHS)
    for glyph in candidates:
        if glyph_problem(glyph, taken) is None:
            return glyph
    # A level may have 200 entries, more than the ASCII choices: go on into Latin-1 and Greek.
    for code in range(0xC0, 0x3FF):
        if glyph_problem(chr(code), taken) is None:
            return chr(code)
    raise ValueError("no free glyph left")
