"""The game contract (engine/core/contract.py), checked for every registered game.

Each game offers a few sample setups (`Rules.sample_options()`); every test here runs on each
setup of each game in `engine.games.names()`, so a new game is checked as soon as it is
registered, and of the test game Nim (conftest.py registers it). Play is random but seeded: a
failure names the game, the setup and the seed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import games
from engine.core.contract import Rules, Verdict
from engine.core.protocol import IllegalAction
from engine.core.state import GameState
from tests.contract.support import BOUND, as_plain, context, play, setups

SEEDS = (1, 2, 3)


def test_every_registered_game_loads_as_rules() -> None:
    names = games.names()
    assert "cardrogue" in names and len(set(names)) == len(names)
    for name in games.names():
        rules = games.load(name)
        assert isinstance(rules, Rules)
        assert rules.name == name and isinstance(rules.rules_version, int)
        assert rules.sample_options(), f"{name} offers no sample setup to test"


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_each_built_in_state_takes_the_shared_checks_from_core(name: str) -> None:
    """The project's own games write only their rules: refusing an illegal action before any
    change, the history as the run and "over once there is an outcome" are
    engine.core.state.GameState's, once."""
    rules = games.load(name)
    state = rules.new_game(**rules.sample_options()[0])
    assert isinstance(state, GameState)
    for method in ("apply", "serialize", "is_over"):
        assert method not in vars(type(state)), f"{name} writes its own {method}"


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(games.UnknownGame, match="no game named 'chess'"):
        games.load("chess")
    verdict = games.verify({"format_version": 1, "game": "chess", "actions": []})
    assert not verdict.ok and verdict.code == "other_game" and "chess" in verdict.reason


@pytest.mark.parametrize("name, options", setups())
def test_random_legal_play_ends_or_reaches_the_bound(name: str, options: dict[str, Any]) -> None:
    rules = games.load(name)
    for seed in SEEDS:
        state = play(rules, options, seed)
        assert state.is_over or len(state.history) == BOUND
        if state.is_over:
            assert list(state.legal_actions()) == []
            assert state.outcome is not None and state.current_player is None
            assert all(isinstance(points, int) for points in state.returns())
        else:
            assert state.current_player is not None


@pytest.mark.parametrize("name, options", setups())
def test_every_listed_action_is_legal_and_an_illegal_one_changes_nothing(
        name: str, options: dict[str, Any]) -> None:
    rules = games.load(name)
    state = play(rules, options, seed=4, bound=30)
    if state.is_over:
        return
    for action in state.legal_actions():
        assert state.why_illegal(action) is None, action
    # An action the game does not list now: refused with a reason, and the state is unchanged.
    # One kind a game cannot even read (ValueError) is fine; otherwise it must refuse it here.
    try:
        unreadable = rules.parse_action({"do": "no_such_action"})
    except ValueError:
        unreadable = None
    legal_now = list(state.legal_actions())
    not_now = [action for action in earlier_actions(rules, options, state) + [unreadable]
               if action is not None and action not in legal_now]
    assert not_now, "no action to try that is illegal now"
    before = state.fingerprint()
    for bogus in not_now[:20]:
        assert state.why_illegal(bogus), bogus
        with pytest.raises(IllegalAction):
            state.apply(bogus)
        assert state.fingerprint() == before


def earlier_actions(rules: Rules, options: dict[str, Any], state: Any) -> list[Any]:
    """Actions that were legal at some earlier point of `state`'s game, replayed from the start."""
    replay = rules.new_game(**options)
    seen: list[Any] = []
    for action in state.history:
        seen.extend(a for a in replay.legal_actions() if a not in seen)
        replay.apply(action)
    return seen


@pytest.mark.parametrize("name, options", setups())
def test_replaying_the_history_gives_the_same_fingerprint(name: str,
                                                          options: dict[str, Any]) -> None:
    rules = games.load(name)
    for seed in SEEDS:
        state = play(rules, options, seed)
        fresh = rules.new_game(**options)
        for action in state.history:
            fresh.apply(action)
        assert fresh.fingerprint() == state.fingerprint()
        # serialize() is the history as JSON: parsed back, it replays to the same game.
        stored = json.loads(json.dumps(state.serialize()))
        again = rules.new_game(**options)
        for data in stored:
            again.apply(rules.parse_action(data))
        assert again.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("name, options", setups())
def test_a_recorded_game_verifies_and_a_truncated_run_is_refused(
        name: str, options: dict[str, Any]) -> None:
    rules = games.load(name)
    finished = 0
    for seed in SEEDS:
        state = play(rules, options, seed)
        run = json.loads(json.dumps(rules.record(state, player="Tester")))
        assert run["game"] == name and run["rules_version"] == rules.rules_version
        verdict = games.verify(run, **context(options))
        assert isinstance(verdict, Verdict)
        if not state.is_over:
            assert not verdict.ok and verdict.code == "does_not_finish", verdict.reason
            continue
        finished += 1
        assert verdict.ok, verdict.reason
        assert verdict.reason == "" and verdict.figures
        json.dumps(verdict.report)
        if run["actions"]:
            truncated = {**run, "actions": run["actions"][:-1]}
            refused = games.verify(truncated, **context(options))
            assert not refused.ok and refused.reason and refused.code
    assert finished, f"no random game of {name} ended within {BOUND} actions"


@pytest.mark.parametrize("name, options", setups())
def test_a_clone_is_independent(name: str, options: dict[str, Any]) -> None:
    rules = games.load(name)
    state = play(rules, options, seed=5, bound=20)
    if state.is_over:
        return
    copy = state.clone()
    before = state.fingerprint()
    assert copy.fingerprint() == before
    copy.apply(list(copy.legal_actions())[0])
    assert state.fingerprint() == before != copy.fingerprint()
    assert len(state.history) + 1 == len(copy.history)


@pytest.mark.parametrize("name, options", setups())
def test_a_view_is_plain_data_and_looking_changes_nothing(name: str,
                                                          options: dict[str, Any]) -> None:
    rules = games.load(name)
    state = play(rules, options, seed=6, bound=40)
    before = state.fingerprint()
    seats = range(len(state.returns()))
    for seat in seats:
        json.dumps(as_plain(state.view(seat)))
    assert state.fingerprint() == before
