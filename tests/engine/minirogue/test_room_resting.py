"""Resting card: one of three options."""

from __future__ import annotations

import pytest

from tests.engine.minirogue.support import act, deal, game

RESTING_FIRST = deal("resting", "monster treasure", "merchant", "event trap")


@pytest.mark.parametrize(("option", "stat", "gain"), [("weapon", "xp", 1), ("food", "food", 1),
                                                        ("heal", "hp", 2)])
def test_one_option_and_the_room_is_done(option: str, stat: str, gain: int) -> None:
    state = game(deals={1: RESTING_FIRST})
    state.hero.food = 3
    before = getattr(state.hero, stat)
    act(state, "enter 0")
    assert sorted(str(a) for a in state.legal_actions()) == \
        ["rest option=food", "rest option=heal", "rest option=weapon"]
    act(state, f"rest {option}")
    assert getattr(state.hero, stat) == before + gain
    assert state.pending == "room" and state.column == 1


def test_food_never_passes_6() -> None:
    state = game(deals={1: RESTING_FIRST})
    act(state, "enter 0", "rest food")
    assert state.hero.food == 6
