"""THE DUNGEON KEYS VARIANT: a trap room in each level gives its key; the door at the end of the
level's last area needs it (our reading: without it the hero is shut in, and the run ends)."""

from __future__ import annotations

from tests.engine.minirogue.support import WALK, act, deal, every, first, game, kinds, rig, walk


def test_a_trap_gives_the_key_even_when_evaded() -> None:
    state = game(dungeon_keys=True, deals={1: WALK})
    events = walk(state)
    assert first(events, "key_found") == {"level": 1} and "trap_evaded" in kinds(events)
    assert state.has_key and state.view().has_key


def test_only_the_first_trap_of_a_level_gives_a_key() -> None:
    state = game(dungeon_keys=True, deals={1: WALK, 2: WALK})
    walk(state)
    events = walk(state)
    assert "key_found" not in kinds(events)


def test_the_door_takes_the_key_after_the_food_and_the_next_level_needs_a_new_one() -> None:
    state = game(dungeon_keys=True, area=2, deals={2: WALK})
    walk(state)
    rig(state, "attack", 6)
    rig(state, "critical", 4)
    rig(state, "item", 1)
    events = act(state, "enter 0", "reroll 0", "strike")
    kinds_ = kinds(events)
    assert kinds_.index("door_opened") > kinds_.index("loss")  # food first, then the door
    assert first(events, "door_opened") == {"level": 1}
    assert not state.has_key and state.area == 3


def test_without_the_key_the_door_stays_shut_and_the_run_ends() -> None:
    skip_the_trap = deal("resting", "merchant monster", "event", "trap treasure")
    state = game(dungeon_keys=True, area=2, deals={2: skip_the_trap}, event=[1], skill=[6],
                 treasure=[1], attack=[6], critical=[4], item=[1])
    act(state, "enter 0", "rest heal", "enter 0", "leave", "enter 0", "enter 1")
    assert not state.has_key and state.column == 4
    events = act(state, "enter 0", "reroll 0", "strike")  # the Undead Giant falls
    assert first(events, "door_locked") == {"level": 1}
    assert first(events, "game_over") == {"outcome": "dead", "cause": "locked_door", "area": 2}
    assert state.legal_actions() == []


def test_a_pit_gives_the_key_and_it_opens_the_door_of_the_level_below() -> None:
    trap_first = deal("trap", "monster treasure", "resting", "merchant event")
    state = game(dungeon_keys=True, area=2, deals={2: trap_first}, trap=[6], skill=[6])
    state.hero.hp = 10
    events = act(state, "enter 0")
    assert first(events, "key_found") == {"level": 1} and state.area == 4 and state.has_key


def test_the_plain_game_has_no_keys() -> None:
    state = game(deals={1: WALK})
    events = walk(state)
    assert "key_found" not in kinds(events) and not state.has_key
    assert every(events, "door_locked") == []
