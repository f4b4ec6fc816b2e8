"""The daily dungeon: one seed per calendar day, the same for every player."""

from __future__ import annotations

import datetime
import hashlib


def daily_seed(day: datetime.date | str) -> int:
    """The seed of a day's dungeon, from its ISO date ("2026-11-22") alone: no clock, no
    machine, no hash randomisation. A string must be an ISO date."""
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
    digest = hashlib.blake2b(f"minirogue daily {day.isoformat()}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "little")
