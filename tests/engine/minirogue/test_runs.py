"""Run documents: record a game, verify it by replaying; refuse what is truncated, forged or
malformed with core's refusal codes (engine.core.runs), naming the offending action's index."""

from __future__ import annotations

import json

import pytest

from engine import games
from engine.core.contract import Verdict
from engine.core.runs import RunError
from engine.minirogue import (
    RULES,
    RULES_VERSION,
    Action,
    Run,
    figures,
    record,
    run_from_dict,
    verify,
)
from tests.engine.minirogue.players import careful_choice, play, won_game

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
    assert isinstance(verdict, Verdict) and verdict.ok and verdict.reason == ""
    assert verdict.figures == figures(state) and verdict.figures["outcome"] == state.outcome
    assert verdict.report["run_hash"] == run_from_dict(run).hash
    assert verdict.report["player"] == "Bo" and verdict.report["score"] == state.score


def test_the_run_is_read_through_the_registry_with_its_hash(won) -> None:
    run = record(won, "Ann", recorded="2026-11-22T20:00:00Z")
    parsed = games.run_from_dict(run)
    assert isinstance(parsed, Run) and parsed.to_dict() == run
    again = games.parse_run(parsed.to_json())
    assert again == parsed and again.hash == parsed.hash
    # The hash is what was played: neither the claims nor the date change it.
    assert run_from_dict({**run, "recorded": "2026-11-23T08:00:00Z", "claimed": {}}).hash == \
        parsed.hash
    assert run_from_dict({**run, "player": "Bo"}).hash != parsed.hash


def test_a_truncated_run_is_refused(won) -> None:
    run = record(won, "Ann")
    run["actions"] = run["actions"][:-1]
    verdict = verify(run)
    assert not verdict.ok and verdict.code == "does_not_finish"
    assert "the game is still going" in verdict.reason


def test_an_edited_action_is_refused_with_its_index(won) -> None:
    run = record(won, "Ann")
    index = len(run["actions"]) // 2
    replayed = RULES.replay(won.seed, run["actions"][:index], difficulty="casual")
    illegal = next(a for a in EVERY_KIND if replayed.why_illegal(a) is not None)
    run["actions"][index] = illegal.to_dict()
    verdict = verify(run)
    assert (verdict.ok, verdict.code, verdict.report["index"]) == (False, "illegal_action", index)
    assert verdict.reason.startswith(f"illegal action: action {index} ({illegal}) is illegal: ")


def test_a_malformed_action_is_refused_with_its_index(won) -> None:
    run = record(won, "Ann")
    run["actions"][3] = {"do": "enter", "row": "0"}
    verdict = verify(run)
    assert (verdict.ok, verdict.code, verdict.report["index"]) == (False, "bad_run", 3)
    assert verdict.reason == "bad run: action 3: row must be a whole number"


def test_an_action_after_the_end_is_refused(lost) -> None:
    run = record(lost, "Ann")
    run["actions"].append({"do": "strike"})
    verdict = verify(run)
    assert verdict.code == "illegal_action"
    assert verdict.report["index"] == len(run["actions"]) - 1 and "the game is over" in verdict.reason


@pytest.mark.parametrize(("name", "value", "code", "reason"), [
    ("score", 1, "claims_differ", "claims differ: score: the run claims 1, the replay gives"),
    ("outcome", "dead", "claims_differ",
     'claims differ: outcome: the run claims "dead", the replay gives "won"'),
    ("area", True, "bad_run", "bad run: claimed area must be an integer"),
    ("stars", 5, "claims_differ", "claims differ: stars is not a figure of this game"),
])
def test_forged_figures_are_refused(won, name: str, value, code: str, reason: str) -> None:
    run = record(won, "Ann")
    run["claimed"][name] = value
    verdict = verify(run)
    assert not verdict.ok and verdict.code == code and verdict.reason.startswith(reason)


def test_a_run_played_on_another_setup_does_not_verify(won) -> None:
    run = record(won, "Ann")
    run["difficulty"] = "hard"
    assert not verify(run).ok
    run = record(won, "Ann")
    run["seed"] += 1
    assert not verify(run).ok


@pytest.mark.parametrize(("change", "code", "reason"), [
    ({"rules_version": RULES_VERSION + 1}, "other_rules_version",
     f"the run was played under rules version {RULES_VERSION + 1}"),
    ({"game": "cardrogue"}, "other_game", "this is a run of 'cardrogue', not 'minirogue'"),
    ({"format_version": 1}, "other_format_version", "the run file has format version 1"),
    ({"surprise": 1}, "bad_run", "unknown field(s): surprise"),
    ({"difficulty": "nightmare"}, "bad_run", "difficulty must be one of"),
    ({"dungeon_keys": "no"}, "bad_run", "dungeon_keys must be true or false"),
    ({"seed": -3}, "bad_run", "seed must be between 0 and"),
    ({"seed": 1.5}, "bad_run", "seed must be an integer"),
    ({"player": " Ann"}, "bad_run", "player must be a name"),
    ({"player": "A\x1b[31m"}, "bad_run", "player holds a control character"),
    ({"recorded": "yesterday"}, "bad_run", "recorded must be a UTC time"),
    ({"actions": {}}, "bad_run", "actions must be a list"),
    ({"claimed": []}, "bad_run", "claimed must be an object"),
])
def test_a_malformed_run_is_refused_with_a_reason(won, change: dict, code: str,
                                                  reason: str) -> None:
    run = {**record(won, "Ann"), **change}
    verdict = verify(run)
    assert not verdict.ok and verdict.code == code and verdict.figures == {}
    assert verdict.reason.startswith(f"{code.replace('_', ' ')}: {reason}"), verdict.reason
    assert verdict.report["error"] == code
    if code not in ("other_rules_version", "other_game"):  # verify checks those after reading
        with pytest.raises(RunError) as caught:  # reading raises; verify never does
            run_from_dict(run)
        assert caught.value.code == code


def test_a_missing_field_or_no_object_is_refused(won) -> None:
    run = record(won, "Ann")
    del run["seed"]
    assert verify(run).reason == "bad run: missing field(s): seed"
    assert verify([1, 2]).reason == "bad run: a run file holds one JSON object"  # type: ignore[arg-type]


def test_a_run_without_claims_still_verifies_and_reports_the_replays_figures(won) -> None:
    run = record(won, "Ann")  # no time given: the file has none
    assert "recorded" not in run
    del run["claimed"]
    verdict = verify(run)
    assert verdict.ok and verdict.figures == figures(won)
