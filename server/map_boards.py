"""The boards of Card Rogue maps, ranked by fewest moves, then fewest turns, then the earlier
run: entering a run, taking entries off, and reading pages and ranks.

Boards are read by keyset over the index ix_entries_board, never with OFFSET: a page costs the
same at any depth. Ranks come from the counts per score (board_scores, board_moves), which every
change to an entry keeps in step.
"""

from __future__ import annotations

import functools
from collections import Counter
from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Connection,
    Integer,
    and_,
    bindparam,
    cast,
    false,
    func,
    select,
    tuple_,
    union_all,
    update,
)

from server.records import is_optimal, note_if_record
from server.schema import (
    board_moves,
    board_scores,
    entries,
    maps,
    players,
)
from server.sql import dialect_of, iso, make_cursor, read_cursor, utc_iso
from server.verification import CURRENT_RULES_VERSION, Outcome


def enter_best(conn: Connection, identity: str, rules_version: int, player_id: int, run_id: int,
           outcome: Outcome, at: datetime) -> None:
    """Keep the player's best entry on the board: the new run replaces the old one only if it
    ranks higher (fewer moves, then fewer turns, then the earlier run), or the old one was
    removed. The entry's score counts move with it (board_scores)."""
    assert outcome.moves is not None and outcome.turns is not None
    note_if_record(conn, identity, rules_version, player_id, run_id, outcome.moves,
                   outcome.turns, at)
    new = (identity, rules_version, outcome.moves, outcome.turns)
    values = {"run_id": run_id, "moves": outcome.moves, "turns": outcome.turns, "at": at,
              "removed": False}
    # Inserting first settles a race between two runs of one new player: the second waits
    # for the first, then finds its row.
    created = conn.execute(dialect_of(conn).insert(entries).values(
        map_id=identity, rules_version=rules_version, player_id=player_id, **values)
        .on_conflict_do_nothing(index_elements=[entries.c.map_id, entries.c.rules_version,
                                                entries.c.player_id])
        .returning(entries.c.id)).first()
    if created is not None:
        _count_scores(conn, Counter({new: 1}))
        return
    old = conn.execute(select(entries).where(
        entries.c.map_id == identity, entries.c.rules_version == rules_version,
        entries.c.player_id == player_id).with_for_update()).one()
    if not old.removed and (old.moves, old.turns, old.run_id) <= (outcome.moves, outcome.turns,
                                                                  run_id):
        return
    conn.execute(update(entries).where(entries.c.id == old.id).values(**values))
    changes = Counter({new: 1})
    if not old.removed:
        changes[(identity, rules_version, old.moves, old.turns)] -= 1
    _count_scores(conn, changes)


def _count_scores(conn: Connection, changes: Counter[tuple[str, int, int, int]]) -> None:
    """Add `changes` to the entry counts per score (board_scores) and per move count
    (board_moves). In key order, scores first, so two transactions that touch the same counts
    take their locks in the same order and never deadlock."""
    per_moves: Counter[tuple[str, int, int]] = Counter()
    for (identity, rules_version, moves, _turns), delta in changes.items():
        per_moves[(identity, rules_version, moves)] += delta
    tables: tuple[tuple[Any, Counter[Any]], ...] = ((board_scores, changes),
                                                    (board_moves, per_moves))
    for table, counts in tables:
        for key, delta in sorted(counts.items()):
            if delta == 0:
                continue
            names = [column.name for column in table.primary_key.columns]
            if delta > 0:
                conn.execute(dialect_of(conn).insert(table).values(
                    {**dict(zip(names, key, strict=True)), "entries": delta}
                ).on_conflict_do_update(
                    index_elements=list(table.primary_key.columns),
                    set_={"entries": table.c.entries + delta}))
            else:
                conn.execute(update(table).where(*(table.c[name] == value for name, value
                                                   in zip(names, key, strict=True)))
                             .values(entries=table.c.entries + delta))


def take_off_map_entries(conn: Connection, condition: Any) -> int:
    leaving = conn.execute(select(entries.c.id, entries.c.map_id, entries.c.rules_version,
                                  entries.c.moves, entries.c.turns)
                           .where(condition, entries.c.removed == false())
                           .order_by(entries.c.id).with_for_update()).all()
    if not leaving:
        return 0
    conn.execute(update(entries).where(entries.c.id.in_([row.id for row in leaving]))
                 .values(removed=True))
    changes: Counter[tuple[str, int, int, int]] = Counter()
    for row in leaving:
        changes[(row.map_id, row.rules_version, row.moves, row.turns)] -= 1
    _count_scores(conn, changes)
    return len(leaving)


def _board(identity: Any, rules_version: Any) -> Any:
    return and_(entries.c.map_id == identity, entries.c.rules_version == rules_version,
                entries.c.removed == false())


def _scores_of(identity: Any, rules_version: Any) -> Any:
    return and_(board_scores.c.map_id == identity, board_scores.c.rules_version == rules_version)


def moves_of(identity: Any, rules_version: Any) -> Any:
    return and_(board_moves.c.map_id == identity, board_moves.c.rules_version == rules_version)


def _entries_ahead(identity: Any, rules_version: Any, moves: Any, turns: Any) -> Any:
    """The number of entries that rank strictly higher than (moves, turns), as an SQL value:
    those at fewer moves, then those at the same moves and fewer turns; two short sums."""
    fewer_moves = select(func.coalesce(func.sum(board_moves.c.entries), 0)).where(
        moves_of(identity, rules_version), board_moves.c.moves < moves).scalar_subquery()
    fewer_turns = select(func.coalesce(func.sum(board_scores.c.entries), 0)).where(
        _scores_of(identity, rules_version), board_scores.c.moves == moves,
        board_scores.c.turns < turns).scalar_subquery()
    return fewer_moves + fewer_turns


def _size(identity: Any, rules_version: Any) -> Any:
    """A board's number of entries, as an SQL value."""
    return select(func.coalesce(func.sum(board_moves.c.entries), 0)).where(
        moves_of(identity, rules_version)).scalar_subquery()


def better_than(conn: Connection, identity: str, rules_version: int, moves: int,
                 turns: int) -> int:
    """How many entries rank strictly higher: a rank is this plus one, so ties share it."""
    return int(conn.execute(select(_entries_ahead(identity, rules_version, moves, turns))
                            ).scalar_one())


def board_size(conn: Connection, identity: str, rules_version: int) -> int:
    return int(conn.execute(select(_size(identity, rules_version))).scalar_one())


ORDER = (entries.c.moves, entries.c.turns, entries.c.run_id)


# A board page's statements, built once with bind parameters: building SQLAlchemy expressions
# cost more than running them (a page's two statements take PostgreSQL about 0.3 ms).
_BOARD = _board(bindparam("identity"), bindparam("rules_version"))


_SCORES = _scores_of(bindparam("identity"), bindparam("rules_version"))


def _literal(name: str) -> Any:
    """A bind parameter written into the SQL text (a page's LIMIT): PostgreSQL then plans the
    prepared statement once for all boards. With the limit as a parameter, its generic plan
    cannot know the page is small, so every execution was planned again (0.4 ms a page)."""
    return bindparam(name, type_=Integer(), literal_execute=True)


@functools.cache
def _page(start: str) -> Any:
    """A page of a board in one statement, so its entries, ranks and total come from one
    snapshot in one round trip: the entries from the top (start ""), or after (">") or from
    (">=") a key, each with its rank, and the board's size.

    A hidden map's board has no page. A page is a run of entries in rank order, so every score strictly between its first and
    its last has all its entries on the page: a score's rank is one plus the entries ahead of
    the page's first score plus the entries of the page's scores before it."""
    shown = select(maps.c.id).where(maps.c.id == bindparam("identity"),
                                    maps.c.hidden_at.is_(None)).exists()  # not a hidden map
    rows = select(entries.c.moves, entries.c.turns, entries.c.run_id,
                  utc_iso(entries.c.at).label("at"), players.c.name.label("player"),
                  _first_at_score().label("first")).join(
        players, players.c.id == entries.c.player_id).where(_BOARD, shown)
    key = tuple_(bindparam("start_moves"), bindparam("start_turns"), bindparam("start_run"))
    if start == ">":
        rows = rows.where(tuple_(*ORDER) > key)
    elif start == ">=":
        rows = rows.where(tuple_(*ORDER) >= key)
    page = rows.order_by(*ORDER).limit(_literal("limit")).cte("page")
    page_order = (page.c.moves, page.c.turns, page.c.run_id)

    def end(column: Any, *, last: bool) -> Any:  # the page's first or last score
        order = (c.desc() for c in page_order) if last else page_order
        return select(column).order_by(*order).limit(1).scalar_subquery()

    first = (end(page.c.moves, last=False), end(page.c.turns, last=False))
    last = (end(page.c.moves, last=True), end(page.c.turns, last=True))
    score = tuple_(board_scores.c.moves, board_scores.c.turns)
    within = (func.sum(board_scores.c.entries).over(
        order_by=(board_scores.c.moves, board_scores.c.turns)) - board_scores.c.entries)
    scores = select(board_scores.c.moves, board_scores.c.turns, within.label("within")).where(
        _SCORES, score >= tuple_(*first), score <= tuple_(*last)).cte("scores")
    identity: Any = bindparam("identity")
    rules_version: Any = bindparam("rules_version")
    ahead = _entries_ahead(identity, rules_version, *first)
    return (select(page.c.moves, page.c.turns, page.c.run_id, page.c.at, page.c.player,
                   page.c.first,
                   cast(ahead + scores.c.within + 1, BigInteger).label("rank"),
                   _size(identity, rules_version).label("total"),
                   select(maps.c.par).where(maps.c.id == identity).scalar_subquery()
                   .label("par"))
            .join(scores, and_(scores.c.moves == page.c.moves, scores.c.turns == page.c.turns))
            .order_by(*page_order))


def _first_at_score() -> Any:
    """Whether an entry is the first on its board to reach its score: no entry at the same
    moves and turns comes from an earlier run (one probe of ix_entries_board)."""
    earlier = entries.alias("earlier")
    return ~select(earlier.c.id).where(
        earlier.c.map_id == entries.c.map_id, earlier.c.rules_version == entries.c.rules_version,
        earlier.c.removed == false(), earlier.c.moves == entries.c.moves,
        earlier.c.turns == entries.c.turns, earlier.c.run_id < entries.c.run_id).exists()


@functools.cache
def _around_start() -> Any:
    """Where a page around a player begins: up to `before` entries ahead of theirs, else their
    own entry; no row if they have none on the board."""
    mine = select(*ORDER).join(players, players.c.id == entries.c.player_id).where(
        _BOARD, players.c.name == bindparam("name")).cte("mine")
    ahead = select(*ORDER).where(
        _BOARD, tuple_(*ORDER) < tuple_(*(select(c).scalar_subquery() for c in mine.c))
    ).order_by(*(c.desc() for c in ORDER)).limit(_literal("before")).subquery("ahead")
    either = union_all(select(*mine.c), select(*ahead.c)).subquery("either")
    return select(*either.c).order_by(*either.c).limit(1)


def board_page(conn: Connection, identity: str, rules_version: int, *, limit: int,
               cursor: str | None = None, around: str | None = None
               ) -> tuple[list[dict[str, Any]], int, str | None] | None:
    """A page of a board in rank order, its total and the next page's cursor. With `around`,
    the page holds that player's entry near its middle; None if the player has no entry.
    The page, its ranks and its total come from one statement, so they always agree, even
    outside a transaction (db.reading_statements)."""
    board = {"identity": identity, "rules_version": rules_version}
    start: tuple[int, int, int] | None = None  # the page begins after this key
    inclusive = False
    if around is not None:
        found = conn.execute(_around_start(), {**board, "name": around,
                                               "before": max(0, (limit - 1) // 2)}).first()
        if found is None:
            return None
        start = tuple(found)
        inclusive = True
    elif cursor is not None:
        start = read_cursor(cursor, (int, int, int))
    if start is None:
        rows = conn.execute(_page(""), {**board, "limit": limit + 1}).all()
    else:
        rows = conn.execute(_page(">=" if inclusive else ">"),
                            {**board, "limit": limit + 1, "start_moves": start[0],
                             "start_turns": start[1], "start_run": start[2]}).all()
    more = len(rows) > limit
    rows = rows[:limit]
    total = int(rows[0].total) if rows else board_size(conn, identity, rules_version)
    par = rows[0].par if rows else None  # the same on every row
    items = [{"rank": row.rank, "player": row.player, "moves": row.moves,
              "turns": row.turns, "run": row.run_id, "at": row.at, "first": bool(row.first),
              "optimal": is_optimal(row.moves, par)}
             for row in rows]
    next_cursor = None
    if more and rows:
        last = rows[-1]
        next_cursor = make_cursor([last.moves, last.turns, last.run_id])
    return items, total, next_cursor


def rules_versions(conn: Connection, identity: str) -> list[int]:
    return list(conn.execute(select(entries.c.rules_version).distinct()
                             .where(entries.c.map_id == identity)
                             .order_by(entries.c.rules_version)).scalars())


def player_entries(conn: Connection, name: str, *, limit: int = 100) -> list[dict[str, Any]]:
    """A player's entry on each board of the current rules (visible maps only), with its rank,
    best ranks first."""
    rows = conn.execute(
        select(entries.c.map_id, entries.c.moves, entries.c.turns, entries.c.run_id,
               entries.c.at, maps.c.title, maps.c.share_code)
        .join(players, players.c.id == entries.c.player_id)
        .join(maps, maps.c.id == entries.c.map_id)
        .where(players.c.name == name, entries.c.removed == false(),
               entries.c.rules_version == CURRENT_RULES_VERSION, maps.c.hidden_at.is_(None))
        .order_by(maps.c.title, entries.c.map_id).limit(limit)).all()
    out = [{"title": row.title, "share_code": row.share_code, "moves": row.moves,
            "turns": row.turns, "run": row.run_id, "at": iso(row.at),
            "rank": 1 + better_than(conn, row.map_id, CURRENT_RULES_VERSION, row.moves,
                                     row.turns)} for row in rows]
    return sorted(out, key=lambda item: (item["rank"], item["title"]))
