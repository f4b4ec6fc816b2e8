"""The local leaderboard's tables (services.scores): the migrations that make them, and the
upkeep of the tables derived from `entries` (`best`, and `score_counts` and `moves_counts` from
it), done in the same transaction as each insert."""

from __future__ import annotations

import sqlite3

from engine.cardrogue import RULES_VERSION

# Each migration takes the database from version n to n + 1, in one transaction.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE maps (
            map_id TEXT PRIMARY KEY,
            share_code TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT ''
        )""",
        """CREATE TABLE runs (
            hash TEXT PRIMARY KEY,
            body TEXT NOT NULL
        )""",
        """CREATE TABLE entries (
            id INTEGER PRIMARY KEY,
            map_id TEXT NOT NULL REFERENCES maps(map_id),
            rules_version INTEGER NOT NULL,
            player TEXT NOT NULL,
            character TEXT NOT NULL,
            moves INTEGER NOT NULL,
            turns INTEGER NOT NULL,
            health INTEGER NOT NULL,
            recorded TEXT NOT NULL,
            added TEXT NOT NULL,
            run_hash TEXT NOT NULL UNIQUE REFERENCES runs(hash)
        )""",
        "CREATE INDEX entries_by_player ON entries(map_id, rules_version, player)",
        """CREATE TABLE best (
            map_id TEXT NOT NULL,
            rules_version INTEGER NOT NULL,
            player TEXT NOT NULL,
            moves INTEGER NOT NULL,
            turns INTEGER NOT NULL,
            entry_id INTEGER NOT NULL UNIQUE REFERENCES entries(id),
            PRIMARY KEY (map_id, rules_version, player)
        ) WITHOUT ROWID""",
        "CREATE INDEX best_ranked ON best(map_id, rules_version, moves, turns, entry_id)",
    ),
    (
        # How many players hold each score, so a rank is a sum over the distinct scores ahead
        # (a few thousand rows at most) instead of a count over every player ahead.
        """CREATE TABLE score_counts (
            map_id TEXT NOT NULL,
            rules_version INTEGER NOT NULL,
            moves INTEGER NOT NULL,
            turns INTEGER NOT NULL,
            players INTEGER NOT NULL CHECK (players > 0),
            PRIMARY KEY (map_id, rules_version, moves, turns)
        ) WITHOUT ROWID""",
        """INSERT INTO score_counts (map_id, rules_version, moves, turns, players)
           SELECT map_id, rules_version, moves, turns, COUNT(*) FROM best
           GROUP BY map_id, rules_version, moves, turns""",
        # The same per move count, so the players ahead in moves are a sum over a few hundred
        # rows even when moves and turns make tens of thousands of distinct scores.
        """CREATE TABLE moves_counts (
            map_id TEXT NOT NULL,
            rules_version INTEGER NOT NULL,
            moves INTEGER NOT NULL,
            players INTEGER NOT NULL CHECK (players > 0),
            PRIMARY KEY (map_id, rules_version, moves)
        ) WITHOUT ROWID""",
        """INSERT INTO moves_counts (map_id, rules_version, moves, players)
           SELECT map_id, rules_version, moves, COUNT(*) FROM best
           GROUP BY map_id, rules_version, moves""",
    ),
    (
        # Boards of games scored in points (Mini Rogue): each game names its boards (a daily
        # date, a shared seed), the highest score ranks first. Every finished run counts, won
        # or lost: a death deep in the dungeon is a score too.
        """CREATE TABLE scored_entries (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            board TEXT NOT NULL,
            rules_version INTEGER NOT NULL,
            player TEXT NOT NULL,
            score INTEGER NOT NULL,
            outcome TEXT NOT NULL,
            recorded TEXT NOT NULL,
            added TEXT NOT NULL,
            run_hash TEXT NOT NULL REFERENCES runs(hash),
            UNIQUE (game, board, run_hash)
        )""",
        "CREATE INDEX scored_ranked ON scored_entries(game, board, rules_version, score DESC, id)",
    )
)


SCHEMA_VERSION = len(MIGRATIONS)


def update_best(conn: sqlite3.Connection, map_id: str, player: str, moves: int, turns: int,
                 entry_id: int) -> bool:
    """Make a new entry the player's best if it beats the current one. Returns True if it did."""
    current = conn.execute(
        "SELECT moves, turns FROM best WHERE map_id = ? AND rules_version = ? AND player = ?",
        (map_id, RULES_VERSION, player)).fetchone()
    if current is None:
        conn.execute("INSERT INTO best (map_id, rules_version, player, moves, turns, entry_id) "
                     "VALUES (?, ?, ?, ?, ?, ?)",
                     (map_id, RULES_VERSION, player, moves, turns, entry_id))
        count_score(conn, map_id, moves, turns, +1)
        return True
    if (moves, turns) < tuple(current):  # an equal score keeps the earlier entry
        conn.execute("UPDATE best SET moves = ?, turns = ?, entry_id = ? "
                     "WHERE map_id = ? AND rules_version = ? AND player = ?",
                     (moves, turns, entry_id, map_id, RULES_VERSION, player))
        count_score(conn, map_id, current[0], current[1], -1)
        count_score(conn, map_id, moves, turns, +1)
        return True
    return False


def count_score(conn: sqlite3.Connection, map_id: str, moves: int, turns: int, change: int) -> None:
    """Keep `score_counts` and `moves_counts` in step with `best`: one player more (+1) or fewer
    (-1) holds this score."""
    for table, key in (("score_counts", {"moves": moves, "turns": turns}),
                       ("moves_counts", {"moves": moves})):
        names = ["map_id", "rules_version", *key]
        values = (map_id, RULES_VERSION, *key.values())
        match = " AND ".join(f"{name} = ?" for name in names)
        if change > 0:
            conn.execute(f"INSERT INTO {table} ({', '.join(names)}, players) VALUES "
                         f"({', '.join('?' * len(names))}, 1) "
                         "ON CONFLICT DO UPDATE SET players = players + 1", values)
        elif not conn.execute(f"DELETE FROM {table} WHERE {match} AND players = 1",
                              values).rowcount:
            conn.execute(f"UPDATE {table} SET players = players - 1 WHERE {match}", values)
