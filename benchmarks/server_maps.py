"""GET /maps with filters and orders over a community of 100,000 maps and 1,000,000 ratings.

Run: .venv/bin/python benchmarks/server_maps.py [--maps 100000] [--ratings 1000000] [--quick]
     [--no-sqlite]

For PostgreSQL (a throw-away server, tests/server/postgres.py) and SQLite, the server's tables
(made by its own migrations, server.db.connect) are filled in bulk, one INSERT ... SELECT per
table: 1,000 authors with N maps between them (each with its author's clear run), 10,000 voters
casting R votes (stars and difficulty spread by hashing), a tag or two per map from the
vocabulary, and each map's figures as the server keeps them: votes, rating and players and
clears (spread by hashing; the list reads them, never the runs). A player "me" has runs on 1
map in 100, for unplayed=true. Then, median of many:

- in-process: map_lists.list_maps (the function behind the route, one statement), a page of
  20;
- over HTTP: the installed `cardrogue server --database URL`, GET /api/v1/maps?... on one
  kept-alive connection of the standard library's client, with GET /healthz in the same run as
  the floor of a request.

Each for: the default list (new), sort=rating, tag=maze&sort=rating, difficulty=hard&
sort=clear_rate, min_rating=4&sort=plays, sort=least_played, tag=poison&min_rating=3&sort=new,
unplayed=true&sort=rating, and the second page of sort=rating. Target (issue 33): under 10 ms
over HTTP on PostgreSQL. The load average is printed with the figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

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
    case,
    cast,
    func,
    insert,
    literal,
    select,
    update,
)

from server import map_lists, store  # noqa: E402
from server.db import connect, reading, reading_statements, writing  # noqa: E402
from server.schema import map_tags, map_votes, maps, players, runs  # noqa: E402
from server.verification import CURRENT_RULES_VERSION  # noqa: E402
from services.map_search import DIFFICULTIES, tags  # noqa: E402
from tests.server.postgres import Postgres, pg_bin  # noqa: E402

AUTHORS, VOTERS = 1_000, 10_000
ME = AUTHORS + VOTERS + 1  # the player asking for unplayed maps
TOKEN = "cr_benchmark_player"
QUERIES = {
    "new": {},
    "rating": {"sort": "rating"},
    "tag + rating": {"tag": "maze", "sort": "rating"},
    "difficulty + clear rate": {"difficulty": "hard", "sort": "clear_rate"},
    "min rating + plays": {"min_rating": "4", "sort": "plays"},
    "least played": {"sort": "least_played"},
    "tag + min rating": {"tag": "poison", "min_rating": "3"},
    "unplayed + rating": {"unplayed": "true", "sort": "rating"},
}


def numbers(count: int, name: str) -> Any:
    """1..count as a recursive CTE (both databases)."""
    cte = select(literal(1, BigInteger).label("g")).cte(name, recursive=True)
    return cte.union_all(select(cte.c.g + 1).where(cte.c.g < count))


def spread(value: Any, modulo: int) -> Any:
    """A number's hash in 0..modulo-1 (multiplicative hashing: even, and repeatable)."""
    return (value * 2654435761 % 4294967291) % modulo


def fill(engine: Engine, count: int, ratings: int) -> float:
    """Fill the tables as the module says. Seconds taken."""
    start = time.perf_counter()
    at = datetime(2026, 1, 1, tzinfo=UTC)
    vocabulary = list(tags())
    with writing(engine) as conn:
        people = numbers(ME, "people")
        conn.execute(insert(players).from_select(
            ["id", "name", "name_key", "token_hash", "role", "created_at"],
            select(people.c.g, literal("Player ") + cast(people.c.g, String),
                   literal("player ") + cast(people.c.g, String),
                   case((people.c.g == ME, literal(store.token_hash(TOKEN))),
                        else_=literal("hash ") + cast(people.c.g, String)),
                   literal("player"), literal(at))))
        made = numbers(count, "made")
        g = made.c.g
        map_id = literal("map ") + cast(g, String)
        conn.execute(insert(runs).from_select(
            ["id", "player_id", "document", "map_id", "rules_version", "status", "moves",
             "turns", "submitted_at", "verified_at", "attempts"],
            select(g, 1 + g % AUTHORS, literal({}, JSON), map_id, literal(CURRENT_RULES_VERSION),
                   literal("verified"), literal(30), literal(10), literal(at), literal(at),
                   literal(1))))
        played = 1 + spread(g, 400)  # players who sent a run, and how many cleared
        conn.execute(insert(maps).from_select(
            ["id", "share_code", "title", "author_id", "kind", "levels", "par", "description",
             "difficulty", "text", "clear_run_id", "plays", "published_at", "players",
             "clears", "clear_rate"],
            select(map_id, literal("M") + cast(g, String), literal("Map ") + cast(g, String),
                   1 + g % AUTHORS, literal("challenge"), literal(1), literal(30), literal(""),
                   case(*((spread(g + 7, 4) == n, literal(d)) for n, d in
                          enumerate(DIFFICULTIES))), literal(""), g, played + spread(g, 90),
                   literal(at), played, 1 + spread(g + 3, 1000) * (played - 1) // 1000,
                   (1 + spread(g + 3, 1000) * (played - 1) // 1000) * 10000 // played)))
        # Votes: map k's j-th vote from voter (j * 1009 + k) % VOTERS, distinct for a map.
        cast_votes = numbers(ratings, "cast")
        k, j = (cast_votes.c.g - 1) % count + 1, (cast_votes.c.g - 1) // count
        stars = spread(k, 5) + spread(cast_votes.c.g, 2)  # each map has its own level
        conn.execute(insert(map_votes).from_select(
            ["map_id", "player_id", "rating", "difficulty", "at"],
            select(literal("map ") + cast(k, String), AUTHORS + 1 + (j * 1009 + k) % VOTERS,
                   case((stars > 4, 5), else_=1 + stars),
                   case(*((spread(cast_votes.c.g + 1, 4) == n, literal(d)) for n, d in
                          enumerate(DIFFICULTIES))), literal(at))))
        counted = select(func.count(), func.sum(map_votes.c.rating)).where(
            map_votes.c.map_id == maps.c.id)
        conn.execute(update(maps).values(
            votes=counted.with_only_columns(func.count()).scalar_subquery(),
            rating_sum=func.coalesce(counted.with_only_columns(
                func.sum(map_votes.c.rating)).scalar_subquery(), 0)))
        conn.execute(update(maps).where(maps.c.votes > 0).values(
            rating=(maps.c.rating_sum * 100 + maps.c.votes // 2) // maps.c.votes,
            voted_difficulty=case(*((spread(func.length(maps.c.id) + maps.c.clear_run_id, 4)
                                     == n, literal(d)) for n, d in enumerate(DIFFICULTIES)))))
        conn.execute(update(maps).values(shown_difficulty=func.coalesce(
            maps.c.voted_difficulty, maps.c.difficulty)))
        # A tag or two per map.
        for n, offset in enumerate((0, 5)):
            conn.execute(insert(map_tags).from_select(
                ["map_id", "tag"],
                select(map_id, case(*((spread(g + offset, len(vocabulary)) == i, literal(t))
                                      for i, t in enumerate(vocabulary))))
                .where(g % (n + 1) == 0, spread(g + offset, len(vocabulary)) !=
                       spread(g, len(vocabulary)) if n else literal(True))))
        # "me" played 1 map in 100.
        conn.execute(insert(runs).from_select(
            ["id", "player_id", "document", "map_id", "rules_version", "status", "moves",
             "turns", "submitted_at", "verified_at", "attempts"],
            select(count + g, literal(ME), literal({}, JSON), map_id,
                   literal(CURRENT_RULES_VERSION), literal("verified"), literal(40), literal(12),
                   literal(at), literal(at), literal(1)).where(g % 100 == 0)))
        after_bulk_fill(engine, conn, ("players", "runs"))
    settle(engine)
    return time.perf_counter() - start


def as_filter(params: dict[str, str]) -> tuple[str, map_lists.MapFilter]:
    return params.get("sort", "new"), map_lists.MapFilter(
        tag=params.get("tag"), difficulty=params.get("difficulty"),
        min_rating=float(params["min_rating"]) if "min_rating" in params else None,
        unplayed_by=ME if params.get("unplayed") else None)


def in_process(engine: Engine, rounds: int) -> dict[str, float]:
    found = {}
    for name, params in QUERIES.items():
        sort, where = as_filter(params)

        def page(sort: str = sort, where: map_lists.MapFilter = where) -> None:
            with reading_statements(engine) as conn:  # as the route reads
                items, _ = map_lists.list_maps(conn, sort=sort, limit=20, where=where)
            assert len(items) == 20, (sort, where)

        found[name] = median_ms(page, rounds)
    return found


def over_http(url: str, rounds: int, env: dict[str, str]) -> dict[str, float]:
    """Medians over HTTP (benchmarks/served.py), as "me"."""
    with served(url, env, headers={"Authorization": f"Bearer {TOKEN}"}) as get:
        paths = {"healthz": "/healthz"}
        paths |= {name: "/api/v1/maps?" + urlencode(params)
                  for name, params in QUERIES.items()}
        status, body = get(paths["rating"])
        assert status == 200, body
        second = json.loads(body)["next"]
        paths["rating, page 2"] = paths["rating"] + "&" + urlencode({"cursor": second})
        medians = timed(get, paths, rounds)
        for name, path in paths.items():
            if name != "healthz":
                assert len(json.loads(get(path)[1])["items"]) == 20, name
    return medians


def measure(name: str, url: str, count: int, ratings: int, rounds: int,
            env: dict[str, str]) -> None:
    engine = connect(url)
    try:
        filled = fill(engine, count, ratings)
        with reading(engine) as conn:
            shown = conn.execute(select(func.count()).select_from(maps)).scalar_one()
            votes = conn.execute(select(func.count()).select_from(map_votes)).scalar_one()
        print(f"{name}: {shown:,} maps, {votes:,} ratings (filled in {filled:.0f} s); {load()}",
              flush=True)
        local = in_process(engine, rounds)
    finally:
        engine.dispose()
    http = over_http(url, rounds, env)
    width = max(len(query) for query in http)
    print(f"  {'GET /maps, a page of 20':<{width}}  in-process  over HTTP")
    for query, ms in http.items():
        inside = f"{local[query]:8.2f} ms" if query in local else " " * 11
        print(f"  {query:<{width}}  {inside}  {ms:6.2f} ms")
    print(f"  (medians of {rounds}; target under 10 ms over HTTP on PostgreSQL); {load()}",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=100_000)
    parser.add_argument("--ratings", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=101)
    parser.add_argument("--quick", action="store_true", help="10,000 maps, 100,000 ratings, "
                        "31 rounds")
    parser.add_argument("--no-sqlite", action="store_true", help="PostgreSQL only")
    args = parser.parse_args()
    count, ratings, rounds = (10_000, 100_000, 31) if args.quick else (
        args.maps, args.ratings, args.rounds)
    if ratings > count * VOTERS:
        raise SystemExit(f"at most {VOTERS:,} ratings per map")
    folder = pg_bin()
    if folder is None:
        raise SystemExit("PostgreSQL is not installed (apt-get install postgresql)")
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "CARDROGUE_DATA_DIR": data}
        postgres = Postgres(folder)
        postgres.start()
        try:
            measure("PostgreSQL", postgres.new_database(), count, ratings, rounds, env)
        finally:
            postgres.stop()
        if not args.no_sqlite:
            measure("SQLite", f"sqlite:///{data}/server.db", count, ratings, rounds, env)


if __name__ == "__main__":
    main()
