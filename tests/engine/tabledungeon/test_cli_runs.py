"""Table Dungeon runs through the real command: `cardrogue verify RUN` and `cardrogue replay RUN
--events` take a recorded run (the CLI reads it by the game it names, engine.games), and refuse
a forged one with its reason."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from engine.core.runs import save_run
from engine.tabledungeon import runs
from tests.engine.tabledungeon.support import play_out

ROOT = Path(__file__).resolve().parents[3]
CARDROGUE = ROOT / ".venv" / "bin" / "cardrogue"


def cardrogue(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDROGUE_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run([str(CARDROGUE), *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=60)


def recorded(tmp_path: Path, name: str = "table.run.json") -> tuple[Path, runs.Run]:
    state = play_out(seed=12, players=3)
    run = runs.record(state, "Bo", recorded="2026-11-22T23:00:00Z")
    path = tmp_path / name
    save_run(path, run)
    return path, run


def test_verify_takes_a_recorded_run(tmp_path):
    path, run = recorded(tmp_path)
    result = cardrogue(tmp_path, "verify", str(path))
    assert result.returncode == 0, result.stderr
    line = json.loads(result.stdout)
    assert line["ok"] is True and line["file"] == str(path)
    assert line["game"] == "tabledungeon" and line["players"] == ["Ann", "Bo", "Cy"]
    assert line["score"] == run.claimed["score"] and line["run_hash"] == run.hash


def test_verify_refuses_a_forged_run_with_its_reason(tmp_path):
    path, run = recorded(tmp_path)
    forged = run.to_dict()
    forged["claimed"]["score"] = run.claimed["score"] + 10
    forged_path = tmp_path / "forged.run.json"
    forged_path.write_text(json.dumps(forged))
    cut = {**run.to_dict(), "actions": run.to_dict()["actions"][:-3]}
    cut_path = tmp_path / "cut.run.json"
    cut_path.write_text(json.dumps(cut))
    result = cardrogue(tmp_path, "verify", str(path), str(forged_path), str(cut_path))
    assert result.returncode == 1
    good, bad, short = (json.loads(line) for line in result.stdout.splitlines())
    assert good["ok"] is True
    assert bad["ok"] is False and bad["error"] == "claims_differ"
    assert short["ok"] is False and short["error"] == "does_not_finish"
    assert "forged.run.json: claims differ: score" in result.stderr
    assert "cut.run.json: does not finish" in result.stderr
    assert "Traceback" not in result.stderr


def test_verify_names_the_illegal_action(tmp_path):
    _, run = recorded(tmp_path)
    doc = run.to_dict()
    n = next(i for i, a in enumerate(doc["actions"]) if a["do"] == "play")
    doc["actions"][n] = {"do": "pick", "name": "wizard"}  # the classes are long chosen
    path = tmp_path / "edited.run.json"
    path.write_text(json.dumps(doc))
    result = cardrogue(tmp_path, "verify", str(path))
    assert result.returncode == 1
    line = json.loads(result.stdout)
    assert line["error"] == "illegal_action" and line["index"] == n
    assert f"action {n} (pick wizard) is illegal: the classes are already chosen" \
        in result.stderr


def test_replay_events_tells_the_whole_game(tmp_path):
    path, run = recorded(tmp_path)
    result = cardrogue(tmp_path, "replay", str(path), "--events")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    actions = [line["action"] for line in lines if line["event"] == "action"]
    assert actions == run.to_dict()["actions"]
    assert lines[0] == {"step": 0, "event": "action", "action": {"do": "pick",
                                                                  "name": actions[0]["name"]}}
    assert any(line["event"] == "enemy" for line in lines)
    assert lines[-1]["event"] == "game_over" and lines[-1]["score"] == run.claimed["score"]
    # Every event line is one the events schema describes.
    from tests.engine.tabledungeon.support import EVENTS_SCHEMA, validator

    check = validator(EVENTS_SCHEMA)
    for line in lines:
        if line["event"] != "action":
            check.validate(line)


def test_replay_events_refuses_a_forged_run(tmp_path):
    _, run = recorded(tmp_path)
    doc = {**run.to_dict(), "rules_version": run.rules_version + 1}
    path = tmp_path / "future.run.json"
    path.write_text(json.dumps(doc))
    result = cardrogue(tmp_path, "replay", str(path), "--events")
    assert result.returncode == 1
    assert "other rules version" in result.stderr and "Traceback" not in result.stderr
