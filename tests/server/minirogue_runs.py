"""Mini Rogue runs for the server's tests, recorded through the engine: a seeded random player
on one setup gives runs of different scores; the careful player gives a won run."""

from __future__ import annotations

import datetime
import functools
import random
from typing import Any

from engine.minirogue import RULES, daily_seed, record
from services import clock
from tests.engine.minirogue.players import play, random_choice, won_game

RECORDED = "2026-11-22T12:00:00Z"


def today() -> datetime.date:
    """The server's today: the one clock's (tests hold it still with `steady_clock`)."""
    return clock.today()


def played(seed: int, difficulty: str = "normal", dungeon_keys: bool = False, *,
           policy: int = 0, recorded: str = RECORDED) -> dict[str, Any]:
    """The run document of a random player (its dice of `policy`) on this setup."""
    rng = random.Random(policy)
    state = play(RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=dungeon_keys),
                 lambda s: random_choice(s, rng))
    assert state.is_over
    return record(state, "Recorder", recorded=recorded)


@functools.cache
def by_score(seed: int = 3, count: int = 5) -> tuple[dict[str, Any], ...]:
    """`count` runs of seed 3 (normal, no keys) with different scores, the highest first."""
    found: dict[int, dict[str, Any]] = {}
    for policy in range(200):
        run = played(seed, policy=policy)
        found.setdefault(run["claimed"]["score"], run)
        if len(found) == count:
            break
    assert len(found) == count
    return tuple(found[score] for score in sorted(found, reverse=True))


@functools.cache
def won(difficulty: str = "casual") -> dict[str, Any]:
    return record(won_game(difficulty), "Recorder", recorded=RECORDED)


def daily(day: datetime.date, *, policy: int = 0) -> dict[str, Any]:
    """A run of the daily dungeon of `day`, recorded on that day."""
    return played(daily_seed(day), "hard", True, policy=policy,
                  recorded=f"{day.isoformat()}T09:00:00Z")


def seed_board(run: dict[str, Any]) -> str:
    keys = "keys" if run["dungeon_keys"] else "plain"
    return f"seed:{run['seed']}:{run['difficulty']}:{keys}"
