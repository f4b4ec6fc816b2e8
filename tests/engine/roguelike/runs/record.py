"""Record the corpus again after a rules change: `.venv/bin/python tests/engine/roguelike/runs/record.py`.

Each run's own actions are replayed under the current rules and recorded with the current
RULES_VERSION and the figures they reach now (the date it was first recorded kept: the play is
the same). A run whose actions no longer play to the end is played afresh by the careful player
of benchmarks/roguelike_balance.py (Stealth and Stab), which must reach level 2 at least."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
sys.path.insert(0, str(ROOT))

from engine.core.runs import run_json  # noqa: E402
from engine.roguelike import RULES  # noqa: E402
from engine.roguelike.state import State  # noqa: E402

NOW = "2026-11-28T06:30:00Z"  # for a run played afresh


def replayed(old: dict) -> State | None:
    """The old run's actions under the current rules, or None if they no longer finish."""
    state = RULES.new_game(seed=old["seed"])
    for data in old["actions"]:
        action = RULES.parse_action(data)
        if state.is_over or state.why_illegal(action) is not None:
            return None
        state.apply(action)
    return state if state.is_over and state.deepest >= 2 else None


def careful(seed: int) -> State:
    spec = importlib.util.spec_from_file_location(
        "roguelike_balance", ROOT / "benchmarks" / "roguelike_balance.py")
    assert spec is not None and spec.loader is not None
    balance = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(balance)
    state, ending, _ = balance.play(seed, balance.BUILDS["stealth+stab"])
    assert state.is_over and state.deepest >= 2, (seed, ending, state.deepest)
    return state


def main() -> None:
    for path in sorted(HERE.glob("*.run.json")):
        old = json.loads(path.read_text("utf-8"))
        state = replayed(old)
        recorded = old.get("recorded", NOW)
        if state is None:
            state, recorded = careful(old["seed"]), NOW
        run = RULES.record(state, player=old["player"], recorded=recorded)
        path.write_text(run_json(run), "utf-8")
        print(path.name, run["claimed"])


if __name__ == "__main__":
    main()
