"""Validation from start to finish: read, parse, migrate, schema, lint, build.

`validate_file` and `validate_text` never raise for anything a file can hold; every problem ends
up in the Report. `check_document` does the same for a document the editor holds in memory.
"""

from __future__ import annotations

import os
from typing import Any

from engine.cardrogue.level import MapSpec
from engine.cardrogue.maps.deceptive import check_characters
from engine.cardrogue.maps.document import (
    Unreadable,
    bounded,
    decode,
    json_path,
    normalise,
    parse_toml,
    plain_values,
    read_bytes,
    schema_directive,
)
from engine.cardrogue.maps.level_rules import level_name
from engine.cardrogue.maps.lint import LintCache, lint
from engine.cardrogue.maps.migrations import MigrationProblem, migrate
from engine.cardrogue.maps.problems import (
    ERROR,
    WARNING,
    Collector,
    MapError,
    Problem,
    Report,
)
from engine.cardrogue.maps.schema import schema_errors
from engine.cardrogue.maps.spec import to_map_spec
from engine.core.safe_text import shown


def _unreadable(name: str, problem: Unreadable) -> Report:
    report = Report(name, unreadable=True)
    report.problems.append(Problem(ERROR, problem.rule, problem.message, name,
                                   line=problem.line, column=problem.column))
    return report


def validate_file(path: str | os.PathLike[str]) -> Report:
    name = os.fspath(path)
    try:
        text = decode(read_bytes(path))
    except Unreadable as problem:
        return _unreadable(name, problem)
    except Exception as error:  # noqa: BLE001 - never raise: see _failure
        return _unreadable(name, Unreadable("check_failed", _failure("reading", error)))
    return validate_text(text, name)


def validate_text(text: str, name: str = "<text>") -> Report:
    try:
        raw = parse_toml(text)
    except Unreadable as problem:
        return _unreadable(name, problem)
    except Exception as error:  # noqa: BLE001 - never raise: see _failure
        return _unreadable(name, Unreadable("check_failed", _failure("reading", error)))
    report = check_document(raw, name)
    if schema_directive(text.lstrip("\ufeff")) is None:
        report.problems.append(Problem(
            WARNING, "schema_line", "the file does not start with a `#:schema` line naming "
            "schemas/map.schema.json, so editors cannot check it while you type", name, line=1))
    return report


def _level_of(document: Any, parts: list[Any]) -> str | None:
    if len(parts) >= 2 and parts[0] == "levels" and isinstance(parts[1], int):
        levels = document.get("levels") if isinstance(document, dict) else None
        if isinstance(levels, list) and parts[1] < len(levels) and isinstance(levels[parts[1]], dict):
            return level_name(levels[parts[1]], parts[1])
        return f"level {parts[1] + 1}"
    return None


def check_document(document: Any, name: str = "<document>") -> Report:
    """Every problem of a parsed document (a dict from tomllib, or the editor's).

    It does not change `document`: the report's document is a new one.
    """
    return check(document, name)


def check(document: Any, name: str = "<document>", *, cache: LintCache | None = None,
          spec: bool = True) -> Report:
    """`check_document`, with the two choices the editor's `DocumentChecker` makes: lint through
    a LintCache, and whether to build the MapSpec of a map without errors (spec=False leaves
    `report.spec` None, and so never adds the "engine" problem that building it could)."""
    build_spec = spec
    report = Report(name)
    out = Collector(name)
    try:
        document, dates = plain_values(document)
        for where, text in dates:
            out.add(ERROR, "date_value",
                    f"{json_path(where)[2:] or 'the value'}: {text} is a TOML date or time; the "
                    "format has none, so write it in quotes if you mean text",
                    level=_level_of(document, list(where)), path=json_path(where))
        try:
            document, report.migrated_from = migrate(document)
        except MigrationProblem as problem:
            out.add(ERROR, problem.rule, problem.message, path="$.format_version")
            report.problems = out.finish()
            return report
        document = normalise(document)
        report.document = document if isinstance(document, dict) else None
        view, sizes = bounded(document)
        for path, parts, rule, message in schema_errors(view, sizes):
            out.add(ERROR, rule, message, level=_level_of(view, parts), path=path)
        check_characters(view, out, _level_of)
        lint(view, out, cache=cache)
    except RecursionError:
        out.add(ERROR, "too_deep", "the file's values are nested too deeply to check")
    except Exception as error:  # noqa: BLE001 - a checker's own bug must not cost the report
        out.add(ERROR, "check_failed", _failure("checking", error))
    report.problems = out.finish()
    if build_spec and not report.errors and report.document is not None:
        try:
            report.spec = to_map_spec(report.document)
        except (ValueError, KeyError, TypeError) as error:  # lint should have caught it first
            report.problems.append(Problem(ERROR, "engine", "the engine refused the map: "
                                           f"{shown(str(error))[:300]}", name))
        except Exception as error:  # noqa: BLE001 - as above
            report.problems.append(Problem(ERROR, "check_failed", _failure("building", error),
                                           name))
    return report


def _failure(doing: str, error: BaseException) -> str:
    """The words for a failure inside Card Rogue itself, never a quote of the file."""
    return (f"Card Rogue failed while {doing} this map ({type(error).__name__}); the file "
            "could not be fully checked. Please report this with the file")


def load_map(path: str | os.PathLike[str]) -> MapSpec:
    """The MapSpec in a map file; raises MapError (with the full report) if it has errors."""
    report = validate_file(path)
    if report.spec is None:
        raise MapError(report)
    return report.spec


def load_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The normalised document in a map file, for editing; raises MapError if it is unreadable.

    A document with errors is still returned: an author must be able to open a broken map to
    fix it.
    """
    report = validate_file(path)
    if report.document is None:
        raise MapError(report)
    return report.document
