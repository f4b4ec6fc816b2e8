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


ALIKE = 3  # runs of each score of by_score with different actions (same_score)


@functools.cache
def alike(seed: int) -> dict[int, tuple[dict[str, Any], ...]]:
    """Runs of `seed` (normal, no keys) by score, each score's runs with different actions."""
    found: dict[int, dict[str, dict[str, Any]]] = {}
    for policy in range(1500):
        run = played(seed, policy=policy)
        found.setdefault(run["claimed"]["score"], {}).setdefault(repr(run["actions"]), run)
    return {score: tuple(runs.values()) for score, runs in found.items()}


@functools.cache
def by_score(seed: int = 3, count: int = 5) -> tuple[dict[str, Any], ...]:
    """`count` runs of seed 3 (normal, no keys) with different scores, the highest first;
    each score has ALIKE runs of different actions (same_score)."""
    scores = sorted((score for score, runs in alike(seed).items() if len(runs) >= ALIKE),
                    reverse=True)[:count]
    assert len(scores) == count
    return tuple(alike(seed)[score][0] for score in scores)


def unused(n: int, *, high: bool) -> dict[str, Any]:
    """The n-th run of seed 3 that by_score and same_score never give, from the highest
    score down (`high`) or from the lowest up: one more player's own run."""
    used = {repr(same_score(run, k)["actions"]) for run in by_score() for k in range(ALIKE)}
    pool = [run for _, runs in sorted(alike(3).items(), reverse=high) for run in runs
            if repr(run["actions"]) not in used]
    return pool[n]


def same_score(run: dict[str, Any], n: int) -> dict[str, Any]:
    """A run of by_score's with the same score as `run` but other actions (n = 1, 2; 0 gives
    `run`): not a copy of it."""
    return alike(run["seed"])[run["claimed"]["score"]][n]


@functools.cache
def won(difficulty: str = "casual") -> dict[str, Any]:
    return record(won_game(difficulty), "Recorder", recorded=RECORDED)


def server_seed(client: Any, day: datetime.date) -> int:
    """The server's daily seed of `day` for Mini Rogue, through a TestClient or any client
    with `get`."""
    answer = client.get(f"/api/v1/games/minirogue/daily?day={day.isoformat()}")
    assert answer.status_code == 200, answer.text
    return int(answer.json()["seed"])


def daily(seed: int, day: datetime.date, *, policy: int = 0) -> dict[str, Any]:
    """A run of the daily dungeon of `day` on the server's `seed`, recorded on that day."""
    return played(seed, "hard", True, policy=policy, recorded=f"{day.isoformat()}T09:00:00Z")


def offline_daily(day: datetime.date, *, policy: int = 0) -> dict[str, Any]:
    """A run of the app's offline daily of `day` (its seed worked out from the date)."""
    return daily(daily_seed(day), day, policy=policy)


def seed_board(run: dict[str, Any]) -> str:
    keys = "keys" if run["dungeon_keys"] else "plain"
    return f"seed:{run['seed']}:{run['difficulty']}:{keys}"
