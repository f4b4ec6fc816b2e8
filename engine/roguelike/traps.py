"""Traps (the Dungeon Master Guide's encounters): one in the rogue's place bars the way until he
disables it (a failed check springs it) or walks on and springs it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.roguelike.actions import Action
from engine.roguelike.character import SUCCESS_FACE, roll_pool
from engine.roguelike.combat import WEAPONS
from engine.roguelike.exploring import enter
from engine.roguelike.loot import collect_loot
from engine.roguelike.paper import discovered
from engine.roguelike.stairs import arrive
from engine.roguelike.tables import difficulty, roll_dice

if TYPE_CHECKING:
    from engine.roguelike.state import State


def disable(state: State, a: Action) -> list[Event]:
    passed, event = state.check("disable_trap")
    if passed:
        state.place.trap = None
        return [event, Event("trap_disabled", {})] + collect_loot(state)
    return [event] + _spring(state)


def spring(state: State, a: Action) -> list[Event]:
    return _spring(state)


def _spring(state: State) -> list[Event]:
    trap = state.place.trap
    assert trap is not None
    state.place.trap = None
    key = f"trap:{state.depth}"
    events: list[Event] = []
    if trap.attack_dice:
        faces, successes = roll_pool(state.dice, key, trap.attack_dice)
        needed = difficulty(state.depth)  # a trap's attack is an action like any other
        hit = successes >= needed
        events.append(Event("trap_attack", {"trap": trap.name, "dice": faces, "hit": hit,
                                            "successes": successes, "needed": needed,
                                            "success_on": SUCCESS_FACE}))
        if not hit:
            return events + collect_loot(state)
    events += state.hurt(trap.damage, trap.name, "trap", key)
    return events + _trap_effect(state, trap.effect, key)


def _trap_effect(state: State, effect: str, key: str) -> list[Event]:
    """What a sprung trap does besides hurting, then the loot it guarded is taken (before the
    rogue is carried away by a teleport)."""
    events: list[Event] = []
    if effect == "level_up_next_monster":
        state.squeaky = True
    elif effect == "rust":
        for item in state.rogue.items:
            if item.name in WEAPONS + ("helmet", "shield"):
                item.rusty = True
        events.append(Event("rusted", {}))
    elif effect == "forget_level":
        number = state.dice.below(key, len(state.levels)) + 1
        forgotten = state.levels[number - 1]
        forgotten.seen = set()
        if number == state.depth:
            forgotten.see_place(state.place)
        events.append(Event("forgot_level", {"level": number}))
    elif effect == "teleport_room":
        rooms = [p.id for p in state.level.places
                 if p.kind == "room" and discovered(state.level, p) and p.id != state.here]
        if rooms:
            target = rooms[state.dice.below(key, len(rooms))]
            events.append(Event("teleported", {"level": state.depth, "place": target}))
            return events + collect_loot(state) + enter(state, target)
    elif effect == "teleport_up":
        up, _ = roll_dice(state.dice, key, "1d")
        number = max(1, state.depth - up)
        if number != state.depth:
            level = state.levels[number - 1]
            rooms = [p.id for p in level.places if p.kind == "room"]
            target = rooms[state.dice.below(key, len(rooms))]
            events += collect_loot(state)
            events.append(Event("teleported", {"level": number, "place": target}))
            return events + arrive(state, number, room=target)
    return events + collect_loot(state)
