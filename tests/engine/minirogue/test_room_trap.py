"""Trap card: a die picks the trap, a skill check evades it; a penalty that cannot be paid costs
2 HP; the pit drops the hero into the area below."""

from __future__ import annotations

import pytest

from tests.engine.minirogue.support import act, deal, first, game, kinds

TRAP_FIRST = deal("trap", "monster treasure", "resting", "merchant event")


@pytest.mark.parametrize(("face", "stat", "loss"), [(1, "food", 1), (2, "gold", 1),
                                                      (3, "armor", 1), (4, "hp", 1),
                                                      (5, "xp", 1)])
def test_a_sprung_trap_takes_its_penalty(face: int, stat: str, loss: int) -> None:
    state = game(deals={1: TRAP_FIRST}, trap=[face], skill=[6])
    state.hero.armor, state.hero.xp = 1, 1
    before = getattr(state.hero, stat)
    events = act(state, "enter 0")
    assert "trap_sprung" in kinds(events)
    assert getattr(state.hero, stat) == before - loss


@pytest.mark.parametrize(("face", "stat"), [(1, "food"), (2, "gold"), (3, "armor"), (5, "xp")])
def test_a_penalty_that_cannot_be_paid_costs_2_hp(face: int, stat: str) -> None:
    state = game(deals={1: TRAP_FIRST}, trap=[face], skill=[6])
    state.hero.food, state.hero.gold, state.hero.armor, state.hero.xp = 0, 0, 0, 0
    events = act(state, "enter 0")
    assert first(events, "penalty_in_health") == {"stat": stat, "hp_loss": 2}
    assert state.hero.hp == 3


def test_rulebook_example_the_pit_from_area_10_lands_in_area_13() -> None:
    state = game(area=10, deals={10: TRAP_FIRST}, trap=[6], skill=[6])
    state.hero.hp = 10
    events = act(state, "enter 0")
    assert first(events, "fell") == {"from": 10, "to": 13}
    assert state.area == 13 and state.hero.hp == 8
    # No food is eaten by falling, the cards stay, play resumes on the next column.
    assert state.hero.food == 6 and state.column == 1 and state.pending == "room"


def test_monsters_after_a_fall_are_of_the_new_area() -> None:
    state = game(area=10, deals={10: TRAP_FIRST}, trap=[6], skill=[6], monster_hp=[1],
                 attack=[2])
    state.hero.hp = 20
    events = act(state, "enter 0", "enter 0")
    assert first(events, "fight_begins")["hp"] == 14 and first(events, "fight_begins")["level"] == 5


def test_on_level_5_the_pit_only_hurts() -> None:
    state = game(area=12, deals={12: TRAP_FIRST}, trap=[6], skill=[6])
    events = act(state, "enter 0")
    assert "fell" not in kinds(events) and state.area == 12 and state.hero.hp == 3


def test_falling_into_a_levels_last_area_brings_its_boss() -> None:
    state = game(area=2, deals={2: TRAP_FIRST}, trap=[6], skill=[6])
    state.hero.hp = 10
    act(state, "enter 0")
    assert state.area == 4
    assert state.view().columns[-1].rooms[0].room == "boss"
    state.column = 4
    assert first(act(state, "enter 0"), "fight_begins")["name"] == "Skeleton Lord"


def test_falling_out_of_a_levels_last_area_leaves_its_boss_behind() -> None:
    state = game(area=4, deals={4: TRAP_FIRST}, trap=[6], skill=[6])
    state.hero.hp = 10
    assert len(state.view().columns) == 5
    act(state, "enter 0")
    assert state.area == 6 and len(state.view().columns) == 4


def test_the_pit_can_kill() -> None:
    state = game(deals={1: TRAP_FIRST}, trap=[6], skill=[6])
    state.hero.hp = 2
    events = act(state, "enter 0")
    assert first(events, "game_over") == {"outcome": "dead", "cause": "pit", "area": 1}
