"""Properties of random legal play over many seeds: it ends in a win, a death or the bound; the
map stays consistent; the view never shows an unseen square; and the history replays the game
exactly, event for event."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.dice import Dice
from engine.roguelike import RULES
from tests.engine.roguelike.support import check_map, check_view
from tests.hypothesis_profiles import examples

BOUND = 600
seeds = st.integers(min_value=0, max_value=(1 << 64) - 1)


def play(seed: int, chooser_seed: int) -> tuple[object, list[list[dict]]]:
    state = RULES.new_game(seed=seed)
    chooser = Dice(chooser_seed)
    log = []
    for _ in range(BOUND):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal, "a game not over always has a legal action"
        log.append([e.to_dict() for e in state.apply(legal[chooser.below("p", len(legal))])])
        check_map(state)
        check_view(state)
    return state, log


@settings(max_examples=examples(40), deadline=None)
@given(seed=seeds, chooser_seed=seeds)
def test_random_play_ends_consistently_and_replays(seed: int, chooser_seed: int) -> None:
    state, log = play(seed, chooser_seed)
    assert state.is_over or len(state.history) == BOUND
    if state.is_over:
        assert state.outcome in ("won", "dead") and state.legal_actions() == []
        assert (state.outcome == "won") == state.amulet
    again = RULES.new_game(seed=seed)
    replayed = [[e.to_dict() for e in again.apply(a)] for a in state.history]
    assert replayed == log
    assert again.fingerprint() == state.fingerprint()
    stored = RULES.new_game(seed=seed)
    for data in state.serialize():
        stored.apply(RULES.parse_action(data))
    assert stored.fingerprint() == state.fingerprint()


@settings(max_examples=examples(15), deadline=None)
@given(seed=seeds)
def test_a_finished_game_verifies_and_its_cut_short_run_does_not(seed: int) -> None:
    state = RULES.new_game(seed=seed)
    chooser = Dice(seed)
    while not state.is_over and len(state.history) < 5000:
        legal = state.legal_actions()
        state.apply(legal[chooser.below("p", len(legal))])
    run = RULES.record(state, player="Bo")
    verdict = RULES.verify(run)
    assert verdict.ok == state.is_over
    if state.is_over:
        run["actions"] = run["actions"][:-1]
        assert not RULES.verify(run).ok


def test_a_cautious_player_gets_deeper_and_the_map_holds() -> None:
    """Play that prefers stairs, doors and fights reaches later levels; the invariants hold."""
    order = ("take_amulet", "descend", "raise", "ability", "choose_skill", "disable", "climb",
             "attack", "pick", "open", "eat", "buy")
    deepest = 1
    for seed in range(60):
        state = RULES.new_game(seed=seed)
        chooser = Dice(seed)
        while not state.is_over and len(state.history) < 3000:
            legal = state.legal_actions()
            kinds = [a for k in order for a in legal if a.kind == k]
            pool = [a for a in legal if a.kind == kinds[0].kind] if kinds else \
                [a for a in legal if a.kind in ("go", "search", "hack", "force", "cross")] or legal
            state.apply(pool[chooser.below("p", len(pool))])
        check_map(state)
        check_view(state)
        deepest = max(deepest, state.deepest)
    assert deepest >= 3
