"""TURN SEQUENCE: prepare an area (deal its rooms), hack and slash through its columns one room
at a time, then delve: eat, open the level's door in the Dungeon Keys variant, go one area deeper."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.minirogue import character, dungeon, ending

if TYPE_CHECKING:
    from engine.minirogue.state import State


def begin_area(state: State, area: int, events: list[Event]) -> None:
    """PREPARE PHASE for `area`: a fresh shuffle of the room cards."""
    t = state.tables
    state.area = area
    state.layout = dungeon.deal(t, state.dice, area)
    state.column = 0
    state.taken = []
    state.turn_kills = 0
    state.pending = "room"
    level = t.level_of(area)
    events.append(Event("area_begins", {"area": area, "level": level.number,
                                        "level_name": level.name,
                                        "boss": dungeon.is_last_area(t, area)}))
    _reveal(state, events)


def _reveal(state: State, events: list[Event]) -> None:
    column = dungeon.columns_here(state.tables, state.layout, state.area)[state.column]
    events.append(Event("column_revealed", {"column": state.column, "rooms": list(column)}))


def finish_room(state: State, events: list[Event]) -> None:
    """The room is resolved: on to the next column, or delve when the area is done."""
    if state.outcome is not None:
        return
    state.fight = None
    state.column += 1
    if state.column >= len(dungeon.columns_here(state.tables, state.layout, state.area)):
        delve(state, events)
    else:
        state.pending = "room"
        _reveal(state, events)


def delve(state: State, events: list[Event]) -> None:
    """DELVING PHASE: one ration, or 2 HP when there is none; then the next area."""
    t, hero = state.tables, state.hero
    if hero.food >= t.food_per_delve:
        character.lose(hero, t, "food", t.food_per_delve, events, "delving")
    else:
        events.append(Event("starving", {"hp_loss": t.starving_hp_loss}))
        character.lose(hero, t, "hp", t.starving_hp_loss, events, "starving")
        if ending.check_death(state, events, "starving"):
            return
    if state.dungeon_keys and dungeon.is_last_area(t, state.area):
        if not state.has_key:
            events.append(Event("door_locked", {"level": dungeon.level_number(t, state.area)}))
            ending.die(state, events, "locked_door")
            return
        state.has_key = False
        events.append(Event("door_opened", {"level": dungeon.level_number(t, state.area)}))
    # The last area ends with the final boss, whose fall ends the game before any delving.
    begin_area(state, min(state.area + 1, t.last_area), events)
