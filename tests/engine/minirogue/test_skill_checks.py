"""SKILL CHECKS: one die, a success on a face no higher than the rank."""

from __future__ import annotations

import pytest

from tests.engine.minirogue.support import act, deal, first, game, kinds

TRAP_FIRST = deal("trap", "monster treasure", "resting", "merchant event")


def test_rulebook_example_martha_at_rank_2_evades_mold_miasma_on_a_1_or_a_2() -> None:
    for face, evaded in [(1, True), (2, True), (3, False)]:
        state = game(deals={1: TRAP_FIRST}, trap=[1], skill=[face])
        state.hero.rank = 2
        events = act(state, "enter 0")
        assert first(events, "trap_roll")["name"] == "Mold Miasma"
        assert ("trap_evaded" in kinds(events)) is evaded
        assert state.hero.food == (6 if evaded else 5)


@pytest.mark.parametrize("rank", [1, 2, 3, 4])
def test_the_rank_is_the_highest_face_that_passes(rank: int) -> None:
    for face in range(1, 7):
        state = game(deals={1: TRAP_FIRST}, trap=[4], skill=[face])
        state.hero.rank = rank
        check = first(act(state, "enter 0"), "skill_check")
        assert check["success"] is (face <= rank)
