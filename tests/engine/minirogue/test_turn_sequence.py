"""TURN SEQUENCE: one room per column, then the delving phase: a ration (or 2 HP), the next area
and a new deal."""

from __future__ import annotations

import pytest

from engine.core.protocol import IllegalAction
from tests.engine.minirogue.support import WALK, act, every, first, game, kinds, parse, rig, walk


def test_one_room_per_column_then_the_next_column_is_revealed() -> None:
    state = game(deals={1: WALK})
    assert [a.row for a in state.legal_actions() if a.kind == "enter"] == [0]
    events = act(state, "enter 0", "rest heal")
    assert first(events, "column_revealed") == {"column": 1, "rooms": ["merchant", "treasure"]}
    assert [a.row for a in state.legal_actions() if a.kind == "enter"] == [0, 1]
    assert state.view().columns[0].rooms[0].taken


def test_a_row_the_column_lacks_is_refused_with_a_reason() -> None:
    state = game(deals={1: WALK})
    with pytest.raises(IllegalAction, match="this column holds one room, counted from row 0; there is no row 1"):
        state.apply(parse("enter 1"))
    assert state.history == []


def test_the_delving_phase_eats_a_ration_and_deals_the_next_area() -> None:
    state = game(deals={1: WALK, 2: WALK})
    events = walk(state)
    food = [e for e in every(events, "loss") if e["source"] == "delving"]
    assert food == [{"stat": "food", "amount": 1, "before": 6, "after": 5, "source": "delving"}]
    assert first(events, "area_begins") == {"area": 2, "level": 1, "level_name": "The Black Sewers",
                                            "boss": True}
    assert (state.area, state.column, state.taken, state.pending) == (2, 0, [], "room")


def test_starving_with_no_food_costs_2_hp_and_can_kill() -> None:
    state = game(deals={1: WALK})
    rig_events = walk_without_ration(state, hp=2)
    assert "starving" in kinds(rig_events)
    assert first(rig_events, "game_over") == {"outcome": "dead", "cause": "starving", "area": 1}


def walk_without_ration(state, hp: int):
    state.hero.food, state.hero.hp = 0, hp
    rig(state, "event", 3)  # loot instead of a ration
    rig(state, "skill", 6, 1)
    rig(state, "trap", 4)
    return act(state, "enter 0", "rest weapon", "enter 0", "leave", "enter 0", "enter 1")


def test_starving_hero_with_health_to_spare_goes_on() -> None:
    state = game(deals={1: WALK})
    events = walk_without_ration(state, hp=5)
    assert first(events, "starving") == {"hp_loss": 2} and state.hero.hp == 3 and state.area == 2


def test_the_level_changes_after_its_last_area() -> None:
    state = game(area=2, deals={2: WALK})
    walk(state)
    assert state.column == 4 and state.view().columns[4].current  # the boss is next
    rig(state, "attack", 6)
    rig(state, "critical", 4)
    rig(state, "item", 1)
    events = act(state, "enter 0", "reroll 0", "strike")
    assert first(events, "area_begins")["level"] == 2 and state.view().level == 2
