"""The weekly map: each week (Monday 00:00 UTC to the next Monday) one map is featured, with a
board of its own that counts only the runs submitted that week.

The week's map is chosen when the week is first asked for, by the one clock (services.clock,
through server.db.now), so tests set the date: the first map moderators queued that was not
featured before, else the best-rated visible map not featured before (most votes, then the
newest, break ties). A week nobody asked for while it ran has no map.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, Select, func, insert, select

from server.db import now, reading, writing
from server.lru import Lru
from server.schema import maps, players, runs, weekly_maps, weekly_queue
from server.sql import dialect_of, iso

WEEK = timedelta(days=7)


def week_of(when: datetime) -> date:
    """The Monday (UTC) of the week `when` is in."""
    day = when.astimezone(UTC).date()
    return day - timedelta(days=day.weekday())


def opens(week: date) -> datetime:
    return datetime(week.year, week.month, week.day, tzinfo=UTC)


def queue(conn: Connection, map_id: str, moderator_id: int | None) -> int:
    """Queue a map for a coming week; its place in the queue of maps not featured yet."""
    conn.execute(insert(weekly_queue).values(map_id=map_id, queued_by=moderator_id, at=now()))
    return int(conn.execute(select(func.count()).select_from(weekly_queue).where(
        weekly_queue.c.map_id.not_in(select(weekly_maps.c.map_id)))).scalar_one())


def featured(conn: Connection, week: date) -> str | None:
    """The id of the map featured in `week`, None if it has none."""
    return conn.execute(select(weekly_maps.c.map_id).where(
        weekly_maps.c.week == week.isoformat())).scalar()


def choose(conn: Connection, week: date) -> str | None:
    """The week's map, chosen now if it has none yet (a write: call in a write transaction);
    None when no map can be featured."""
    found = featured(conn, week)
    if found is not None:
        return found
    fresh = (maps.c.hidden_at.is_(None), maps.c.id.not_in(select(weekly_maps.c.map_id)))
    queued = conn.execute(select(maps.c.id).join(weekly_queue, weekly_queue.c.map_id
                                                 == maps.c.id)
                          .where(*fresh).order_by(weekly_queue.c.id).limit(1)).scalar()
    how = "queued"
    if queued is None:
        how = "best_rated"
        queued = conn.execute(select(maps.c.id).where(*fresh).order_by(
            maps.c.rating.desc(), maps.c.votes.desc(), maps.c.clear_run_id.desc())
            .limit(1)).scalar()
    if queued is None:
        return None
    # Two servers choosing at once: the first one's choice stands.
    conn.execute(dialect_of(conn).insert(weekly_maps).values(
        week=week.isoformat(), map_id=queued, chosen=how, at=now())
        .on_conflict_do_nothing())
    return featured(conn, week)


def this_weeks(engine: Engine) -> tuple[date, str | None]:
    """This week and its map, chosen now if it has none yet: a read, and a write transaction
    only for the first asking of a week."""
    week = week_of(now())
    with reading(engine) as conn:
        found = featured(conn, week)
    if found is None:
        with writing(engine) as conn:
            found = choose(conn, week)
    return week, found


BOARDS_KEPT = 16  # weeks' boards kept worked out (a past week's is asked for too)


def kept_board(conn: Connection, kept: Lru, map_id: str, week: date) -> list[dict[str, Any]]:
    """The week's board (the top 100), worked out once for each version of the map's counted
    runs (maps.runs_version, taken by every change to them) and kept in `kept`: asked for again
    with no run sent, removed or banned since, it is read from there, not worked out again
    (it took 86 ms over HTTP on PostgreSQL with 20,000 runs that week)."""
    # The version first: a board worked out after it holds at least its changes, so a change
    # made meanwhile only makes the next request work it out again.
    version = conn.execute(select(maps.c.runs_version).where(maps.c.id == map_id)).scalar()
    items: list[dict[str, Any]] = kept.get((map_id, week, version),
                                           lambda: board(conn, map_id, week))
    return items


def board(conn: Connection, map_id: str, week: date, *, limit: int = 100
          ) -> list[dict[str, Any]]:
    """The week's board: each player's best verified run on the map submitted in the week
    (not removed, player not banned), fewest moves, then turns, then the earlier run."""
    rows = conn.execute(board_query(map_id, week, limit)).all()
    return [{"rank": row.rank, "player": row.player, "moves": row.moves, "turns": row.turns,
             "run": row.id, "at": iso(row.submitted_at)} for row in rows]


def board_query(map_id: str, week: date, limit: int) -> Select[Any]:
    """The query of `board` (benchmarks/server_weekly.py prints its plan)."""
    start = opens(week)
    best = select(
        runs.c.id, runs.c.moves, runs.c.turns, runs.c.submitted_at,
        players.c.name.label("player"),
        func.row_number().over(partition_by=runs.c.player_id,
                               order_by=(runs.c.moves, runs.c.turns, runs.c.id)).label("nth"),
    ).join(players, players.c.id == runs.c.player_id).where(
        runs.c.map_id == map_id, runs.c.board.is_(None), runs.c.status == "verified",
        runs.c.removed_at.is_(None), players.c.banned_at.is_(None),
        runs.c.submitted_at >= start, runs.c.submitted_at < start + WEEK).subquery()
    rank = func.rank().over(order_by=(best.c.moves, best.c.turns)).label("rank")
    return select(best, rank).where(best.c.nth == 1).order_by(
        best.c.moves, best.c.turns, best.c.id).limit(limit)
