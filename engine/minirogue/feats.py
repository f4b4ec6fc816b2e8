"""FEATS: in an attack phase the hero may reroll any die, even a miss, for 2 HP or 1 XP. Each
die takes one feat per attack phase; a 6 from a feat is a critical like any other. The rulebook
sets no floor on the HP paid: a feat that takes the last health ends the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.minirogue import character, combat, ending, experience
from engine.minirogue.combat import CombatDie

if TYPE_CHECKING:
    from engine.minirogue.state import State


def cost(state: State, pay: str) -> int:
    return state.tables.feat_hp_cost if pay == "hp" else state.tables.feat_xp_cost


def feat_problem(state: State, die: int, pay: str) -> str | None:
    problem = combat.die_problem(state, die)
    if problem:
        return problem
    assert state.fight is not None
    t, hero = state.tables, state.hero
    if state.fight.dice[die].feat_used:
        return f"die {die} was already rerolled by a feat in this attack"
    price = cost(state, pay)
    if pay == "xp" and experience.total_xp(hero, t) < price:
        return f"a feat costs {price} XP and you have none"
    return None


def feat(state: State, die: int, pay: str, events: list[Event]) -> None:
    assert state.fight is not None
    t = state.tables
    character.lose(state.hero, t, pay, cost(state, pay), events, "feat")
    if ending.check_death(state, events, "feat"):
        return  # paid with their life: no die is rolled
    face = state.roll("feat")
    rolled = CombatDie.rolled(face, t.miss_face)
    rolled.feat_used = True
    state.fight.dice[die] = rolled
    events.append(Event("feat", {"die": die, "pay": pay, "cost": cost(state, pay), "roll": face,
                                 "value": rolled.value, "missed": rolled.missed}))
