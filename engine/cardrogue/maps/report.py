"""Reports as text for people and as JSON for tools (`cardrogue validate [--json]`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.cardrogue.identity import share_code
from engine.cardrogue.maps.problems import Problem, Report
from engine.core.safe_text import shown


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def format_problem(problem: Problem) -> str:
    where = []
    if problem.line is not None:
        where.append(f"line {problem.line}" + (f", column {problem.column}"
                                               if problem.column is not None else ""))
    if problem.level is not None:
        where.append(problem.level if problem.level.startswith("level ")
                     else f"level {json.dumps(problem.level, ensure_ascii=False)}")
    if problem.row is not None:
        where.append(f"row {problem.row}, col {problem.col}")
    place = f" ({'; '.join(where)})" if where else ""
    return shown(f"{problem.file}: {problem.severity} [{problem.rule}]{place}: {problem.message}")


def format_text(reports: Sequence[Report]) -> str:
    lines: list[str] = []
    for report in reports:
        lines.extend(format_problem(p) for p in report.problems)
        counts = []
        if report.errors:
            counts.append(_plural(len(report.errors), "error"))
        if report.warnings:
            counts.append(_plural(len(report.warnings), "warning"))
        summary = f"{report.file}: {report.status}"
        if counts:
            summary += f" ({', '.join(counts)})"
        if report.valid and report.map_id:
            summary += f"; map id {report.map_id[:12]}..., share code {share_code(report.map_id)}"
        if report.migrated_from is not None:
            summary += f"; upgraded from format_version {report.migrated_from}"
        lines.append(shown(summary))
    return "\n".join(lines) + "\n"


def exit_code(reports: Sequence[Report]) -> int:
    """The worst file decides: 2 if any is unreadable, else 1 if any is invalid, else 0."""
    return max((r.exit_code for r in reports), default=0)


def format_json(reports: Sequence[Report]) -> str:
    data: dict[str, Any] = {
        "format": "cardrogue-validate",
        "version": 1,
        "exit_code": exit_code(reports),
        "files": [r.to_dict() for r in reports],
    }
    return json.dumps(data, indent=2, ensure_ascii=True) + "\n"
