"""The local leaderboard: verified runs in SQLite, one board per map id.

    with ScoreStore.open() as store:            # $CARDROGUE_DATA_DIR or the user data folder
        result = store.add(run, spec)           # replays the run first; refuses what fails
        store.leaderboard(map_id, limit=10)     # one best entry per player, ranked
        store.best(map_id, "Ana")               # that player's best, with its rank

Games scored in points (Mini Rogue) keep their own boards here too, each named by the game
(a daily date, a shared seed): `add_scored(run, board)` verifies the run with its game's rules
and `scored_board(game, board, rules_version)` ranks each player's best, highest score first.

Ranking: fewest moves, then fewest turns, then the entry this board accepted first. Only won
runs of the current RULES_VERSION are ranked: a run of other rules cannot be verified here, and
a lost run is not a score.

Storage rules (ENGINEERING.md, "SQLite"):
- every connection runs with WAL, busy_timeout and foreign_keys=ON;
- autocommit mode (`isolation_level=None`) and explicit `BEGIN IMMEDIATE` ... `COMMIT`, so
  concurrent writers queue on the busy timeout instead of failing with "database is locked";
- the layout is upgraded through `PRAGMA user_version`, one transaction per migration;
- a database file that SQLite reports as corrupt (or not a database at all) is renamed to
  `scores.db.corrupt-<UTC time>` with its -wal and -shm files, a fresh one is started, and
  `store.recovered` says where the old one went, so the app can tell the player.

The tables and their migrations are in services.score_tables. `best` is a table derived from
`entries` (each player's best entry per map), and `score_counts` `moves_counts` derived from
`best` (how many players hold each score, and each move count), all kept in step in the same
transaction as every insert. So the top of a board is an index lookup, a page further down is
found from the last entry shown (keyset pagination, never OFFSET), and a player's rank is two short
sums (the move counts ahead, then the turn counts ahead at the same moves), even with a million
entries. Equal scores share a rank, as on the community server; the earlier entry is listed first.

A file is checked with SQLite's quick check when it is opened, so a damaged database is found at
once and not in the middle of a game; above QUICK_CHECK_LIMIT bytes (far more than any local
board holds) only the header and the schema are read at open, because the check grows with the
file, and damage found later is reported as a StoreError.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from engine.cardrogue import RULES_VERSION, MapSpec, Run, Verified, share_code, verify_run
from engine.core import RunError
from engine.core.runs import Run as AnyRun
from services import clock, score_tables
from services.paths import DataFolderError, data_dir

DB_NAME = "scores.db"
BUSY_TIMEOUT_S = 30.0
QUICK_CHECK_LIMIT = 64 * 1024 * 1024  # bytes: a local board of 100,000 entries is about 30 MB

NOT_WON = "not_won"  # a RunError code: the run verified, but it is not a win

# Called just before COMMIT of an insert. Tests set it to kill a process mid-save.
_before_commit: Callable[[], None] | None = None


class StoreError(Exception):
    """The leaderboard cannot be used (a database from a newer app, a folder we cannot write)."""


@dataclass(frozen=True)
class Entry:
    """One leaderboard row. `rank` is None for an entry that is not a player's best."""

    rank: int | None
    map_id: str
    player: str
    character: str
    moves: int
    turns: int
    health: int
    recorded: str  # when the run says it was played (shown, not used for ranking)
    added: str  # when this board accepted it (ties go to the earlier)
    run_hash: str

    def to_dict(self) -> dict[str, object]:
        return {"rank": self.rank, "player": self.player, "character": self.character,
                "moves": self.moves, "turns": self.turns, "health": self.health,
                "recorded": self.recorded, "added": self.added, "run_hash": self.run_hash}


@dataclass(frozen=True)
class AddResult:
    added: bool  # False: this very run was already on the board (importing twice changes nothing)
    improved: bool  # the run became the player's best on this map
    entry: Entry  # the run's own entry
    best: Entry  # the player's best on this map, with its rank


@dataclass(frozen=True)
class ScoredEntry:
    """One row of a board scored in points. `rank` is None for an entry that is not the
    player's best on its board."""

    rank: int | None
    player: str
    score: int
    outcome: str
    recorded: str
    run_hash: str

    def to_dict(self) -> dict[str, object]:
        return {"rank": self.rank, "player": self.player, "score": self.score,
                "outcome": self.outcome, "recorded": self.recorded, "run_hash": self.run_hash}


@dataclass(frozen=True)
class ScoredResult:
    added: bool  # False: this very run was already on the board
    best: ScoredEntry  # the player's best on the board, with its rank
    players: int  # how many players the board ranks


# Each player's best on a board (the highest score, the earlier entry at a tie), with its
# rank. Equal scores share a rank (1, 2, 2, 4), as on the community server's boards; the earlier
# entry is listed first. A local board holds a day's or a seed's runs of one person or a few,
# so this is computed.
_SCORED_BEST = """
    SELECT RANK() OVER (ORDER BY score DESC), player, score, outcome, recorded, run_hash FROM (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY player ORDER BY score DESC, id) AS n
        FROM scored_entries WHERE game = ? AND board = ? AND rules_version = ?)
    WHERE n = 1 ORDER BY score DESC, id"""


_COLUMNS = "e.map_id, e.player, e.character, e.moves, e.turns, e.health, e.recorded, e.added, " \
           "e.run_hash"


def _entry(rank: int | None, row: tuple) -> Entry:
    return Entry(rank, *row)


def utc_stamp() -> str:
    """Now, in UTC with microseconds: sorts as text in time order."""
    return clock.now().strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def is_corruption(exc: BaseException) -> bool:
    """SQLite says the file is damaged or is not a database (not: busy, locked, read-only)."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_CORRUPT") or name == "SQLITE_NOTADB":
        return True
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text


class ScoreStore:
    """The local leaderboard. Safe to share between threads; each process opens its own."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 timeout: float = BUSY_TIMEOUT_S) -> None:
        try:
            self.path = Path(path) if path is not None else data_dir() / DB_NAME
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # DataFolderError says it in words already
            raise StoreError(str(exc) if isinstance(exc, DataFolderError) else
                             f"the high score database cannot be kept in {exc.filename}: "
                             f"{exc.strerror or exc}") from None
        self.timeout = timeout
        self.recovered: Path | None = None  # where a corrupt database was moved, if it was
        self._lock = threading.RLock()
        self._conn = self._open()

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, **kwargs: float) -> ScoreStore:
        return cls(path, **kwargs)

    @property
    def notice(self) -> str | None:
        """A sentence for the player when the database had to be replaced, else None."""
        if self.recovered is None:
            return None
        return (f"The high score database was damaged. It was moved to {self.recovered} and a "
                "new, empty one was started.")

    # ------------------------------------------------------------------ connection

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None,
                               check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"SQLite could not use WAL mode for {self.path} ({mode})")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = FULL")
        except BaseException:
            conn.close()
            raise
        return conn

    def _open(self) -> sqlite3.Connection:
        identity = _file_identity(self.path)
        try:
            conn = self._connect()
            try:
                _check(conn, full=(identity is None or _file_size(self.path) <= QUICK_CHECK_LIMIT))
                self._migrate(conn)
            except BaseException:
                conn.close()
                raise
            return conn
        except sqlite3.DatabaseError as exc:
            if not is_corruption(exc):
                raise StoreError(f"the high score database {self.path} cannot be used: "
                                 f"{exc}") from None
        # Damaged: move it aside (unless another process already did) and start afresh.
        if identity is not None and _file_identity(self.path) == identity:
            self.recovered = self._move_aside()
        conn = self._connect()
        self._migrate(conn)
        return conn

    def _move_aside(self) -> Path:
        stamp = clock.now().strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        os.replace(self.path, target)
        for suffix in ("-wal", "-shm"):
            companion = self.path.with_name(self.path.name + suffix)
            if companion.exists():
                os.replace(companion, target.with_name(target.name + suffix))
        return target

    def _migrate(self, conn: sqlite3.Connection) -> None:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > score_tables.SCHEMA_VERSION:
            raise StoreError(f"the high score database {self.path} was written by a newer "
                             f"Card Rogue (layout {version}; this one knows up to "
                             f"{score_tables.SCHEMA_VERSION}): update Card Rogue to use it")
        while version < score_tables.SCHEMA_VERSION:
            conn.execute("BEGIN IMMEDIATE")
            try:
                current = conn.execute("PRAGMA user_version").fetchone()[0]
                if current == version:  # nobody migrated it meanwhile
                    for statement in score_tables.MIGRATIONS[version]:
                        conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {version + 1}")
                conn.execute("COMMIT")
            except BaseException:
                _roll_back(conn)
                raise
            version = conn.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken with BEGIN IMMEDIATE."""
        with self._lock:
            conn = self._conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise self._cannot_write(exc) from exc
            try:
                yield conn
                if _before_commit is not None:
                    _before_commit()
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                _roll_back(conn)
                raise self._cannot_write(exc) from exc
            except BaseException:
                _roll_back(conn)
                raise

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """Reading: a database error (damage found past the check at open) as a StoreError."""
        with self._lock:
            try:
                yield self._conn
            except sqlite3.DatabaseError as exc:
                raise StoreError(f"the high score database {self.path} cannot be read: "
                                 f"{exc}") from exc

    def _cannot_write(self, exc: sqlite3.Error) -> StoreError:
        """The real reason a write failed (a full disk, a read-only file), in one line."""
        return StoreError(f"the high score database {self.path} could not be written: {exc}")

    # ------------------------------------------------------------------ writing

    def add(self, run: Run, spec: MapSpec | None) -> AddResult:
        """Verify `run` by replaying it on `spec`, then enter it. Raises RunError for a run that
        does not verify (with the reason's code), or with code NOT_WON for a lost one."""
        verified = verify_run(run, spec)
        if not verified.won:
            raise RunError(NOT_WON, f"only won runs enter the leaderboard; this one ended "
                           f"{verified.game.outcome!r}")
        return self._insert(verified)

    def _insert(self, verified: Verified) -> AddResult:
        run = verified.run
        figures = verified.figures
        added = utc_stamp()
        recorded = run.recorded or added[:19] + "Z"
        row = (verified.map_id, RULES_VERSION, run.player, run.characters[0], figures["moves"],
               figures["turns"], figures["health"], recorded, added, run.hash)
        with self._write() as conn:
            conn.execute("INSERT OR IGNORE INTO maps (map_id, share_code, title) VALUES (?, ?, ?)",
                         (verified.map_id, share_code(verified.map_id), verified.spec.title))
            conn.execute("INSERT OR IGNORE INTO runs (hash, body) VALUES (?, ?)",
                         (run.hash, run.to_json()))
            cursor = conn.execute(
                "INSERT OR IGNORE INTO entries (map_id, rules_version, player, character, moves, "
                "turns, health, recorded, added, run_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row)
            is_new = cursor.rowcount == 1
            improved = False
            if is_new:
                moves, turns, entry_id = figures["moves"], figures["turns"], cursor.lastrowid
                assert isinstance(moves, int) and isinstance(turns, int) and entry_id is not None
                improved = score_tables.update_best(conn, verified.map_id, run.player, moves,
                                                    turns, entry_id)
        entry = self.entry(run.hash)
        best = self.best(verified.map_id, run.player)
        assert entry is not None and best is not None
        return AddResult(is_new, improved, entry, best)

    # ------------------------------------------------------------------ reading

    def leaderboard(self, map_id: str, limit: int = 10, after: str | None = None) -> list[Entry]:
        """The board: each player's best entry, ranked. A page starts at the top, or just after
        the entry whose run hash is `after` (the last one of the page before)."""
        with self._read() as conn:
            start = 1
            query = (f"SELECT {_COLUMNS}, b.moves, b.turns, b.entry_id FROM best b "
                     "JOIN entries e ON e.id = b.entry_id WHERE b.map_id = ? AND b.rules_version = ?")
            params: tuple = (map_id, RULES_VERSION)
            if after is not None:
                found = conn.execute(
                    "SELECT b.moves, b.turns, b.entry_id FROM best b JOIN entries e "
                    "ON e.id = b.entry_id WHERE b.map_id = ? AND b.rules_version = ? "
                    "AND e.run_hash = ?", (map_id, RULES_VERSION, after)).fetchone()
                if found is None:
                    return []
                start = self._ahead(map_id, *found) + 2
                query += " AND (b.moves, b.turns, b.entry_id) > (?, ?, ?)"
                params += tuple(found)
            rows = conn.execute(query + " ORDER BY b.moves, b.turns, b.entry_id LIMIT ?",
                                      params + (limit,)).fetchall()
            # Equal scores share a rank (1, 2, 2, 4), as on the community server's boards; the
            # earlier entry is listed first. A page may open inside a tie: its first rank is
            # counted, the rest follow from their places.
            first = self._better(map_id, *rows[0][-3:-1], include_ties=False) + 1 if rows else 0
        out, previous = [], None
        for n, row in enumerate(rows):
            score = tuple(row[-3:-1])
            rank = first if n == 0 else out[-1].rank if score == previous else start + n
            out.append(_entry(rank, row[:-3]))
            previous = score
        return out

    def _ahead(self, map_id: str, moves: int, turns: int, entry_id: int) -> int:
        """How many players rank before the best entry `entry_id` with that score."""
        earlier = self._conn.execute(
            "SELECT COUNT(*) FROM best WHERE map_id = ? AND rules_version = ? AND moves = ? "
            "AND turns = ? AND entry_id < ?",
            (map_id, RULES_VERSION, moves, turns, entry_id)).fetchone()[0]
        return self._better(map_id, moves, turns, include_ties=False) + int(earlier)

    def _better(self, map_id: str, moves: int, turns: int, *, include_ties: bool) -> int:
        """How many players have a better score than (moves, turns), or an equal one too."""
        fewer_moves = self._conn.execute(
            "SELECT COALESCE(SUM(players), 0) FROM moves_counts WHERE map_id = ? "
            "AND rules_version = ? AND moves < ?", (map_id, RULES_VERSION, moves)).fetchone()[0]
        fewer_turns = self._conn.execute(
            "SELECT COALESCE(SUM(players), 0) FROM score_counts WHERE map_id = ? "
            f"AND rules_version = ? AND moves = ? AND turns {'<=' if include_ties else '<'} ?",
            (map_id, RULES_VERSION, moves, turns)).fetchone()[0]
        return int(fewer_moves) + int(fewer_turns)

    def best(self, map_id: str, player: str) -> Entry | None:
        """A player's best entry on a map, with its rank; None if they have none."""
        with self._read() as conn:
            found = conn.execute(
                "SELECT moves, turns, entry_id FROM best "
                "WHERE map_id = ? AND rules_version = ? AND player = ?",
                (map_id, RULES_VERSION, player)).fetchone()
            if found is None:
                return None
            better = self._better(map_id, found[0], found[1], include_ties=False)
            row = conn.execute(f"SELECT {_COLUMNS} FROM entries e WHERE e.id = ?",
                                     (found[2],)).fetchone()
        return _entry(better + 1, row)

    def rank_for(self, map_id: str, moves: int, turns: int) -> int:
        """The rank a new score would take on the board now (a tie shares the rank)."""
        with self._read():
            return self._better(map_id, moves, turns, include_ties=False) + 1

    def players(self, map_id: str) -> int:
        """How many players have a ranked entry on the map."""
        with self._read() as conn:
            return int(conn.execute(
                "SELECT COALESCE(SUM(players), 0) FROM moves_counts WHERE map_id = ? "
                "AND rules_version = ?", (map_id, RULES_VERSION)).fetchone()[0])

    def entry(self, run_hash: str) -> Entry | None:
        """The entry of one run (rank None: see `best` for ranks)."""
        with self._read() as conn:
            row = conn.execute(f"SELECT {_COLUMNS} FROM entries e WHERE e.run_hash = ?",
                                     (run_hash,)).fetchone()
        return None if row is None else _entry(None, row)

    def entries(self, map_id: str, player: str | None = None) -> list[Entry]:
        """Every entry on a map (of one player, if given), best first, unranked."""
        query = f"SELECT {_COLUMNS} FROM entries e WHERE e.map_id = ? AND e.rules_version = ?"
        params: tuple = (map_id, RULES_VERSION)
        if player is not None:
            query += " AND e.player = ?"
            params += (player,)
        with self._read() as conn:
            rows = conn.execute(query + " ORDER BY e.moves, e.turns, e.id", params).fetchall()
        return [_entry(None, row) for row in rows]

    def run_text(self, run_hash: str) -> str | None:
        """The run file's text, as it was entered."""
        with self._read() as conn:
            row = conn.execute("SELECT body FROM runs WHERE hash = ?", (run_hash,)).fetchone()
        return None if row is None else row[0]

    def run_document(self, run_hash: str) -> dict[str, Any]:
        """The run file's document, as it was entered; empty when the store holds no such run
        (or, from an older store, text that is not a run document)."""
        try:
            document = json.loads(self.run_text(run_hash) or "")
        except ValueError:
            return {}
        return document if isinstance(document, dict) else {}

    def boards(self) -> list[tuple[str, str, str, int]]:
        """Every map with a ranked entry, by title: (map id, share code, title, players)."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT m.map_id, m.share_code, m.title, SUM(c.players) FROM maps m "
                "JOIN moves_counts c ON c.map_id = m.map_id AND c.rules_version = ? "
                "GROUP BY m.map_id ORDER BY m.title, m.map_id", (RULES_VERSION,)).fetchall()
        return [(str(a), str(b), str(c), int(d)) for a, b, c, d in rows]

    def map_title(self, map_id: str) -> str | None:
        with self._read() as conn:
            row = conn.execute("SELECT title FROM maps WHERE map_id = ?", (map_id,)).fetchone()
        return None if row is None else row[0]

    # ------------------------------------------------------------------ boards in points

    def add_scored(self, run: AnyRun, board: str) -> ScoredResult:
        """Verify a finished run of a game scored in points with its own rules (engine.games)
        and enter it on that game's `board`. Raises RunError for a run that does not verify, or
        for one whose game has no score."""
        from engine import games

        verdict = games.verify(run.to_dict())
        if not verdict.ok:  # the refusal as it was raised: its code, message and index
            refusal = verdict.report
            raise RunError(verdict.code, str(refusal.get("message", verdict.reason)),
                           index=refusal.get("index"), details=refusal.get("details"))
        score, outcome = verdict.figures.get("score"), verdict.figures.get("outcome")
        if not isinstance(score, int) or not isinstance(outcome, str):
            raise RunError(NOT_WON, f"runs of {run.game!r} have no score to rank")
        added = utc_stamp()
        row = (run.game, board, run.rules_version, run.player, score, outcome,
               run.recorded or added[:19] + "Z", added, run.hash)
        with self._write() as conn:
            conn.execute("INSERT OR IGNORE INTO runs (hash, body) VALUES (?, ?)",
                         (run.hash, run.to_json()))
            is_new = conn.execute(
                "INSERT OR IGNORE INTO scored_entries (game, board, rules_version, player, "
                "score, outcome, recorded, added, run_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row).rowcount == 1
        best = self.scored_best(run.game, board, run.rules_version, run.player)
        assert best is not None
        return ScoredResult(is_new, best, self.scored_players(run.game, board, run.rules_version))

    def scored_board(self, game: str, board: str, rules_version: int,
                     limit: int = 10) -> list[ScoredEntry]:
        """A board in points: each player's best, ranked, highest first."""
        with self._read() as conn:
            rows = conn.execute(_SCORED_BEST + " LIMIT ?",
                                (game, board, rules_version, limit)).fetchall()
        return [ScoredEntry(*row) for row in rows]

    def scored_best(self, game: str, board: str, rules_version: int,
                    player: str) -> ScoredEntry | None:
        """A player's best on a board in points, with its rank; None if they have none."""
        with self._read() as conn:
            rows = conn.execute(_SCORED_BEST, (game, board, rules_version)).fetchall()
        for row in rows:
            if row[1] == player:
                return ScoredEntry(*row)
        return None

    def scored_boards(self, game: str, rules_version: int,
                      limit: int = 50) -> list[tuple[str, int]]:
        """A game's boards in points, the one played last first, each with how many players
        it ranks."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT board, COUNT(DISTINCT player) FROM scored_entries WHERE game = ? AND "
                "rules_version = ? GROUP BY board ORDER BY MAX(id) DESC LIMIT ?",
                (game, rules_version, limit)).fetchall()
        return [(board, int(players)) for board, players in rows]

    def scored_players(self, game: str, board: str, rules_version: int) -> int:
        with self._read() as conn:
            return int(conn.execute(
                "SELECT COUNT(DISTINCT player) FROM scored_entries WHERE game = ? AND board = ? "
                "AND rules_version = ?", (game, board, rules_version)).fetchone()[0])

    def integrity(self) -> str:
        """SQLite's full integrity check: "ok" when all is well."""
        with self._read() as conn:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
        return "; ".join(str(r[0]) for r in rows)


def _roll_back(conn: sqlite3.Connection) -> None:
    """End a failed transaction. A COMMIT that failed (a full disk) may have ended it already,
    and then ROLLBACK fails too; that second error must not hide the first, so it is dropped."""
    try:
        conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def _check(conn: sqlite3.Connection, *, full: bool) -> None:
    """Touch the file the way a real query would (the header and the schema), and with `full`
    run SQLite's quick check too, so a damaged file is found at open."""
    conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
    if not full:
        return
    result = conn.execute("PRAGMA quick_check(1)").fetchone()
    if result is None or result[0] != "ok":
        raise sqlite3.DatabaseError(f"database disk image is malformed ({result and result[0]})")


def _file_size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _file_identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


