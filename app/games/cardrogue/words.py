"""What the app says in Card Rogue: each engine event as a sentence (the words are
services.words.cardrogue's, shared with the server's run pages; here they become Rich Text),
and each card as a glyph and a colour."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from app.words import styled
from services.words import cardrogue as told
from services.words.cardrogue import (
    DIRECTION_NAMES,
    EFFECT_NAMES,
    SLOT_NAMES,
    card_label,
    describe_action,
    faces,
    label_of,
    listing,
    reflow,
    signed,
    the,
)

if TYPE_CHECKING:
    from engine.cardrogue import CardDef
    from engine.core import Event

__all__ = ["DIRECTION_NAMES", "EFFECT_NAMES", "SLOT_NAMES", "Look", "Narrator", "card_label",
           "describe_action", "faces", "generic", "label_of", "listing", "look", "reflow",
           "signed", "the"]

# ---------------------------------------------------------------------- cards on the board

# Enemies are letters, as in the classic roguelikes; a custom enemy borrows its base card's.
ENEMY_GLYPHS = {
    "sewer_rat": "r", "cave_bat": "b", "vampire_bat": "v", "goblin": "g", "kobold": "k",
    "imp": "i", "zombie": "z", "troll": "T", "basilisk_venom": "B", "basilisk_gaze": "B",
    "golem": "G",
}
TYPE_GLYPHS = {
    "weapon": ")", "armour": "[", "scroll": "?", "artifact": '"', "potion": "!", "key": "&",
    "debt": "%", "path": " ", "start": "<", "ladder": ">", "trap": "^", "fountain": "{",
    "shop": "$", "chest": "=",
}
# Each card type draws in one colour family; the board maps these names to theme colours.
TYPE_CATEGORIES = {
    "enemy": "enemy", "weapon": "item", "armour": "item", "scroll": "item", "artifact": "item",
    "key": "item", "debt": "item", "potion": "potion", "path": "path", "start": "exit",
    "ladder": "exit", "trap": "trap", "fountain": "fountain", "shop": "shop", "chest": "chest",
}
CATEGORIES = ("enemy", "boss", "item", "potion", "path", "exit", "trap", "fountain", "shop", "chest")

# Potion colours as terminal colours: the names a map uses, drawn as themselves.
POTION_STYLES = {
    "red": "red", "blue": "dodger_blue2", "green": "green3", "yellow": "yellow3",
    "purple": "medium_purple2", "white": "grey82",
}

PLAYER_GLYPH = "@"


@dataclass(frozen=True, slots=True)
class Look:
    """How a card is drawn: one character and a colour family (see CATEGORIES)."""

    glyph: str
    category: str


def look(card: CardDef) -> Look:
    if card.type == "enemy":
        glyph = ENEMY_GLYPHS.get(card.base or card.id) or (card.name[:1].lower() or "e")
        return Look(glyph, "boss" if card.boss else "enemy")
    return Look(TYPE_GLYPHS.get(card.type, "?"), TYPE_CATEGORIES.get(card.type, "item"))


class Narrator(told.Narrator):
    """The Card Rogue narrator's lines as Rich Text, for the app's logs."""

    def narrate(self, events: Iterable[Event], names: dict | None = None,  # type: ignore[override]
                step_note: str | None = None) -> list[Text]:
        return [styled(line) for line in super().narrate(events, names, step_note)]


def generic(event: Event) -> Text:
    """Any event the narrator has no sentence for: its name and its values, readable."""
    return styled(told.generic(event))
