"""Reading and writing the server's tables: players, maps, runs, boards, reports, moderation.

Every function takes an open connection inside a transaction (server.db.writing/reading), so a
caller groups what must happen together. Boards are read by keyset over the index
ix_entries_board, never with OFFSET: a page costs the same at any depth.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    BigInteger,
    Connection,
    CursorResult,
    Integer,
    Row,
    String,
    and_,
    bindparam,
    cast,
    false,
    func,
    insert,
    or_,
    select,
    tuple_,
    union_all,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

from server.db import now
from server.names import name_key, name_skeleton
from server.schema import (
    board_moves,
    board_scores,
    entries,
    maps,
    moderation_log,
    players,
    reports,
    runs,
    scored_boards,
    scored_counts,
    scored_entries,
)
from server.verification import CURRENT_RULES_VERSION, MapFacts, Outcome

TOKEN_PREFIX = "cr_"


class Conflict(Exception):
    """A name or map that exists already."""


class BadCursor(ValueError):
    """A cursor that this server did not hand out."""


# ---------------------------------------------------------------------- players

def token_hash(token: str) -> str:
    # API keys are 256 random bits, so one sha256 is enough; a slow password hash buys nothing.
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def create_player(conn: Connection, name: str, role: str = "player") -> str:
    """Register `name` and return its token (shown once; only its hash is stored). Raises
    Conflict, with the name taken, when it or one equal to it but for case or width, or one
    that looks like it (server.names), is. One query on two unique indexes decides; two
    look-alikes registered at once meet the unique index (IntegrityError)."""
    key, look = name_key(name), name_skeleton(name)
    taken = conn.execute(select(players.c.name).where(
        or_(players.c.name_key == key, players.c.name_skeleton == look)).limit(1)).scalar()
    if taken is not None:
        raise Conflict(taken)
    token = new_token()
    conn.execute(insert(players).values(name=name, name_key=key, name_skeleton=look,
                                        token_hash=token_hash(token), role=role,
                                        created_at=now()))
    return token


def player_by_token(conn: Connection, token: str) -> Row[Any] | None:
    return conn.execute(select(players).where(players.c.token_hash == token_hash(token))).first()


def player_by_name(conn: Connection, name: str) -> Row[Any] | None:
    return conn.execute(select(players).where(players.c.name == name)).first()


def new_token_for(conn: Connection, name: str, role: str | None = None) -> str | None:
    """A fresh token for an existing player (the old one stops working), optionally with a new
    role; None if there is no such player."""
    token = new_token()
    values: dict[str, Any] = {"token_hash": token_hash(token)}
    if role is not None:
        values["role"] = role
    done = conn.execute(update(players).where(players.c.name == name).values(**values))
    return token if done.rowcount else None


# ---------------------------------------------------------------------- maps

def _is_map(ref: str, include_hidden: bool) -> Any:
    """The condition for a map named by its id or share code (any case)."""
    ref = ref.strip()
    named = maps.c.id == ref.lower() if len(ref) == 64 else maps.c.share_code == ref.upper()
    return named if include_hidden else and_(named, maps.c.hidden_at.is_(None))


def map_by_ref(conn: Connection, ref: str, *, include_hidden: bool = False) -> Row[Any] | None:
    """A published map by its id or share code (any case)."""
    return conn.execute(select(maps, players.c.name.label("author")).join(
        players, players.c.id == maps.c.author_id).where(_is_map(ref, include_hidden))).first()


def map_id(conn: Connection, ref: str) -> str | None:
    """A visible map's id from its id or share code, without its text (a board's lookup)."""
    return conn.execute(select(maps.c.id).where(_is_map(ref, False))).scalar()


def map_text(conn: Connection, identity: str) -> str | None:
    """The text of a visible map with this id, for verifying a run on it."""
    return conn.execute(select(maps.c.text).where(maps.c.id == identity,
                                                  maps.c.hidden_at.is_(None))).scalar()


def publish_map(conn: Connection, author_id: int, facts: MapFacts, text: str, clear: Any,
                outcome: Outcome, rules_version: int) -> None:
    """Store a map with its verified clear, which opens the board. Raises Conflict when the
    map (same id, so the same play) is published already."""
    if conn.execute(select(maps.c.id).where(or_(maps.c.id == facts.id, maps.c.share_code
                                                == facts.share_code))).first() is not None:
        raise Conflict(facts.id)
    at = now()
    run_id = _new_id(conn.execute(insert(runs).values(
        player_id=author_id, document=clear, map_id=facts.id, rules_version=rules_version,
        status="verified", moves=outcome.moves, turns=outcome.turns, submitted_at=at,
        verified_at=at, actions_key=outcome.actions)))
    conn.execute(insert(maps).values(
        id=facts.id, share_code=facts.share_code, title=facts.title, author_id=author_id,
        kind=facts.kind, levels=facts.levels, par=facts.par, description=facts.description,
        difficulty=facts.difficulty, text=text, clear_run_id=run_id, plays=1, published_at=at))
    _enter(conn, facts.id, rules_version, author_id, run_id, outcome, at)


def _best(conn: Connection, identity: str) -> int | None:
    return conn.execute(select(func.min(board_moves.c.moves)).where(
        _moves_of(identity, CURRENT_RULES_VERSION), board_moves.c.entries > 0)).scalar()


def map_entry(conn: Connection, row: Row[Any], *, description: bool = False) -> dict[str, Any]:
    out = {"id": row.id, "share_code": row.share_code, "title": row.title,
           "author": row.author, "kind": row.kind, "levels": row.levels, "par": row.par,
           "plays": row.plays, "best": _best(conn, row.id), "difficulty": row.difficulty}
    if description:
        out["description"] = row.description
        out["published_at"] = iso(row.published_at)
    return out


MAP_SORTS = ("new", "popular", "title")


def list_maps(conn: Connection, *, q: str = "", sort: str = "new", limit: int = 20,
              cursor: str | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """A page of visible maps and the cursor of the next page (None at the end)."""
    query = select(maps, players.c.name.label("author")).join(
        players, players.c.id == maps.c.author_id).where(maps.c.hidden_at.is_(None))
    if q:
        query = query.where(or_(maps.c.title.icontains(q, autoescape=True),
                                players.c.name.icontains(q, autoescape=True)))
    # Each order ends with clear_run_id, unique, so a cursor names one exact place.
    key: tuple[Any, ...]
    if sort == "new":
        key = (maps.c.clear_run_id,)
        query = query.order_by(maps.c.clear_run_id.desc())
        after = _cursor(cursor, (int,))
        if after is not None:
            query = query.where(maps.c.clear_run_id < after[0])
    elif sort == "popular":
        key = (maps.c.plays, maps.c.clear_run_id)
        query = query.order_by(maps.c.plays.desc(), maps.c.clear_run_id.desc())
        after = _cursor(cursor, (int, int))
        if after is not None:
            query = query.where(tuple_(*key) < tuple_(*after))
    else:
        key = (maps.c.title, maps.c.clear_run_id)
        query = query.order_by(maps.c.title, maps.c.clear_run_id)
        after = _cursor(cursor, (str, int))
        if after is not None:
            query = query.where(tuple_(*key) > tuple_(*after))
    rows = conn.execute(query.limit(limit + 1)).all()
    more = len(rows) > limit
    rows = rows[:limit]
    next_cursor = None
    if more and rows:
        last = rows[-1]
        next_cursor = _make_cursor([getattr(last, column.name) for column in key])
    return [map_entry(conn, row) for row in rows], next_cursor


# ---------------------------------------------------------------------- runs

def document_hash(document: Any) -> str:
    """sha256 of a document's canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def submit_run(conn: Connection, player_id: int, document: Any, map_id: str | None,
               rules_version: int | None) -> tuple[int, bool]:
    """Queue a run: (its id, True), or (the id it already has, False) when this player sent
    this very document before. One statement decides, so two copies sent at once still make
    one run."""
    digest = document_hash(document)
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(runs).values(
        player_id=player_id, document=document, document_hash=digest, map_id=map_id,
        rules_version=rules_version, status="queued", submitted_at=now()
    ).on_conflict_do_nothing(index_elements=[runs.c.player_id, runs.c.document_hash])
    result = conn.execute(statement.returning(runs.c.id))
    new = result.scalar()
    if new is not None:
        return int(new), True
    existing = conn.execute(select(runs.c.id).where(
        runs.c.player_id == player_id, runs.c.document_hash == digest)).scalar_one()
    return int(existing), False


def run_by_id(conn: Connection, run_id: int) -> Row[Any] | None:
    return conn.execute(select(runs, players.c.name.label("player"),
                               players.c.banned_at.label("player_banned_at")).join(
        players, players.c.id == runs.c.player_id).where(runs.c.id == run_id)).first()


def run_entry(conn: Connection, row: Row[Any]) -> dict[str, Any]:
    rank = None
    entry = conn.execute(select(entries).where(entries.c.run_id == row.id,
                                               entries.c.removed == false())).first()
    if entry is not None:
        rank = 1 + _better_than(conn, entry.map_id, entry.rules_version, entry.moves,
                                entry.turns)
    scored = conn.execute(select(scored_entries).where(
        scored_entries.c.run_id == row.id, scored_entries.c.removed == false())).first()
    if scored is not None:
        rank = 1 + _higher_than(conn, scored.game, scored.board, scored.rules_version,
                                scored.score)
    game = row.document.get("game") if isinstance(row.document, dict) else None
    return {"id": row.id, "status": row.status, "reason": row.reason,
            "message": row.message or None, "index": row.action_index, "moves": row.moves,
            "turns": row.turns, "rank": rank, "player": row.player, "map": row.map_id,
            "game": game if isinstance(game, str) and len(game) <= 32 else None,
            "board": row.board, "score": row.score,
            "submitted_at": iso(row.submitted_at), "removed": row.removed_at is not None,
            "player_banned": row.player_banned_at is not None}


@dataclass(frozen=True)
class Claim:
    run_id: int
    document: Any
    map_id: str | None
    player_id: int
    attempts: int
    submitted_at: datetime


def claim_next(conn: Connection, lease: float) -> Claim | None:
    """Take the oldest queued run no verifier holds (or whose verifier's lease ran out)."""
    at = now()
    free = or_(runs.c.claimed_at.is_(None), runs.c.claimed_at < at - timedelta(seconds=lease))
    for _ in range(8):  # another verifier may take the one we saw; look again
        row = conn.execute(select(runs.c.id, runs.c.document, runs.c.map_id, runs.c.player_id,
                                  runs.c.attempts, runs.c.submitted_at)
                           .where(runs.c.status == "queued", free)
                           .order_by(runs.c.id).limit(1)).first()
        if row is None:
            return None
        taken = conn.execute(update(runs).where(runs.c.id == row.id, runs.c.status == "queued",
                                                free)
                             .values(claimed_at=at, attempts=runs.c.attempts + 1))
        if taken.rowcount:
            return Claim(row.id, row.document, row.map_id, row.player_id, row.attempts + 1,
                         row.submitted_at)
    return None


def claim(conn: Connection, run_id: int) -> Claim | None:
    """Count an attempt at a queued run, taken by id (the PostgreSQL queue hands out ids);
    None if it is not waiting."""
    row = conn.execute(update(runs).where(runs.c.id == run_id, runs.c.status == "queued")
                       .values(claimed_at=now(), attempts=runs.c.attempts + 1)
                       .returning(runs.c.id, runs.c.document, runs.c.map_id, runs.c.player_id,
                                  runs.c.attempts, runs.c.submitted_at)).first()
    return Claim(*row) if row is not None else None


def release_claims(conn: Connection) -> None:
    conn.execute(update(runs).where(runs.c.status == "queued", runs.c.claimed_at.is_not(None))
                 .values(claimed_at=None))


def stale_queued(conn: Connection, older_than: float, limit: int = 1000) -> list[int]:
    """Runs still queued after `older_than` seconds: their job may never have been made."""
    return list(conn.execute(select(runs.c.id).where(
        runs.c.status == "queued", runs.c.submitted_at < now() - timedelta(seconds=older_than))
        .order_by(runs.c.id).limit(limit)).scalars())


def record_outcome(conn: Connection, run_id: int, outcome: Outcome) -> bool:
    """Store a run's verdict and, if verified, enter it on its board. Exactly once: False if
    the run was settled already (by another verifier)."""
    at = now()
    if outcome.ok and outcome.actions is not None:
        outcome = _unless_copied(conn, run_id, outcome)
    done = conn.execute(update(runs).where(runs.c.id == run_id, runs.c.status == "queued").values(
        status="verified" if outcome.ok else "refused", reason=outcome.reason,
        message=safe_message(outcome.message), action_index=outcome.index, moves=outcome.moves,
        turns=outcome.turns, board=outcome.board, score=outcome.score, verified_at=at,
        actions_key=outcome.actions))
    if not done.rowcount:
        return False
    if outcome.ok and outcome.board is not None:
        scored = conn.execute(select(runs.c.document, runs.c.player_id, runs.c.submitted_at,
                                     runs.c.removed_at, players.c.banned_at)
                              .join(players, players.c.id == runs.c.player_id)
                              .where(runs.c.id == run_id)).one()
        if scored.banned_at is None and scored.removed_at is None:
            _enter_scored(conn, scored.document["game"], scored.document["rules_version"],
                          scored.player_id, run_id, outcome, scored.submitted_at)
    elif outcome.ok:
        row = conn.execute(select(runs.c.map_id, runs.c.rules_version, runs.c.player_id,
                                  runs.c.submitted_at, runs.c.removed_at,
                                  players.c.banned_at)
                           .join(players, players.c.id == runs.c.player_id)
                           .where(runs.c.id == run_id)).one()
        if row.banned_at is None and row.removed_at is None:
            _enter(conn, row.map_id, row.rules_version, row.player_id, run_id, outcome,
                   row.submitted_at)
        # Last: every verdict on a map updates its row, so it is held locked (by concurrent
        # verifiers' transactions) only until the commit that follows.
        conn.execute(update(maps).where(maps.c.id == row.map_id)
                     .values(plays=maps.c.plays + 1))
    return True


COPIED_RUN = "copied_run"


def original_of(conn: Connection, run_id: int, actions: str, board: str | None
                ) -> Any:
    """The earliest verified run submitted before `run_id` with the same actions on the same
    board (its id and its player's name), or None. One lookup on ix_runs_actions_key."""
    mine = select(runs.c.map_id, runs.c.rules_version).where(runs.c.id == run_id).subquery()
    same_board = (runs.c.board == board) if board is not None else and_(
        runs.c.board.is_(None), runs.c.map_id == select(mine.c.map_id).scalar_subquery())
    return conn.execute(
        select(runs.c.id, players.c.name.label("player"))
        .join(players, players.c.id == runs.c.player_id)
        .where(runs.c.actions_key == actions, runs.c.id < run_id, runs.c.status == "verified",
               runs.c.rules_version == select(mine.c.rules_version).scalar_subquery(),
               same_board)
        .order_by(runs.c.id).limit(1)).first()


def _unless_copied(conn: Connection, run_id: int, outcome: Outcome) -> Outcome:
    """A verified outcome, or the refusal copied_run when an earlier verified run on the same
    board has the same actions (docs/server.md, "Copied runs")."""
    assert outcome.actions is not None
    original = original_of(conn, run_id, outcome.actions, outcome.board)
    if original is None:
        return outcome
    return Outcome(False, COPIED_RUN, f"these actions are those of run {original.id} by "
                   f"{original.player}, verified earlier on this board: a copy is not a score",
                   actions=outcome.actions)


def _enter(conn: Connection, identity: str, rules_version: int, player_id: int, run_id: int,
           outcome: Outcome, at: datetime) -> None:
    """Keep the player's best entry on the board: the new run replaces the old one only if it
    ranks higher (fewer moves, then fewer turns, then the earlier run), or the old one was
    removed. The entry's score counts move with it (board_scores)."""
    assert outcome.moves is not None and outcome.turns is not None
    new = (identity, rules_version, outcome.moves, outcome.turns)
    values = {"run_id": run_id, "moves": outcome.moves, "turns": outcome.turns, "at": at,
              "removed": False}
    # Inserting first settles a race between two runs of one new player: the second waits
    # for the first, then finds its row.
    created = conn.execute(_dialect(conn).insert(entries).values(
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


def _dialect(conn: Connection) -> Any:
    return postgresql if conn.dialect.name == "postgresql" else sqlite


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
                conn.execute(_dialect(conn).insert(table).values(
                    {**dict(zip(names, key, strict=True)), "entries": delta}
                ).on_conflict_do_update(
                    index_elements=list(table.primary_key.columns),
                    set_={"entries": table.c.entries + delta}))
            else:
                conn.execute(update(table).where(*(table.c[name] == value for name, value
                                                   in zip(names, key, strict=True)))
                             .values(entries=table.c.entries + delta))


def _take_off_boards(conn: Connection, condition: Any, scored: Any) -> int:
    """Mark the entries matching `condition` (and the entries in points matching `scored`)
    removed, and count them off their scores."""
    return _take_off_maps(conn, condition) + _take_off_scored(conn, scored)


def _take_off_maps(conn: Connection, condition: Any) -> int:
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


def _take_off_scored(conn: Connection, condition: Any) -> int:
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


# ---------------------------------------------------------------------- boards in points

def _enter_scored(conn: Connection, game: str, rules_version: int, player_id: int,
                  run_id: int, outcome: Outcome, at: datetime) -> None:
    """Keep the player's best entry on a board in points: the new run replaces the old one
    only if it ranks higher (a higher score, or the same from an earlier run), or the old one
    was removed. The counts per score and per board move with it."""
    assert outcome.board is not None and outcome.score is not None
    new = (game, outcome.board, rules_version, outcome.score)
    values = {"run_id": run_id, "score": outcome.score, "ending": outcome.ending or "",
              "difficulty": outcome.difficulty, "dungeon_keys": outcome.dungeon_keys,
              "at": at, "removed": False}
    created = conn.execute(_dialect(conn).insert(scored_entries).values(
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
    (scored_boards), in key order (no deadlocks, as _count_scores)."""
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
                conn.execute(_dialect(conn).insert(table).values(
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


def _higher_than(conn: Connection, game: str, board: str, rules_version: int,
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
                   scored_entries.c.difficulty, scored_entries.c.dungeon_keys,
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
        after = _cursor(cursor, (int, int))
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
        ahead = _higher_than(conn, game, board, rules_version, rows[0].score)
        ranks: dict[int, int] = {}
        for bucket in buckets:
            ranks[bucket.score] = ahead + 1
            ahead += bucket.entries
        for row in rows:
            rank = ranks.get(row.score)
            if rank is None:  # not possible within one snapshot; exact all the same
                rank = 1 + _higher_than(conn, game, board, rules_version, row.score)
            items.append({"rank": rank, "player": row.player, "score": row.score,
                          "ending": row.ending, "difficulty": row.difficulty,
                          "dungeon_keys": row.dungeon_keys, "run": row.run_id, "at": row.at,
                          "first": bool(row.first)})
    next_cursor = None
    if more and rows:
        next_cursor = _make_cursor([rows[-1].score, rows[-1].run_id])
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
    after = _cursor(cursor, (str, str))
    if after is not None:
        query = query.where(or_(scored_boards.c.kind > after[0],
                                and_(scored_boards.c.kind == after[0],
                                     scored_boards.c.board < after[1])))
    rows = conn.execute(query.order_by(scored_boards.c.kind, scored_boards.c.board.desc())
                        .limit(limit + 1)).all()
    more = len(rows) > limit
    rows = rows[:limit]
    next_cursor = _make_cursor([rows[-1].kind, rows[-1].board]) if more and rows else None
    return [(row.board, row.kind, int(row.entries)) for row in rows], next_cursor


# ---------------------------------------------------------------------- boards

def _board(identity: Any, rules_version: Any) -> Any:
    return and_(entries.c.map_id == identity, entries.c.rules_version == rules_version,
                entries.c.removed == false())


def _scores_of(identity: Any, rules_version: Any) -> Any:
    return and_(board_scores.c.map_id == identity, board_scores.c.rules_version == rules_version)


def _moves_of(identity: Any, rules_version: Any) -> Any:
    return and_(board_moves.c.map_id == identity, board_moves.c.rules_version == rules_version)


def _entries_ahead(identity: Any, rules_version: Any, moves: Any, turns: Any) -> Any:
    """The number of entries that rank strictly higher than (moves, turns), as an SQL value:
    those at fewer moves, then those at the same moves and fewer turns; two short sums."""
    fewer_moves = select(func.coalesce(func.sum(board_moves.c.entries), 0)).where(
        _moves_of(identity, rules_version), board_moves.c.moves < moves).scalar_subquery()
    fewer_turns = select(func.coalesce(func.sum(board_scores.c.entries), 0)).where(
        _scores_of(identity, rules_version), board_scores.c.moves == moves,
        board_scores.c.turns < turns).scalar_subquery()
    return fewer_moves + fewer_turns


def _size(identity: Any, rules_version: Any) -> Any:
    """A board's number of entries, as an SQL value."""
    return select(func.coalesce(func.sum(board_moves.c.entries), 0)).where(
        _moves_of(identity, rules_version)).scalar_subquery()


def _better_than(conn: Connection, identity: str, rules_version: int, moves: int,
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
                   _size(identity, rules_version).label("total"))
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


def _first_at_points() -> Any:
    """The same for an entry of a board in points (one probe of ix_scored_entries_board)."""
    earlier = scored_entries.alias("earlier")
    return ~select(earlier.c.id).where(
        earlier.c.game == scored_entries.c.game, earlier.c.board == scored_entries.c.board,
        earlier.c.rules_version == scored_entries.c.rules_version,
        earlier.c.removed == false(), earlier.c.score == scored_entries.c.score,
        earlier.c.run_id < scored_entries.c.run_id).exists()


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
        start = _cursor(cursor, (int, int, int))
    if start is None:
        rows = conn.execute(_page(""), {**board, "limit": limit + 1}).all()
    else:
        rows = conn.execute(_page(">=" if inclusive else ">"),
                            {**board, "limit": limit + 1, "start_moves": start[0],
                             "start_turns": start[1], "start_run": start[2]}).all()
    more = len(rows) > limit
    rows = rows[:limit]
    total = int(rows[0].total) if rows else board_size(conn, identity, rules_version)
    items = [{"rank": row.rank, "player": row.player, "moves": row.moves,
              "turns": row.turns, "run": row.run_id, "at": row.at, "first": bool(row.first)}
             for row in rows]
    next_cursor = None
    if more and rows:
        last = rows[-1]
        next_cursor = _make_cursor([last.moves, last.turns, last.run_id])
    return items, total, next_cursor


def rules_versions(conn: Connection, identity: str) -> list[int]:
    return list(conn.execute(select(entries.c.rules_version).distinct()
                             .where(entries.c.map_id == identity)
                             .order_by(entries.c.rules_version)).scalars())


# ---------------------------------------------------------------------- reports, moderation

def add_report(conn: Connection, reporter_id: int, why: str, *, map_id: str | None = None,
               run_id: int | None = None) -> int:
    return _new_id(conn.execute(insert(reports).values(reporter_id=reporter_id, map_id=map_id,
                                                       run_id=run_id, why=why, at=now())))


def list_reports(conn: Connection, limit: int) -> list[dict[str, Any]]:
    rows = conn.execute(select(reports, players.c.name.label("reporter"))
                        .join(players, players.c.id == reports.c.reporter_id)
                        .order_by(reports.c.id.desc()).limit(limit)).all()
    return [{"id": r.id, "reporter": r.reporter, "map": r.map_id, "run": r.run_id,
             "why": r.why, "at": iso(r.at)} for r in rows]


def log(conn: Connection, moderator_id: int | None, action: str, target: str, why: str) -> None:
    conn.execute(insert(moderation_log).values(moderator_id=moderator_id, action=action,
                                               target=target, why=why, at=now()))


def hide_map(conn: Connection, identity: str, moderator_id: int | None, why: str) -> None:
    conn.execute(update(maps).where(maps.c.id == identity).values(
        hidden_at=now(), hidden_by=moderator_id, hidden_why=why))
    log(conn, moderator_id, "hide_map", identity, why)


def remove_run(conn: Connection, run_id: int, moderator_id: int | None, why: str) -> None:
    """Remove a run (kept, marked). If it was its player's entry on a board, their best other
    verified run takes its place: one bad run does not wipe a player's honest ones."""
    conn.execute(update(runs).where(runs.c.id == run_id).values(
        removed_at=now(), removed_by=moderator_id, removed_why=why))
    if _take_off_boards(conn, entries.c.run_id == run_id, scored_entries.c.run_id == run_id):
        _enter_next_best(conn, run_id)
    log(conn, moderator_id, "remove_run", str(run_id), why)


def _enter_next_best(conn: Connection, removed_run: int) -> None:
    """Enter the best verified, not removed run of `removed_run`'s player on its board."""
    gone = conn.execute(select(runs.c.player_id, runs.c.map_id, runs.c.rules_version,
                               runs.c.board, players.c.banned_at)
                        .join(players, players.c.id == runs.c.player_id)
                        .where(runs.c.id == removed_run)).one()
    if gone.banned_at is not None:
        return
    theirs = select(runs.c.id, runs.c.moves, runs.c.turns, runs.c.score, runs.c.document,
                    runs.c.submitted_at).where(
        runs.c.player_id == gone.player_id, runs.c.rules_version == gone.rules_version,
        runs.c.status == "verified", runs.c.removed_at.is_(None))
    if gone.board is None:  # a Card Rogue map's board
        best = conn.execute(theirs.where(runs.c.map_id == gone.map_id)
                            .order_by(runs.c.moves, runs.c.turns, runs.c.id).limit(1)).first()
        if best is not None:
            _enter(conn, gone.map_id, gone.rules_version, gone.player_id, best.id,
                   Outcome(True, moves=best.moves, turns=best.turns), best.submitted_at)
        return
    best = conn.execute(theirs.where(runs.c.board == gone.board)
                        .order_by(runs.c.score.desc(), runs.c.id).limit(1)).first()
    if best is not None:  # verified, so its document was read and its claims are the replay's
        document = best.document
        _enter_scored(conn, document["game"], gone.rules_version, gone.player_id, best.id,
                      Outcome(True, board=gone.board, score=best.score,
                              ending=document["claimed"]["outcome"],
                              difficulty=document["difficulty"],
                              dungeon_keys=document["dungeon_keys"]), best.submitted_at)


def ban_player(conn: Connection, player_id: int, name: str, moderator_id: int | None,
               why: str) -> int:
    """Ban a player: their entries leave every board (kept, marked). Returns how many."""
    conn.execute(update(players).where(players.c.id == player_id).values(
        banned_at=now(), banned_by=moderator_id, banned_why=why))
    left = _take_off_boards(conn, entries.c.player_id == player_id,
                            scored_entries.c.player_id == player_id)
    log(conn, moderator_id, "ban_player", name, why)
    return left


def moderation_entries(conn: Connection, limit: int) -> list[dict[str, Any]]:
    rows = conn.execute(select(moderation_log, players.c.name.label("moderator"))
                        .outerjoin(players, players.c.id == moderation_log.c.moderator_id)
                        .order_by(moderation_log.c.id.desc()).limit(limit)).all()
    return [{"action": r.action, "target": r.target, "why": r.why, "moderator": r.moderator,
             "at": iso(r.at)} for r in rows]


# ---------------------------------------------------------------------- helpers

def _new_id(result: CursorResult[Any]) -> int:
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def iso(value: datetime | None) -> str | None:
    """A stored time as ISO 8601 UTC, e.g. 2026-01-01T00:00:00.000000Z (SQLite hands times back
    without their zone: they were stored in UTC). isoformat, not strftime: a page of 100 board
    entries formats 100 of these, and strftime took a fifth of the route's time."""
    if value is None:
        return None
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value.isoformat(timespec="microseconds") + "Z"


class utc_iso(FunctionElement[str]):  # noqa: N801 - used like an SQL function
    """A stored time as iso() writes it, made by the database: a page of 100 entries spent
    0.3 ms formatting them in Python."""

    type = String()
    inherit_cache = True


@compiles(utc_iso, "postgresql")
def _utc_iso_postgresql(element: utc_iso, compiler: Any, **kw: Any) -> str:
    return (f"to_char({compiler.process(element.clauses, **kw)} AT TIME ZONE 'UTC', "
            """'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')""")


@compiles(utc_iso, "sqlite")
def _utc_iso_sqlite(element: utc_iso, compiler: Any, **kw: Any) -> str:
    # SQLite keeps a time as text in UTC, "2026-01-01 00:00:00.000000".
    return f"replace({compiler.process(element.clauses, **kw)}, ' ', 'T') || 'Z'"


def _make_cursor(values: Sequence[Any]) -> str:
    raw = json.dumps(list(values), separators=(",", ":"), ensure_ascii=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _cursor(cursor: str | None, types: tuple[type, ...]) -> tuple[Any, ...] | None:
    """The values of a cursor made by _make_cursor, checked against `types`."""
    if cursor is None:
        return None
    try:
        values = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (ValueError, TypeError):
        raise BadCursor(cursor) from None
    if not (isinstance(values, list) and len(values) == len(types)
            and all(type(v) is t for v, t in zip(values, types, strict=True))):
        raise BadCursor(cursor)
    if any(isinstance(v, int) and not -(1 << 62) < v < 1 << 62 for v in values):
        raise BadCursor(cursor)
    if any(isinstance(v, str) and (len(v) > 400 or _UNSTORABLE.search(v)) for v in values):
        raise BadCursor(cursor)  # no database compares a NUL or a lone surrogate
    return tuple(values)


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def safe_message(message: str | None, limit: int = 2000) -> str | None:
    """A refusal's words as they can be stored on both databases and shown anywhere: NULs,
    lone surrogates and other control characters become U+FFFD, and the text is cut to
    `limit` characters."""
    if not message:
        return None
    cleaned = "".join("\ufffd" if _UNSTORABLE.match(c) or (not c.isprintable() and c not in
                                                           "\n\t") else c
                      for c in message[:limit])
    return cleaned


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
            "rank": 1 + _better_than(conn, row.map_id, CURRENT_RULES_VERSION, row.moves,
                                     row.turns)} for row in rows]
    return sorted(out, key=lambda item: (item["rank"], item["title"]))
