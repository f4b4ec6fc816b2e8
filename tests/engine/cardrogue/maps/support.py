"""Helpers for the map file tests: small documents from grids, and the real CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from engine.cardrogue.maps import Report, check_document

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
VALID = sorted((FIXTURES / "valid").glob("*.toml"))
INVALID = FIXTURES / "invalid"
REPO = HERE.parents[3]


def level(paths: str, cells: str, legend: dict[str, Any] | None = None, id: str = "one",
          **fields: Any) -> dict[str, Any]:
    """A level document; grids are written as in a file, one row per line."""
    out: dict[str, Any] = {"id": id, **fields, "paths": paths, "cells": cells}
    if legend is not None:
        out["legend"] = legend
    return out


def document(*levels: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"format_version": 1, "kind": top.pop("kind", "challenge"),
            "title": top.pop("title", "Test"), **top, "levels": list(levels)}


def check(doc: dict[str, Any]) -> Report:
    return check_document(doc, "test.toml")


def rules(doc: dict[str, Any], severity: str | None = None) -> list[str]:
    return [p.rule for p in check(doc).problems if severity is None or p.severity == severity]


def problem(doc: dict[str, Any], rule: str):
    """The first problem found by `rule`; fails listing all problems if there is none."""
    report = check(doc)
    for found in report.problems:
        if found.rule == rule:
            return found
    raise AssertionError(f"no {rule!r} problem in {[(p.rule, p.message) for p in report.problems]}")


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The real command line, in a fresh process, as `python -m app.cli`."""
    return subprocess.run([sys.executable, "-m", "app.cli", *args], capture_output=True,
                          text=True, timeout=120, check=False, cwd=cwd or REPO)
