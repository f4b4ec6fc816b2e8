"""The command line echoes names from outside (file names, players) only as harmless text, and
a bad run costs only its own line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.hostile.support import REPO, assert_clean, run_cardrogue

RUNS = REPO / "tests" / "runs"
EVIL = "\x1b]0;pwned\x07\x9b31m\u202e"


def assert_harmless(result) -> None:
    for char in ("\x1b", "\x07", "\x9b", "\u202e"):
        assert char not in result.stdout + result.stderr


def corpus_maps(data: Path) -> None:
    (data / "maps").mkdir(parents=True)
    for path in (RUNS / "maps_toml").glob("*.toml"):
        shutil.copy(path, data / "maps" / path.name)


def run_with(tmp_path: Path, name: str, **fields) -> Path:
    document = json.loads((RUNS / "corridor-shortest.run.json").read_text())
    document.update(fields)
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_validate_spells_out_escape_sequences_in_file_names(tmp_path: Path) -> None:
    path = tmp_path / f"{EVIL}.toml"
    path.write_text("x = = 1\n", encoding="utf-8")
    result = run_cardrogue("validate", path)
    assert_clean(result)
    assert_harmless(result)
    assert "\\x1b]0;pwned\\x07" in result.stdout
    result = run_cardrogue("validate", "--json", path)
    assert_harmless(result)
    assert json.loads(result.stdout)["files"][0]["file"] == str(path)


def test_import_echoes_names_as_harmless_text(tmp_path: Path) -> None:
    data = tmp_path / "data"
    corpus_maps(data)
    run = run_with(tmp_path, f"{EVIL}.run.json", player="Eve\u202eevE")
    result = run_cardrogue("import", run, data_dir=data)
    assert_clean(result)
    assert result.returncode == 0, result.stderr
    assert_harmless(result)
    assert "\\x1b]0;pwned" in result.stdout and "Eve\\u202eevE" in result.stdout
    result = run_cardrogue("scores", RUNS / "maps_toml" / "corridor.toml", data_dir=data)
    assert_clean(result)
    assert_harmless(result)
    assert "Eve\\u202eevE" in result.stdout


def test_a_lone_surrogate_in_a_run_is_refused_and_the_next_run_still_counts(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    corpus_maps(data)
    bad = run_with(tmp_path, "bad.run.json", player="ab\udc80c")
    good = RUNS / "corridor-shortest.run.json"
    for command in ("verify", "import"):
        result = run_cardrogue(command, bad, good, data_dir=data)
        assert_clean(result)
        assert result.returncode == 1
        # The strict reader refuses it before any field is read (engine.core.runs.parse_json).
        assert "a text holds a NUL or half of a" in result.stderr
        assert str(good) in result.stdout
    verified = [json.loads(line) for line in run_cardrogue("verify", bad, good,
                                                           data_dir=data).stdout.splitlines()]
    assert [line["ok"] for line in verified] == [False, True]
