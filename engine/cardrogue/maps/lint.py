"""Lint: every level of a map through the rules in level_rules.py, in order (what a level
carries over to the next counts), and the cache that lets an editor lint only the levels that
changed since the last check.
"""

from __future__ import annotations

from typing import Any

from engine.cardrogue.cards import Catalog, standard_catalog
from engine.cardrogue.maps.format import MAX_LEVELS
from engine.cardrogue.maps.level_rules import (
    Carry,
    _is_str,
    _LevelLint,
    level_name,
)
from engine.cardrogue.maps.problems import ERROR, Collector
from engine.cardrogue.maps.wording import quoted


class LintCache:
    """Each level's lint results from the last document linted with it, so that linting the
    next version of the document (an editor checks after every edit) only works through the
    levels that changed.

    A level's problems depend on its own content, on where it stands (its index, whether it is
    the last, its name) and on what the levels before it carry over; all of that makes the key,
    so a level found here gets exactly the problems linting it again would give. Problems
    across levels (duplicate ids) are worked out again every time.
    """

    def __init__(self) -> None:
        self.catalog: Catalog | None = None
        self._entries: dict[Any, tuple[list[tuple[Any, ...]], Carry]] = {}
        self._used: dict[Any, tuple[list[tuple[Any, ...]], Carry]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def _start(self, catalog: Catalog) -> None:
        if catalog is not self.catalog:
            self.catalog = catalog
            self._entries = {}
        self._used = {}

    def _finish(self) -> None:
        self._entries = self._used  # keep only what this document used
        self._used = {}


TALLY = None  # the severity a recorded call has when it only counted problems past the cap


class _Recorder:
    """Passes problems on to a Collector, keeping a copy of each."""

    def __init__(self, out: Collector) -> None:
        self.out = out
        self.cap = out.cap
        self.calls: list[tuple[Any, ...]] = []

    def add(self, severity: str, rule: str, message: str, *, level: str | None = None,
            cell: tuple[int, int] | None = None, path: str | None = None) -> None:
        self.calls.append((severity, rule, message, level, cell, path))
        self.out.add(severity, rule, message, level=level, cell=cell, path=path)

    def tally(self, level: str | None, rule: str, count: int) -> None:
        self.calls.append((TALLY, rule, count, level, None, None))
        self.out.tally(level, rule, count)


def _frozen(value: Any) -> Any:
    """A hashable value equal to another only when the two values are the same in type and in
    value all the way down (1, 1.0 and True are three different things to lint). Comparing
    strings costs far less than repr() would: a grid's text is used as it is."""
    kind = type(value)
    if kind is str:
        return value
    if kind is dict:
        return (dict, tuple((_frozen(k), _frozen(v)) for k, v in value.items()))
    if kind is list:
        return (list, tuple(_frozen(v) for v in value))
    if kind is float:
        return (float, repr(value))  # nan equals no nan, and -0.0 equals 0.0
    return (kind, repr(value))


def _carried(carry: Carry) -> Carry:
    return Carry(carry.keys, set(carry.obtainable), carry.first_characters)


def lint(document: Any, out: Collector, catalog: Catalog | None = None,
         cache: LintCache | None = None) -> None:
    """Add every semantic problem of `document` to `out`. With a `cache`, levels unchanged
    since the cache's last document are not linted again (see LintCache)."""
    catalog = catalog or standard_catalog()
    if not isinstance(document, dict):
        return
    levels = document.get("levels")
    if not isinstance(levels, list):
        return
    if cache is not None:
        cache._start(catalog)
    seen_ids: dict[str, int] = {}
    carry = Carry()
    count = min(len(levels), MAX_LEVELS)
    # Past the limits the schema has already complained; looking further would only cost time.
    for index, level in enumerate(levels[:MAX_LEVELS]):
        if not isinstance(level, dict):
            continue
        name = level_name(level, index)
        level_id = level.get("id")
        if _is_str(level_id):
            if level_id in seen_ids:
                out.add(ERROR, "duplicate_level_id",
                        f"level id {quoted(level_id)} is already used by level {seen_ids[level_id] + 1}; "
                        "every level needs its own id", level=name,
                        path=f"$.levels[{index}].id")
            else:
                seen_ids[level_id] = index
        if cache is None:
            _LevelLint(level, index, count, name, out, catalog, carry).run()
            continue
        try:
            key = (_frozen(level), index, count, name, carry.keys,
                   frozenset(carry.obtainable), carry.first_characters)
        except RecursionError:  # values nested too deeply to make a key of: lint as ever
            _LevelLint(level, index, count, name, out, catalog, carry).run()
            continue
        found = cache._used.get(key) or cache._entries.get(key)
        if found is None:
            recorder = _Recorder(out)
            _LevelLint(level, index, count, name, recorder, catalog, carry).run()  # type: ignore[arg-type]
            found = (recorder.calls, _carried(carry))
        else:
            for severity, rule, message, where, cell, path in found[0]:
                if severity is TALLY:
                    out.tally(where, rule, message)
                else:
                    out.add(severity, rule, message, level=where, cell=cell, path=path)
            after = _carried(found[1])
            carry.keys, carry.obtainable = after.keys, after.obtainable
            carry.first_characters = after.first_characters
        cache._used[key] = found
    if cache is not None:
        cache._finish()
