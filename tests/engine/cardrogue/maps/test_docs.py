"""docs/map-format.md stays true: its example is valid, and it names every card, character,
field and problem rule the code knows."""

from __future__ import annotations

import re

from engine.cardrogue.board import PATH_GLYPHS
from engine.cardrogue.cards import OVERRIDABLE, standard_catalog
from engine.cardrogue.level import GOAL_KINDS, POTION_COLOURS, POTION_EFFECTS
from engine.cardrogue.maps import validate_text
from engine.cardrogue.maps.format import LEVEL_ORDER, TOP_ORDER
from tests.engine.cardrogue.maps.support import REPO

DOC = (REPO / "docs" / "map-format.md").read_text(encoding="utf-8")
SOURCES = sorted((REPO / "engine" / "cardrogue" / "maps").glob("*.py"))


def test_the_complete_example_is_a_valid_map() -> None:
    example = DOC.split("## A complete example", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    report = validate_text(example, "docs example")
    assert report.valid, [p.message for p in report.problems]
    assert report.problems == []


def test_every_name_an_author_needs_is_in_the_page() -> None:
    names = (list(standard_catalog().cards) + list(standard_catalog().characters)
             + list(OVERRIDABLE) + list(TOP_ORDER) + list(LEVEL_ORDER) + list(GOAL_KINDS)
             + list(POTION_COLOURS) + list(POTION_EFFECTS))
    missing = [name for name in names if f"`{name}`" not in DOC and f'"{name}"' not in DOC]
    assert missing == []


def test_every_path_glyph_is_in_the_table() -> None:
    assert all(f"`{glyph}`" in DOC for glyph in PATH_GLYPHS.values() if glyph != " ")


def rules_in_code() -> set[str]:
    found = set()
    patterns = [r'add\(\s*(?:ERROR|WARNING),\s*"(\w+)"', r'Unreadable\(\s*"(\w+)"',
                r'MigrationProblem\(\s*"(\w+)"', r'Problem\(\s*(?:ERROR|WARNING),\s*"(\w+)"',
                r'rule = "(\w+)"']
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for pattern in patterns:
            found.update(re.findall(pattern, text, flags=re.MULTILINE))
        rules_table = re.search(r"_RULES = \{(.*?)\}", text, flags=re.DOTALL)
        if rules_table:
            found.update(re.findall(r'"\w+": "(\w+)"', rules_table.group(1)))
        found.update(re.findall(r'\("\$", \[\], "(\w+)"', text))
    return found


def test_every_problem_rule_is_documented() -> None:
    rules = rules_in_code()
    assert {"one_start", "ragged_rows", "toml_syntax", "unknown_field", "too_many_errors",
            "half_open_edge", "newer_format"} <= rules
    missing = sorted(rule for rule in rules if f"| `{rule}` |" not in DOC)
    assert missing == []
