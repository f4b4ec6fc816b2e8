"""The recorded proofs of the bundled maps' pars (tests/clears/proofs.json) and the script that
keeps them, scripts/prove_pars.py: a changed map must be proved again before the tests pass,
and the script proves only what changed, failing clearly on a par that is not the optimum."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from engine.cardrogue.maps import load_map
from scripts.prove_pars import COMMAND, RECORD, digest, main, read_record
from tests.content.coverage import CAMPAIGNS, ROOT, bundled

pytestmark = pytest.mark.slow  # the solver's searches


def test_the_record_holds_every_bundled_map_as_it_is_now():
    record = read_record(RECORD)
    names = {p.relative_to(CAMPAIGNS).as_posix(): p for p in bundled()}
    assert set(record) == set(names), f"the proofs are out of date: run {COMMAND}"
    for name, path in names.items():
        entry = record[name]
        assert entry["digest"] == digest(path), (
            f"{name} changed since its pars were proved: run {COMMAND}")
        assert entry["pars"] == [level.par for level in load_map(path).levels], name


def small_campaigns(tmp_path):
    folder = tmp_path / "campaigns" / "challenges"
    folder.mkdir(parents=True)
    shutil.copy(CAMPAIGNS / "challenges" / "three-lanes.toml", folder)
    return tmp_path / "campaigns", folder / "three-lanes.toml", tmp_path / "proofs.json"


def run(campaigns, record, *args: str) -> int:
    return main([*args, "--campaigns", str(campaigns), "--record", str(record)])


def test_write_proves_a_new_map_and_check_then_proves_nothing(tmp_path, capsys):
    campaigns, path, record = small_campaigns(tmp_path)
    assert run(campaigns, record, "--write") == 0
    entry = json.loads(record.read_text(encoding="utf-8"))["challenges/three-lanes.toml"]
    assert entry["digest"] == digest(path) and entry["pars"] == [6]
    assert "proved challenges/three-lanes.toml: pars [6]" in capsys.readouterr().out
    assert run(campaigns, record, "--check") == 0
    assert "1 maps, 1 unchanged since their proof, 0 to prove" in capsys.readouterr().out


def test_check_proves_a_changed_map_again_and_writes_nothing(tmp_path, capsys):
    campaigns, path, record = small_campaigns(tmp_path)
    run(campaigns, record, "--write")
    before = record.read_bytes()
    path.write_text(path.read_text(encoding="utf-8") + "# a note\n", encoding="utf-8")
    capsys.readouterr()
    assert run(campaigns, record, "--check") == 0
    out = capsys.readouterr().out
    assert "1 to prove" in out and "proved challenges/three-lanes.toml: pars [6]" in out
    assert COMMAND in out
    assert record.read_bytes() == before


def test_a_par_that_is_not_the_optimum_fails_and_is_not_recorded(tmp_path):
    campaigns, path, record = small_campaigns(tmp_path)
    run(campaigns, record, "--write")
    before = record.read_bytes()
    text = path.read_text(encoding="utf-8")
    assert "par = 6\n" in text
    path.write_text(text.replace("par = 6\n", "par = 7\n"), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "prove_pars.py"), "--write",
         "--campaigns", str(campaigns), "--record", str(record)],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "level 1: par is 7, but the proved fewest moves are 6; set par = 6" in result.stdout
    assert "Traceback" not in result.stderr
    assert json.loads(record.read_bytes()) == json.loads(before)  # the old proof stays


def test_a_proof_that_does_not_finish_fails(tmp_path, capsys):
    campaigns, _, record = small_campaigns(tmp_path)
    assert run(campaigns, record, "--check", "--max-states", "5") == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "level 1: the proof did not finish within 5 states" in out
    assert not record.exists()


def test_ci_proves_what_its_cache_has_not_seen_whatever_the_record_says(tmp_path, capsys):
    campaigns, path, record = small_campaigns(tmp_path)
    run(campaigns, record, "--write")  # the committed record says the map is proved
    cache = tmp_path / "cache" / "proved.json"
    capsys.readouterr()
    assert run(campaigns, record, "--check", "--cache", str(cache)) == 0
    assert "1 to prove" in capsys.readouterr().out  # a new machine proves it all the same
    first = digest(path)
    assert json.loads(cache.read_text(encoding="utf-8")) == {"proved": [first]}
    assert run(campaigns, record, "--check", "--cache", str(cache)) == 0
    assert "0 to prove" in capsys.readouterr().out
    # A wrong par with a record edited by hand to match: the cache has not seen the file.
    text = path.read_text(encoding="utf-8").replace("par = 6\n", "par = 7\n")
    path.write_text(text, encoding="utf-8")
    forged = read_record(record)
    forged["challenges/three-lanes.toml"].update(digest=digest(path), pars=[7])
    record.write_text(json.dumps(forged), encoding="utf-8")
    assert run(campaigns, record, "--check", "--cache", str(cache)) == 1
    assert "par is 7, but the proved fewest moves are 6" in capsys.readouterr().out
    assert json.loads(cache.read_text(encoding="utf-8")) == {"proved": [first]}  # not added
