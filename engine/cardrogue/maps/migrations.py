"""Upgrading documents written in an older `format_version`, before they are validated.

Each migration reads one version and returns the document in the next, so a file of any older
version is upgraded step by step to FORMAT_VERSION. Version 1 is the first published format, so
the registry is empty today. When the format changes:

1. bump FORMAT_VERSION and the schema's `format_version` const;
2. add a `Migration(source=<old>, ...)` to MIGRATIONS whose `upgrade` returns a new document
   (never change the one it is given) with `format_version` set to source + 1;
3. add a fixture pair under tests/engine/cardrogue/maps/fixtures/migrations/v<old>/: NAME.toml in the old format
   and NAME.expected.toml, what it must become. A test fails for a migration without one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.cardrogue.maps.format import FORMAT_VERSION


@dataclass(frozen=True)
class Migration:
    source: int  # the format_version it reads; it writes source + 1
    summary: str  # what changed, in a line, for the report
    upgrade: Callable[[dict[str, Any]], dict[str, Any]]


MIGRATIONS: dict[int, Migration] = {}


class MigrationProblem(Exception):
    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


def migrate(document: Any, migrations: Mapping[int, Migration] | None = None,
            current: int = FORMAT_VERSION) -> tuple[Any, int | None]:
    """Upgrade `document` to `current`. Returns (document, the version it was in if older).

    A document whose version is missing or not a whole number is returned unchanged: the schema
    reports that in its own words. MigrationProblem is raised for a version newer than `current`
    or older than any migration reaches.
    """
    registry = MIGRATIONS if migrations is None else migrations
    if not isinstance(document, dict):
        return document, None
    version = document.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        return document, None
    if version > current:
        raise MigrationProblem(
            "newer_format",
            f"this file is format_version {version}, written by a newer Card Rogue; this version "
            f"reads format_version {current} and older: update Card Rogue to open it")
    if version == current:
        return document, None
    original = version
    while version < current:
        step = registry.get(version)
        if step is None:
            raise MigrationProblem(
                "unknown_format",
                f"format_version {version} is not a version Card Rogue ever wrote; the oldest it "
                f"reads is {min(registry, default=current)}")
        document = step.upgrade(document)
        if document.get("format_version") != version + 1:
            raise RuntimeError(f"migration from {version} must set format_version {version + 1}")
        version += 1
    return document, original
