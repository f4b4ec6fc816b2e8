"""Record the corpus again after a RULES_VERSION bump: each run's actions are replayed under the
current rules from its own setup, and the file is written back with the current version and
the figures the engine reaches (its seed, setup, player and date kept).

    .venv/bin/python -m tests.engine.minirogue.runs.record

A run whose actions are no longer legal stops with the reason: such a run must be played again.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.minirogue import Action, record_run
from engine.minirogue.runs import run_from_dict, start

HERE = Path(__file__).parent


def main() -> None:
    for path in sorted(HERE.glob("*.run.json")):
        doc = json.loads(path.read_text("utf-8"))
        old = run_from_dict(doc)
        state = start(old)
        for action in doc["actions"]:
            state.apply(Action.from_dict(action))
        assert state.is_over, f"{path.name} no longer finishes"
        path.write_text(record_run(state, old.player, recorded=old.recorded).to_json(), "utf-8")
        print(f"{path.name}: {state.outcome}, score {state.score}")


if __name__ == "__main__":
    main()
