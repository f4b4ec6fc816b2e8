"""Spells (the Spells section): cast from a scroll (once) or a spellbook (once a level)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.roguelike.combat import wound

if TYPE_CHECKING:
    from engine.roguelike.state import State


def cast(state: State, spell: str) -> list[Event]:
    rogue, place, level = state.rogue, state.place, state.level
    events = [Event("spell", {"spell": spell})]
    if spell == "light":
        for d in place.doors:
            level.doors[d].found = True
    elif spell == "cure_disease":
        rogue.diseased, rogue.disease_clock = False, 0
    elif spell in ("charm_monster", "sleep") and state.awake():
        if spell == "charm_monster" and rogue.pet is None:
            monster = place.monsters.pop(0)
            rogue.pet = {"name": monster.name, "damage": monster.damage}
        else:
            place.sneaked = True
    elif spell == "slow_monster" and state.awake():
        place.sneaked = True  # slowed foes cannot keep up: the rogue may walk on
    elif spell == "jumping":
        rogue.level_bonus["jump"] = rogue.level_bonus.get("jump", 0) + 1
    elif spell == "identify":
        for item in rogue.items:
            item.identified = True
    elif spell == "lifedrain" and state.awake():
        events += wound(state, 0, "1d", 0, spell)
        events += state.heal(1, spell)
    elif spell == "protection":
        rogue.protection += 1
    return events
