"""Recorded runs replayed in CI: a rules change that alters any outcome shows up here (bump
RULES_VERSION and record them again)."""

import json
from pathlib import Path

import pytest

from engine.tabledungeon import RULES

RUNS = sorted((Path(__file__).parent / "runs").glob("*.run.json"))


def test_the_corpus_is_there():
    assert len(RUNS) >= 3


@pytest.mark.parametrize("path", RUNS, ids=lambda p: p.name)
def test_each_recorded_run_still_verifies_to_its_claims(path):
    run = json.loads(path.read_text())
    verdict = RULES.verify(run)
    assert verdict.ok, verdict.reason
    assert verdict.figures == run["claimed"]  # every figure claimed, and each the same


def test_a_run_of_the_previous_rules_version_is_refused():
    run = json.loads(RUNS[0].read_text())
    run["rules_version"] -= 1  # the same actions, recorded before the last rules change
    verdict = RULES.verify(run)
    assert (verdict.ok, verdict.code) == (False, "other_rules_version")
