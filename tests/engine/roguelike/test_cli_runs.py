"""The real `cardrogue` command on Rogue Like Roguelike runs: `verify` accepts a recorded run and
refuses a forged one with its reason; `replay --events` prints every action and its events, each
event a line that schemas/roguelike-events.schema.json describes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import jsonschema
import pytest

from engine.core.runs import save_run
from engine.roguelike import runs
from tests.engine.roguelike.support import random_play

REPO = Path(__file__).resolve().parents[3]
CARDROGUE = REPO / ".venv" / "bin" / "cardrogue"


def cardrogue(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CARDROGUE), *args], capture_output=True, text=True, cwd=REPO,
                          timeout=60)


@pytest.fixture(scope="module")
def run_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    state = random_play(1, bound=5000)
    assert state.is_over
    path = tmp_path_factory.mktemp("runs") / "rogue.run.json"
    save_run(path, runs.record(state, "Ann"))
    return path


def test_verify_accepts_a_recorded_run(run_file: Path) -> None:
    done = cardrogue("verify", str(run_file))
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    claimed = json.loads(run_file.read_text())["claimed"]
    assert report["ok"] and report["game"] == "roguelike" and report["player"] == "Ann"
    assert report["score"] == claimed["score"] and report["outcome"] == claimed["outcome"]


def test_verify_refuses_a_forged_claim_with_its_reason(run_file: Path, tmp_path: Path) -> None:
    doc = json.loads(run_file.read_text())
    doc["claimed"]["score"] += 1000
    forged = tmp_path / "forged.run.json"
    forged.write_text(json.dumps(doc))
    done = cardrogue("verify", str(forged))
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"] == "claims_differ"
    assert "claims differ: score: the run claims" in done.stderr
    assert "Traceback" not in done.stderr


def test_verify_refuses_a_forged_action_naming_it(run_file: Path, tmp_path: Path) -> None:
    doc = json.loads(run_file.read_text())
    doc["actions"][0] = {"do": "choose_skill", "name": "juggling"}
    forged = tmp_path / "forged.run.json"
    forged.write_text(json.dumps(doc))
    done = cardrogue("verify", str(forged))
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report["error"] == "illegal_action" and report["index"] == 0
    assert "juggling is not a skill" in done.stderr


def test_replay_prints_every_action_and_its_events(run_file: Path) -> None:
    done = cardrogue("replay", str(run_file), "--events")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    actions = json.loads(run_file.read_text())["actions"]
    assert [line["action"] for line in lines if line["event"] == "action"] == actions
    assert lines[-1]["event"] == "game_over"
    schema = json.loads((REPO / "schemas" / "roguelike-events.schema.json").read_text("utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    for line in lines:
        if line["event"] != "action":
            validator.validate(line)


def test_replay_refuses_a_truncated_run(run_file: Path, tmp_path: Path) -> None:
    doc = json.loads(run_file.read_text())
    doc["actions"] = doc["actions"][:-1]
    cut = tmp_path / "cut.run.json"
    cut.write_text(json.dumps(doc))
    done = cardrogue("replay", str(cut), "--events")
    assert done.returncode == 1
    assert "does not finish" in done.stderr and "Traceback" not in done.stderr
