"""END OF THE GAME and the score sheet (ours: the printed sheet is missing)."""

from __future__ import annotations

import pytest

from engine.core.protocol import IllegalAction
from engine.minirogue.scoring import score, score_parts
from tests.engine.minirogue.support import PLAIN, act, game, parse


def dead_in_area(area: int, difficulty: str = "normal"):
    state = game(difficulty, area=area, deals={area: PLAIN}, monster_hp=[6], attack=[2])
    state.hero.hp, state.hero.armor = 1, 0
    act(state, "enter 0", "strike")
    assert state.outcome == "dead"
    return state


def test_a_dead_hero_ends_the_game_and_every_action_is_refused() -> None:
    state = dead_in_area(3)
    assert state.is_over and state.returns() == [0] and state.legal_actions() == []
    assert state.why_illegal(parse("strike")) == "the game is over"
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(parse("enter 0"))


def test_the_score_counts_depth_first() -> None:
    state = dead_in_area(7)
    parts = score_parts(state)
    assert parts["depth"] == 70 and parts["hp"] == 0 and parts["victory"] == 0
    assert score(state) == sum(parts.values())  # normal: 100 %
    assert score(dead_in_area(8)) > score(state)


def test_harder_difficulties_are_worth_more_for_the_same_run() -> None:
    scores = [score(dead_in_area(5, d)) for d in ("casual", "normal", "hard", "impossible")]
    assert scores == sorted(scores) and len(set(scores)) == 4


def test_a_win_carries_the_bonus_and_what_the_hero_carries_out() -> None:
    state = game(area=14, deals={14: PLAIN}, attack=[3])
    state.column = 4
    state.hero.hp, state.hero.gold, state.hero.armor = 12, 4, 2
    act(state, "enter 0")
    state.fight.hp = 1
    act(state, "strike")
    parts = score_parts(state)
    assert state.outcome == "won"
    assert (parts["victory"], parts["hp"], parts["gold"], parts["armor"]) == (100, 12, 4, 4)
    assert state.view().score == score(state)
