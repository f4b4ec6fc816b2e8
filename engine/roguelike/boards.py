"""Rogue Like Roguelike's boards: where a game ranks, in points (its score: the deepest level
reached and the Amulet). The app, the CLI and the server place runs here, through GameInfo.

The daily descent has one board a day, "daily:2026-11-22", and on a server an archive board,
"archive:2026-11-22", for its runs sent after the day was over (engine.core.daily_boards, as
Mini Rogue's daily dungeon); any other seed has a board of its own, "seed:7".
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from engine.core.daily_boards import (
    archive_board,
    daily_board,
    day_facts,
    day_key,
    day_seed,
    day_title,
    seed_day,
)
from engine.roguelike.runs import Run
from engine.roguelike.state import GAME

_SEED = re.compile(r"seed:(0|[1-9]\d{0,19})")
TITLE = "Daily descent"


def daily_seed(day: datetime.date | str) -> int:
    """The seed of a day's offline daily descent, from its date alone."""
    return day_seed(GAME, day)


def seed_board(seed: int) -> str:
    return f"seed:{seed}"


def seeded_board(run: Any) -> str | None:
    """The board of a run as a plain seed, whatever day's seed it is."""
    return seed_board(run.seed) if isinstance(run, Run) else None


def board_of(run: Any, sent: str = "") -> str | None:
    """The day's board when the run's seed is the offline daily of a day near when it was
    played or sent, else its seed's."""
    if not isinstance(run, Run):
        return None
    day = seed_day(run.seed, run.recorded, sent, daily_seed)
    return daily_board(day) if day is not None else seeded_board(run)


def board_facts(key: str) -> dict[str, Any] | None:
    """A board key's kind ("daily", "archive" or "seed"), day and seed; None for a key that
    names no board. A day's seed is the offline daily's: a server says its own."""
    daily = day_facts(key, daily_seed)
    if daily is not None:
        return daily
    found = _SEED.fullmatch(key)
    if found is None or int(found.group(1)) >= 1 << 64:
        return None
    return {"kind": "seed", "day": None, "seed": int(found.group(1))}


def board_title(key: str) -> str:
    """"Daily descent of 2026-11-22" (", played later" on its archive), "Seed 7"."""
    daily = day_key(key)
    if daily is not None:
        return day_title(*daily, TITLE)
    return f"Seed {key.partition(':')[2]}"


__all__ = ["archive_board", "board_facts", "board_of", "board_title", "daily_board",
           "daily_seed", "seed_board", "seeded_board"]
