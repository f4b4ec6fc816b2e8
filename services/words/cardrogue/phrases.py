"""Card Rogue's small words: directions, slots, potions, card labels, an action as a phrase,
and the style names its log lines use."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from services.words import cap

if TYPE_CHECKING:
    from engine.cardrogue import Action, CardDef, State

# ---------------------------------------------------------------------- small words

DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
STEPS = {(-1, 0): "north", (0, 1): "east", (1, 0): "south", (0, -1): "west"}
SLOT_NAMES = {
    "primary": "main hand", "secondary": "off hand", "head": "head", "chest": "body",
    "feet": "feet",
}
EFFECT_NAMES = {
    "healing": "healing", "poison": "poison", "strength": "strength", "weakness": "weakness",
    "teleport": "teleportation", "paralysis": "paralysis",
}


def signed(number: int) -> str:
    """+2, −1 (a true minus sign), +0."""
    return f"−{-number}" if number < 0 else f"+{number}"


def the(name: object) -> str:
    """'the Goblin', but 'The Golem' stays as it is."""
    text = str(name)
    return text if text.casefold().startswith("the ") else f"the {text}"


def faces(values: Iterable[int]) -> str:
    """[4, 5, 6] -> '4, 5 or 6'."""
    items = [str(v) for v in values]
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def listing(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def reflow(text: str) -> str:
    """Author prose as paragraphs that flow to any width: a single line break inside a
    paragraph becomes a space, and a blank line (or several) separates paragraphs."""
    paragraphs = re.split(r"\n[ \t]*\n", text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


def potion_name(colour: str | None, effect: str | None = None) -> str:
    name = f"{colour} potion" if colour else "potion"
    return f"{name} of {EFFECT_NAMES.get(effect, effect)}" if effect else name


def card_label(game: State, card: Any) -> str:
    """A card in hand or in a shop as the player reads it: name, colour and known effect."""
    effect = game.potion_identity.get(card.colour) if card.colour else None
    return label_of(game.catalog.cards[card.id], card.colour, effect)


def label_of(d: CardDef, colour: str | None, effect: str | None) -> str:
    """A card's name; a potion's is its colour and, once known, its effect."""
    if d.type == "potion":
        label = cap(potion_name(colour, effect))
        return label if effect else f"{label} (unknown)"
    return d.name


def describe_action(game: State, action: Action) -> str:
    """A short phrase naming an action, for the undo message and the palette."""
    direction = DIRECTION_NAMES.get(action.dir or "", "")
    card = _find_card(game, action.card) if action.card is not None else None
    name = card_label(game, card) if card is not None else "a card"
    phrases = {
        "flip": f"flip the card to the {direction}",
        "move": f"move {direction}",
        "attack": f"attack to the {direction}",
        "flee": f"flee {direction}",
        "cast": f"cast to the {direction}",
        "end_turn": "end the turn",
        "equip": f"equip {name}",
        "unequip": f"take off {name}",
        "drink": f"drink {name}",
        "throw": f"throw {name} {direction}",
        "read": f"read {name}",
        "buy": f"buy {name}",
        "sell": f"sell {name}",
        "place": f"choose {action.target}",
    }
    return phrases.get(action.kind, action.kind.replace("_", " "))


def _find_card(game: State, uid: int) -> Any:
    for p in game.players:
        for card in list(p.hand) + list(p.equipped.values()):
            if card.uid == uid:
                return card
    for stock in game.stock.values():
        for card in stock:
            if card.uid == uid:
                return card
    return None


# ---------------------------------------------------------------------- events as sentences

STYLE_DIE = "bold"
STYLE_HURT = "bold red"
STYLE_GOOD = "bold green"
STYLE_QUIET = "dim"
STYLE_NOTE = "italic"


def cell_of(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return (int(value[0]), int(value[1]))
    return None

