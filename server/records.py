"""Records and credit on maps' boards: the history of each board's top score, the first clear
after publishing (kept by server.ratings), and the proved-optimal badge of a run whose moves
equal the map's proved par.

    note_if_record(conn, ...)      # called by map_boards.enter_best before an entry changes
    tops = tops_of(conn, map_ids)  # before a removal, a ban or a late copy refusal; then
    note_if_lowered(conn, tops, "removed")   # a row for each top it made worse
    record_history(conn, map_id)   # newest first, for the map page
    player_credit(conn, name)      # a player's records, first clears and optimal runs
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, false, func, insert, select

from server.db import now
from server.ratings import hold_map
from server.schema import board_moves, board_scores, entries, maps, players, record_changes, runs
from server.sql import iso
from server.verification import CURRENT_RULES_VERSION


def is_optimal(moves: int | None, par: int | None) -> bool:
    """A run proved optimal: its moves equal the par the solver proved (none are fewer)."""
    return moves is not None and par is not None and moves <= par


def _top(conn: Connection, identity: str, rules_version: int) -> tuple[int, int] | None:
    """The board's best score (moves, turns), None on an empty board: the fewest moves' row of
    board_moves, then the fewest turns' of board_scores."""
    moves = conn.execute(select(func.min(board_moves.c.moves)).where(
        board_moves.c.map_id == identity, board_moves.c.rules_version == rules_version,
        board_moves.c.entries > 0)).scalar()
    if moves is None:
        return None
    turns = conn.execute(select(func.min(board_scores.c.turns)).where(
        board_scores.c.map_id == identity, board_scores.c.rules_version == rules_version,
        board_scores.c.moves == moves, board_scores.c.entries > 0)).scalar_one()
    return moves, turns


def note_if_record(conn: Connection, identity: str, rules_version: int, player_id: int,
                   run_id: int, moves: int, turns: int, at: datetime) -> None:
    """Keep a row of the board's record history if (moves, turns) beats its top score. The
    map's row is held first, so two records verified at once are written one after the other,
    the second from the first; and always, before the board's counts (map_boards), so every
    transaction that changes a board takes its locks in one order (maps, then board_scores)
    and none waits for another that waits for it."""
    hold_map(conn, identity)
    top = _top(conn, identity, rules_version)
    if top is not None and (moves, turns) >= top:
        return
    conn.execute(insert(record_changes).values(
        map_id=identity, rules_version=rules_version, run_id=run_id, player_id=player_id,
        moves=moves, turns=turns, before_moves=top[0] if top else None,
        before_turns=top[1] if top else None, at=at))


def tops_of(conn: Connection, map_ids: Iterable[str]) -> dict[str, tuple[int, int] | None]:
    """The top score of each map's board of the current rules, each map held first (in order,
    as every change to a board takes them): call before a removal, a ban or a late copy
    refusal."""
    found = {}
    for identity in sorted(set(map_ids)):
        hold_map(conn, identity)
        found[identity] = _top(conn, identity, CURRENT_RULES_VERSION)
    return found


def note_if_lowered(conn: Connection, before: dict[str, tuple[int, int] | None],
                    why: str) -> None:
    """Keep a row for each board whose top score got worse since `before` (tops_of): the new
    top's first entry, from the old top, `why` ("removed", "banned", "copied"). A board left
    empty has no record to keep."""
    for identity, top in before.items():
        after = _top(conn, identity, CURRENT_RULES_VERSION)
        if top is None or after is None or after <= top:
            continue
        holder = conn.execute(select(entries.c.run_id, entries.c.player_id).where(
            entries.c.map_id == identity, entries.c.rules_version == CURRENT_RULES_VERSION,
            entries.c.removed == false(), entries.c.moves == after[0],
            entries.c.turns == after[1]).order_by(entries.c.run_id).limit(1)).one()
        conn.execute(insert(record_changes).values(
            map_id=identity, rules_version=CURRENT_RULES_VERSION, run_id=holder.run_id,
            player_id=holder.player_id, moves=after[0], turns=after[1], before_moves=top[0],
            before_turns=top[1], at=now(), lowered_by=why))


def record_history(conn: Connection, identity: str, rules_version: int = CURRENT_RULES_VERSION,
                   *, limit: int = 50) -> list[dict[str, Any]]:
    """The board's top scores as they changed, newest first."""
    rows = conn.execute(
        select(record_changes, players.c.name.label("player"))
        .join(players, players.c.id == record_changes.c.player_id)
        .where(record_changes.c.map_id == identity,
               record_changes.c.rules_version == rules_version)
        .order_by(record_changes.c.id.desc()).limit(limit)).all()
    return [{"player": row.player, "moves": row.moves, "turns": row.turns, "run": row.run_id,
             "at": iso(row.at), "before_moves": row.before_moves,
             "before_turns": row.before_turns, "lowered_by": row.lowered_by} for row in rows]


def player_credit(conn: Connection, name: str, *, limit: int = 100) -> dict[str, Any]:
    """A player's credit on visible maps: the records they set (newest first), the maps they
    cleared first, and their board entries proved optimal."""
    shown = maps.c.hidden_at.is_(None)
    set_records = conn.execute(
        select(record_changes, maps.c.title, maps.c.share_code)
        .join(players, players.c.id == record_changes.c.player_id)
        .join(maps, maps.c.id == record_changes.c.map_id)
        .join(runs, runs.c.id == record_changes.c.run_id)
        # Set by a run that still counts: not one removed, nor refused later as a copy.
        .where(players.c.name == name, shown, record_changes.c.lowered_by.is_(None),
               runs.c.status == "verified", runs.c.removed_at.is_(None))
        .order_by(record_changes.c.id.desc()).limit(limit)).all()
    first = conn.execute(
        select(maps.c.title, maps.c.share_code, maps.c.first_clear_run_id)
        .join(runs, runs.c.id == maps.c.first_clear_run_id)
        .join(players, players.c.id == runs.c.player_id)
        .where(players.c.name == name, shown)
        .order_by(maps.c.title).limit(limit)).all()
    optimal = conn.execute(
        select(maps.c.title, maps.c.share_code, entries.c.moves, entries.c.run_id)
        .join(maps, maps.c.id == entries.c.map_id)
        .join(players, players.c.id == entries.c.player_id)
        .where(players.c.name == name, shown, entries.c.removed == false(),
               entries.c.rules_version == CURRENT_RULES_VERSION, maps.c.par.is_not(None),
               entries.c.moves <= maps.c.par)
        .order_by(maps.c.title).limit(limit)).all()
    return {
        "records": [{"title": r.title, "share_code": r.share_code, "moves": r.moves,
                     "turns": r.turns, "run": r.run_id, "at": iso(r.at),
                     "before_moves": r.before_moves, "before_turns": r.before_turns}
                    for r in set_records],
        "first_clears": [{"title": r.title, "share_code": r.share_code,
                          "run": r.first_clear_run_id} for r in first],
        "optimal": [{"title": r.title, "share_code": r.share_code, "moves": r.moves,
                     "run": r.run_id} for r in optimal],
    }

