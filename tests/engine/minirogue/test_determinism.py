"""Chance comes only from the engine's seeded dice: the same game, event for event, whatever
PYTHONHASHSEED is; and the rules use integers only."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import engine.minirogue

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = Path(engine.minirogue.__file__).parent

SCRIPT = """
import json, random
from engine.minirogue import RULES
from tests.engine.minirogue.players import careful_choice
out = []
for seed, difficulty, keys in [(1, "casual", False), (2**63 + 5, "hard", True), (77, "normal", True)]:
    state = RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=keys)
    rng = random.Random(seed)
    while not state.is_over and len(state.history) < 3000:
        legal = state.legal_actions()
        action = careful_choice(state) if rng.random() < 0.7 else legal[rng.randrange(len(legal))]
        out.append([e.to_dict() for e in state.apply(action)])
    out.append(state.view().score)
print(json.dumps(out, sort_keys=True))
"""


def run_with_hash_seed(value: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": value}
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                            cwd=ROOT, env=env, check=True)
    return result.stdout


def test_the_same_events_under_two_hash_seeds() -> None:
    first, second = run_with_hash_seed("1"), run_with_hash_seed("4242")
    assert len(first) > 1000 and first == second


def test_the_rules_use_no_floats_and_no_pythons_random() -> None:
    for path in PACKAGE.glob("*.py"):
        text = path.read_text()
        assert "import random" not in text and "from random" not in text, path
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.BinOp, ast.AugAssign)):
                assert not isinstance(node.op, ast.Div), f"{path}:{node.lineno} uses /"
            if isinstance(node, ast.Constant):
                assert not isinstance(node.value, float), f"{path}:{node.lineno} has a float"


def test_the_engine_does_not_pull_in_textual_or_rich() -> None:
    code = ("import sys, engine.minirogue, engine.minirogue.view\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"
