"""Classic runs in the app: `cardrogue verify`, `cardrogue replay --events` and the replay
viewer take a classic run without any map file, because the run lays its own table."""

from __future__ import annotations

import json
from pathlib import Path

from engine.cardrogue import runs
from engine.core.runs import save_run
from tests.engine.cardrogue.support import played

ROOT = Path(__file__).resolve().parents[3]


def test_cardrogue_verify_and_replay_need_no_map_for_a_classic_run(tmp_path):
    """The run lays its own table, so the commands find no map file and need none."""
    import os
    import subprocess
    import sys

    path = tmp_path / "table.run.json"
    save_run(path, runs.record(played(steps=60), recorded="2026-11-22T04:00:00Z"))
    env = {**os.environ, "CARDROGUE_DATA_DIR": str(tmp_path / "data")}
    verify = subprocess.run([sys.executable, "-m", "app.cli", "verify", str(path)],
                            capture_output=True, text=True, env=env, cwd=ROOT)
    assert verify.returncode == 0, verify.stderr
    assert json.loads(verify.stdout)["ok"] is True
    replay = subprocess.run([sys.executable, "-m", "app.cli", "replay", str(path), "--events"],
                            capture_output=True, text=True, env=env, cwd=ROOT)
    assert replay.returncode == 0, replay.stderr
    lines = [json.loads(line) for line in replay.stdout.splitlines()]
    assert lines[0]["event"] == "deciding_roll" and lines[-1]["event"] == "game_over"


def test_the_replay_viewer_opens_a_classic_run(tmp_path):
    from app.games.cardrogue.replay import open_run_file

    path = tmp_path / "table.run.json"
    game = played(steps=60)
    save_run(path, runs.record(game, recorded="2026-11-22T04:00:00Z"))
    replay = open_run_file(path)
    replay.seek(replay.total)
    assert replay.game.fingerprint() == game.fingerprint()
    assert replay.title == "Classic game"
