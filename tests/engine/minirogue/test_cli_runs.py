"""`cardrogue verify` and `cardrogue replay --events` on Mini Rogue runs, through the real
command: a recorded run verifies and replays event by event; a forged one is refused with its
reason's code, on stdout for tools and in words on stderr, and never with a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tests.engine.minirogue.support import cardrogue

CORPUS = Path(__file__).parent / "runs"
WON = CORPUS / "won-casual.run.json"


def lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def forged(tmp_path: Path, name: str, change) -> Path:
    doc = json.loads(WON.read_text("utf-8"))
    change(doc)
    path = tmp_path / f"{name}.run.json"
    path.write_text(json.dumps(doc), "utf-8")
    return path


def test_verify_takes_a_recorded_run(tmp_path: Path) -> None:
    done = cardrogue("verify", WON, data=tmp_path)
    assert done.returncode == 0, done.stderr
    [result] = lines(done.stdout)
    claimed = json.loads(WON.read_text("utf-8"))["claimed"]
    assert result["ok"] is True and result["game"] == "minirogue"
    assert (result["outcome"], result["score"]) == (claimed["outcome"], claimed["score"])
    assert len(result["run_hash"]) == 64


def test_replay_prints_every_event_of_a_run(tmp_path: Path) -> None:
    done = cardrogue("replay", WON, "--events", data=tmp_path)
    assert done.returncode == 0, done.stderr
    events = lines(done.stdout)
    actions = json.loads(WON.read_text("utf-8"))["actions"]
    assert events[0] == {"step": None, "event": "area_begins", "area": 1, "level": 1,
                         "level_name": "The Black Sewers", "boss": False}
    played = [e["action"] for e in events if e["event"] == "action"]
    assert played == actions
    assert [e["step"] for e in events if e["event"] == "action"] == list(range(len(actions)))
    assert events[-1]["event"] == "game_over" and events[-1]["outcome"] == "won"
    schemas = Path(__file__).resolve().parents[3] / "schemas"
    validator = jsonschema.Draft7Validator(
        json.loads((schemas / "minirogue-events.schema.json").read_text("utf-8")))
    for event in events:  # each line as the schema describes it, the step included
        if event["event"] != "action":
            validator.validate(event)


@pytest.mark.parametrize(("name", "change", "code", "words"), [
    ("score", lambda d: d["claimed"].update(score=9999), "claims_differ",
     "claims differ: score: the run claims 9999"),
    ("truncated", lambda d: d.update(actions=d["actions"][:-1]), "does_not_finish",
     "does not finish"),
    ("illegal", lambda d: d["actions"].__setitem__(0, {"do": "strike"}), "illegal_action",
     "illegal action: action 0 (strike) is illegal"),
    ("rules", lambda d: d.update(rules_version=99), "other_rules_version",
     "other rules version"),
    ("difficulty", lambda d: d.update(difficulty="easy"), "bad_run",
     "bad run: difficulty must be one of"),
])
def test_verify_and_replay_refuse_a_forged_run_with_its_reason(
        tmp_path: Path, name: str, change, code: str, words: str) -> None:
    path = forged(tmp_path, name, change)
    done = cardrogue("verify", path, data=tmp_path)
    assert done.returncode == 1
    [result] = lines(done.stdout)
    assert result["ok"] is False and result["error"] == code
    if code == "illegal_action":
        assert result["index"] == 0
    assert f"cardrogue verify: {path}: {words}" in done.stderr
    replay = cardrogue("replay", path, "--events", data=tmp_path)
    assert replay.returncode == 1 and f"cardrogue replay: {path}: {words}" in replay.stderr


def test_a_good_and_a_forged_run_together_exit_1_and_report_both(tmp_path: Path) -> None:
    bad = forged(tmp_path, "score", lambda d: d["claimed"].update(score=1))
    done = cardrogue("verify", WON, bad, CORPUS / "random-impossible.run.json", data=tmp_path)
    assert done.returncode == 1
    assert [r["ok"] for r in lines(done.stdout)] == [True, False, True]


def test_import_ranks_a_run_on_its_board_once_and_refuses_a_forged_one(tmp_path: Path) -> None:
    first = cardrogue("import", WON, data=tmp_path)
    assert first.returncode == 0, first.stderr
    score = json.loads(WON.read_text("utf-8"))["claimed"]["score"]
    assert first.stdout.startswith(f"{WON}: added: Corpus, {score} points on Seed 0, Casual; "
                                   "Corpus's best ranks 1 of 1 (kept as ")
    again = cardrogue("import", WON, data=tmp_path)
    assert again.returncode == 0 and ": already on the board: Corpus" in again.stdout
    kept = sorted((tmp_path / "runs").glob("minirogue_*.run.json"))
    assert len(kept) == 1 and cardrogue("verify", kept[0], data=tmp_path).returncode == 0
    bad = forged(tmp_path, "score", lambda d: d["claimed"].update(score=9999))
    refused = cardrogue("import", bad, data=tmp_path)
    assert refused.returncode == 1 and refused.stdout == ""
    assert f"cardrogue import: {bad}: claims differ: score" in refused.stderr
