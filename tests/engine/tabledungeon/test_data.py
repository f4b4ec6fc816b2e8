"""The rules data: valid against its draft-07 schema, refused when misspelled, loaded whole."""

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from engine.tabledungeon.data import DATA_FILE, load, parse

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "schemas" / "tabledungeon-rules.schema.json").read_text())


def doc():
    return tomllib.loads(DATA_FILE.read_text())


def errors(data):
    return [e.message for e in jsonschema.Draft7Validator(SCHEMA).iter_errors(data)]


def test_the_schema_is_draft_07_and_the_data_matches_it():
    jsonschema.Draft7Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert errors(doc()) == []
    assert DATA_FILE.read_text().startswith("#:schema ../../../schemas/")


@pytest.mark.parametrize("edit, words", [
    (lambda d: d["classes"]["rogue"].update(dexterty=3), "dexterty"),
    (lambda d: d["classes"].pop("cleric"), "cleric"),
    (lambda d: d["classes"]["wizard"].update(removes="X"), "'X'"),
    (lambda d: d["levels"][0]["enemies"][0].update(flee_if="dragon"), "dragon"),
    (lambda d: d["levels"][1]["enemies"][2].update(immune="H"), "'H'"),
    (lambda d: d["table"].update(start_health="ten"), "ten"),
    (lambda d: d["classes"]["fighter"]["items"]["K"].update(attack=0), "0"),
])
def test_the_schema_catches_mistakes(edit, words):
    data = doc()
    edit(data)
    found = errors(data)
    assert found and any(words in e for e in found), found


def test_the_loaded_data_is_the_file():
    data = load()
    assert parse(doc()) == data
    assert set(data.classes) == {"fighter", "wizard", "rogue", "cleric"}
    assert {c.removes for c in data.classes.values()} == {"S", "H", "D", "C"}
    assert all(sum(c.stats.values()) == 4 for c in data.classes.values())
    # The action pile's royals must come from a suit the class keeps.
    assert all(c.royal_suit != c.removes for c in data.classes.values())
    assert data.start_health == 10 and data.hand_size == 5 and data.aces_to_end == 4
    assert data.level(1).damage == 4 and data.level(1).health_per_die == 0


def test_rules_use_no_floats_and_no_python_random():
    import ast
    for path in DATA_FILE.parent.parent.glob("*.py"):
        text = path.read_text()
        assert "import random" not in text and "from random" not in text, path
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.BinOp, ast.AugAssign)):
                assert not isinstance(node.op, ast.Div), f"{path}:{node.lineno} uses /"
            if isinstance(node, ast.Constant):
                assert not isinstance(node.value, float), f"{path}:{node.lineno} has a float"
