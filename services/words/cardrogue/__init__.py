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

from services.words import Line, par_verdict, plural
from services.words.cardrogue.glyphs import look
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
           "legend", "opening", "potion_name", "reflow", "signed", "summary", "the"]


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


def opening(state: State) -> list[Event]:
    return list(state.opening_events)


def legend(state: State) -> dict[str, tuple[str, str, str]]:
    """Each card of the game's catalogue as the board draws it: glyph, colour family, name."""
    out = {}
    for card_id, card in state.catalog.cards.items():
        shown = look(card)
        out[card_id] = (shown.glyph, shown.category, card.name)
    return out


LEVEL_EVENT = "level_start"  # the event that opens a level: a replay can jump to the next one


def summary(state: State, events: Iterable[Event]) -> list[tuple[str, str]]:
    """What a finished replay adds up to, as (label, value) lines for a morgue: each level's
    moves against its par, damage dealt and taken, enemies slain, what the hero ended with."""
    view = state.view(0)
    levels = state.spec.levels
    out: list[tuple[str, str]] = []
    dealt = taken = slain = 0
    for event in events:
        d = event.data
        if event.kind == "level_complete":
            index = int(d.get("level", -1))
            level = levels[index] if 0 <= index < len(levels) else None
            moves = int(d.get("moves", 0))
            said = plural(moves, "move")
            if level is not None and level.par is not None:
                said += f" against par {level.par} ({par_verdict(moves, level.par)})"
            title = level.title if level is not None else ""
            out.append((f"Level {index + 1}" + (f": {title}" if title else ""), said))
        elif event.kind == "attack":
            dealt += int(d.get("dealt") or 0)
        elif event.kind == "enemy_attack":
            taken += int(d.get("damage") or 0)
        elif event.kind == "damage":
            taken += int(d.get("amount") or 0)
        elif event.kind == "slain":
            slain += 1
    hero = view.hero
    out += [("Damage dealt", str(dealt)), ("Damage taken", str(taken)),
            ("Enemies slain", str(slain)), ("Gold", str(hero.gold)),
            ("Health", f"{hero.health} of {hero.max_health}"),
            ("Ended", {"won": "won: every level cleared", "lost": "lost: the hero fell"}.get(
                view.outcome or "", view.outcome or "not finished"))]
    return out
