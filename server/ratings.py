"""What players say about maps and what their runs show: votes (stars and difficulty) from
players who cleared a map, tags from its author, and each map's players and clears.

Each map keeps these figures in its row (votes, rating, voted and shown difficulty, players, clears,
clear_rate), changed in the same transaction as what they count, so a list filters and sorts
by columns. Every change first holds the map's row (PostgreSQL: FOR UPDATE; SQLite's writers
take turns), so two changes to one map's figures never miss each other.

- first clear: the earliest submitted verified run by a player other than the author.
- players: distinct players with a settled (verified or refused) run on the map, removed runs
  and banned players left out; clears: those of them with a verified one. The author's clear
  counts.
- a vote counts unless its player is banned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection, case, delete, func, insert, or_, select, update

from server.db import now
from server.schema import map_tags, map_votes, maps, players, runs
from server.sql import dialect_of
from services.map_search import DIFFICULTIES, MAX_TAGS, tags

SETTLED = ("verified", "refused")


class VoteRefused(Exception):
    """A vote this player may not give; the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def hold_map(conn: Connection, map_id: str) -> None:
    """Hold the map's row until the transaction ends: what follows reads the figures' sources
    after any other change to them has committed (each statement reads afresh)."""
    conn.execute(select(maps.c.id).where(maps.c.id == map_id).with_for_update())


def _their_runs(map_id: str, player_id: Any) -> Any:
    return (runs.c.map_id == map_id, runs.c.player_id == player_id,
            runs.c.removed_at.is_(None))


def has_cleared(conn: Connection, map_id: str, player_id: int) -> bool:
    return conn.execute(select(runs.c.id).where(
        *_their_runs(map_id, player_id), runs.c.status == "verified").limit(1)).first() \
        is not None


# ---------------------------------------------------------------------- players and clears

def _rate(players_count: Any, clears_count: Any) -> Any:
    """clears / players in hundredths of a percent, as SQL (0 for a map nobody played)."""
    return case((players_count > 0, clears_count * 10000 // players_count), else_=0)


def count_verdict(conn: Connection, map_id: str, player_id: int, run_id: int,
                  verified: bool) -> None:
    """Count a run just settled on a map: its player is new to the map's players unless they
    have another settled run there, and new to its clears if it is their first verified one."""
    hold_map(conn, map_id)
    if conn.execute(select(players.c.banned_at).where(players.c.id == player_id)).scalar():
        return  # a banned player's runs count for nothing
    before = set(conn.execute(select(runs.c.status).distinct().where(
        *_their_runs(map_id, player_id), runs.c.id != run_id,
        runs.c.status.in_(SETTLED))).scalars())
    new_player = int(not before)
    new_clear = int(verified and "verified" not in before)
    if verified:  # the earliest submitted clear by another than the author is the first
        conn.execute(update(maps).where(
            maps.c.id == map_id, maps.c.author_id != player_id,
            or_(maps.c.first_clear_run_id.is_(None), maps.c.first_clear_run_id > run_id))
            .values(first_clear_run_id=run_id))
    if new_player or new_clear:
        conn.execute(update(maps).where(maps.c.id == map_id).values(
            players=maps.c.players + new_player, clears=maps.c.clears + new_clear,
            clear_rate=_rate(maps.c.players + new_player, maps.c.clears + new_clear)))


def recount_players(conn: Connection, map_ids: Iterable[str]) -> None:
    """Count the players and clears of maps again from their runs (after runs were removed or
    refused as copies, or a player was banned: rare, so a full count)."""
    unbanned = select(players.c.id).where(players.c.banned_at.is_(None))
    for map_id in sorted(set(map_ids)):
        hold_map(conn, map_id)
        counted = (runs.c.map_id == map_id, runs.c.removed_at.is_(None),
                   runs.c.player_id.in_(unbanned))
        settled = select(func.count(runs.c.player_id.distinct())).where(
            *counted, runs.c.status.in_(SETTLED))
        played = conn.execute(settled).scalar_one()
        cleared = conn.execute(settled.where(runs.c.status == "verified")).scalar_one()
        first = select(func.min(runs.c.id)).where(
            *counted, runs.c.status == "verified",
            runs.c.player_id != maps.c.author_id).scalar_subquery()
        conn.execute(update(maps).where(maps.c.id == map_id).values(
            players=played, clears=cleared, clear_rate=cleared * 10000 // played if played
            else 0, first_clear_run_id=first))


# ---------------------------------------------------------------------- votes

def vote(conn: Connection, map_row: Any, player_id: int, rating: int,
         difficulty: str) -> None:
    """The player's vote on the map, replacing their earlier one. Raises VoteRefused unless
    they have a verified clear of it (and did not make it)."""
    if map_row.author_id == player_id:
        raise VoteRefused("own_map", "an author does not rate their own map")
    hold_map(conn, map_row.id)
    if not has_cleared(conn, map_row.id, player_id):
        raise VoteRefused("not_cleared", "only a player with a verified clear of this map may "
                          "rate it: submit a run that finishes it first")
    values = {"rating": rating, "difficulty": difficulty, "at": now()}
    conn.execute(dialect_of(conn).insert(map_votes).values(
        map_id=map_row.id, player_id=player_id, **values).on_conflict_do_update(
        index_elements=[map_votes.c.map_id, map_votes.c.player_id], set_=values))
    _count_votes(conn, map_row.id)


def _count_votes(conn: Connection, map_id: str) -> None:
    """The map's figures from its counted votes (its row is held)."""
    counts = Counter({(rating, difficulty): n for rating, difficulty, n in conn.execute(
        select(map_votes.c.rating, map_votes.c.difficulty, func.count())
        .join(players, players.c.id == map_votes.c.player_id)
        .where(map_votes.c.map_id == map_id, players.c.banned_at.is_(None))
        .group_by(map_votes.c.rating, map_votes.c.difficulty))})
    total = sum(counts.values())
    stars = sum(rating * n for (rating, _), n in counts.items())
    by_difficulty: Counter[str] = Counter()
    for (_, difficulty), n in counts.items():
        by_difficulty[difficulty] += n
    voted = median_difficulty(by_difficulty)
    conn.execute(update(maps).where(maps.c.id == map_id).values(
        votes=total, rating_sum=stars,
        rating=(stars * 100 + total // 2) // total if total else 0,
        voted_difficulty=voted, shown_difficulty=func.coalesce(voted, maps.c.difficulty)))


def median_difficulty(votes: Counter[str]) -> str | None:
    """The difficulty half the votes are at or below (the lower middle of an even count):
    a few extreme votes move it less than they would a mean."""
    total = sum(votes.values())
    if not total:
        return None
    seen = 0
    for difficulty in DIFFICULTIES:
        seen += votes[difficulty]
        if seen * 2 >= total:
            return difficulty
    return None  # unreachable: the votes are checked against DIFFICULTIES


def recount_votes_of(conn: Connection, player_id: int) -> None:
    """Count again the votes of every map this player voted on (they were banned)."""
    voted = conn.execute(select(map_votes.c.map_id).where(
        map_votes.c.player_id == player_id).order_by(map_votes.c.map_id)).scalars().all()
    for map_id in voted:
        hold_map(conn, map_id)
        _count_votes(conn, map_id)


# ---------------------------------------------------------------------- tags

class BadTags(ValueError):
    """Tags outside the vocabulary (code unknown_tag), or too many (too_many_tags)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def checked_tags(given: Iterable[str]) -> list[str]:
    """The tags as stored (lower case, each once, in the vocabulary's order)."""
    wanted = {tag.strip().lower() for tag in given}
    known = tags()
    unknown = sorted(wanted - known.keys())
    if unknown:
        shown = ", ".join(repr(tag[:32]) for tag in unknown[:5])
        raise BadTags("unknown_tag", f"not a tag here: {shown} (the tags are "
                      f"{', '.join(known)})")
    if len(wanted) > MAX_TAGS:
        raise BadTags("too_many_tags", f"a map has at most {MAX_TAGS} tags")
    return in_order(wanted)


def set_tags(conn: Connection, map_id: str, chosen: list[str]) -> None:
    conn.execute(delete(map_tags).where(map_tags.c.map_id == map_id))
    if chosen:
        conn.execute(insert(map_tags), [{"map_id": map_id, "tag": tag} for tag in chosen])


def tags_of(conn: Connection, map_ids: list[str]) -> dict[str, list[str]]:
    """Each map's tags."""
    found: dict[str, list[str]] = {map_id: [] for map_id in map_ids}
    if map_ids:
        for map_id, tag in conn.execute(select(map_tags.c.map_id, map_tags.c.tag).where(
                map_tags.c.map_id.in_(map_ids))):
            found[map_id].append(tag)
    return found


def in_order(chosen: Iterable[str]) -> list[str]:
    """Tags in the vocabulary's order (a tag since dropped from it is not shown)."""
    wanted = set(chosen)
    return [tag for tag in tags() if tag in wanted]
