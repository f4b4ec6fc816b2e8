"""schemas/tabledungeon-run.schema.json describes the run files engine/tabledungeon/runs.py
reads and writes: recorded runs and the corpus match it, and it refuses what the parser does."""

import json
from pathlib import Path

import pytest

from engine.core.runs import RunError
from engine.tabledungeon import RULES, runs
from engine.tabledungeon.actions import FIELDS as ACTION_FIELDS
from tests.engine.tabledungeon.support import RUN_SCHEMA as SCHEMA
from tests.engine.tabledungeon.support import play_out, validator

CORPUS = sorted((Path(__file__).parent / "runs").glob("*.run.json"))


def test_recorded_runs_and_the_corpus_match_the_schema():
    for path in CORPUS:
        validator(SCHEMA).validate(json.loads(path.read_text()))
    for seed, players in ((3, 2), (4, 3), (5, 4)):
        doc = json.loads(json.dumps(RULES.record(play_out(seed=seed, players=players))))
        validator(SCHEMA).validate(doc)


def test_schema_and_parser_agree_on_field_names():
    assert set(SCHEMA["properties"]) == set(runs.FIELDS)
    assert set(SCHEMA["required"]) == set(runs.REQUIRED)
    assert set(SCHEMA["properties"]["claimed"]["properties"]) == set(runs.CLAIMS)
    action = SCHEMA["definitions"]["action"]
    assert set(action["properties"]["do"]["enum"]) == set(ACTION_FIELDS)
    assert set(action["properties"]) - {"do"} == {f for f in ACTION_FIELDS.values() if f}


@pytest.mark.parametrize("change", [
    lambda d: d.update(table={"players": ["Ann"]}),
    lambda d: d.update(table={"players": ["Ann", "Ann"]}),
    lambda d: d.update(format_version=1),
    lambda d: d["actions"].append({"do": "play", "card": "1S"}),
    lambda d: d["actions"].append({"do": "pass", "card": "2S"}),
    lambda d: d["actions"].append({"do": "pick"}),
    lambda d: d.update(claimed={"treasure": 3}),
    lambda d: d.update(player=" Ann"),
])
def test_the_schema_refuses_what_the_parser_refuses(change):
    doc = json.loads(json.dumps(RULES.record(play_out(seed=3, players=2))))
    change(doc)
    assert list(validator(SCHEMA).iter_errors(doc))
    with pytest.raises(RunError):
        runs.check_claim_names(runs.run_from_dict(doc))
