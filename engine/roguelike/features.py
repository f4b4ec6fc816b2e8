"""Rooms' special features (the Dungeon Master Guide) and eating (The Game): a chasm to jump or
a cliff to climb before the room's far doors, an altar that lifts curses, a fountain's bonus die
for the level, corpses to eat (cooked on a cookstove, they heal more)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.roguelike.actions import Action
from engine.roguelike.character import Item
from engine.roguelike.tables import tables

if TYPE_CHECKING:
    from engine.roguelike.state import State


def problem(state: State, a: Action, item: Item | None) -> str | None:
    """Why crossing, praying, drinking or eating is not allowed here; None if it is."""
    place = state.place
    if a.kind == "cross":
        return "there is nothing to cross here" if place.crossed else None
    if a.kind == "pray":
        return None if place.feature == "altar" else "there is no altar here"
    if a.kind == "drink":
        if place.feature != "fountain":
            return "there is no fountain here"
        return "the fountain is dry" if place.fountain_used else None
    return None if a.index is not None and a.index < len(place.corpses) else "nothing to eat"


def cross(state: State, a: Action) -> list[Event]:
    place = state.place
    chasm = place.feature == "chasm"
    passed, event = state.check("jump" if chasm else "climb")
    if passed:
        place.crossed = True
        return [event, Event("crossed", {"feature": place.feature})]
    fall = tables()["features"]["chasm_fall" if chasm else "cliff_fall"]
    events = [event] + state.hurt(fall, place.feature, "fall", f"dm:{state.depth}")
    place.in_chasm = chasm
    return events


def climb(state: State, a: Action) -> list[Event]:
    if state.hopeless("climb"):
        # No roll could get him out on the far side: he crawls back out where he fell in.
        state.place.in_chasm = False
        return [Event("climbed_back", {"feature": "chasm"})]
    passed, event = state.check("climb")
    if passed:
        state.place.in_chasm = False
        state.place.crossed = True  # climbed out on the far side
        return [event, Event("crossed", {"feature": "chasm"})]
    return [event]


def pray(state: State, a: Action) -> list[Event]:
    lifted = [i for i, item in enumerate(state.rogue.items) if item.status == "cursed"]
    for i in lifted:
        state.rogue.items[i].status = "uncursed"
    return [Event("prayed", {"curses_lifted": len(lifted)})]


def drink(state: State, a: Action) -> list[Event]:
    state.place.fountain_used = True
    state.rogue.level_bonus["all"] = state.rogue.level_bonus.get("all", 0) + 1
    return [Event("fountain", {"bonus_dice": 1})]


def eat(state: State, a: Action) -> list[Event]:
    assert a.index is not None  # why_illegal checked the kind's arguments
    corpse = state.place.corpses.pop(a.index)
    data = tables()["eating"]
    heal = data["heal"] + (data["cooked_bonus"] if state.place.feature == "cookstove" else 0)
    events = state.heal(heal, corpse["name"])
    if corpse["diseased"] and "iron_stomach" not in state.rogue.abilities:
        state.rogue.diseased = True
        events.append(Event("diseased", {"by": corpse["name"]}))
    return events
