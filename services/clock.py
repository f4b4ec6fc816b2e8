"""The one clock: everything outside the engine that asks for "now" or "today" asks here.

The engine never reads a clock (it is given dates, as a daily dungeon's day or a run's
`recorded` time); the app, the services and the server take theirs from this module, so a test
can set the date for all of them at once:

    with clock.frozen(datetime(2026, 11, 22, 12, tzinfo=UTC)):
        ...                                  # clock.today() is 2026-11-22 here, in every thread

A process started with `CARDROGUE_NOW=2026-11-22T12:00:00Z` starts its clock at that time and
lets it run on from there (a server or the app in tmux, driven by a test or shown in a demo).
Durations (deadlines, timeouts, rate limits) use `time.monotonic`, which no date changes.
"""

from __future__ import annotations

import datetime as _dt
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

UTC = _dt.UTC
ENVIRONMENT = "CARDROGUE_NOW"

_lock = threading.Lock()
_frozen: _dt.datetime | None = None


def _parse(text: str) -> _dt.datetime:
    when = _dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _shift_from_environment() -> _dt.timedelta:
    text = os.environ.get(ENVIRONMENT, "")
    if not text:
        return _dt.timedelta(0)
    try:
        start = _parse(text)
    except ValueError:
        raise SystemExit(f"{ENVIRONMENT}={text!r} is not a time like 2026-11-22T12:00:00Z") from None
    return start - _dt.datetime.now(UTC)


_shift = _shift_from_environment()


def now() -> _dt.datetime:
    """The current time, aware, in UTC."""
    frozen = _frozen
    if frozen is not None:
        return frozen
    return _dt.datetime.now(UTC) + _shift


def today() -> _dt.date:
    """Today's date in UTC: the day of a daily dungeon, for the app and the server alike."""
    return now().date()


def stamp() -> str:
    """Now as a run file's `recorded` field: 2026-11-22T18:05:00Z."""
    return now().strftime("%Y-%m-%dT%H:%M:%SZ")


@contextmanager
def frozen(at: _dt.datetime | str) -> Iterator[_dt.datetime]:
    """Stop the clock at `at` (aware, or naive meaning UTC, or ISO text) for every thread of
    this process until the block ends. Not reentrant across threads: tests set it, code reads."""
    global _frozen
    when = _parse(at) if isinstance(at, str) else (
        at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC))
    with _lock:
        before, _frozen = _frozen, when
    try:
        yield when
    finally:
        with _lock:
            _frozen = before
