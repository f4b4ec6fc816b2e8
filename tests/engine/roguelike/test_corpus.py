"""A corpus of recorded runs, replayed on every test run: a rules change that alters any outcome
makes one of them fail (and then RULES_VERSION must go up and the corpus be recorded again)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from engine.roguelike import RULES

HERE = Path(__file__).parent
RUNS = sorted((HERE / "runs").glob("*.run.json"))
ENGINE = HERE.parents[2] / "engine" / "roguelike"


def test_there_is_a_corpus() -> None:
    assert len(RUNS) >= 3


@pytest.mark.parametrize("path", RUNS, ids=lambda p: p.name)
def test_every_run_of_the_corpus_still_verifies(path: Path) -> None:
    run = json.loads(path.read_text("utf-8"))
    verdict = RULES.verify(run)
    assert verdict.ok, verdict.reason
    assert verdict.figures["deepest"] >= 2


def test_the_rules_use_no_floats() -> None:
    """Rules arithmetic is whole numbers only: no true division, no float literal."""
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, (ast.BinOp, ast.AugAssign)):
                assert not isinstance(node.op, ast.Div), f"{path.name}:{node.lineno} uses /"
            if isinstance(node, ast.Constant):
                assert not isinstance(node.value, float), f"{path.name}:{node.lineno} has a float"


def test_a_run_of_an_older_rules_version_is_refused() -> None:
    run = json.loads(RUNS[0].read_text("utf-8"))
    run["rules_version"] = RULES.rules_version - 1
    verdict = RULES.verify(run)
    assert not verdict.ok and verdict.code == "other_rules_version"
