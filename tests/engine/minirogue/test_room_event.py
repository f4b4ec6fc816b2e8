"""Event card: a die picks the event; a passed skill check lets the hero shift it by one."""

from __future__ import annotations

import pytest

from engine.core.protocol import IllegalAction
from tests.engine.minirogue.support import act, deal, first, game, parse

EVENT_FIRST = deal("event", "monster treasure", "resting", "merchant trap")


def test_rulebook_example_oscar_rolls_3_passes_the_check_and_takes_the_whetstone() -> None:
    state = game(deals={1: EVENT_FIRST}, event=[3], skill=[1])
    events = act(state, "enter 0")
    assert first(events, "event_roll") == {"roll": 3, "result": "loot"}
    assert first(events, "skill_check") == {"roll": 1, "rank": 1, "success": True,
                                            "for": "event"}
    assert state.pending == "event" and state.view().event_options == (2, 3, 4)
    assert sorted(a.face for a in state.legal_actions()) == [2, 3, 4]
    events = act(state, "choose 4")
    assert first(events, "event_result") == {"face": 4, "result": "whetstone",
                                             "name": "Found Whetstone"}
    assert state.hero.xp == 2 and state.column == 1


def test_a_failed_check_takes_the_roll_as_it_is() -> None:
    state = game(deals={1: EVENT_FIRST}, event=[3], skill=[2])
    act(state, "enter 0")
    assert state.hero.gold == 5 and state.pending == "room"


def test_the_shift_stays_on_the_die() -> None:
    state = game(deals={1: EVENT_FIRST}, event=[6], skill=[1])
    act(state, "enter 0")
    assert state.event_options == (5, 6)
    with pytest.raises(IllegalAction, match="choose one of 5, 6"):
        state.apply(parse("choose 4"))


@pytest.mark.parametrize(("face", "stat", "gain"), [(1, "food", 1), (2, "hp", 2), (3, "gold", 2),
                                                      (4, "xp", 2), (5, "armor", 1)])
def test_each_finding(face: int, stat: str, gain: int) -> None:
    state = game(deals={1: EVENT_FIRST}, event=[face], skill=[6])
    state.hero.food = 2
    before = getattr(state.hero, stat)
    act(state, "enter 0")
    assert getattr(state.hero, stat) == before + gain


def test_a_6_is_a_monster_with_twice_the_level_in_damage_and_2_xp() -> None:
    state = game(area=3, deals={3: EVENT_FIRST}, event=[6], skill=[6], monster_hp=[2],
                 attack=[5])
    events = act(state, "enter 0")
    assert first(events, "fight_begins") == {"foe": "event_monster", "name": "Wandering Monster",
                                             "level": 2, "hp": 5, "damage": 4}
    act(state, "strike")
    assert state.hero.xp == 2 and state.monsters_defeated == 1
