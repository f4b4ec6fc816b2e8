"""Classic runs (run format 2): a classic game records its players' names, the seed and a solo
player's goals in a `table`, replays exactly from them with the same actions, and is verified
like a story run, with named refusals. Format 1 runs read and hash as before."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from engine.cardrogue import Goal, runs
from engine.cardrogue.runs import Run, Table, parse_run, read_run
from engine.core.runs import (
    BAD_RUN,
    BAD_SETUP,
    CLAIMS_DIFFER,
    MAP_HASH_MISMATCH,
    RunError,
    save_run,
)
from tests.engine.cardrogue.support import played

ROOT = Path(__file__).resolve().parents[3]
RUN_SCHEMA = json.loads((ROOT / "schemas" / "run.schema.json").read_text())


def test_a_classic_game_records_names_characters_seed_and_replays_exactly():
    game = played()
    run = runs.record(game, recorded="2026-11-22T04:00:00Z")
    assert run.format_version == 2 and run.table == Table(("Ann", "Bob", "Cy"), ())
    assert run.characters == tuple(p.character for p in game.players)
    assert run.seed == 31 and run.claimed["points"] == tuple(game.returns())
    again = parse_run(run.to_json())
    assert again == run and again.hash == run.hash
    verified = runs.verify(again)
    assert verified.game.fingerprint() == game.fingerprint()
    assert verified.figures == runs.figures(game)


def test_a_solo_run_keeps_its_goals(tmp_path):
    goals_ = (Goal("chest"), Goal("slay", "golem"))
    game = played(("Solo",), seed=4, goals_=goals_)
    run = runs.record(game, recorded="2026-11-22T04:00:00Z")
    assert run.table.goals == ("chest", "slay:golem")
    path = tmp_path / "solo.run.json"
    save_run(path, run)
    verified = runs.verify(read_run(path))
    assert verified.game.level.goals == goals_


def test_classic_runs_match_the_run_schema():
    run = runs.record(played(("Ann", "Bob")), recorded="2026-11-22T04:00:00Z")
    doc = json.loads(run.to_json())
    assert not list(jsonschema.Draft7Validator(RUN_SCHEMA).iter_errors(doc))


def test_runs_without_a_table_are_still_written_as_format_1():
    run = Run("cardrogue", 1, "0" * 64, 1, "Ana", ("warrior",), ())
    assert run.format_version == 1 and "table" not in json.loads(run.to_json())


def test_a_table_needs_format_2():
    doc = json.loads(runs.record(played(("Ann", "Bob")), recorded="").to_json())
    doc["format_version"] = 1
    with pytest.raises(RunError) as caught:
        parse_run(json.dumps(doc))
    assert caught.value.code == BAD_RUN and "format version 2" in caught.value.message
    assert list(jsonschema.Draft7Validator(RUN_SCHEMA).iter_errors(doc))


@pytest.mark.parametrize("table", [
    {"players": []},
    {"players": ["Ann", " Bob"]},
    {"players": ["Ann"], "goals": ["Chest!"]},
    {"players": ["Ann"], "extra": 1},
    {"goals": []},
    ["Ann"],
])
def test_bad_tables_are_refused_by_parser_and_schema(table):
    doc = json.loads(runs.record(played(("Ann", "Bob")), recorded="").to_json())
    doc["table"] = table
    with pytest.raises(RunError) as caught:
        parse_run(json.dumps(doc))
    assert caught.value.code == BAD_RUN
    assert list(jsonschema.Draft7Validator(RUN_SCHEMA).iter_errors(doc))


def test_other_names_seed_or_characters_are_refused_by_name():
    run = runs.record(played(("Ann", "Bob")), recorded="")
    other_seed = replace(run, seed=run.seed + 1)
    with pytest.raises(RunError) as caught:
        runs.verify(other_seed)
    assert caught.value.code == MAP_HASH_MISMATCH
    swapped = replace(run, characters=tuple(reversed(run.characters)))
    if swapped.characters != run.characters:
        with pytest.raises(RunError) as caught:
            runs.verify(swapped)
        assert caught.value.code == CLAIMS_DIFFER
    three = replace(run, table=Table(("Ann", "Bob", "Cy")))
    with pytest.raises(RunError) as caught:
        runs.verify(three)
    assert caught.value.code == BAD_SETUP


def test_a_points_claim_is_checked():
    run = runs.record(played(("Ann", "Bob")), recorded="")
    cheat = replace(run, claimed={**run.claimed, "points": (9, 9)})
    with pytest.raises(RunError) as caught:
        runs.verify(cheat)
    assert caught.value.code == CLAIMS_DIFFER

