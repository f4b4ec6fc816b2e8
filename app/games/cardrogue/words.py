"""What the app says in Card Rogue: each engine event as a sentence (the words are
services.words.cardrogue's, shared with the server's run pages; here they become Rich Text),
and each card as a glyph and a colour."""

from __future__ import annotations

from collections.abc import Iterable
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
from services.words.cardrogue.glyphs import PLAYER_GLYPH, Look, look

if TYPE_CHECKING:
    from engine.core import Event

__all__ = ["DIRECTION_NAMES", "EFFECT_NAMES", "GHOST_GLYPH", "PLAYER_GLYPH", "POTION_STYLES", "SLOT_NAMES",
           "Look", "Narrator", "card_label", "describe_action", "faces", "generic", "label_of",
           "listing", "look", "reflow", "signed", "the"]

# A ghost being raced is a faint copy of the hero, drawn beside a card's middle, not on it.
GHOST_GLYPH = PLAYER_GLYPH

# Potion colours as terminal colours: the names a map uses, drawn as themselves.
POTION_STYLES = {
    "red": "red", "blue": "dodger_blue2", "green": "green3", "yellow": "yellow3",
    "purple": "medium_purple2", "white": "grey82",
}


class Narrator(told.Narrator):
    """The Card Rogue narrator's lines as Rich Text, for the app's logs."""

    def narrate(self, events: Iterable[Event], names: dict | None = None,  # type: ignore[override]
                step_note: str | None = None) -> list[Text]:
        return [styled(line) for line in super().narrate(events, names, step_note)]


def generic(event: Event) -> Text:
    """Any event the narrator has no sentence for: its name and its values, readable."""
    return styled(told.generic(event))
