"""Byte-identical events whatever PYTHONHASHSEED is, and no Textual or Rich in the engine."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

GAME = """
import dataclasses, hashlib, json
from engine.core.dice import Dice
from engine.tabledungeon import RULES
from engine.tabledungeon.policy import choose
digest = hashlib.sha256()
for seed in (1, 2, 3):
    state = RULES.new_game(seed=seed, players=["Ann", "Bo", "Cy"])
    minds = [Dice(seed + n) for n in range(3)]
    while not state.is_over:
        seat = state.current_player
        events = state.apply(choose(state.view(seat), state.legal_actions(), "normal", minds[seat]))
        digest.update(json.dumps([e.to_dict() for e in events]).encode())
        digest.update(json.dumps(dataclasses.asdict(state.view(seat))).encode())
    digest.update(state.fingerprint().encode())
import sys
print(digest.hexdigest(), sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich")))
"""


def run(hashseed: str) -> str:
    env = {"PYTHONHASHSEED": hashseed, "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", GAME], capture_output=True, text=True, cwd=ROOT,
                          env=env, check=True)
    return done.stdout.strip()


def test_events_are_the_same_whatever_the_hash_seed():
    outputs = {run(seed) for seed in ("0", "1", "12345")}
    assert len(outputs) == 1
    digest, modules = outputs.pop().split(" ", 1)
    assert len(digest) == 64 and modules == "[]"
