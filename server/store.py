"""Reading and writing the server's tables: players, maps, runs, reports, moderation. The
boards that verified runs enter live in server.map_boards (ranked by moves) and
server.points_boards (ranked by points).

Every function takes an open connection inside a transaction (server.db.writing/reading), so a
caller groups what must happen together.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    Connection,
    Row,
    and_,
    false,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite

from server import ratings, records
from server.db import now
from server.map_boards import better_than, enter_best, take_off_map_entries
from server.names import name_key, name_skeleton
from server.points_boards import enter_best_scored, higher_than, take_off_scored_entries
from server.records import is_optimal
from server.schema import (
    entries,
    maps,
    moderation_log,
    players,
    reports,
    runs,
    scored_entries,
)
from server.sql import iso, new_id, safe_message
from server.verification import MapFacts, Outcome, document_setup

TOKEN_PREFIX = "cr_"


class Conflict(Exception):
    """A name or map that exists already."""


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
    run_id = new_id(conn.execute(insert(runs).values(
        player_id=author_id, document=clear, map_id=facts.id, rules_version=rules_version,
        status="verified", moves=outcome.moves, turns=outcome.turns, submitted_at=at,
        verified_at=at, actions_key=outcome.actions)))
    conn.execute(insert(maps).values(
        id=facts.id, share_code=facts.share_code, title=facts.title, author_id=author_id,
        kind=facts.kind, levels=facts.levels, par=facts.par, description=facts.description,
        difficulty=facts.difficulty, text=text, clear_run_id=run_id, plays=1, published_at=at,
        players=1, clears=1, clear_rate=10000,  # the author's clear (server.ratings)
        shown_difficulty=facts.difficulty))
    enter_best(conn, facts.id, rules_version, author_id, run_id, outcome, at)


# ---------------------------------------------------------------------- runs

def document_hash(document: Any) -> str:
    """sha256 of a document's canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class TooManyWaiting(Exception):
    """The player has as many runs waiting for verification as one player may."""


@dataclass(frozen=True)
class Submission:
    id: int
    new: bool  # False: this player sent this very document before
    lane: int  # the round it is verified in (waiting_lane)


def submit_run(conn: Connection, player_id: int, document: Any, map_id: str | None,
               rules_version: int | None, waiting_cap: int = 0) -> Submission:
    """Queue a run, or find the one this player made of this very document before. One
    statement decides, so two copies sent at once still make one run. Raises TooManyWaiting
    when the player has `waiting_cap` runs waiting already (0: no cap); a resent document is
    always answered."""
    digest = document_hash(document)
    sent = conn.execute(select(runs.c.id, runs.c.lane).where(
        runs.c.player_id == player_id, runs.c.document_hash == digest)).first()
    if sent is not None:
        return Submission(sent.id, False, sent.lane)
    # One player's submissions take turns from here to the insert, so that two sent at once
    # cannot both count the same waiting runs (PostgreSQL; SQLite's writers always take turns).
    conn.execute(select(players.c.id).where(players.c.id == player_id).with_for_update())
    waiting, lane = waiting_lane(conn, player_id)
    if waiting_cap and waiting >= waiting_cap:
        raise TooManyWaiting(waiting)
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(runs).values(
        player_id=player_id, document=document, document_hash=digest, map_id=map_id,
        rules_version=rules_version, status="queued", submitted_at=now(), lane=lane
    ).on_conflict_do_nothing(index_elements=[runs.c.player_id, runs.c.document_hash])
    new = conn.execute(statement.returning(runs.c.id)).scalar()
    if new is not None:
        return Submission(int(new), True, lane)
    existing = conn.execute(select(runs.c.id, runs.c.lane).where(
        runs.c.player_id == player_id, runs.c.document_hash == digest)).one()
    return Submission(existing.id, False, existing.lane)


def waiting_lane(conn: Connection, player_id: int) -> tuple[int, int]:
    """How many runs the player has waiting, and the lane of their next: after their own
    waiting runs, and not before the round the verifiers have reached (the lowest waiting
    lane). Verifiers take runs by (lane, id): round-robin between the players waiting."""
    waiting = runs.c.status == "queued"
    reached = conn.execute(select(func.min(runs.c.lane)).where(waiting)).scalar() or 0
    count, last = conn.execute(select(func.count(), func.max(runs.c.lane)).where(
        waiting, runs.c.player_id == player_id)).one()
    return count, max(reached, last + 1 if last is not None else 0)


def run_by_id(conn: Connection, run_id: int) -> Row[Any] | None:
    return conn.execute(select(runs, players.c.name.label("player"),
                               players.c.banned_at.label("player_banned_at")).join(
        players, players.c.id == runs.c.player_id).where(runs.c.id == run_id)).first()


def run_entry(conn: Connection, row: Row[Any]) -> dict[str, Any]:
    rank = None
    entry = conn.execute(select(entries).where(entries.c.run_id == row.id,
                                               entries.c.removed == false())).first()
    if entry is not None:
        rank = 1 + better_than(conn, entry.map_id, entry.rules_version, entry.moves,
                                entry.turns)
    scored = conn.execute(select(scored_entries).where(
        scored_entries.c.run_id == row.id, scored_entries.c.removed == false())).first()
    if scored is not None:
        rank = 1 + higher_than(conn, scored.game, scored.board, scored.rules_version,
                                scored.score)
    game = row.document.get("game") if isinstance(row.document, dict) else None
    return {"id": row.id, "status": row.status, "reason": row.reason,
            "message": row.message or None, "index": row.action_index, "moves": row.moves,
            "turns": row.turns, "rank": rank, "player": row.player, "map": row.map_id,
            "game": game if isinstance(game, str) and len(game) <= 32 else None,
            "board": row.board, "score": row.score,
            "submitted_at": iso(row.submitted_at), "removed": row.removed_at is not None,
            "player_banned": row.player_banned_at is not None, **_credit(conn, row)}


def _credit(conn: Connection, row: Row[Any]) -> dict[str, bool]:
    """A verified map run's badges: proved optimal, and its map's first clear."""
    if row.status != "verified" or row.map_id is None or row.board is not None:
        return {}
    played = conn.execute(select(maps.c.par, maps.c.first_clear_run_id).where(
        maps.c.id == row.map_id)).first()
    if played is None:
        return {}
    return {"optimal": is_optimal(row.moves, played.par),
            "first_clear": played.first_clear_run_id == row.id}


@dataclass(frozen=True)
class Claim:
    run_id: int
    document: Any
    map_id: str | None
    player_id: int
    attempts: int
    submitted_at: datetime


def claim_next(conn: Connection, lease: float) -> Claim | None:
    """Take the next queued run no verifier holds (or whose verifier's lease ran out): the
    first of the lowest lane (waiting_lane)."""
    at = now()
    free = or_(runs.c.claimed_at.is_(None), runs.c.claimed_at < at - timedelta(seconds=lease))
    for _ in range(8):  # another verifier may take the one we saw; look again
        row = conn.execute(select(runs.c.id, runs.c.document, runs.c.map_id, runs.c.player_id,
                                  runs.c.attempts, runs.c.submitted_at)
                           .where(runs.c.status == "queued", free)
                           .order_by(runs.c.lane, runs.c.id).limit(1)).first()
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


def stale_queued(conn: Connection, older_than: float, limit: int = 1000
                 ) -> list[tuple[int, int]]:
    """Runs still queued after `older_than` seconds, with their lanes: their job may never
    have been made."""
    return [(row.id, row.lane) for row in conn.execute(select(runs.c.id, runs.c.lane).where(
        runs.c.status == "queued", runs.c.submitted_at < now() - timedelta(seconds=older_than))
        .order_by(runs.c.id).limit(limit))]


# The next version of a map's counted runs (maps.runs_version): every change to the runs that
# count on a map's boards takes it, so what was worked out from them is known to be stale.
NEXT_RUNS_VERSION = maps.c.runs_version + 1


def runs_changed(conn: Connection, map_ids: Iterable[str]) -> None:
    """The counted runs of these maps changed (a removal, a ban): their next runs_version, each
    map taken in order, as every change to a board takes them."""
    for identity in sorted(set(map_ids)):
        conn.execute(update(maps).where(maps.c.id == identity)
                     .values(runs_version=NEXT_RUNS_VERSION))


def record_outcome(conn: Connection, run_id: int, outcome: Outcome) -> bool:
    """Store a run's verdict and, if verified, enter it on its board. Exactly once: False if
    the run was settled already (by another verifier)."""
    at = now()
    if outcome.ok and outcome.actions is not None:
        outcome = _unless_copied(conn, run_id, outcome)
        if outcome.ok:  # any later run with these actions verified before it is the copy
            _demote_copies(conn, run_id, outcome)
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
            enter_best_scored(conn, scored.document["game"], scored.document["rules_version"],
                          scored.player_id, run_id, outcome, scored.submitted_at)
    elif outcome.ok:
        row = conn.execute(select(runs.c.map_id, runs.c.rules_version, runs.c.player_id,
                                  runs.c.submitted_at, runs.c.removed_at,
                                  players.c.banned_at)
                           .join(players, players.c.id == runs.c.player_id)
                           .where(runs.c.id == run_id)).one()
        if row.banned_at is None and row.removed_at is None:
            enter_best(conn, row.map_id, row.rules_version, row.player_id, run_id, outcome,
                   row.submitted_at)
        # Last: every verdict on a map updates its row, so it is held locked (by concurrent
        # verifiers' transactions) only until the commit that follows.
        conn.execute(update(maps).where(maps.c.id == row.map_id)
                     .values(plays=maps.c.plays + 1, runs_version=NEXT_RUNS_VERSION))
    if outcome.board is None:  # a map's run, verified or refused: its players and clears
        mine = conn.execute(select(runs.c.map_id, runs.c.player_id)
                            .where(runs.c.id == run_id)).one()
        if mine.map_id is not None:
            ratings.count_verdict(conn, mine.map_id, mine.player_id, run_id, outcome.ok)
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
    if conn.dialect.name == "postgresql":
        # Verdicts on runs with the same actions take turns (SQLite's writers always do), so
        # two verified at the same moment see each other: the earlier submission is the
        # original whichever verifier finishes first.
        conn.execute(select(func.pg_advisory_xact_lock(int(outcome.actions[:15], 16))))
    original = original_of(conn, run_id, outcome.actions, outcome.board)
    if original is None:
        return outcome
    return _copy_of(original.id, original.player, outcome.actions)


def _copy_of(original: int, player: str, actions: str) -> Outcome:
    return Outcome(False, COPIED_RUN, f"these actions are those of run {original} by {player}, "
                   "verified earlier on this board: a copy is not a score", actions=actions)


def _demote_copies(conn: Connection, run_id: int, outcome: Outcome) -> None:
    """Refuse as copies the later runs with these actions on this board that were verified
    before this one (by another verifier): they leave the board, their players' best other
    runs take their places, and their plays are no longer counted."""
    assert outcome.actions is not None
    mine = conn.execute(select(runs.c.map_id, runs.c.rules_version, players.c.name)
                        .join(players, players.c.id == runs.c.player_id)
                        .where(runs.c.id == run_id)).one()
    same_board = (runs.c.board == outcome.board) if outcome.board is not None else and_(
        runs.c.board.is_(None), runs.c.map_id == mine.map_id)
    copies = conn.execute(select(runs.c.id, runs.c.map_id).where(
        runs.c.actions_key == outcome.actions, runs.c.id > run_id,
        runs.c.status == "verified", runs.c.rules_version == mine.rules_version,
        same_board)).all()
    # Their maps held first, in order, before the board's counts, as every change takes them;
    # and their tops, for a row of the record history where a copy held the top.
    tops = records.tops_of(conn, [copy.map_id for copy in copies if copy.map_id])
    for copy in copies:
        refusal = _copy_of(run_id, mine.name, outcome.actions)
        # Its board stays on the row: its player's best other run there takes its place.
        conn.execute(update(runs).where(runs.c.id == copy.id).values(
            status="refused", reason=refusal.reason, message=refusal.message, moves=None,
            turns=None, score=None))
        if _take_off_boards(conn, entries.c.run_id == copy.id,
                            scored_entries.c.run_id == copy.id):
            _enter_next_best(conn, copy.id)
        if outcome.board is None:
            conn.execute(update(maps).where(maps.c.id == copy.map_id)
                         .values(plays=maps.c.plays - 1, runs_version=NEXT_RUNS_VERSION))
    if outcome.board is None and copies:  # their players may have no clear left
        ratings.recount_players(conn, [copy.map_id for copy in copies if copy.map_id])
    records.note_if_lowered(conn, tops, "copied")


def _take_off_boards(conn: Connection, condition: Any, scored: Any) -> int:
    """Mark the entries matching `condition` (and the entries in points matching `scored`)
    removed, and count them off their scores."""
    return take_off_map_entries(conn, condition) + take_off_scored_entries(conn, scored)


# ---------------------------------------------------------------------- reports, moderation

def add_report(conn: Connection, reporter_id: int, why: str, *, map_id: str | None = None,
               run_id: int | None = None) -> int:
    return new_id(conn.execute(insert(reports).values(reporter_id=reporter_id, map_id=map_id,
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
    played = conn.execute(select(runs.c.map_id).where(runs.c.id == run_id,
                                                      runs.c.board.is_(None))).scalar()
    tops = records.tops_of(conn, [played] if played is not None else [])
    conn.execute(update(runs).where(runs.c.id == run_id).values(
        removed_at=now(), removed_by=moderator_id, removed_why=why))
    if played is not None:  # a removed run no longer makes its player a player or a clear
        ratings.recount_players(conn, [played])
        runs_changed(conn, [played])
    if _take_off_boards(conn, entries.c.run_id == run_id, scored_entries.c.run_id == run_id):
        _enter_next_best(conn, run_id)
    records.note_if_lowered(conn, tops, "removed")
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
            enter_best(conn, gone.map_id, gone.rules_version, gone.player_id, best.id,
                   Outcome(True, moves=best.moves, turns=best.turns), best.submitted_at)
        return
    best = conn.execute(theirs.where(runs.c.board == gone.board)
                        .order_by(runs.c.score.desc(), runs.c.id).limit(1)).first()
    if best is not None:  # verified, so its document was read and its claims are the replay's
        document = best.document
        enter_best_scored(conn, document["game"], gone.rules_version, gone.player_id, best.id,
                      Outcome(True, board=gone.board, score=best.score,
                              ending=document["claimed"]["outcome"],
                              setup=document_setup(document)), best.submitted_at)


def ban_player(conn: Connection, player_id: int, name: str, moderator_id: int | None,
               why: str) -> int:
    """Ban a player: their entries leave every board (kept, marked). Returns how many."""
    played = conn.execute(select(runs.c.map_id).distinct().where(
        runs.c.player_id == player_id, runs.c.map_id.is_not(None))).scalars().all()
    tops = records.tops_of(conn, played)  # their maps held first, in order
    conn.execute(update(players).where(players.c.id == player_id).values(
        banned_at=now(), banned_by=moderator_id, banned_why=why))
    ratings.recount_votes_of(conn, player_id)  # their votes stop counting
    left = _take_off_boards(conn, entries.c.player_id == player_id,
                            scored_entries.c.player_id == player_id)
    ratings.recount_players(conn, played)  # nor their runs in players and clears
    runs_changed(conn, played)
    records.note_if_lowered(conn, tops, "banned")
    log(conn, moderator_id, "ban_player", name, why)
    return left


def moderation_entries(conn: Connection, limit: int) -> list[dict[str, Any]]:
    rows = conn.execute(select(moderation_log, players.c.name.label("moderator"))
                        .outerjoin(players, players.c.id == moderation_log.c.moderator_id)
                        .order_by(moderation_log.c.id.desc()).limit(limit)).all()
    return [{"action": r.action, "target": r.target, "why": r.why, "moderator": r.moderator,
             "at": iso(r.at)} for r in rows]


def other_runs(conn: Connection, row: Row[Any], limit: int = 20) -> list[dict[str, Any]]:
    """The same player's other verified runs on the board of run `row` (its map's, or its
    board of points), newest first: a run page's "other runs on this board"."""
    same_board = runs.c.board == row.board if row.board is not None else \
        runs.c.map_id == row.map_id
    found = conn.execute(select(runs.c.id, runs.c.moves, runs.c.turns, runs.c.score,
                                runs.c.submitted_at).where(
        runs.c.player_id == row.player_id, runs.c.id != row.id, runs.c.status == "verified",
        runs.c.removed_at.is_(None), same_board).order_by(runs.c.id.desc()).limit(limit))
    return [{"id": r.id, "moves": r.moves, "turns": r.turns, "score": r.score,
             "at": iso(r.submitted_at)} for r in found]
