"""Spells from the treasure card: fire, ice and poison work in the spell step of an attack;
healing works there too, or before the hero enters a room. A spell is used up when cast."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.minirogue import character, combat

if TYPE_CHECKING:
    from engine.minirogue.state import State

HEAL = "heal"


def cast_problem(state: State, spell: str) -> str | None:
    if spell not in state.hero.spells:
        return f"you hold no {spell} spell"
    if state.pending == "room" and spell != HEAL:
        return "outside a fight only the healing spell can be cast"
    return None


def cast(state: State, spell: str, events: list[Event]) -> None:
    t, hero, fight = state.tables, state.hero, state.fight
    numbers = t.spell_numbers
    hero.spells.remove(spell)
    events.append(Event("spell_cast", {"spell": spell, "spells": list(hero.spells)}))
    if spell == HEAL:
        character.gain(hero, t, "hp", numbers["heal_hp"], events, "heal")
    elif fight is not None:
        if spell == "fire":
            _hurt(fight, numbers["fire_damage"], spell, events)
        elif spell == "ice":
            fight.frozen = numbers["ice_turns"]
        elif spell == "poison":
            fight.poisons += 1  # and 5 more at every later strike of this fight, per poison
            _hurt(fight, numbers["poison_damage"], spell, events)
    if state.pending == "spell":
        combat.after_spell(state, events)


def _hurt(fight: combat.Fight, damage: int, spell: str, events: list[Event]) -> None:
    before = fight.hp
    fight.hp = max(0, fight.hp - damage)
    events.append(Event("spell_damage", {"spell": spell, "damage": damage, "hp_before": before,
                                         "hp": fight.hp}))
