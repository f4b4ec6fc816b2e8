"""Record the corpus again after a RULES_VERSION bump: each run's actions are replayed under the
current rules, and the file is written back with the current version and the figures the
engine reaches (its seed, players, player and date kept).

    .venv/bin/python -m tests.engine.tabledungeon.runs.record

A run whose actions are no longer legal stops with the reason: such a run must be played again.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.tabledungeon import RULES
from engine.tabledungeon.runs import record, run_from_dict

HERE = Path(__file__).parent


def main() -> None:
    for path in sorted(HERE.glob("*.run.json")):
        old = run_from_dict(json.loads(path.read_text("utf-8")))
        state = RULES.replay(old.seed, list(old.players), list(old.actions))
        assert state.is_over, f"{path.name} no longer finishes"
        run = record(state, old.player, recorded=old.recorded)
        path.write_text(json.dumps(run.to_dict(), indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(f"{path.name}: {state.outcome}, score {state.score}")


if __name__ == "__main__":
    main()
