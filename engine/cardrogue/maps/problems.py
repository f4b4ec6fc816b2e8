"""Problems found in a map file, and the report that lists them.

Every problem names its file, its level (when it belongs to one), its cell (when it has one),
its severity, the rule that found it, and a message in plain words. Rows and columns are counted
from 1, as text editors count lines; `Problem.cell` gives the engine's 0-based (row, col).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.cardrogue.identity import map_id, share_code

if TYPE_CHECKING:
    from engine.cardrogue.level import MapSpec

ERROR = "error"
WARNING = "warning"

# Exit statuses of `cardrogue validate`, also the report's `exit_code`.
EXIT_VALID = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2


@dataclass(frozen=True)
class Problem:
    severity: str  # ERROR or WARNING
    rule: str  # a short stable name, e.g. "one_start"; tools may match on it
    message: str  # one plain sentence or two, for an author
    file: str = ""
    level: str | None = None  # the level's id (or "level 3" when it has no usable id)
    row: int | None = None  # 1-based, in the level's grids
    col: int | None = None  # 1-based
    path: str | None = None  # JSON path of the value at fault, e.g. "$.levels[0].health"
    line: int | None = None  # 1-based position in the file itself (TOML syntax errors)
    column: int | None = None

    @property
    def cell(self) -> tuple[int, int] | None:
        """The engine's 0-based (row, col), or None when the problem has no cell."""
        if self.row is None or self.col is None:
            return None
        return (self.row - 1, self.col - 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "level": self.level,
            "row": self.row,
            "col": self.col,
            "severity": self.severity,
            "rule": self.rule,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
        }


@dataclass
class Report:
    """Everything `validate` found out about one file."""

    file: str
    problems: list[Problem] = field(default_factory=list)
    unreadable: bool = False  # the file could not be read as TOML at all
    document: dict[str, Any] | None = None  # the parsed, migrated, normalised document
    spec: MapSpec | None = None  # built only when the map has no errors
    migrated_from: int | None = None  # the format_version the file was written in, if older
    _identity: tuple[Any, str] | None = field(default=None, repr=False, compare=False)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == WARNING]

    @property
    def valid(self) -> bool:
        return not self.unreadable and not self.errors

    @property
    def status(self) -> str:
        if self.unreadable:
            return "unreadable"
        return "invalid" if self.errors else "valid"

    @property
    def exit_code(self) -> int:
        if self.unreadable:
            return EXIT_UNREADABLE
        return EXIT_INVALID if self.errors else EXIT_VALID

    @property
    def map_id(self) -> str | None:
        """The sha256 id of the map's gameplay content, once it is known to be valid."""
        if self.spec is None:
            return None
        if self._identity is None or self._identity[0] is not self.spec:
            self._identity = (self.spec, map_id(self.spec))
        return self._identity[1]

    def to_dict(self) -> dict[str, Any]:
        identity = self.map_id
        return {
            "file": self.file,
            "status": self.status,
            "exit_code": self.exit_code,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "map_id": identity,
            "share_code": share_code(identity) if identity else None,
            "migrated_from": self.migrated_from,
            "problems": [p.to_dict() for p in self.problems],
        }


class MapError(ValueError):
    """Raised by `load_map` when a file cannot be used; `report` holds every problem."""

    def __init__(self, report: Report) -> None:
        self.report = report
        listed = report.errors or report.problems
        first = listed[0] if listed else None
        summary = f"{report.file}: {report.status}"
        if first is not None:
            summary += f": {first.message}"
            more = len(report.errors) - 1
            if more > 0:
                summary += f" (and {more} more error{'s' if more > 1 else ''})"
        super().__init__(summary)


class Collector:
    """Gathers problems for one file, capping floods of the same rule in one level.

    A grid full of one mistake would otherwise list thousands of cells; after `cap` problems of
    one rule in one level, the rest are counted in a single closing problem.
    """

    def __init__(self, file: str, cap: int = 20) -> None:
        self.file = file
        self.cap = cap
        self.problems: list[Problem] = []
        self._counts: dict[tuple[str | None, str], int] = {}

    def add(self, severity: str, rule: str, message: str, *, level: str | None = None,
            cell: tuple[int, int] | None = None, path: str | None = None) -> None:
        """Record a problem; `cell` is 0-based (row, col), as the engine counts."""
        key = (level, rule)
        count = self._counts.get(key, 0) + 1
        self._counts[key] = count
        if count > self.cap:
            return
        row = col = None
        if cell is not None:
            row, col = cell[0] + 1, cell[1] + 1
        self.problems.append(Problem(severity, rule, message, self.file, level, row, col, path))

    def tally(self, level: str | None, rule: str, count: int) -> None:
        """Count `count` more problems of a rule past the cap, without their words (the caller
        knows they would not be listed)."""
        key = (level, rule)
        self._counts[key] = self._counts.get(key, 0) + count

    def finish(self) -> list[Problem]:
        """Every problem, errors before warnings, each in the order found."""
        out = sorted(self.problems, key=lambda p: p.severity != ERROR)
        for (level, rule), count in self._counts.items():
            if count > self.cap:
                severity = next(p.severity for p in self.problems
                                if p.level == level and p.rule == rule)
                out.append(Problem(severity, rule,
                                   f"{count - self.cap} more problems of this kind were not listed",
                                   self.file, level))
        return out
