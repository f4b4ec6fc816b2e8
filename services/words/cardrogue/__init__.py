"""Card Rogue in words: each engine event as a sentence, and each action as a short phrase.

The engine's events carry every die and modifier; the Narrator turns them into lines a player
can check by hand, such as "You roll 5 ×2 (Maul) +1 = 11 damage". Names that come from map files
(custom card names, level titles) may contain square brackets: lines are `Line`s of plain parts,
never markup, and a web page escapes them.

Sentences are in the second person for a lone hero (story mode). With several heroes (the
classic game) the hero's name is used instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from services.words import Line
from services.words.cardrogue.narrator import Narrator, generic
from services.words.cardrogue.phrases import (
    DIRECTION_NAMES,
    EFFECT_NAMES,
    SLOT_NAMES,
    STEPS,
    card_label,
    describe_action,
    faces,
    label_of,
    listing,
    potion_name,
    reflow,
    signed,
    the,
)

if TYPE_CHECKING:
    from engine.cardrogue import State
    from engine.core import Event

__all__ = ["DIRECTION_NAMES", "EFFECT_NAMES", "SLOT_NAMES", "STEPS", "Narrator", "card_label",
           "describe_action", "faces", "generic", "label_of", "listing", "narrator",
           "potion_name", "reflow", "signed", "the"]


def narrator(state: State) -> Callable[[Iterable[Event]], list[Line]]:
    """A replay's narrator (services.words.narrator): each call tells one action's events,
    naming the enemies that stood on the board before it."""
    told = Narrator(state)
    names = told.enemy_names()

    def tell(events: Iterable[Event]) -> list[Line]:
        nonlocal names
        lines = told.narrate(events, names)
        names = told.enemy_names()
        return lines

    return tell
