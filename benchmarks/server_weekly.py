"""The weekly map's board with 10,000 entries: GET /api/v1/weekly?week=, and the query plan.

Run: .venv/bin/python benchmarks/server_weekly.py [--entries 10000] [--older 300000] [--quick]

For PostgreSQL (a throw-away server, tests/server/postgres.py) and SQLite, the server's tables
(made by its own migrations) are filled in bulk: N players, each with two verified runs on the
featured map in its week (N entries on the week's board), `--older` verified runs on the same
map from the weeks before (a popular map keeps being played), and as many on other maps. Then,
median of many:

- in-process: weekly.board (the top 100, worked out from the week's runs) and
  weekly.kept_board asked again (the board kept for the map's runs_version, which the route
  serves until a run on the map changes);
- over HTTP: the installed `cardrogue server --database URL`, GET /api/v1/weekly?week=W (a past
  week, so the clock does not matter): asked again with nothing changed, and the first asking
  after a change (maps.runs_version taken, as a verdict takes it), with GET /healthz in the
  same run as the floor;
- the plan of the board's query (EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on SQLite), to see
  which index it walks and what it reads.

The load average is printed with the figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from served import after_bulk_fill, served, settle, timed  # noqa: E402
from server_board import load, median_ms  # noqa: E402
from sqlalchemy import (  # noqa: E402
    JSON,
    BigInteger,
    Engine,
    String,
    cast,
    func,
    insert,
    literal,
    literal_column,
    select,
)

from server import store, weekly  # noqa: E402
from server.db import connect, reading, writing  # noqa: E402
from server.lru import Lru  # noqa: E402
from server.schema import maps, players, runs, weekly_maps  # noqa: E402
from server.verification import CURRENT_RULES_VERSION  # noqa: E402
from tests.server.postgres import Postgres, pg_bin  # noqa: E402

MAP_ID, OTHER_MAP = "w" * 64, "o" * 64
WEEK = date(2026, 1, 5)  # a Monday


def fill(engine: Engine, count: int, older: int) -> float:
    """Fill the tables as the module says. Seconds taken."""
    start = time.perf_counter()
    opens = weekly.opens(WEEK)
    long_ago = opens - timedelta(days=200)
    numbers = select(literal(1, BigInteger).label("g")).cte("numbers", recursive=True)
    numbers = numbers.union_all(select(numbers.c.g + 1).where(
        numbers.c.g < max(2 * count, 2 * older)))
    g = numbers.c.g
    player = 1 + g % count
    # Scores spread over 40-400 moves and 10-120 turns by multiplicative hashing of the number.
    moves = 40 + (g * 2654435761 % 4294967291) % 361
    turns = 10 + (g * 40503 + 12345) % 65521 % 111
    columns = ["id", "player_id", "document", "map_id", "rules_version", "status", "moves",
               "turns", "submitted_at", "verified_at", "attempts"]

    def made(first: int, how_many: int, map_id: str, at: Any) -> None:
        """`how_many` verified runs from id `first` on, a second apart from `at`."""
        when = seconds_after(engine, at, g)
        conn.execute(insert(runs).from_select(columns, select(
            first + g, player, literal({}, JSON), literal(map_id),
            literal(CURRENT_RULES_VERSION), literal("verified"), moves, turns, when, when,
            literal(1)).where(g <= how_many)))

    with writing(engine) as conn:
        conn.execute(insert(players).from_select(
            ["id", "name", "name_key", "token_hash", "role", "created_at"],
            select(g, literal("Player ") + cast(g, String), literal("player ") + cast(g, String),
                   literal("hash ") + cast(g, String), literal("player"),
                   literal(long_ago)).where(g <= count)))
        made(0, 2 * count, MAP_ID, opens)  # the week's: two runs a player
        made(2 * count, older, MAP_ID, long_ago)  # the weeks before, on the same map
        made(2 * count + older, older, OTHER_MAP, long_ago)
        conn.execute(insert(maps).values(
            [{"id": identity, "share_code": code, "title": title, "author_id": 1,
              "kind": "challenge", "levels": 1, "par": None, "description": "", "text": "",
              "clear_run_id": clear, "plays": 0, "published_at": long_ago}
             for identity, code, title, clear in (
                 (MAP_ID, "BNCH-WEEK", "Weekly", 1),
                 (OTHER_MAP, "BNCH-OTHR", "Other", 2 * count + older + 1))]))
        conn.execute(insert(weekly_maps).values(week=WEEK.isoformat(), map_id=MAP_ID,
                                                chosen="queued", at=opens))
        after_bulk_fill(engine, conn, ("players", "runs"))
    settle(engine)
    return time.perf_counter() - start


def seconds_after(engine: Engine, at: datetime, g: Any) -> Any:
    """The time `g` seconds after `at`, in this database's SQL (SQLite's as SQLAlchemy keeps
    a time, "YYYY-MM-DD HH:MM:SS")."""
    if engine.dialect.name == "postgresql":
        return literal(at) + literal_column("interval '1 second'") * g
    return func.datetime(at.strftime("%Y-%m-%d %H:%M:%S"),
                         literal("+") + cast(g, String) + literal(" seconds"))


def plan(engine: Engine) -> list[str]:
    """The database's plan of weekly.board's query, one line a step."""
    with reading(engine) as conn:
        compiled = weekly.board_query(MAP_ID, WEEK, 100).compile(dialect=conn.dialect)
        args: Any = compiled.params
        if compiled.positiontup:  # SQLite's "?" placeholders
            args = tuple(args[name] for name in compiled.positiontup)
        prefix = "EXPLAIN (ANALYZE, BUFFERS) " if engine.dialect.name == "postgresql" else \
            "EXPLAIN QUERY PLAN "
        rows = conn.exec_driver_sql(prefix + str(compiled), args).all()
    return [" ".join(str(part) for part in row[-1:]) for row in rows]


def over_http(url: str, rounds: int, env: dict[str, str]) -> dict[str, float]:
    """Medians over HTTP of the week's board (asked again, and first asked after a change to
    the map's runs) and of /healthz (benchmarks/served.py)."""
    paths = {"healthz": "/healthz", "weekly": f"/api/v1/weekly?week={WEEK.isoformat()}"}
    engine = connect(url)
    try:
        with served(url, env) as get:
            medians = timed(get, paths, rounds)
            assert len(json.loads(get(paths["weekly"])[1])["items"]) == 100
            changed = []
            for _ in range(rounds):
                with writing(engine) as conn:
                    store.runs_changed(conn, [MAP_ID])
                changed.append(timed(get, {"weekly": paths["weekly"]}, 1)["weekly"])
            medians["changed"] = statistics.median(changed)
    finally:
        engine.dispose()
    return medians


def measure(name: str, url: str, count: int, older: int, rounds: int,
            env: dict[str, str]) -> None:
    engine = connect(url)
    try:
        filled = fill(engine, count, older)

        def board() -> None:
            with reading(engine) as conn:
                assert len(weekly.board(conn, MAP_ID, WEEK)) == 100

        kept_boards = Lru(weekly.BOARDS_KEPT)

        def kept() -> None:
            with reading(engine) as conn:
                assert len(weekly.kept_board(conn, kept_boards, MAP_ID, WEEK)) == 100

        with reading(engine) as conn:
            top = weekly.board(conn, MAP_ID, WEEK, limit=count + 1)
        assert len(top) == count, len(top)
        print(f"{name}: {count:,} entries on the week's board from {2 * count:,} runs, "
              f"{older:,} older runs on its map and {older:,} on another (filled in "
              f"{filled:.0f} s); {load()}", flush=True)
        local = median_ms(board, rounds)
        kept()  # worked out once
        local_kept = median_ms(kept, rounds)
        steps = plan(engine)
    finally:
        engine.dispose()
    http = over_http(url, rounds, env)
    print(f"  in-process (weekly.board, top 100): {local:.2f} ms; weekly.kept_board asked "
          f"again: {local_kept:.3f} ms")
    print(f"  over HTTP (cardrogue server): GET /weekly?week= asked again {http['weekly']:.2f} "
          f"ms, first asked after a change {http['changed']:.2f} ms; /healthz "
          f"{http['healthz']:.2f} ms in the same run (medians of {rounds}); {load()}")
    print("  plan:\n" + "\n".join(f"    {step}" for step in steps), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--older", type=int, default=300_000)
    parser.add_argument("--rounds", type=int, default=51)
    parser.add_argument("--quick", action="store_true", help="30,000 older runs, 11 rounds")
    args = parser.parse_args()
    older, rounds = (30_000, 11) if args.quick else (args.older, args.rounds)
    print(f"{args.entries:,} entries; {load()}; started {datetime.now(UTC):%H:%M} UTC")
    folder = pg_bin()
    if folder is None:
        raise SystemExit("PostgreSQL is not installed (apt-get install postgresql)")
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "CARDROGUE_DATA_DIR": data}
        postgres = Postgres(folder)
        postgres.start()
        try:
            measure("PostgreSQL", postgres.new_database(), args.entries, older, rounds, env)
        finally:
            postgres.stop()
        measure("SQLite", f"sqlite:///{data}/server.db", args.entries, older, rounds, env)


if __name__ == "__main__":
    main()
