"""Interop: the maps authors write validate in Taplo, the tool their editors use, as well as here.

Taplo (`pip install taplo`) checks a TOML file against a JSON Schema given with --schema, or named
by the file's own `#:schema` line. The tests are skipped when it is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cardrogue.maps import validate_file
from tests.engine.cardrogue.maps.support import INVALID, REPO, VALID
from tests.support import TAPLO, taplo_check

pytestmark = pytest.mark.skipif(TAPLO is None, reason="taplo is not installed (pip install taplo)")

BUNDLED = sorted((REPO / "campaigns").rglob("*.toml"))
MAPS = BUNDLED + VALID


@pytest.mark.parametrize("path", MAPS, ids=lambda p: str(p.relative_to(REPO)))
def test_bundled_maps_and_valid_fixtures_pass_taplo_and_our_validator(path: Path) -> None:
    result = taplo_check(path)
    assert result.returncode == 0, result.stderr
    assert validate_file(path).valid


@pytest.mark.parametrize("path", MAPS, ids=lambda p: str(p.relative_to(REPO)))
def test_taplo_finds_the_schema_through_the_files_own_schema_line(path: Path) -> None:
    result = taplo_check(path, schema=None)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("name", ["unknown-key.toml", "wrong-type.toml", "absurd-number.toml",
                                  "control-character.toml", "fraction.toml"])
def test_taplo_rejects_what_the_schema_rejects(name: str) -> None:
    """Proof that Taplo really applies our schema: the same structural mistakes fail there."""
    with_flag = taplo_check(INVALID / name)
    with_line = taplo_check(INVALID / name, schema=None)
    for result in (with_flag, with_line):
        output = result.stdout + result.stderr
        assert result.returncode != 0
        assert "failed to load schema" not in output  # it failed on the file, not the schema
        assert "error:" in output


def test_taplo_reads_the_if_then_rules_of_goals_and_legend_entries(tmp_path: Path) -> None:
    path = tmp_path / "goal.toml"
    path.write_text('format_version = 1\nkind = "challenge"\ntitle = "t"\n[[levels]]\n'
                    'id = "a"\ngoals = [{ kind = "slay" }]\npaths = "╶╴"\ncells = "@>"\n'
                    '[levels.legend]\nq = { colour = "red" }\n', encoding="utf-8")
    result = taplo_check(path)
    assert result.returncode != 0
    assert '"card" is a required property' in result.stdout + result.stderr


def test_the_card_data_file_passes_taplo_with_its_schema() -> None:
    path = REPO / "engine" / "cardrogue" / "data" / "cards.toml"
    assert taplo_check(path, schema=None).returncode == 0
