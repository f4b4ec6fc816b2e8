"""A community server's leaderboard with 1,000,000 entries: the top 100 and a player's rank.

Run: .venv/bin/python benchmarks/server_board.py [--entries 1000000] [--quick] [--no-local]

For PostgreSQL (a throw-away server, tests/server/postgres.py) and SQLite, the server's tables
(made by its own migrations, server.db.connect) are filled in bulk, one INSERT ... SELECT per
table over the schema's SQLAlchemy tables: N players, one verified run each on one map, N board
entries and their counts per score and per move count. Scores spread like real ones: 40-400 moves, 10-120 turns,
so about 40,000 distinct scores. Then, median of many:

- in-process: map_boards.board_page (the function behind the route), top 100 and around= a player
  in the middle of the board (a page of 20 with their rank);
- through the API: the installed `cardrogue server --database URL`, GET .../leaderboard?limit=100
  and ?around=NAME over HTTP (the standard library's client on one kept-alive connection),
  with GET /healthz in the same run as the floor of a request;
- the baseline in the same run: the same rank by counting the entries ahead (what the
  per-score counts replace).

Then the local board of services/scores (the app's own SQLite file) at the same size:
benchmarks/verify_speed.py's leaderboard(): rank, the last page by keyset, opening the file.
Target: <= 5 ms each. The load average is printed with the figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from served import after_bulk_fill, served, settle, timed  # noqa: E402
from sqlalchemy import (  # noqa: E402
    JSON,
    BigInteger,
    Engine,
    String,
    cast,
    false,
    func,
    insert,
    literal,
    select,
    tuple_,
)

from server import map_boards, sql  # noqa: E402
from server.db import connect, reading, writing  # noqa: E402
from server.schema import board_moves, board_scores, entries, maps, players, runs  # noqa: E402
from server.verification import CURRENT_RULES_VERSION  # noqa: E402
from tests.server.postgres import Postgres, pg_bin  # noqa: E402

MAP_ID = "b" * 64
RV = CURRENT_RULES_VERSION


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def median_ms(fn: Callable[[], Any], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def fill(engine: Engine, count: int) -> float:
    """Fill the tables with `count` players, each with one verified run and one board entry on
    one map. Seconds taken."""
    start = time.perf_counter()
    at = datetime(2026, 1, 1, tzinfo=UTC)
    numbers = select(literal(1, BigInteger).label("g")).cte("numbers", recursive=True)
    numbers = numbers.union_all(select(numbers.c.g + 1).where(numbers.c.g < count))
    g = numbers.c.g
    # Scores spread over 40-400 moves and 10-120 turns by multiplicative hashing of the number.
    moves = 40 + (g * 2654435761 % 4294967291) % 361
    turns = 10 + (g * 40503 + 12345) % 65521 % 111
    with writing(engine) as conn:
        conn.execute(insert(players).from_select(
            ["id", "name", "token_hash", "role", "created_at"],
            select(g, literal("Player ") + cast(g, String), literal("hash ") + cast(g, String),
                   literal("player"), literal(at))))
        conn.execute(insert(runs).from_select(
            ["id", "player_id", "document", "map_id", "rules_version", "status", "moves",
             "turns", "submitted_at", "verified_at", "attempts"],
            select(g, g, literal({}, JSON), literal(MAP_ID), literal(RV), literal("verified"),
                   moves, turns, literal(at), literal(at), literal(1))))
        conn.execute(insert(maps).values(
            id=MAP_ID, share_code="BNCH-BORD", title="Bench", author_id=1, kind="challenge",
            levels=1, par=None, description="", text="", clear_run_id=1, plays=count,
            published_at=at))
        conn.execute(insert(entries).from_select(
            ["map_id", "rules_version", "player_id", "run_id", "moves", "turns", "at",
             "removed"],
            select(runs.c.map_id, runs.c.rules_version, runs.c.player_id, runs.c.id,
                   runs.c.moves, runs.c.turns, runs.c.submitted_at, false())))
        conn.execute(insert(board_scores).from_select(
            ["map_id", "rules_version", "moves", "turns", "entries"],
            select(entries.c.map_id, entries.c.rules_version, entries.c.moves, entries.c.turns,
                   func.count()).group_by(entries.c.map_id, entries.c.rules_version,
                                          entries.c.moves, entries.c.turns)))
        conn.execute(insert(board_moves).from_select(
            ["map_id", "rules_version", "moves", "entries"],
            select(board_scores.c.map_id, board_scores.c.rules_version, board_scores.c.moves,
                   func.sum(board_scores.c.entries)).group_by(
                board_scores.c.map_id, board_scores.c.rules_version, board_scores.c.moves)))
        after_bulk_fill(engine, conn, ("players", "runs", "leaderboard_entries"))
    settle(engine)
    return time.perf_counter() - start


def middle_player(engine: Engine, count: int) -> str:
    with reading(engine) as conn:
        page = map_boards.board_page(conn, MAP_ID, RV, limit=1,
                                cursor=_cursor_at(conn, count // 2))
    assert page is not None and page[0]
    return str(page[0][0]["player"])


def _cursor_at(conn: Any, position: int) -> str:
    """The cursor just before the entry at `position` in rank order (found once, slowly)."""
    key = (entries.c.moves, entries.c.turns, entries.c.run_id)
    row = conn.execute(select(*key).where(entries.c.map_id == MAP_ID,
                                          entries.c.rules_version == RV,
                                          entries.c.removed == false())
                       .order_by(*key).offset(position).limit(1)).one()
    return sql.make_cursor(list(row))


def in_process(engine: Engine, who: str, rounds: int) -> dict[str, float]:
    def top() -> None:
        with reading(engine) as conn:
            page = map_boards.board_page(conn, MAP_ID, RV, limit=100)
        assert page is not None and len(page[0]) == 100

    def around() -> None:
        with reading(engine) as conn:
            page = map_boards.board_page(conn, MAP_ID, RV, limit=20, around=who)
        assert page is not None and any(item["player"] == who for item in page[0])

    with reading(engine) as conn:
        mine = conn.execute(select(entries.c.moves, entries.c.turns, entries.c.run_id)
                            .join(players, players.c.id == entries.c.player_id)
                            .where(entries.c.map_id == MAP_ID, players.c.name == who)).one()

    def rank_by_counting() -> None:
        with reading(engine) as conn:
            conn.execute(select(func.count()).select_from(entries).where(
                entries.c.map_id == MAP_ID, entries.c.rules_version == RV,
                entries.c.removed == false(),
                tuple_(entries.c.moves, entries.c.turns, entries.c.run_id) < tuple_(*mine)
            )).scalar_one()

    return {"top 100": median_ms(top, rounds), "around": median_ms(around, rounds),
            "rank by counting": median_ms(rank_by_counting, max(5, rounds // 10))}


def over_http(url: str, who: str, rounds: int, env: dict[str, str]) -> dict[str, float]:
    """Medians over HTTP (benchmarks/served.py); each answer is read and checked after its
    time is taken."""
    board = f"/api/v1/maps/{MAP_ID}/leaderboard"
    paths = {"healthz": "/healthz", "top 100": f"{board}?limit=100",
             "around": f"{board}?{urlencode({'around': who})}"}
    with served(url, env) as get:
        medians = timed(get, paths, rounds)
        assert len(json.loads(get(paths["top 100"])[1])["items"]) == 100
        mine = json.loads(get(paths["around"])[1])["items"]
        assert who in [item["player"] for item in mine]
    return medians


def measure(name: str, url: str, count: int, rounds: int, env: dict[str, str]) -> None:
    engine = connect(url)
    try:
        filled = fill(engine, count)
        who = middle_player(engine, count)
        with reading(engine) as conn:
            total = map_boards.board_size(conn, MAP_ID, RV)
            scores = conn.execute(select(func.count()).select_from(board_scores)).scalar_one()
        print(f"{name}: {total:,} entries, {scores:,} distinct scores (filled in {filled:.0f} s); "
              f"{load()}", flush=True)
        local = in_process(engine, who, rounds)
    finally:
        engine.dispose()
    http = over_http(url, who, rounds, env)
    print(f"  in-process (map_boards.board_page): top 100 {local['top 100']:.2f} ms; around= a "
          f"player mid-board {local['around']:.2f} ms (baseline, the rank by counting the "
          f"entries ahead: {local['rank by counting']:.1f} ms, "
          f"{local['rank by counting'] / local['around']:.0f}x)")
    print(f"  over HTTP (cardrogue server): top 100 {http['top 100']:.2f} ms; around= "
          f"{http['around']:.2f} ms; /healthz {http['healthz']:.2f} ms in the same run "
          f"(medians of {rounds}; target <= 5 ms each); {load()}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=201)
    parser.add_argument("--quick", action="store_true", help="100,000 entries, 51 rounds")
    parser.add_argument("--no-local", action="store_true",
                        help="skip the local board of services/scores")
    args = parser.parse_args()
    count, rounds = (100_000, 51) if args.quick else (args.entries, args.rounds)
    print(f"{count:,} entries; {load()}")
    folder = pg_bin()
    if folder is None:
        raise SystemExit("PostgreSQL is not installed (apt-get install postgresql)")
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "CARDROGUE_DATA_DIR": data}
        postgres = Postgres(folder)
        postgres.start()
        try:
            measure("PostgreSQL", postgres.new_database(), count, rounds, env)
        finally:
            postgres.stop()
        measure("SQLite", f"sqlite:///{data}/server.db", count, rounds, env)
    if not args.no_local:
        from verify_speed import leaderboard

        print(f"local board (services/scores, the app's own file); {load()}")
        leaderboard(count)


if __name__ == "__main__":
    main()
