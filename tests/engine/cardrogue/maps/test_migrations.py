"""Upgrading older format versions before validation.

Version 1 is the first format Card Rogue publishes, so no real migration exists yet. The first
test makes sure that each one added later comes with fixtures; the others exercise the registry
with a throwaway migration that lives only in this file (an imagined version 0 that called the
character `hero`), so the machinery is proven before it is first needed.
"""

from __future__ import annotations

import tomllib

import pytest

from engine.cardrogue.maps import check_document, validate_text
from engine.cardrogue.maps.migrations import MIGRATIONS, Migration, MigrationProblem, migrate
from tests.engine.cardrogue.maps.support import FIXTURES

MIGRATION_FIXTURES = FIXTURES / "migrations"


def test_every_registered_migration_has_fixtures_that_upgrade_as_expected() -> None:
    for source, migration in MIGRATIONS.items():
        folder = MIGRATION_FIXTURES / f"v{source}"
        inputs = sorted(p for p in folder.glob("*.toml") if not p.name.endswith(".expected.toml"))
        assert inputs, f"migration from {source} ({migration.summary}) has no fixture in {folder}"
        for path in inputs:
            expected = path.with_name(path.stem + ".expected.toml")
            old = tomllib.loads(path.read_text(encoding="utf-8"))
            new = tomllib.loads(expected.read_text(encoding="utf-8"))
            assert migrate(old)[0] == new
            assert check_document(new).valid


def _hero_to_character(document: dict) -> dict:
    upgraded = dict(document, format_version=1)
    upgraded["levels"] = [
        {("character" if k == "hero" else k): v for k, v in level.items()}
        for level in document["levels"]
    ]
    return upgraded


EXAMPLE = {0: Migration(0, "levels name their character `character`, not `hero`",
                        _hero_to_character)}

OLD_FILE = '''
format_version = 0
kind = "challenge"
title = "Old"

[[levels]]
id = "one"
hero = "rogue"
paths = "╶─╴"
cells = "@.>"
'''


def test_a_migration_upgrades_before_the_schema_sees_the_document() -> None:
    old = tomllib.loads(OLD_FILE)
    new, source = migrate(old, EXAMPLE)
    assert source == 0
    assert new["format_version"] == 1 and new["levels"][0]["character"] == "rogue"
    assert "hero" not in new["levels"][0]
    assert old["levels"][0]["hero"] == "rogue"  # the input is left alone
    assert check_document(new).valid


def test_a_current_document_is_returned_unchanged() -> None:
    doc = {"format_version": 1, "levels": []}
    assert migrate(doc, EXAMPLE) == (doc, None)


def test_a_newer_version_is_refused_with_advice() -> None:
    with pytest.raises(MigrationProblem, match="newer Card Rogue"):
        migrate({"format_version": 2}, EXAMPLE)


def test_a_version_no_migration_reaches_is_refused() -> None:
    with pytest.raises(MigrationProblem, match="format_version -3 is not a version"):
        migrate({"format_version": -3}, EXAMPLE)


def test_a_migration_must_set_the_next_version() -> None:
    broken = {0: Migration(0, "forgets the version", lambda d: dict(d))}
    with pytest.raises(RuntimeError):
        migrate({"format_version": 0, "levels": []}, broken)


def test_today_a_version_0_file_is_reported_not_crashed_on() -> None:
    report = validate_text(OLD_FILE)
    assert [p.rule for p in report.errors] == ["unknown_format"]
    assert report.exit_code == 1


def test_a_missing_or_odd_version_is_left_to_the_schema() -> None:
    for doc in ({"levels": []}, {"format_version": "1"}, {"format_version": True}):
        assert migrate(doc, EXAMPLE) == (doc, None)
    report = validate_text('kind = "challenge"\ntitle = "x"\nlevels = []\n')
    assert "format_version" in report.errors[0].message

