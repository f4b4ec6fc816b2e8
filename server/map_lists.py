"""Lists of published maps: filtered by words, tag, difficulty, rating and what a player has not
played, in one of the orders of services.map_search.MAP_SORTS, a page at a time.

Every order is a keyset over columns of the maps row ending with clear_run_id (unique), so a
cursor names one exact place and a page costs the same at any depth. The figures sorted by
(rating, clear_rate, plays) are kept in the row by server.ratings and server.store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Row, and_, exists, func, or_, select, tuple_

from server.ratings import in_order, tags_of
from server.schema import board_moves, map_tags, maps, players, runs
from server.sql import iso, make_cursor, read_cursor
from server.verification import CURRENT_RULES_VERSION

# Each order: its key (the columns, ending with the unique clear_run_id) and whether the
# highest comes first.
ORDERS: dict[str, tuple[tuple[Any, ...], bool]] = {
    "new": ((maps.c.clear_run_id,), True),
    "rating": ((maps.c.rating, maps.c.clear_run_id), True),
    "clear_rate": ((maps.c.clear_rate, maps.c.clear_run_id), True),
    "plays": ((maps.c.plays, maps.c.clear_run_id), True),
    "popular": ((maps.c.plays, maps.c.clear_run_id), True),
    "least_played": ((maps.c.plays, maps.c.clear_run_id), False),
    "title": ((maps.c.title, maps.c.clear_run_id), False),
}


@dataclass(frozen=True)
class MapFilter:
    q: str = ""  # words in the title or the author's name
    tag: str | None = None
    difficulty: str | None = None  # the votes' if the map has any, else its author's
    min_rating: float | None = None  # stars; maps without votes are left out
    unplayed_by: int | None = None  # a player id: maps they sent no run on

    def conditions(self) -> list[Any]:
        found: list[Any] = [maps.c.hidden_at.is_(None)]
        if self.q:
            found.append(or_(maps.c.title.icontains(self.q, autoescape=True),
                             players.c.name.icontains(self.q, autoescape=True)))
        if self.tag is not None:
            found.append(exists().where(map_tags.c.map_id == maps.c.id,
                                        map_tags.c.tag == self.tag))
        if self.difficulty is not None:
            found.append(maps.c.shown_difficulty == self.difficulty)
        if self.min_rating is not None:
            found.append(and_(maps.c.votes > 0,
                              maps.c.rating >= round(self.min_rating * 100)))
        if self.unplayed_by is not None:
            found.append(~exists().where(runs.c.map_id == maps.c.id,
                                         runs.c.player_id == self.unplayed_by))
        return found


# What a list shows of a map: never its text (up to a megabyte) or its description.
_LISTED = tuple(column for column in maps.c if column.name not in ("text", "description"))


def _best_of(map_id: Any) -> Any:
    """A map's fewest moves on its board of the current rules, as SQL (one probe of
    board_moves' key)."""
    return select(func.min(board_moves.c.moves)).where(
        board_moves.c.map_id == map_id, board_moves.c.rules_version == CURRENT_RULES_VERSION,
        board_moves.c.entries > 0).scalar_subquery()


def list_maps(conn: Connection, *, sort: str = "new", limit: int = 20,
              cursor: str | None = None, where: MapFilter | None = None
              ) -> tuple[list[dict[str, Any]], str | None]:
    """A page of visible maps and the cursor of the next page (None at the end), in one
    statement (so db.reading_statements is enough). Raises server.sql.BadCursor for a cursor
    this list did not hand out."""
    key, highest_first = ORDERS[sort]
    tags = select(func.aggregate_strings(map_tags.c.tag, ",")).where(
        map_tags.c.map_id == maps.c.id).scalar_subquery()
    query = select(*_LISTED, players.c.name.label("author"), _best_of(maps.c.id).label("best"),
                   tags.label("tags")).join(players, players.c.id == maps.c.author_id).where(
        *(where or MapFilter()).conditions())
    after = read_cursor(cursor, tuple(str if column is maps.c.title else int
                                      for column in key))
    if after is not None:
        place = tuple_(*key) < tuple_(*after) if highest_first else \
            tuple_(*key) > tuple_(*after)
        query = query.where(place)
    query = query.order_by(*(column.desc() if highest_first else column for column in key))
    rows = conn.execute(query.limit(limit + 1)).all()
    more = len(rows) > limit
    rows = rows[:limit]
    next_cursor = None
    if more and rows:
        next_cursor = make_cursor([getattr(rows[-1], column.name) for column in key])
    return [_entry(row, row.best, (row.tags or "").split(",")) for row in rows], next_cursor


def map_entries(conn: Connection, rows: Sequence[Row[Any]], *, description: bool = False
                ) -> list[dict[str, Any]]:
    """The maps as the API and the pages show them (rows of maps with their author's name)."""
    ids = [row.id for row in rows]
    bests: dict[str, int | None] = dict(conn.execute(select(
        maps.c.id, _best_of(maps.c.id)).where(maps.c.id.in_(ids))).all()) if ids else {}
    tags = tags_of(conn, ids)
    out = [_entry(row, bests.get(row.id), tags[row.id], description=description)
           for row in rows]
    if description:
        firsts = {row.first_clear_run_id for row in rows} - {None}
        found = {run.id: {"player": run.player, "run": run.id, "at": iso(run.submitted_at)}
                 for run in conn.execute(select(runs.c.id, runs.c.submitted_at,
                                                players.c.name.label("player"))
                                         .join(players, players.c.id == runs.c.player_id)
                                         .where(runs.c.id.in_(firsts)))} if firsts else {}
        for entry, row in zip(out, rows, strict=True):
            entry["first_clear"] = found.get(row.first_clear_run_id)
    return out


def _entry(row: Any, best: int | None, tags: list[str], *, description: bool = False
           ) -> dict[str, Any]:
    entry = {"id": row.id, "share_code": row.share_code, "title": row.title,
             "author": row.author, "kind": row.kind, "levels": row.levels, "par": row.par,
             "plays": row.plays, "best": best, "difficulty": row.difficulty,
             "tags": in_order(tags), "votes": row.votes,
             "rating": row.rating / 100 if row.votes else None,
             "voted_difficulty": row.voted_difficulty, "players": row.players,
             "clears": row.clears,
             "clear_rate": round(row.clears / row.players, 4) if row.players else None}
    if description:
        entry["description"] = row.description
        entry["published_at"] = iso(row.published_at)
    return entry


def map_entry(conn: Connection, row: Row[Any], *, description: bool = False) -> dict[str, Any]:
    return map_entries(conn, [row], description=description)[0]
