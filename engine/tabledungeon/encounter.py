"""ENEMY ENCOUNTER and ENEMY'S EFFECTS: roll one die per living player, find the roll on the
current level's sheet of the enemy table, and work out what the revealed cards do to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.tabledungeon.cards import RANK, SUIT, is_ace, is_royal
from engine.tabledungeon.data import SUIT_STAT, Enemy

if TYPE_CHECKING:
    from engine.tabledungeon.state import State


def start_round(state: State, events: list[Event]) -> None:
    """Roll a new enemy and open the play: every living player lays a card, from the leader."""
    living = state.living()
    dice = [state.dice.roll("encounter", state.data.die_sides) for _ in living]
    roll = sum(dice)
    sheet = state.data.level(state.level)
    enemy = sheet.enemy_for(roll)
    state.round += 1
    state.enemy = enemy
    state.enemy_roll = roll
    state.enemy_health = roll + sheet.health_per_die * len(dice)
    state.round_attack_bonus = 0
    state.round_flee = False
    state.phase = "play"
    state.order = [s for s in _from(state.leader, len(state.seats)) if state.seats[s].alive]
    state.current = state.order[0]
    events.append(Event("enemy", {"round": state.round, "level": state.level, "dice": dice,
                                  "roll": roll, "name": enemy.name, "plural": enemy.plural,
                                  "health": state.enemy_health, "text": enemy.text}))


def _from(start: int, count: int) -> list[int]:
    return [(start + k) % count for k in range(count)]


def flees(enemy: Enemy, played: list[str]) -> bool:
    """Whether a "will flee" condition is met by the revealed cards."""
    if enemy.flee_if == "heart":
        return any(SUIT[c] == "H" and not is_royal(c) for c in played)
    if enemy.flee_if == "royal":
        return any(is_royal(c) for c in played)
    if enemy.flee_if == "ace":
        return any(is_ace(c) for c in played)
    return False


def attack_of(state: State, number: int, code: str) -> int:
    """What one revealed card adds to the party's attack: 0 for royals and hearts."""
    suit = SUIT[code]
    if is_royal(code) or suit == "H":
        return 0
    enemy = state.enemy
    if enemy is not None and enemy.immune == suit:
        return 0
    value = RANK[code] + state.stat(number, SUIT_STAT[suit])
    if enemy is not None and enemy.weak == suit:
        value *= 2
    return max(value, 0)
