"""Checking a document again and again as it is edited, for the map editor.

`DocumentChecker().check(document)` gives the same Report as `check_document(document)`: the
same problems in the same order, the same normalised document and MapSpec. It keeps each
level's lint results between calls, so after an edit only the levels that changed (and those
after them whose carried-over keys and cards changed) are linted again; the schema and the
checks across levels run in full every time. It never changes `document`, so a caller need
not copy it first.

    checker = DocumentChecker()
    report = checker.check(model.document, "<editor>", spec=False)

spec=False skips building the MapSpec (about 5 ms on a 128x128 level), which only a map without
errors gets and which an editor showing problems does not need: the problems are the same,
except that the "engine" problem a refused MapSpec would add is never looked for (lint finds
whatever the engine would refuse first).
"""

from __future__ import annotations

from typing import Any

from engine.cardrogue.maps.check import check
from engine.cardrogue.maps.lint import LintCache
from engine.cardrogue.maps.problems import Report


class DocumentChecker:
    """Checks successive versions of one document, re-linting only the levels that changed."""

    def __init__(self) -> None:
        self.cache = LintCache()

    def check(self, document: Any, name: str = "<document>", *, spec: bool = True) -> Report:
        """Every problem of `document`, as `check_document(document, name)` reports them."""
        return check(document, name, cache=self.cache, spec=spec)
