"""The rules data file: valid against its draft-07 schema, strict about mistakes, and in step
with what the engine reads."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from engine.minirogue.tables import rules_text, tables, tables_from_data

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "schemas" / "minirogue-rules.schema.json").read_text("utf-8"))
DATA = tomllib.loads(rules_text())


def errors(data: dict) -> list[str]:
    return [e.message for e in Draft7Validator(SCHEMA).iter_errors(data)]


def test_the_schema_is_draft_07() -> None:
    Draft7Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"


def test_the_data_file_matches_its_schema_and_points_to_it() -> None:
    assert errors(DATA) == []
    assert rules_text().startswith("#:schema ../../../schemas/minirogue-rules.schema.json")


def test_every_table_says_why() -> None:
    tables_with_why = [k for k, v in DATA.items() if isinstance(v, dict)]
    assert tables_with_why and all(len(DATA[k]["why"]) > 20 for k in tables_with_why)


@pytest.mark.parametrize(("path", "value", "fragment"), [
    (("character", "max_hp"), -1, "less than the minimum"),
    (("character", "max_hpp"), 20, "Additional properties"),
    (("combat", "miss_face"), 7, "greater than the maximum"),
    (("difficulties", "normal", "hp"), "5", "is not of type 'integer'"),
    (("turn", "room_cards"), ["monster", "dragon"], "is not one of"),
])
def test_mistakes_are_caught(path: tuple, value, fragment: str) -> None:
    data = copy.deepcopy(DATA)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert any(fragment in message for message in errors(data))


def test_a_missing_table_is_caught() -> None:
    data = copy.deepcopy(DATA)
    del data["traps"]
    assert "'traps' is a required property" in errors(data)


def test_the_engine_reads_the_tables_it_needs() -> None:
    t = tables_from_data(DATA)
    assert t == tables()
    assert sorted(t.events) == sorted(t.traps) == sorted(t.treasure_items) == [1, 2, 3, 4, 5, 6]
    assert [m.name for m in t.monsters] == ["Undead Soldier", "Skeleton", "Undead Knight",
                                            "Serpent Knight", "Og's Sanctum Guard"]
    assert [(b.hp, b.damage) for b in t.bosses] == [(10, 3), (15, 5), (20, 7), (25, 9), (30, 12)]
    assert len(t.monsters) == len(t.bosses) == len(t.levels)
    assert sum(t.columns) == len(t.room_cards)


def test_taplo_checks_the_data_file_through_its_own_schema_line(tmp_path: Path) -> None:
    """The tool TOML editors use finds the schema by the file's first line and agrees."""
    from tests.support import TAPLO, taplo_check
    if TAPLO is None:
        pytest.skip("taplo is not installed (pip install taplo)")
    data_file = ROOT / "engine" / "minirogue" / "data" / "rules.toml"
    assert taplo_check(data_file, schema=None).returncode == 0
    broken = tmp_path / "engine" / "minirogue" / "data" / "rules.toml"
    broken.parent.mkdir(parents=True)
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "minirogue-rules.schema.json").write_text(json.dumps(SCHEMA))
    broken.write_text(rules_text().replace("max_hp = 20", "max_hp = \"twenty\""))
    assert taplo_check(broken, schema=None).returncode != 0
