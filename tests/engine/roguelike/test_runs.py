"""Runs: record a game, verify it by replaying; truncated or edited runs are refused; the same
seed and actions give byte-identical events whatever PYTHONHASHSEED is."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.roguelike import RULES
from engine.roguelike.actions import Action
from tests.engine.roguelike.support import random_play

REPO = Path(__file__).resolve().parents[3]


def finished(seed: int = 1):
    state = random_play(seed, bound=5000)
    assert state.is_over
    return state


def test_a_recorded_run_verifies() -> None:
    state = finished()
    run = RULES.record(state, player="Ann")
    assert run["format_version"] == 2 and run["game"] == "roguelike"
    assert run["player"] == "Ann" and run["seed"] == 1
    json.dumps(run)
    verdict = RULES.verify(run)
    assert verdict.ok, verdict.reason
    assert verdict.figures == run["claimed"]
    assert verdict.figures["outcome"] in ("won", "dead")


def test_a_truncated_run_is_refused() -> None:
    run = RULES.record(finished(), player="Ann")
    run["actions"] = run["actions"][:-1]
    verdict = RULES.verify(run)
    assert not verdict.ok and verdict.code == "does_not_finish"
    assert "still going" in verdict.reason


def test_an_edited_claim_is_refused_with_the_difference() -> None:
    run = RULES.record(finished(), player="Ann")
    run["claimed"]["score"] += 100
    verdict = RULES.verify(run)
    assert not verdict.ok and verdict.code == "claims_differ"
    assert verdict.reason.startswith("claims differ: score")


def test_an_edited_action_is_refused_naming_it() -> None:
    run = RULES.record(finished(2), player="Ann")
    edited = copy.deepcopy(run)
    edited["actions"][0] = {"do": "choose_skill", "name": "juggling"}
    verdict = RULES.verify(edited)
    assert not verdict.ok and verdict.code == "illegal_action" and verdict.report["index"] == 0
    assert "juggling is not a skill" in verdict.reason
    edited = copy.deepcopy(run)
    edited["actions"][2] = {"do": "descend", "door": 1}  # descend takes no door: unreadable
    verdict = RULES.verify(edited)
    assert verdict.code == "bad_run" and verdict.report["index"] == 2


@pytest.mark.parametrize("change,code,reason", [
    ({"game": "cardrogue"}, "other_game", "not 'roguelike'"),
    ({"rules_version": 999}, "other_rules_version", "rules version"),
    ({"format_version": 3}, "other_format_version", "format version"),
    ({"seed": -4}, "bad_run", "seed"),
    ({"player": ""}, "bad_run", "player"),
    ({"player": "Ann\x1b[2J"}, "bad_run", "player"),
    ({"extra": 1}, "bad_run", "unknown field"),
    ({"actions": "all"}, "bad_run", "actions"),
    ({"claimed": {"gold": 3}}, "bad_run", "not a Rogue Like Roguelike figure"),
])
def test_a_bad_header_is_refused(change, code, reason) -> None:
    run = RULES.record(finished(), player="Ann")
    run.update(change)
    verdict = RULES.verify(run)
    assert not verdict.ok and verdict.code == code and reason in verdict.reason


def test_recording_refuses_a_name_that_could_not_verify() -> None:
    with pytest.raises(ValueError, match="player"):
        RULES.record(finished(), player="Ann\n")


def test_a_run_missing_a_field_or_not_a_table_is_refused() -> None:
    run = RULES.record(finished(), player="Ann")
    del run["seed"]
    assert "missing field(s): seed" in RULES.verify(run).reason
    assert RULES.verify(["not", "a", "run"]).code == "bad_run"


def test_a_different_seed_does_not_verify() -> None:
    run = RULES.record(finished(3), player="Ann")
    run["seed"] = 4
    assert not RULES.verify(run).ok


@pytest.mark.parametrize("data", [
    {"do": "open"}, {"do": "open", "door": "1"}, {"do": "open", "door": 1, "item": 2},
    {"do": "raise", "names": ["a"]}, {"do": "nothing"}, [], {"do": "open", "door": True},
])
def test_actions_parse_strictly(data) -> None:
    with pytest.raises(ValueError):
        Action.from_dict(data)


def test_actions_round_trip() -> None:
    for action in random_play(5, bound=300).history:
        assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action


SCRIPT = """
import hashlib, json
from engine.core.dice import Dice
from engine.roguelike import RULES
out = hashlib.sha256()
for seed in range(6):
    state = RULES.new_game(seed=seed)
    chooser = Dice(seed)
    for _ in range(400):
        if state.is_over:
            break
        legal = state.legal_actions()
        events = state.apply(legal[chooser.below("player", len(legal))])
        out.update(json.dumps([e.to_dict() for e in events], sort_keys=True).encode())
    out.update(state.fingerprint().encode())
print(out.hexdigest())
"""


def test_events_are_byte_identical_whatever_the_hash_seed() -> None:
    digests = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                                cwd=REPO, env=env, check=True)
        digests.add(result.stdout.strip())
    assert len(digests) == 1
