"""Every table of the rulebook is data: the file matches its schema, and rolls drawn from the
seeded streams land on the rows the data says."""

from __future__ import annotations

import copy
import itertools
import json
import tomllib
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from engine.core.dice import Dice
from engine.roguelike.tables import difficulty, look_up, parse_dice, roll_dice, roll_on, tables

REPO = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((REPO / "schemas" / "roguelike-tables.schema.json").read_text("utf-8"))
DATA = tomllib.loads((REPO / "engine" / "roguelike" / "data" / "tables.toml").read_text("utf-8"))


def all_tables(data=DATA):
    """(name, rows) for every table of rows in the data."""
    out = []
    for section, value in data.items():
        for key, rows in value.items():
            if isinstance(rows, list) and rows and isinstance(rows[0], dict) and "from" in rows[0]:
                out.append((f"{section}.{key}", rows))
    return out


def test_the_schema_is_draft_07_and_the_data_matches_it() -> None:
    Draft7Validator.check_schema(SCHEMA)
    assert list(Draft7Validator(SCHEMA).iter_errors(DATA)) == []


def test_a_misspelled_key_or_a_bad_dice_expression_is_refused() -> None:
    wrong = copy.deepcopy(DATA)
    wrong["monsters"]["E"][0]["result"]["hp_"] = 3
    assert list(Draft7Validator(SCHEMA).iter_errors(wrong))
    wrong = copy.deepcopy(DATA)
    wrong["traps"]["E"][0]["result"]["damage"] = "one die"
    assert list(Draft7Validator(SCHEMA).iter_errors(wrong))


@pytest.mark.parametrize("name,rows", all_tables(), ids=[n for n, _ in all_tables()])
def test_every_table_covers_its_rolls_without_gaps(name, rows) -> None:
    for before, after in itertools.pairwise(rows):
        assert after["from"] == before["to"] + 1, name
    assert rows[0]["from"] <= rows[-1]["to"]


def test_the_rulebook_tables_span_the_dice_they_are_rolled_with() -> None:
    spans = {"secret_doors.rows": (1, 6), "features.rows": (2, 12), "encounters.rows": (2, 16),
             "shop.rows": (3, 18), "loot.status": (1, 6), "spells.rows": (1, 10),
             "difficulty.rows": (1, 10)}
    tables_ = dict(all_tables())
    for name, (low, high) in spans.items():
        assert (tables_[name][0]["from"], tables_[name][-1]["to"]) == (low, high), name
    for section in ("monsters", "traps", "loot"):
        for letter in "EDCBA":
            if letter in DATA[section]:
                rows = DATA[section][letter]
                assert (rows[0]["from"], rows[-1]["to"]) == (1, 6), (section, letter)


@pytest.mark.parametrize("name,rows", all_tables(), ids=[n for n, _ in all_tables()])
def test_rolls_from_the_seeded_stream_land_on_the_data_row(name, rows) -> None:
    low, high = rows[0]["from"], rows[-1]["to"]
    dice = Dice(2026)
    for _ in range(200):
        roll = low + dice.below("table", high - low + 1)
        result = look_up(rows, roll)
        expected = [r["result"] for r in rows if r["from"] <= roll <= r["to"]]
        assert expected == [result]


def test_roll_on_reports_the_total_it_looked_up() -> None:
    dice, again = Dice(5), Dice(5)
    for _ in range(100):
        result, total = roll_on(dice, "k", tables()["features"]["rows"], count=2)
        assert total == again.roll("k") + again.roll("k")
        assert result == look_up(tables()["features"]["rows"], total)


def test_dice_expressions() -> None:
    assert parse_dice("2d+3") == (2, 6, 3)
    assert parse_dice("1d-3") == (1, 6, -3)
    assert parse_dice("1d3") == (1, 3, 0)
    assert parse_dice("4") == (0, 6, 4)
    with pytest.raises(ValueError):
        parse_dice("d6")
    dice = Dice(1)
    for _ in range(200):
        total, faces = roll_dice(dice, "k", "1d-3")
        assert len(faces) == 1 and total == max(0, faces[0] - 3)
        total, faces = roll_dice(dice, "k", "1d3")
        assert 1 <= total <= 3


def test_difficulty_by_dungeon_level() -> None:
    assert [difficulty(n) for n in range(1, 11)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4]
