"""The stairs and the Amulet (The Game; Returning to Previous Levels): going down sets up a new
level and the rogue gains a level; going back up finds the level as he left it, its rooms'
encounters rolled again on entering."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.roguelike.actions import Action
from engine.roguelike.character import Item
from engine.roguelike.exploring import enter
from engine.roguelike.setting_up import set_up_level

if TYPE_CHECKING:
    from engine.roguelike.state import State


def problem(state: State, a: Action, item: Item | None) -> str | None:
    """Why taking the stairs or the Amulet is not allowed here; None if it is."""
    landmarks = state.place.landmarks
    if a.kind == "descend":
        return None if "down" in landmarks else "there are no stairs down here"
    if a.kind == "ascend":
        if "up" not in landmarks:
            return "there are no stairs up here"
        return "these stairs lead out of the dungeon: the Amulet is below" if state.depth == 1 else None
    return None if "amulet" in landmarks else "the Amulet is not here"


def descend(state: State, a: Action) -> list[Event]:
    return arrive(state, state.depth + 1)


def ascend(state: State, a: Action) -> list[Event]:
    return arrive(state, state.depth - 1, by_stairs="down")


def arrive(state: State, number: int, by_stairs: str = "up",
           room: int | None = None) -> list[Event]:
    """Arrive on level `number`: a new level is set up and the rogue gains a level."""
    events: list[Event] = []
    rogue = state.rogue
    rogue.level_bonus, rogue.luck_used, rogue.protection = {}, False, 0
    if number > len(state.levels):
        level, log = set_up_level(state.dice, number)
        state.levels.append(level)
        events.append(Event("level", {"level": number, "corner": level.corner, "rolls": log}))
    else:
        state.levels[number - 1].visits += 1
    state.depth = number
    level = state.level
    state.came_from = None
    if room is None:
        room = level.reached.get(by_stairs, level.reached["up"])
    state.here = room
    level.see_place(state.place)
    if number > state.deepest:
        state.deepest = number
        rogue.level = number
        state.phase = "raise"
        events.append(Event("level_up", {"rogue_level": number}))
        return events
    return events + enter(state, room)


def take_amulet(state: State, a: Action) -> list[Event]:
    state.amulet = True
    state.outcome = "won"
    return [Event("amulet_found", {"level": state.depth})]
