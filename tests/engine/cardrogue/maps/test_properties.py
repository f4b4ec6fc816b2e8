"""Property tests: randomly mutated valid maps never make the validator raise, and a map that
passes validation always loads into the engine."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cardrogue import State
from engine.cardrogue.board import PATH_GLYPHS
from engine.cardrogue.identity import map_id
from engine.cardrogue.level import level_from_grids, map_from_levels
from engine.cardrogue.maps import (
    EMPTY_GLYPH,
    Report,
    check_document,
    dumps_map,
    format_json,
    format_text,
    load_document,
    validate_text,
)
from tests.engine.cardrogue.maps.support import VALID
from tests.hypothesis_profiles import examples

TEXTS = [p.read_text(encoding="utf-8") for p in VALID]
DOCUMENTS = [load_document(p) for p in VALID]

# Characters worth throwing at the parser and the grids.
NOISE = list(PATH_GLYPHS.values()) + list("@>.$#gkcBpf\u00b7 \n\t\"'=[]{},\\0123456789-") + [
    "\x00", "\x07", "\x1b", "\r", "\u200b", "\u202e", "\ud7ff", "\U0001f600", "\u00e9"]

SETTINGS = settings(max_examples=examples(150), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
    | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(["goblin", "key", "chest", "start", "ladder", "warrior", "slay", "boss",
                       "hold", "red", "healing", "start", "@", "g", "", EMPTY_GLYPH]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.text(max_size=6) | st.sampled_from(["card", "kind", "id", "health", "stock", "colour",
                                               "revealed", "legend", "goals", "paths", "cells"]),
        inner, max_size=3),
    max_leaves=8,
)


def assert_sound(report: Report) -> None:
    """Whatever the input, the report is well formed and every output path works."""
    assert isinstance(report, Report)
    assert report.exit_code in (0, 1, 2)
    for problem in report.problems:
        assert problem.severity in ("error", "warning")
        assert isinstance(problem.message, str) and problem.message
        assert problem.rule
    format_text([report])
    json.loads(format_json([report]))
    if report.valid:
        assert report.spec is not None
        State.story(report.spec)  # a map that validates must load into the engine


def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    out = [here]
    if isinstance(value, dict):
        for key, sub in value.items():
            out.extend(_paths(sub, here + (key,)))
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            out.extend(_paths(sub, here + (index,)))
    return out


def _parent(doc: Any, path: tuple) -> Any:
    for part in path[:-1]:
        doc = doc[part]
    return doc


@SETTINGS
@given(st.data())
def test_mutated_documents_never_make_the_validator_raise(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(DOCUMENTS)))
    for _ in range(data.draw(st.integers(1, 4))):
        paths = _paths(doc)
        path = data.draw(st.sampled_from(paths))
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if not path:
            doc = data.draw(values) if action == "replace" else doc
            continue
        parent = _parent(doc, path)
        if action == "replace":
            parent[path[-1]] = data.draw(values)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.text(max_size=6))] = data.draw(values)
        else:
            parent.insert(path[-1], data.draw(values))
    assert_sound(check_document(doc, "mutated"))


@SETTINGS
@given(st.data())
def test_mutated_grids_and_legends_never_make_the_validator_raise(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(DOCUMENTS)))
    for _ in range(data.draw(st.integers(1, 6))):
        lv = data.draw(st.sampled_from(doc["levels"]))
        name = data.draw(st.sampled_from(["paths", "cells", "legend"]))
        if name == "legend":
            legend = lv.setdefault("legend", {})
            glyph = data.draw(st.sampled_from(NOISE))
            legend[glyph] = data.draw(st.sampled_from(
                ["goblin", "key", "chest", "start", "ladder", "shop", "potion", "nope"])
                | st.fixed_dictionaries({"card": st.sampled_from(["goblin", "shop", "start"])},
                                        optional={"colour": st.sampled_from(["red", "mauve"]),
                                                  "stock": st.lists(st.sampled_from(["sword", "key", "golem"]), max_size=2),
                                                  "health": st.integers(-3, 300),
                                                  "revealed": st.booleans()}))
            continue
        text = lv[name]
        position = data.draw(st.integers(0, len(text)))
        op = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        char = data.draw(st.sampled_from(NOISE))
        if op == "replace" and position < len(text):
            text = text[:position] + char + text[position + 1:]
        elif op == "insert":
            text = text[:position] + char + text[position:]
        else:
            text = text[:position] + text[position + 1:]
        lv[name] = text
    assert_sound(check_document(doc, "grids"))


@SETTINGS
@given(st.data())
def test_mutated_file_text_never_makes_the_validator_raise(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(TEXTS))
    for _ in range(data.draw(st.integers(1, 5))):
        position = data.draw(st.integers(0, len(text)))
        op = data.draw(st.sampled_from(["replace", "insert", "delete", "cut"]))
        chunk = data.draw(st.sampled_from(NOISE) | st.text(max_size=4))
        if op == "replace":
            text = text[:position] + chunk + text[position + 1:]
        elif op == "insert":
            text = text[:position] + chunk + text[position:]
        elif op == "delete":
            text = text[:position] + text[position + 1:]
        else:
            text = text[:position]
    assert_sound(validate_text(text, "text"))


# ---------------------------------------------------------------------- random valid boards

CONTENT = ["path", "path", "goblin", "potion", "sword", "trap_spikes", "fountain", None]
GLYPHS = {"path": ".", "goblin": "g", "potion": "p", "sword": "s", "trap_spikes": "t",
          "fountain": "f", "start": "@", "ladder": ">", None: " "}


@st.composite
def boards(draw: st.DrawFn) -> tuple[str, str]:
    width, height = draw(st.integers(2, 8)), draw(st.integers(1, 6))
    size = width * height
    bits = draw(st.lists(st.integers(0, 15), min_size=size, max_size=size))
    cards = draw(st.lists(st.sampled_from(CONTENT), min_size=size, max_size=size))
    start, ladder = draw(st.lists(st.integers(0, size - 1), min_size=2, max_size=2, unique=True))
    cards[start], cards[ladder] = "start", "ladder"
    paths = "".join(PATH_GLYPHS[bits[i]] + ("\n" if i % width == width - 1 else "")
                    for i in range(size))
    cells = "".join(GLYPHS[cards[i]] + ("\n" if i % width == width - 1 else "")
                    for i in range(size))
    return paths, cells


@SETTINGS
@given(boards())
def test_any_board_round_trips_through_the_file_format(board: tuple[str, str]) -> None:
    paths, cells = board
    legend = {"g": "goblin", "p": "potion", "s": "sword", "t": "trap_spikes", "f": "fountain"}
    doc = {"format_version": 1, "kind": "challenge", "title": "Random",
           "levels": [{"id": "r", "paths": paths, "cells": cells, "legend": legend}]}
    text = dumps_map(doc, "map.schema.json")
    report = validate_text(text)
    assert not report.unreadable
    # Whatever lint thinks of the board, the file keeps every cell exactly.
    saved = report.document["levels"][0]
    assert saved["cells"].replace(EMPTY_GLYPH, " ") == cells
    assert saved["paths"].replace(EMPTY_GLYPH, " ") == paths
    assert dumps_map(report.document, "map.schema.json") == text
    direct = map_from_levels([level_from_grids("r", paths, cells, legend)], seed=0,
                             title="Random", kind="challenge")
    if report.valid:
        assert map_id(report.spec) == map_id(direct)
