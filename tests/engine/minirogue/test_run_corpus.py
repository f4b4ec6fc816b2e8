"""A corpus of recorded runs, replayed on every test run (as Brogue's CI does with its
recordings): a rules change that alters any outcome, score or figure shows up here. When such a
change is meant, bump RULES_VERSION and record the corpus again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.minirogue import verify

RUNS = sorted((Path(__file__).parent / "runs").glob("*.run.json"))


def test_the_corpus_has_wins_deaths_keys_and_a_daily() -> None:
    docs = [json.loads(p.read_text("utf-8")) for p in RUNS]
    outcomes = {d["claimed"]["outcome"] for d in docs}
    assert outcomes == {"won", "dead"}
    assert any(d["dungeon_keys"] for d in docs) and any(p.name.startswith("daily") for p in RUNS)
    assert {d["difficulty"] for d in docs} == {"casual", "normal", "hard", "impossible"}


@pytest.mark.parametrize("path", RUNS, ids=lambda p: p.name)
def test_each_recorded_run_still_verifies_with_its_figures(path: Path) -> None:
    run = json.loads(path.read_text("utf-8"))
    verdict = verify(run)
    assert verdict.ok, verdict.reason
    assert dict(verdict.figures) == run["claimed"]


@pytest.mark.parametrize("path", RUNS[:1], ids=lambda p: p.name)
def test_a_run_of_the_previous_rules_version_is_refused(path: Path) -> None:
    run = json.loads(path.read_text("utf-8"))
    run["rules_version"] -= 1  # the same actions, recorded before the last rules change
    verdict = verify(run)
    assert (verdict.ok, verdict.code) == (False, "other_rules_version")
