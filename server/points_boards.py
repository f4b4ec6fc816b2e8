"""The boards in points (a game's daily or seeded boards), ranked by highest score, then the
earlier run: entering a run, taking entries off, and reading pages and the list of boards.
Ranks come from the counts per score (scored_counts), as on the boards of maps
(server.map_boards).
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    and_,
    false,
    func,
    or_,
    select,
    update,
)

from server.schema import (
    players,
    scored_boards,
    scored_counts,
    scored_entries,
)
from server.sql import dialect_of, iso, make_cursor, read_cursor, utc_iso
from server.verification import Outcome, scored_games, scored_rules_version


def take_off_scored_entries(conn: Connection, condition: Any) -> int:
    leaving = conn.execute(select(scored_entries.c.id, scored_entries.c.game,
                                  scored_entries.c.board, scored_entries.c.rules_version,
                                  scored_entries.c.score)
                           .where(condition, scored_entries.c.removed == false())
                           .order_by(scored_entries.c.id).with_for_update()).all()
    if not leaving:
        return 0
    conn.execute(update(scored_entries).where(scored_entries.c.id.in_(
        [row.id for row in leaving])).values(removed=True))
    changes: Counter[tuple[str, str, int, int]] = Counter()
    for row in leaving:
        changes[(row.game, row.board, row.rules_version, row.score)] -= 1
    _count_points(conn, changes)
    return len(leaving)


def enter_best_scored(conn: Connection, game: str, rules_version: int, player_id: int,
                  run_id: int, outcome: Outcome, at: datetime) -> None:
    """Keep the player's best entry on a board in points: the new run replaces the old one
    only if it ranks higher (a higher score, or the same from an earlier run), or the old one
    was removed. The counts per score and per board move with it."""
    assert outcome.board is not None and outcome.score is not None
    new = (game, outcome.board, rules_version, outcome.score)
    values = {"run_id": run_id, "score": outcome.score, "ending": outcome.ending or "",
              "setup": outcome.setup, "at": at, "removed": False}
    created = conn.execute(dialect_of(conn).insert(scored_entries).values(
        game=game, board=outcome.board, rules_version=rules_version, player_id=player_id,
        **values)
        .on_conflict_do_nothing(index_elements=[scored_entries.c.game, scored_entries.c.board,
                                                scored_entries.c.rules_version,
                                                scored_entries.c.player_id])
        .returning(scored_entries.c.id)).first()
    if created is not None:
        _count_points(conn, Counter({new: 1}))
        return
    old = conn.execute(select(scored_entries).where(
        scored_entries.c.game == game, scored_entries.c.board == outcome.board,
        scored_entries.c.rules_version == rules_version,
        scored_entries.c.player_id == player_id).with_for_update()).one()
    if not old.removed and (-old.score, old.run_id) <= (-outcome.score, run_id):
        return
    conn.execute(update(scored_entries).where(scored_entries.c.id == old.id).values(**values))
    changes = Counter({new: 1})
    if not old.removed:
        changes[(game, outcome.board, rules_version, old.score)] -= 1
    _count_points(conn, changes)


def _count_points(conn: Connection, changes: Counter[tuple[str, str, int, int]]) -> None:
    """Add `changes` to the entry counts per score (scored_counts) and per board
    (scored_boards), in key order (no deadlocks, as map_boards._count_scores)."""
    from server.verification import board_facts

    per_board: Counter[tuple[str, str, int]] = Counter()
    for (game, board, rules_version, _score), delta in changes.items():
        per_board[(game, board, rules_version)] += delta
    tables: tuple[tuple[Any, Counter[Any]], ...] = ((scored_counts, changes),
                                                    (scored_boards, per_board))
    for table, counts in tables:
        for key, delta in sorted(counts.items()):
            if delta == 0:
                continue
            names = [column.name for column in table.primary_key.columns]
            where = dict(zip(names, key, strict=True))
            if delta > 0:
                extra = {}
                if table is scored_boards:
                    facts = board_facts(key[0], key[1])
                    extra["kind"] = facts["kind"] if facts else "seed"
                conn.execute(dialect_of(conn).insert(table).values(
                    {**where, **extra, "entries": delta}
                ).on_conflict_do_update(
                    index_elements=list(table.primary_key.columns),
                    set_={"entries": table.c.entries + delta}))
            else:
                conn.execute(update(table).where(*(table.c[name] == value for name, value
                                                   in where.items()))
                             .values(entries=table.c.entries + delta))


def _points_board(game: str, board: str, rules_version: int) -> Any:
    return and_(scored_entries.c.game == game, scored_entries.c.board == board,
                scored_entries.c.rules_version == rules_version,
                scored_entries.c.removed == false())


def _counts_of(game: str, board: str, rules_version: int) -> Any:
    return and_(scored_counts.c.game == game, scored_counts.c.board == board,
                scored_counts.c.rules_version == rules_version)


def higher_than(conn: Connection, game: str, board: str, rules_version: int,
                 score: int) -> int:
    """How many entries of a board in points have a higher score: a rank is this plus one,
    so ties share it."""
    return int(conn.execute(select(func.coalesce(func.sum(scored_counts.c.entries), 0)).where(
        _counts_of(game, board, rules_version), scored_counts.c.score > score)).scalar_one())


# Highest score first, then the earlier run (run ids grow in submission order).
POINTS_ORDER = (scored_entries.c.score.desc(), scored_entries.c.run_id)


def _entries_from(conn: Connection, query: Any, after: tuple[int, int], count: int
                  ) -> list[Any]:
    """`count` entries of `query` in rank order after (score, run_id): the rest of that
    score's entries, then those at lower scores. Two walks along the board's index: one
    condition with OR would make the database read the board from its top."""
    score, run_id = after
    rows = list(conn.execute(query.where(scored_entries.c.score == score,
                                         scored_entries.c.run_id > run_id)
                             .order_by(scored_entries.c.run_id).limit(count)).all())
    if len(rows) < count:
        rows += conn.execute(query.where(scored_entries.c.score < score)
                             .order_by(*POINTS_ORDER).limit(count - len(rows))).all()
    return rows


def scored_page(conn: Connection, game: str, board: str, rules_version: int, *, limit: int,
                cursor: str | None = None, around: str | None = None
                ) -> tuple[list[dict[str, Any]], int, str | None] | None:
    """A page of a board in points in rank order, its total and the next page's cursor. With
    `around`, the page holds that player's entry near its middle; None if they have none."""
    on_board = _points_board(game, board, rules_version)
    query = select(scored_entries.c.score, scored_entries.c.run_id, scored_entries.c.ending,
                   scored_entries.c.setup,
                   utc_iso(scored_entries.c.at).label("at"), players.c.name.label("player"),
                   _first_at_points().label("first")).join(
        players, players.c.id == scored_entries.c.player_id).where(on_board)
    if around is not None:
        # The player by name, then their entry by the board's unique key: two index lookups.
        player_id = conn.execute(select(players.c.id).where(players.c.name == around)).scalar()
        mine = conn.execute(select(scored_entries.c.score, scored_entries.c.run_id)
                            .where(on_board, scored_entries.c.player_id == player_id)).first()
        if mine is None:
            return None
        # The entries just before it, nearest first: the page starts at the farthest. Those
        # at the same score, then those at higher scores: two walks along the board's index.
        wanted = max(0, (limit - 1) // 2)
        key = (scored_entries.c.score, scored_entries.c.run_id)
        before: list[Any] = list(conn.execute(select(*key).where(
            on_board, scored_entries.c.score == mine.score,
            scored_entries.c.run_id < mine.run_id)
            .order_by(scored_entries.c.run_id.desc()).limit(wanted)).all())
        if len(before) < wanted:
            before += conn.execute(select(*key).where(on_board,
                                                      scored_entries.c.score > mine.score)
                                   .order_by(scored_entries.c.score,
                                             scored_entries.c.run_id.desc())
                                   .limit(wanted - len(before))).all()
        first = before[-1] if before else mine
        rows = _entries_from(conn, query, (first.score, first.run_id - 1), limit + 1)
    elif cursor is not None:
        after = read_cursor(cursor, (int, int))
        assert after is not None
        rows = _entries_from(conn, query, (after[0], after[1]), limit + 1)
    else:
        rows = list(conn.execute(query.order_by(*POINTS_ORDER).limit(limit + 1)).all())
    more = len(rows) > limit
    rows = rows[:limit]
    total = int(conn.execute(select(func.coalesce(func.sum(scored_counts.c.entries), 0))
                             .where(_counts_of(game, board, rules_version))).scalar_one())
    items = []
    if rows:
        # The rank of each score on the page: one plus the entries at higher scores.
        buckets = conn.execute(select(scored_counts.c.score, scored_counts.c.entries).where(
            _counts_of(game, board, rules_version), scored_counts.c.score <= rows[0].score,
            scored_counts.c.score >= rows[-1].score).order_by(scored_counts.c.score.desc())
        ).all()
        ahead = higher_than(conn, game, board, rules_version, rows[0].score)
        ranks: dict[int, int] = {}
        for bucket in buckets:
            ranks[bucket.score] = ahead + 1
            ahead += bucket.entries
        for row in rows:
            rank = ranks.get(row.score)
            if rank is None:  # not possible within one snapshot; exact all the same
                rank = 1 + higher_than(conn, game, board, rules_version, row.score)
            items.append({"rank": rank, "player": row.player, "score": row.score,
                          "ending": row.ending, "setup": row.setup or {}, "run": row.run_id,
                          "at": row.at, "first": bool(row.first)})
    next_cursor = None
    if more and rows:
        next_cursor = make_cursor([rows[-1].score, rows[-1].run_id])
    return items, total, next_cursor


def scored_board_list(conn: Connection, game: str, rules_version: int, *, kind: str | None,
                      limit: int, cursor: str | None = None
                      ) -> tuple[list[tuple[str, str, int]], str | None]:
    """A page of a game's boards in points that have entries, as (board, kind, entries): the
    daily boards first, the newest day first, then the seeds; and the next page's cursor."""
    query = select(scored_boards.c.board, scored_boards.c.kind, scored_boards.c.entries).where(
        scored_boards.c.game == game, scored_boards.c.rules_version == rules_version,
        scored_boards.c.entries > 0)
    if kind is not None:
        query = query.where(scored_boards.c.kind == kind)
    after = read_cursor(cursor, (str, str))
    if after is not None:
        query = query.where(or_(scored_boards.c.kind > after[0],
                                and_(scored_boards.c.kind == after[0],
                                     scored_boards.c.board < after[1])))
    rows = conn.execute(query.order_by(scored_boards.c.kind, scored_boards.c.board.desc())
                        .limit(limit + 1)).all()
    more = len(rows) > limit
    rows = rows[:limit]
    next_cursor = make_cursor([rows[-1].kind, rows[-1].board]) if more and rows else None
    return [(row.board, row.kind, int(row.entries)) for row in rows], next_cursor


def _first_at_points() -> Any:
    """The same for an entry of a board in points (one probe of ix_scored_entries_board)."""
    earlier = scored_entries.alias("earlier")
    return ~select(earlier.c.id).where(
        earlier.c.game == scored_entries.c.game, earlier.c.board == scored_entries.c.board,
        earlier.c.rules_version == scored_entries.c.rules_version,
        earlier.c.removed == false(), earlier.c.score == scored_entries.c.score,
        earlier.c.run_id < scored_entries.c.run_id).exists()


def player_scored_entries(conn: Connection, name: str, *, limit: int = 100
                          ) -> list[dict[str, Any]]:
    """A player's entry on each board in points of the games' current rules (days' and
    seeds' boards), with its rank, newest boards first."""
    current = [and_(scored_entries.c.game == game,
                    scored_entries.c.rules_version == scored_rules_version(game))
               for game in scored_games()]
    if not current:
        return []
    rows = conn.execute(
        select(scored_entries).join(players, players.c.id == scored_entries.c.player_id)
        .where(players.c.name == name, scored_entries.c.removed == false(), or_(*current))
        .order_by(scored_entries.c.game, scored_entries.c.board.desc()).limit(limit)).all()
    return [{"game": row.game, "board": row.board, "score": row.score, "ending": row.ending,
             "run": row.run_id, "at": iso(row.at),
             "rank": 1 + higher_than(conn, row.game, row.board, row.rules_version, row.score)}
            for row in rows]
