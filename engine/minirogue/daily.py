"""The daily dungeon: one seed per calendar day, the same for every player."""

from __future__ import annotations

import datetime

from engine.core.daily_boards import day_seed


def daily_seed(day: datetime.date | str) -> int:
    """The seed of a day's dungeon, from its ISO date ("2026-11-22") alone: no clock, no
    machine, no hash randomisation. A string must be an ISO date."""
    return day_seed("minirogue", day)
