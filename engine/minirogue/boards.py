"""Mini Rogue's boards: where a delve ranks, in points. The app, the CLI and the server all place
runs here, through the game's GameInfo.

A daily dungeon has one board per date, "daily:2026-11-22", whatever the difficulty and
variant (the score counts them), and on a server an archive board, "archive:2026-11-22", for its
runs sent after the day was over; a typed seed has one board per seed, difficulty and variant,
"seed:7:hard:keys" (or "plain"), the only runs it is fair to compare.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.daily_boards import (
    archive_board,
    daily_board,
    day_facts,
    day_key,
    day_title,
    seed_day,
)
from engine.minirogue.daily import daily_seed
from engine.minirogue.runs import Run
from engine.minirogue.tables import DIFFICULTIES

_SEED = re.compile(r"seed:(0|[1-9]\d{0,19}):([a-z]+):(keys|plain)")


def seed_board(seed: int, difficulty: str, dungeon_keys: bool) -> str:
    """The board of a typed seed."""
    return f"seed:{seed}:{difficulty}:{'keys' if dungeon_keys else 'plain'}"


def seeded_board(run: Any) -> str | None:
    """The board of a run as a typed seed, whatever day's seed it is."""
    if not isinstance(run, Run):
        return None
    return seed_board(run.seed, run.difficulty, run.dungeon_keys)


def daily_day(seed: int, recorded: str, sent: str = "") -> str | None:
    """The day whose daily dungeon `seed` is, near when the run was played or sent
    (engine.core.daily_boards.seed_day)."""
    return seed_day(seed, recorded, sent, daily_seed)


def board_of(run: Any, sent: str = "") -> str | None:
    """The board a Mini Rogue run ranks on: its day's, when its seed is the daily seed of a day
    near when it was played or sent, else its seed's."""
    if not isinstance(run, Run):
        return None
    day = daily_day(run.seed, run.recorded, sent)
    if day is not None:
        return daily_board(day)
    return seeded_board(run)


def board_facts(key: str) -> dict[str, Any] | None:
    """What a board key says: its kind ("daily", "archive" or "seed"), the day, the seed, the
    difficulty and the variant (None where the kind has none); None for a key that names no
    board. A day's seed is the offline daily's: a server says its own."""
    daily = day_facts(key, daily_seed)
    if daily is not None:
        return {**daily, "difficulty": None, "dungeon_keys": None}
    found = _SEED.fullmatch(key)
    if found is None or found.group(2) not in DIFFICULTIES or int(found.group(1)) >= 1 << 64:
        return None
    return {"kind": "seed", "day": None, "seed": int(found.group(1)),
            "difficulty": found.group(2), "dungeon_keys": found.group(3) == "keys"}


def board_title(key: str) -> str:
    """A board's name for people ("Daily dungeon of 2026-11-22", "Seed 7, Hard, Dungeon
    Keys")."""
    daily = day_key(key)
    if daily is not None:
        return day_title(*daily, "Daily dungeon")
    _, _, rest = key.partition(":")
    seed, _, rest = rest.partition(":")
    difficulty, _, keys = rest.partition(":")
    variant = ", Dungeon Keys" if keys == "keys" else ""
    return f"Seed {seed}, {difficulty.capitalize()}{variant}"


__all__ = ["archive_board", "board_facts", "board_of", "board_title", "daily_board", "daily_day",
           "seed_board", "seeded_board"]
