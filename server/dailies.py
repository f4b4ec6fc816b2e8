"""Daily dungeons on the server (docs/server.md, "Daily dungeons"): each day's seed, its board,
the archive, and each player's streaks.

- A game that declares a daily (its GameInfo's `daily`) gets one seed a day from the server,
  drawn at random the first time the day is asked for once it has started (by the one clock),
  and kept in daily_seeds. Before its day starts a seed does not exist, so nobody can learn or
  practise it early. Days played before the server drew its own seeds keep the seed that was
  worked out from their date (migration 0016).
- A run on a day's seed enters the day's board if it was sent before the day ended plus
  the grace hour (server.verification.GRACE), and the day's archive board after (server.verification places it).
- A streak is days in a row with an entry on a day's board: the current one still stands while
  its last day is today or yesterday.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, false, select

from server.db import now, reading, writing
from server.schema import daily_seeds, scored_entries
from server.sql import dialect_of
from server.verification import board_facts, daily_games

DAY = timedelta(days=1)


class NotYet(Exception):
    """A day whose seed is not published: it has not started."""


def opens(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def seed_of_day(engine: Engine, game: str, day: date) -> int:
    """The day's seed of a game with a daily, drawn now if nobody asked for it before. Raises
    NotYet for a day that has not started; a read, and a write only on a day's first asking."""
    if opens(day) > now():
        raise NotYet(day.isoformat())
    with reading(engine) as conn:
        found = _stored(conn, game, day)
    if found is not None:
        return found
    with writing(engine) as conn:
        # Two servers drawing at once: the first one's seed stands. The seed is unique per
        # game, so a draw that repeats another day's (one in 2**63) is drawn again.
        for _ in range(8):
            conn.execute(dialect_of(conn).insert(daily_seeds).values(
                game=game, day=day.isoformat(), seed=str(secrets.randbits(63)), at=now())
                .on_conflict_do_nothing())
            found = _stored(conn, game, day)
            if found is not None:
                return found
    raise RuntimeError("no daily seed could be drawn")


def _stored(conn: Connection, game: str, day: date) -> int | None:
    seed = conn.execute(select(daily_seeds.c.seed).where(
        daily_seeds.c.game == game, daily_seeds.c.day == day.isoformat())).scalar()
    return None if seed is None else int(seed)


def day_of_seed(engine: Engine, game: str, seed: int) -> date | None:
    """The day whose daily seed `seed` is, or None (a seed of no published day)."""
    with reading(engine) as conn:
        day = conn.execute(select(daily_seeds.c.day).where(
            daily_seeds.c.game == game, daily_seeds.c.seed == str(seed))).scalar()
    return None if day is None else date.fromisoformat(day)


def published_seeds(conn: Connection, game: str, days: Iterable[str]) -> dict[str, int]:
    """The server's seeds of these days (ISO dates) that it has drawn."""
    wanted = sorted(set(days))
    if not wanted:
        return {}
    return {row.day: int(row.seed) for row in conn.execute(
        select(daily_seeds.c.day, daily_seeds.c.seed).where(
            daily_seeds.c.game == game, daily_seeds.c.day.in_(wanted)))}


def server_facts(conn: Connection, game: str, board: str) -> dict[str, Any] | None:
    """board_facts, with the server's own seed for a day's boards (None until it is drawn):
    the seed in a day's key is the offline daily's, which is not this server's."""
    facts = board_facts(game, board)
    if facts is None or facts.get("kind") not in ("daily", "archive") or \
            game not in daily_games():
        return facts
    day = str(facts.get("day"))
    return {**facts, "seed": published_seeds(conn, game, [day]).get(day)}


@dataclass(frozen=True)
class Streak:
    game: str
    current: int  # days in a row up to today or yesterday; 0 once a day is missed
    longest: int
    last: str | None  # the last day played (ISO date)


def streak_of(game: str, days: Iterable[date], today: date) -> Streak:
    """The streaks of the days a player has entries on a day's board."""
    played = sorted(set(days))
    longest = run = 0
    before: date | None = None
    for day in played:
        run = run + 1 if before is not None and day - before == DAY else 1
        longest = max(longest, run)
        before = day
    current = run if before is not None and today - before <= DAY else 0
    return Streak(game, current, longest, before.isoformat() if before else None)


def player_streaks(conn: Connection, player_id: int) -> list[Streak]:
    """A player's streaks in each game with a daily they have played."""
    today = now().date()
    days: dict[str, set[date]] = {}
    rows = conn.execute(select(scored_entries.c.game, scored_entries.c.board).where(
        scored_entries.c.player_id == player_id, scored_entries.c.removed == false(),
        scored_entries.c.board.like("daily:%")).distinct())
    for row in rows:
        facts = board_facts(row.game, row.board)
        if facts is not None and facts.get("kind") == "daily":
            days.setdefault(row.game, set()).add(date.fromisoformat(str(facts["day"])))
    return [streak_of(game, played, today) for game, played in sorted(days.items())]
