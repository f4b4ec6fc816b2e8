"""Hostile map files through the real `cardrogue validate`: each is refused with its rule and a
clear message, within the memory ceiling, and never costs the other files their reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cardrogue.maps import check_document, validate_text
from engine.core import toml_guard
from tests.hostile.support import BASE, CORPUS, assert_clean, run_cardrogue


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_hostile_map_is_refused_clearly_within_the_memory_ceiling(tmp_path: Path, name: str) -> None:
    text, status, rule, words = CORPUS[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run_cardrogue("validate", path)
    assert_clean(result)
    assert result.returncode == status, result.stdout
    assert f"[{rule}]" in result.stdout, result.stdout
    assert words in result.stdout
    assert "\x1b" not in result.stdout and "\x9b" not in result.stdout


def test_the_guard_gives_the_line_where_a_limit_was_passed() -> None:
    text = "a = 1\nb = 2\n\n" + ".".join(["k"] * 9) + " = 3\n"
    with pytest.raises(toml_guard.TomlRefused) as refused:
        toml_guard.guard(text, 1000)
    assert refused.value.line == 4
    report = validate_text(text, "x.toml")
    assert report.unreadable and report.problems[0].line == 4


@pytest.mark.parametrize("text", [
    'a = "x.y.z.q.r.s.t.u.v.w"',  # dots inside strings are text
    "a = '''[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[''' # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    'a = """\\"""a.b.c.d.e.f.g.h.i.j"""',  # an escaped quote does not end the string
    "a = [" + ", ".join(["1.5"] * 500) + "]",  # fractions are values, not key parts
    'x = { a.b = 1, c.d = { e.f = 2 } }',
    "[levels.legend.\"g\".poison]\non = 1",
])
def test_the_guard_passes_what_only_looks_deep(text: str) -> None:
    toml_guard.guard(text, 100_000)


def test_every_bundled_map_passes_the_guard() -> None:
    root = Path(__file__).resolve().parents[2]
    paths = sorted(root.glob("campaigns/**/*.toml")) + sorted(root.glob("tests/**/*.toml"))
    assert len(paths) > 10
    for path in paths:
        toml_guard.guard(path.read_text(encoding="utf-8"), 8 * 1024 * 1024)


def test_one_bad_file_never_costs_the_others_their_reports(tmp_path: Path) -> None:
    names = []
    for name in ("hex-seed.toml", "fffe-cell.toml", "dotted-key.toml"):
        (tmp_path / name).write_text(CORPUS[name][0], encoding="utf-8")
        names.append(tmp_path / name)
    good = tmp_path / "good.toml"
    good.write_text(BASE, encoding="utf-8")
    files = [names[0], good, names[1], names[2], good]
    result = run_cardrogue("validate", *files)
    assert_clean(result)
    assert result.returncode == 2
    assert result.stdout.count(": valid") == 2
    assert result.stdout.count(": unreadable") == 2 and result.stdout.count(": invalid") == 1
    result = run_cardrogue("validate", "--json", *files)
    assert_clean(result)
    report = json.loads(result.stdout)
    assert [f["status"] for f in report["files"]] == [
        "unreadable", "valid", "invalid", "unreadable", "valid"]


def test_check_document_bounds_numbers_too_long_to_print() -> None:
    document = {"format_version": 1, "kind": "challenge", "title": "T", "seed": 16 ** 3600,
                "levels": [{"id": "a", "paths": "\u2576\u2574\n", "cells": "@>\n",
                            "health": -(10 ** 5000)}]}
    report = check_document(document)
    messages = [p.message for p in report.errors]
    assert any("seed" in m and "too large" in m and "digits" in m for m in messages), messages
    assert any("health" in m and "too small" in m for m in messages), messages
    document["format_version"] = 16 ** 3600  # read by the migrations first
    assert check_document(document).errors


def test_bad_files_in_the_maps_folder_cost_verify_and_import_nothing(tmp_path: Path) -> None:
    import shutil

    root = Path(__file__).resolve().parents[2]
    data = tmp_path / "data"
    (data / "maps").mkdir(parents=True)
    for name, (text, *_) in CORPUS.items():
        (data / "maps" / name).write_text(text, encoding="utf-8")
    for path in (root / "tests" / "runs" / "maps_toml").glob("*.toml"):
        shutil.copy(path, data / "maps" / path.name)
    runs = [root / "tests" / "runs" / "corridor-shortest.run.json",
            root / "tests" / "runs" / "two_floors-longer.run.json"]
    for command in ("verify", "import"):
        result = run_cardrogue(command, *runs, data_dir=data)
        assert_clean(result)
        assert result.returncode == 0, result.stderr
    assert json.loads((data / "map-index.json").read_text())["files"]


@pytest.mark.parametrize("failure, rule", [
    (ValueError("Exceeds the limit (4300 digits)"), "toml_value"),
    (RecursionError(), "too_deep"),
    (RuntimeError("a bug of ours"), "check_failed"),
])
def test_whatever_the_parser_raises_becomes_a_problem(monkeypatch, failure, rule) -> None:
    import tomllib

    def broken(text: str):
        raise failure

    monkeypatch.setattr(tomllib, "loads", broken)
    report = validate_text(BASE, "x.toml")
    assert report.unreadable
    assert [p.rule for p in report.problems] == [rule]


def test_a_checker_bug_becomes_a_problem_not_an_exception(monkeypatch) -> None:
    from engine.cardrogue.maps import check

    def broken(*args, **kwargs):
        raise KeyError("a bug of ours")

    monkeypatch.setattr(check, "lint", broken)
    report = validate_text(BASE, "x.toml")
    assert not report.valid
    assert [p.rule for p in report.errors] == ["check_failed"]
    assert "Please report this" in report.errors[0].message
