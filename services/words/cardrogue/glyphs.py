"""Card Rogue's cards as glyphs: one character and a colour family per card, as the app's
board and the server's run pages draw them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.cardrogue import CardDef

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
