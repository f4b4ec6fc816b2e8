"""The JSON Schemas in schemas/: valid draft-07, in step with the engine, and strict."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from engine.cardrogue.cards import OVERRIDABLE, standard_catalog
from engine.cardrogue.level import GOAL_KINDS, POTION_COLOURS, POTION_EFFECTS
from engine.cardrogue.maps import SCHEMA_PATH, check_document
from engine.cardrogue.maps.format import LEGEND_FIELDS, LEVEL_ORDER, TOP_ORDER
from engine.cardrogue.maps.schema import schema_errors
from tests.engine.cardrogue.maps.support import REPO, VALID, document, level

SCHEMAS = sorted((REPO / "schemas").glob("*.json"))
MAP = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
CARDS = json.loads((REPO / "schemas" / "cards.schema.json").read_text(encoding="utf-8"))


def test_there_are_schemas_to_check() -> None:
    assert {p.name for p in SCHEMAS} >= {"map.schema.json", "cards.schema.json"}


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_schema_is_valid_draft_07_with_an_id(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["$id"].endswith(path.name)


def test_the_card_data_file_matches_its_schema() -> None:
    data_file = REPO / "engine" / "cardrogue" / "data" / "cards.toml"
    data = tomllib.loads(data_file.read_text(encoding="utf-8"))
    assert list(Draft7Validator(CARDS).iter_errors(data)) == []


def _walk(schema, path=""):
    if isinstance(schema, dict):
        yield path, schema
        for key in ("properties", "definitions"):
            for name, sub in schema.get(key, {}).items():
                yield from _walk(sub, f"{path}/{key}/{name}")


def test_every_field_of_the_map_schema_has_a_description() -> None:
    fields = [(path, schema) for path, schema in _walk(MAP) if path.split("/")[-2:-1] == ["properties"]]
    assert len(fields) > 50
    missing = [path for path, schema in fields if not schema.get("description")]
    assert missing == []


def test_format_version_is_a_whole_number_const_and_typos_cannot_hide() -> None:
    # "type" too: const alone accepts 1.0, since 1.0 == 1.
    assert MAP["properties"]["format_version"] == {
        "type": "integer", "const": 1,
        "description": MAP["properties"]["format_version"]["description"]}
    for name in ("level", "goal", "legendTable", "chance"):
        assert MAP["definitions"][name]["additionalProperties"] is False, name
    assert MAP["additionalProperties"] is False
    assert MAP["definitions"]["level"]["properties"]["potion_identity"]["additionalProperties"] is False


def test_the_schema_knows_the_same_fields_as_the_reader_and_writer() -> None:
    assert list(MAP["properties"]) == list(TOP_ORDER)
    assert list(MAP["definitions"]["level"]["properties"]) == list(LEVEL_ORDER)
    legend = list(MAP["definitions"]["legendTable"]["properties"])
    assert legend == list(LEGEND_FIELDS) + list(OVERRIDABLE)


def _without_descriptions(schema):
    if isinstance(schema, dict):
        return {k: _without_descriptions(v) for k, v in schema.items() if k != "description"}
    return schema


@pytest.mark.parametrize("field", [f for f in OVERRIDABLE if f != "name"])
def test_override_fields_have_the_same_bounds_as_the_card_data(field: str) -> None:
    mine = _without_descriptions(MAP["definitions"]["legendTable"]["properties"][field])
    theirs = _without_descriptions(CARDS["definitions"]["card"]["properties"][field])
    assert mine == theirs


def test_shared_definitions_match_the_card_schema() -> None:
    for name in ("face", "faces", "chance"):
        assert _without_descriptions(MAP["definitions"][name]) == \
            _without_descriptions(CARDS["definitions"][name])


def test_enums_match_the_engine() -> None:
    definitions = MAP["definitions"]
    assert definitions["characterId"]["enum"] == list(standard_catalog().characters)
    assert definitions["goal"]["properties"]["kind"]["enum"] == list(GOAL_KINDS)
    assert definitions["legendTable"]["properties"]["colour"]["enum"] == list(POTION_COLOURS)
    identity = definitions["level"]["properties"]["potion_identity"]["properties"]
    assert list(identity) == list(POTION_COLOURS)
    assert all(v["enum"] == list(POTION_EFFECTS) for v in identity.values())


def test_every_standard_card_id_fits_the_card_id_pattern() -> None:
    from engine.cardrogue.maps.schema import _compile

    pattern = _compile(MAP["definitions"]["cardId"]["pattern"])
    assert all(pattern.search(card) for card in standard_catalog().cards)


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_stock_jsonschema_agrees_the_valid_fixtures_are_valid(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert list(Draft7Validator(MAP).iter_errors(data)) == []


# ---------------------------------------------------------------------- negative cases

def errors_for(doc) -> list[tuple[str, str]]:
    return [(path, rule) for path, _, rule, _ in schema_errors(doc)]


def test_misspelled_keys_are_caught_at_every_level() -> None:
    doc = document(level("╶─╴\n", "@g>\n", {"g": {"card": "goblin", "helth": 3}},
                         goals=[{"kind": "slay", "crad": "goblin"}], exitt="ladder"),
                   titl="x")
    found = errors_for(doc)
    for path in ("$.titl", "$.levels[0].exitt", "$.levels[0].legend.g.helth",
                 "$.levels[0].goals[0].crad"):
        assert (path, "unknown_field") in found, found
    assert ("$.levels[0].goals[0]", "missing_field") in found  # slay needs its card


def test_a_trailing_line_break_does_not_sneak_past_an_anchored_pattern() -> None:
    """Python's `$` also matches before a final line break; ECMA-262 and Taplo's do not."""
    doc = document(level("╶─╴\n", "@.>\n", id="one\n"))
    assert ("$.levels[0].id", "bad_text") in errors_for(doc)
    assert Draft7Validator(MAP).is_valid(doc)  # stock python-jsonschema would let it through


def test_whole_numbers_only() -> None:
    doc = document(level("╶─╴\n", "@.>\n", health=10.0))
    assert ("$.levels[0].health", "wrong_type") in errors_for(doc)
    assert ("$.levels[0].health", "wrong_type") in errors_for(
        document(level("╶─╴\n", "@.>\n", health=True)))


def test_control_characters_in_texts() -> None:
    doc = document(level("╶─╴\n", "@.>\n", story="ok\ttabs\nand lines", title="a\nb"),
                   author="\x9b[2J")
    found = errors_for(doc)
    assert ("$.author", "control_character") in found
    assert ("$.levels[0].title", "control_character") in found
    assert not any(path == "$.levels[0].story" for path, _ in found)


def test_a_document_that_is_not_a_table_at_all() -> None:
    for value in ([], "text", 3, None):
        report = check_document(value)
        assert report.status == "invalid" and report.errors


def test_the_schemas_limits_are_the_ones_lint_uses() -> None:
    from engine.cardrogue.maps import format as fmt

    level_fields = MAP["definitions"]["level"]["properties"]
    assert MAP["properties"]["levels"]["maxItems"] == fmt.MAX_LEVELS
    assert level_fields["items"]["maxItems"] == fmt.MAX_ITEMS
    assert level_fields["goals"]["maxItems"] == fmt.MAX_GOALS
    assert level_fields["legend"]["maxProperties"] == fmt.MAX_LEGEND
    assert MAP["definitions"]["legendTable"]["properties"]["stock"]["maxItems"] == fmt.MAX_STOCK
    assert MAP["definitions"]["text"]["maxLength"] == fmt.MAX_STORY


def test_a_huge_list_is_checked_quickly_and_reported_with_its_true_size() -> None:
    doc = document(level("╶─╴\n", "@.>\n", items=["swrd"] * 50_000))
    report = check_document(doc)
    messages = [p.message for p in report.errors]
    assert "levels[0].items: lists 50,000 entries; the limit is 20" in messages
    assert sum(p.rule == "unknown_card" for p in report.errors) <= 21
    assert len(report.document["levels"][0]["items"]) == 50_000  # the document is not cut
