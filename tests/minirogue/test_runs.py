"""Run documents: record a game, verify it by replaying; refuse what is truncated, forged or
malformed, naming the offending action's index."""

from __future__ import annotations

import json

import pytest

from engine.minirogue import RULES, RULES_VERSION, Action, Verdict, figures, record, verify
from tests.minirogue.players import careful_choice, play, won_game

EVERY_KIND = [Action.from_dict(d) for d in (
    {"do": "enter", "row": 1}, {"do": "strike"}, {"do": "pass"}, {"do": "leave"},
    {"do": "choose", "face": 9}, {"do": "rest", "option": "heal"})]


@pytest.fixture(scope="module")
def won():
    return won_game()


@pytest.fixture(scope="module")
def lost():
    state = play(RULES.new_game(seed=4, difficulty="impossible", dungeon_keys=True),
                 careful_choice)
    assert state.outcome == "dead"
    return state


def test_a_record_holds_the_setup_the_actions_and_the_figures(won) -> None:
    run = RULES.record(won, player="Ann", recorded="2026-11-22T20:00:00Z")
    assert list(run) == ["format_version", "game", "rules_version", "seed", "difficulty",
                         "dungeon_keys", "player", "recorded", "actions", "claimed"]
    assert (run["format_version"], run["game"], run["rules_version"]) == (2, "minirogue",
                                                                          RULES_VERSION)
    assert (run["seed"], run["difficulty"], run["dungeon_keys"]) == (won.seed, "casual", False)
    assert run["actions"] == won.serialize() and run["claimed"] == figures(won)
    assert run["claimed"]["outcome"] == "won"


@pytest.mark.parametrize("which", ["won", "lost"])
def test_a_recorded_run_verifies_through_json(which, request) -> None:
    state = request.getfixturevalue(which)
    run = json.loads(json.dumps(record(state, "Bo")))
    verdict = RULES.verify(run)
    assert verdict == Verdict(True, None, figures(state))
    assert verdict.figures["outcome"] == state.outcome


def test_a_truncated_run_is_refused(won) -> None:
    run = record(won, "Ann")
    run["actions"] = run["actions"][:-1]
    verdict = verify(run)
    assert not verdict.ok and "the game is still going" in verdict.reason


def test_an_edited_action_is_refused_with_its_index(won) -> None:
    run = record(won, "Ann")
    index = len(run["actions"]) // 2
    replayed = RULES.replay(won.seed, run["actions"][:index], difficulty="casual")
    illegal = next(a for a in EVERY_KIND if replayed.why_illegal(a) is not None)
    run["actions"][index] = illegal.to_dict()
    verdict = verify(run)
    assert (verdict.ok, verdict.index) == (False, index)
    assert verdict.reason.startswith(f"action {index} ({illegal}) is illegal: ")


def test_a_malformed_action_is_refused_with_its_index(won) -> None:
    run = record(won, "Ann")
    run["actions"][3] = {"do": "enter", "row": "0"}
    verdict = verify(run)
    assert (verdict.ok, verdict.index) == (False, 3)
    assert verdict.reason == "action 3 is not an action: row must be a whole number"


def test_an_action_after_the_end_is_refused(lost) -> None:
    run = record(lost, "Ann")
    run["actions"].append({"do": "strike"})
    verdict = verify(run)
    assert verdict.index == len(run["actions"]) - 1 and "after the end" in verdict.reason


@pytest.mark.parametrize(("name", "value", "reason"), [
    ("score", 1, "score: the run claims 1, the replay gives"),
    ("outcome", "dead", "outcome: the run claims 'dead', the replay gives 'won'"),
    ("area", True, "area: the run claims True"),
    ("stars", 5, "'stars' is not a figure of minirogue"),
])
def test_forged_figures_are_refused(won, name: str, value, reason: str) -> None:
    run = record(won, "Ann")
    run["claimed"][name] = value
    verdict = verify(run)
    assert not verdict.ok and verdict.reason.startswith(reason)


def test_a_run_played_on_another_setup_does_not_verify(won) -> None:
    run = record(won, "Ann")
    run["difficulty"] = "hard"
    assert not verify(run).ok
    run = record(won, "Ann")
    run["seed"] += 1
    assert not verify(run).ok


@pytest.mark.parametrize(("change", "reason"), [
    ({"rules_version": RULES_VERSION + 1}, "the run was played under other rules"),
    ({"game": "cardrogue"}, "this is not a run of minirogue"),
    ({"format_version": 1}, "this game reads run format 2 only"),
    ({"surprise": 1}, "unknown field(s): surprise"),
    ({"difficulty": "nightmare"}, "difficulty must be one of"),
    ({"dungeon_keys": "no"}, "dungeon_keys must be true or false"),
    ({"seed": -3}, "seed must be a whole number"),
    ({"player": " Ann"}, "player must be a name"),
    ({"player": "A\x1b[31m"}, "player must be at most 40 printable characters"),
    ({"recorded": "yesterday"}, "recorded must be a UTC time"),
    ({"actions": {}}, "actions must be a list"),
    ({"claimed": []}, "claimed must be an object"),
])
def test_a_malformed_run_is_refused_with_a_reason(won, change: dict, reason: str) -> None:
    run = {**record(won, "Ann"), **change}
    verdict = verify(run)
    assert not verdict.ok and verdict.reason.startswith(reason) and verdict.figures == {}


def test_a_missing_field_or_no_object_is_refused(won) -> None:
    run = record(won, "Ann")
    del run["seed"]
    assert verify(run).reason == "missing field(s): seed"
    assert verify([1, 2]).reason == "a run is one JSON object"


def test_a_run_without_claims_still_verifies_and_reports_the_replays_figures(won) -> None:
    run = record(won, "Ann")
    del run["claimed"], run["recorded"]
    verdict = verify(run)
    assert verdict.ok and verdict.figures == figures(won)
