"""Exploring a level (The Game; the Dungeon Master Guide): doors, corridors and rooms, secret
doors found by searching or by hacking the terminal, and the encounters of a room entered.

A door is tried when first opened (a 5 or 6 on the Dungeon Master's die locks it); a locked one
is picked (a failed pick breaks a lockpick) or forced with a Stab check (a failure hurts). An
open door that no corridor or room was drawn beyond yet has one drawn now, or turns out false.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.roguelike.actions import Action
from engine.roguelike.character import Item
from engine.roguelike.dungeon_master import draw_corridor, draw_room, frontier
from engine.roguelike.encounters import encounters
from engine.roguelike.loot import collect_loot
from engine.roguelike.paper import discovered
from engine.roguelike.shops import roll_stock
from engine.roguelike.tables import tables

if TYPE_CHECKING:
    from engine.roguelike.state import State


def problem(state: State, a: Action, item: Item | None) -> str | None:
    """Why an exploring action (a door's, search or hack) is not allowed here; None if it is."""
    if a.kind == "search":
        return None
    if a.kind == "hack":
        return None if "terminal" in state.place.landmarks else "there is no terminal here"
    return _door_problem(state, a)


def _door_problem(state: State, a: Action) -> str | None:
    place, level = state.place, state.level
    if a.door is None or a.door not in place.doors or not level.doors[a.door].visible:
        return "there is no such door here"
    door = level.doors[a.door]
    if place.beyond(a.door):
        return "the room is not crossed yet: that door is beyond"
    if door.false and door.open:
        return "that door opens onto bare rock"
    if a.kind == "go":
        return None if door.open else "that door is not open"
    if door.open:
        return "that door is already open"
    if a.kind == "open":
        return "that door is locked" if door.locked else None
    if not door.locked:
        return "that door is not locked"
    if a.kind == "pick" and state.rogue.lockpicks <= 0:
        return "you have no lockpicks"
    return None


def open_door(state: State, a: Action) -> list[Event]:
    assert a.door is not None  # why_illegal checked the kind's arguments
    door = state.level.doors[a.door]
    events: list[Event] = []
    if door.locked is None:
        roll = state.dice.roll(f"dm:{state.depth}")
        door.locked = roll >= tables()["corridor"]["locked_on"]
        events.append(Event("door_tried", {"door": door.id, "roll": roll, "locked": door.locked}))
        if door.locked:
            return events
    return events + _swing_open(state, door.id)


def pick_lock(state: State, a: Action) -> list[Event]:
    assert a.door is not None  # why_illegal checked the kind's arguments
    passed, event = state.check("lockpick")
    events = [event]
    if passed:
        return events + _swing_open(state, a.door)
    rolled_one = 1 in event.data["dice"]
    if "lockpick_mastery" not in state.rogue.abilities or rolled_one:
        state.rogue.lockpicks -= 1
        events.append(Event("lockpick_broken", {"left": state.rogue.lockpicks}))
    return events


def force_door(state: State, a: Action) -> list[Event]:
    assert a.door is not None  # why_illegal checked the kind's arguments
    passed, event = state.check("stab")
    if passed:
        return [event] + _swing_open(state, a.door)
    hurt = tables()["combat"]["force_door_hurt"]
    state.rogue.hp -= hurt
    return [event, Event("hurt", {"damage": hurt, "hp": state.rogue.hp, "by": "the door",
                                  "cause": "door"})]


def go_through(state: State, a: Action) -> list[Event]:
    assert a.door is not None  # why_illegal checked the kind's arguments
    return _walk_through(state, a.door)


def _swing_open(state: State, door_id: int) -> list[Event]:
    """The door opens; beyond a new one the Dungeon Master draws a corridor (from a room) or a
    room (from a corridor), unless there is no room for it: then the door is false."""
    level = state.level
    door = level.doors[door_id]
    door.open = True
    door.locked = False
    if door.false:
        return [Event("false_door", {"door": door_id})]
    if door.outer is None:
        if level.places[door.inner].kind == "room":
            place, info = draw_corridor(state.dice, level, door_id)
            events = [Event("corridor", info)]
        else:
            place, log = draw_room(state.dice, level, door_id)
            events = [Event("room", {"rolls": log})]
        if place is None:
            return events + [Event("false_door", {"door": door_id})]
        return events + _walk_through(state, door_id)
    return _walk_through(state, door_id)


def _walk_through(state: State, door_id: int) -> list[Event]:
    door = state.level.doors[door_id]
    target = door.outer if door.inner == state.here else door.inner
    assert target is not None  # an open door that is not false leads somewhere
    return enter(state, target)


def enter(state: State, place_id: int) -> list[Event]:
    """Step into a place; a room entered for the first time on this visit of the level rolls
    its encounters (a revisit keeps only even monster rolls, as the rulebook says)."""
    state.came_from = state.here if place_id != state.here else state.came_from
    state.here = place_id
    level, place = state.level, state.place
    place.sneaked = False
    level.see_place(place)
    events = [Event("entered", state.where())]
    if place.kind == "room" and place.rolled_visit < level.visits and place.entrance is not None:
        revisit = place.rolled_visit > 0
        place.rolled_visit = level.visits
        events += encounters(state, place, revisit)
    if "shop" in place.landmarks and not place.stocked:
        place.stocked = True
        place.stock = roll_stock(state.dice, f"shop:{state.depth}", state.colours)
        events.append(Event("shop", {"wares": len(place.stock)}))
    events += collect_loot(state)
    return events


def search(state: State, a: Action) -> list[Event]:
    passed, event = state.check("search")
    events = [event]
    level, place = state.level, state.place
    if passed:
        found = [d for d in place.doors if level.doors[d].secret and not level.doors[d].found]
        for d in found:
            level.doors[d].found = True
        events.append(Event("secret_doors_found", {"doors": found}))
        if found:
            return events
    if (passed or state.hopeless("search")) and _shut_in(state):
        # No way on is left that the rogue could take: the shifting dungeon opens one here
        # (never a dead level). A search he cannot pass at all is not asked of him.
        name = "down" if "down" in level.landmarks else "amulet"
        level.reached[name] = place.id
        place.landmarks.append(name)
        events.append(Event("hidden_way_found", {"landmark": name}))
    return events


def _shut_in(state: State) -> bool:
    """The way on is not found and every door left that could lead somewhere new needs a
    check the rogue cannot pass: a secret one Search or Hack, a locked one Lockpick or
    Stab, one beyond a chasm or cliff Jump or Climb."""
    level, rogue = state.level, state.rogue
    if any(name in level.reached for name in ("down", "amulet")):
        return False
    for d in frontier(level):
        door = level.doors[d]
        room = level.places[door.inner]
        if room.beyond(d) and state.hopeless("climb") \
                and (room.feature != "chasm" or state.hopeless("jump")):
            continue
        if not door.visible and state.hopeless("search") \
                and ("terminal" not in level.reached or state.hopeless("hack")):
            continue
        if door.locked and state.hopeless("stab") \
                and (rogue.lockpicks <= 0 or state.hopeless("lockpick")):
            continue
        return False
    return True


def hack(state: State, a: Action) -> list[Event]:
    passed, event = state.check("hack")
    events = [event]
    if passed:
        level = state.level
        level.hacked = True
        found = [d.id for d in level.doors if d.secret and not d.found
                 and discovered(level, level.places[d.inner])]
        for d in found:
            level.doors[d].found = True
        events.append(Event("secret_doors_found", {"doors": found}))
        # Hackmaster: "a previously explored upper level of your choice", chosen by `reveal`.
        state.reveal_owed = "hackmaster" in state.rogue.abilities and state.depth > 1
    return events


def reveal_problem(state: State, a: Action) -> str | None:
    if not state.reveal_owed:
        return "only a Hackmaster's hack that passed draws an upper level"
    if a.index is None or not 1 <= a.index < state.depth:
        return f"choose a level above this one (1 to {state.depth - 1})"
    return None


def reveal(state: State, a: Action) -> list[Event]:
    assert a.index is not None  # why_illegal checked the kind's arguments
    upper = state.levels[a.index - 1]
    for place in upper.places:
        upper.see_place(place)
    state.reveal_owed = False
    return [Event("map_revealed", {"level": a.index})]
