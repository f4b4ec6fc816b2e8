"""The editor's DocumentChecker reports exactly what check_document reports, edit after edit."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cardrogue.board import PATH_GLYPHS
from engine.cardrogue.maps import EMPTY_GLYPH, check_document
from engine.cardrogue.maps.document import Unreadable, parse_toml, read_text
from engine.cardrogue.maps.incremental import DocumentChecker
from engine.cardrogue.maps.lint import LintCache, lint
from engine.cardrogue.maps.problems import Collector
from tests.engine.cardrogue.maps.support import FIXTURES, REPO, document, level
from tests.hypothesis_profiles import examples

MAP_FILES = sorted((REPO / "campaigns").rglob("*.toml")) + sorted(FIXTURES.rglob("*.toml"))


def _parsed(path: Path) -> Any:
    try:
        return parse_toml(read_text(path))
    except Unreadable:
        return None


FILE_DOCUMENTS = [(p, d) for p in MAP_FILES if (d := _parsed(p)) is not None]


def assert_same(checker: DocumentChecker, doc: Any, name: str = "<editor>") -> None:
    before = copy.deepcopy(doc)
    expected = check_document(copy.deepcopy(doc), name)
    got = checker.check(doc, name)
    assert doc == before, "the checker must not change the document"
    assert got.problems == expected.problems
    assert got == expected  # the document, the MapSpec, migrated_from too
    quick = checker.check(doc, name, spec=False)
    assert quick.problems == [p for p in expected.problems if p.rule != "engine"]
    assert quick.spec is None and quick.document == expected.document


def test_every_map_file_gets_the_same_report() -> None:
    assert len(FILE_DOCUMENTS) >= 10
    checker = DocumentChecker()
    for path, doc in FILE_DOCUMENTS:
        assert_same(checker, doc, str(path))
        assert_same(checker, doc, str(path))  # the second time from the cache
    for path, doc in FILE_DOCUMENTS:
        assert_same(DocumentChecker(), doc, str(path))


def test_a_level_left_unchanged_is_not_linted_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.cardrogue.maps import lint as lint_module

    doc = document(level("┼─┐\n│·│\n└─┘\n", "@.>\n. .\n...\n", id="a"),
                   level("─\n", "@\n", id="b"), level("─\n", ">\n", id="c"))
    checker = DocumentChecker()
    checker.check(doc)
    runs: list[int] = []
    real_run = lint_module._LevelLint.run
    monkeypatch.setattr(lint_module._LevelLint, "run",
                        lambda self: (runs.append(self.index), real_run(self))[1])
    checker.check(doc)
    assert runs == []
    edited = copy.deepcopy(doc)
    edited["levels"][2]["cells"] = "@\n"
    checker.check(edited)
    assert runs == [2]
    assert_same(checker, edited)


def test_the_cap_on_one_rule_counts_across_levels_of_the_same_name() -> None:
    # Two levels with one id share the cap of 20 problems of a rule; replayed problems must
    # count towards it just as fresh ones do.
    noisy = level("\n".join(["┼" * 12] * 3) + "\n", "\n".join([" " * 12] * 3) + "\n", id="same")
    doc = document(noisy, copy.deepcopy(noisy))
    cache = LintCache()
    for _ in range(3):
        cached, plain = Collector("x"), Collector("x")
        lint(doc, cached, cache=cache)
        lint(doc, plain)
        assert cached.finish() == plain.finish()
    assert len(cache) == 2


def test_values_nested_nearly_too_deep_get_the_same_report() -> None:
    limit = sys.getrecursionlimit()
    for depth in range(limit // 2 - 40, limit // 2 + 8, 2):  # too deep from about limit / 2
        nested: Any = "deep"
        for _ in range(depth):
            nested = [nested]
        doc = document(level("─\n", "@\n", id="a", exit="start", notes=nested))
        expected = check_document(doc)  # neither changes the document, so no copy is needed
        got = DocumentChecker().check(doc)
        assert got.problems == expected.problems and got.spec == expected.spec


# ---------------------------------------------------------------------- random edits

GLYPHS = ["@", ">", ".", "g", "k", "c", "$", "B", "z", " ", EMPTY_GLYPH, "\u00e9"]
PATHS = list(PATH_GLYPHS.values()) + [EMPTY_GLYPH, "?"]
LEGEND = {"g": "goblin", "k": "key", "c": "chest", "$": {"card": "shop", "stock": ["key"]},
          "B": "golem", "\u00e9": "cave_bat"}


def _grid(rows: int, cols: int, fill: str) -> str:
    return "".join(fill * cols + "\n" for _ in range(rows))


def _start_document() -> dict[str, Any]:
    first = level(_grid(6, 8, "┼"), "@" + "." * 7 + "\n" + _grid(4, 8, ".") + "." * 7 + ">\n",
                  dict(LEGEND), id="one", goals=[{"kind": "chest"}])
    second = level(_grid(3, 3, "┼"), "@.>\n.k.\n.c.\n", dict(LEGEND), id="two",
                   goals=[{"kind": "hold", "card": "key"}])
    return document(first, second, seed=4)


def _set_char(grid: str, row: int, col: int, char: str) -> str:
    rows = grid.split("\n")
    row %= max(1, len(rows) - 1)
    line = rows[row]
    col %= max(1, len(line) + 1)
    rows[row] = line[:col] + char + line[col + 1:]
    return "\n".join(rows)


edits = st.one_of(
    st.tuples(st.just("cell"), st.integers(0, 9), st.integers(0, 9), st.integers(0, 11),
              st.sampled_from(GLYPHS)),
    st.tuples(st.just("path"), st.integers(0, 9), st.integers(0, 9), st.integers(0, 11),
              st.sampled_from(PATHS)),
    st.tuples(st.just("id"), st.integers(0, 9), st.sampled_from(["one", "two", "three", "",
                                                                 "Bad id", 7])),
    st.tuples(st.just("legend"), st.integers(0, 9), st.sampled_from(sorted(LEGEND)),
              st.sampled_from(["goblin", "key", "nothing", None, {"card": "shop"}])),
    st.tuples(st.just("goals"), st.integers(0, 9), st.lists(st.fixed_dictionaries(
        {"kind": st.sampled_from(["slay", "hold", "chest", "boss", "debt"]),
         "card": st.sampled_from(["goblin", "key", "golem", "sword"])}), max_size=2)),
    st.tuples(st.just("field"), st.integers(0, 9),
              st.sampled_from(["exit", "items", "character", "health"]),
              st.sampled_from(["start", "ladder", ["key"], ["sword", "goblin"], "warrior", 3,
                               None])),
    st.tuples(st.just("duplicate"), st.integers(0, 9)),
    st.tuples(st.just("remove"), st.integers(0, 9)),
    st.tuples(st.just("move"), st.integers(0, 9), st.integers(0, 9)),
    st.tuples(st.just("top"), st.sampled_from(["title", "seed", "kind"]),
              st.sampled_from(["A map", 3, "campaign", None])),
)


def _apply(doc: dict[str, Any], edit: tuple[Any, ...]) -> None:
    levels = doc["levels"]
    kind, rest = edit[0], edit[1:]
    if kind == "top":
        key, value = rest
        if value is None:
            doc.pop(key, None)
        else:
            doc[key] = value
        return
    if not levels:
        levels.append(copy.deepcopy(_start_document()["levels"][1]))
    target = levels[rest[0] % len(levels)]
    if kind == "cell":
        target["cells"] = _set_char(target["cells"], rest[1], rest[2], rest[3])
    elif kind == "path":
        target["paths"] = _set_char(target["paths"], rest[1], rest[2], rest[3])
    elif kind == "id":
        target["id"] = rest[1]
    elif kind == "legend":
        legend = target.setdefault("legend", {})
        if rest[2] is None:
            legend.pop(rest[1], None)
        else:
            legend[rest[1]] = copy.deepcopy(rest[2])
    elif kind == "goals":
        target["goals"] = copy.deepcopy(rest[1])
    elif kind == "field":
        if rest[2] is None:
            target.pop(rest[1], None)
        else:
            target[rest[1]] = copy.deepcopy(rest[2])
    elif kind == "duplicate":
        levels.insert(rest[0] % len(levels), copy.deepcopy(target))
    elif kind == "remove" and len(levels) > 1:
        levels.remove(target)
    elif kind == "move":
        levels.insert(rest[1] % len(levels), levels.pop(rest[0] % len(levels)))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(edits, min_size=1, max_size=25))
def test_random_edits_get_the_same_report_as_a_full_check(steps: list[tuple[Any, ...]]) -> None:
    doc = _start_document()
    checker = DocumentChecker()
    assert_same(checker, doc)
    for step in steps:
        _apply(doc, step)
        assert_same(checker, doc)


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILE_DOCUMENTS), st.lists(edits, min_size=1, max_size=10))
def test_random_edits_to_map_files(found: tuple[Path, Any], steps: list[tuple[Any, ...]]) -> None:
    path, original = found
    doc = copy.deepcopy(original)
    checker = DocumentChecker()
    assert_same(checker, doc, str(path))
    if not isinstance(doc, dict) or not isinstance(doc.get("levels"), list) \
            or not all(isinstance(lv, dict) and isinstance(lv.get("cells"), str)
                       and isinstance(lv.get("paths"), str) for lv in doc["levels"]):
        return
    for step in steps:
        _apply(doc, step)
        assert_same(checker, doc, str(path))
