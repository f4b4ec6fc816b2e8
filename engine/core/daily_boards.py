"""The boards of a game with a daily dungeon, for every such game (its GameInfo's `Daily`): one
board a day, "daily:2026-11-22", and that day's archive board, "archive:2026-11-22", for its
runs sent after the day was over; and the offline daily's seed of a day, worked out from the
game's name and the date alone (no clock, no machine, no hash randomisation).
"""

from __future__ import annotations

import datetime
import hashlib
import re
from collections.abc import Callable
from typing import Any

_DAY_KEY = re.compile(r"(daily|archive):(\d{4}-\d{2}-\d{2})")
_NEAR = (0, -1, 1)  # the days around a run's dates where its day's seed is looked for


def day_seed(game: str, day: datetime.date | str) -> int:
    """The seed of `game`'s offline daily of `day` (an ISO date or a date). Raises ValueError
    for a string that is not an ISO date."""
    if isinstance(day, datetime.datetime):  # a datetime is a date too; its time must not count
        day = day.date()
    if isinstance(day, str):
        text = day
        try:
            day = datetime.date.fromisoformat(text)
        except ValueError:
            raise ValueError(f"{text[:40]!r} is not a date like 2026-11-22") from None
    if not isinstance(day, datetime.date):
        raise ValueError("a daily seed needs a date")
    digest = hashlib.blake2b(f"{game} daily {day.isoformat()}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "little")


def daily_board(day: str) -> str:
    return f"daily:{day}"


def archive_board(day: str) -> str:
    return f"archive:{day}"


def day_key(key: str) -> tuple[str, str] | None:
    """("daily" or "archive", the ISO day) of a day's board key, or None for another key."""
    found = _DAY_KEY.fullmatch(key)
    if found is None:
        return None
    try:
        datetime.date.fromisoformat(found.group(2))
    except ValueError:
        return None
    return found.group(1), found.group(2)


def day_title(kind: str, day: str, name: str) -> str:
    """A day's board's name for people ("Daily dungeon of 2026-11-22", "…, played later")."""
    return f"{name} of {day}" if kind == "daily" else f"{name} of {day}, played later"


def seed_day(seed: int, recorded: str, sent: str, seed_of: Callable[[datetime.date], int]
             ) -> str | None:
    """The day whose offline daily (`seed_of(day)`) is `seed`, among the days near when the run
    says it was played and near when it was sent (time zones, a game across midnight), and
    never later than the day after it was sent: the seed decides, the dates only say where to
    look. `recorded` and `sent` are ISO dates or times ("" when not known)."""
    latest = _day(sent)
    for day in (found for found in (_day(recorded), latest) if found is not None):
        for shift in _NEAR:
            candidate = day + datetime.timedelta(days=shift)
            if latest is not None and candidate > latest + datetime.timedelta(days=1):
                continue
            if seed_of(candidate) == seed:
                return candidate.isoformat()
    return None


def day_facts(key: str, seed_of: Callable[[datetime.date | str], int]) -> dict[str, Any] | None:
    """What a day's board key says: its kind, its day and the offline daily's seed of that
    day (a server says its own); None for a key that is not a day's board."""
    found = day_key(key)
    if found is None:
        return None
    return {"kind": found[0], "day": found[1], "seed": seed_of(found[1])}


def _day(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text[:10])
    except ValueError:
        return None


__all__ = ["archive_board", "daily_board", "day_facts", "day_key", "day_seed", "day_title",
           "seed_day"]
