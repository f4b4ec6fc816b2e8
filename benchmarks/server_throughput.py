"""Verified submissions per minute through the real community server, as users run it.

Run: .venv/bin/python benchmarks/server_throughput.py [--runs 1000] [--rounds 2] [--quick]

Everything is the installed `cardrogue` command in its own process, spoken to over HTTP:
- SQLite (the default): `cardrogue server --database sqlite:///FILE`, which verifies in its own
  process; the baseline row;
- PostgreSQL: a throw-away server (tests/server/postgres.py: initdb, pg_ctl, fsync off), then
  `cardrogue server --database URL --workers` with 1, then 2, `cardrogue worker --database URL`
  processes (each verifying 4 runs at once, its default; --concurrency N to change it), each
  setup on a fresh database.

The map is a 10x10 serpentine level whose one path snakes through every cell (the generator of
benchmarks/verify_speed.py), published with its clear: about 300 actions. The runs are that
clear played by as many different players as there are runs, each with a turn or more ended
early at a different place (tests/server/support.py's `slower`): runs with the same actions as an
earlier one are refused as copies (docs/server.md), so each run here differs and is replayed in
full. They are sent by a few client threads, each player with its own token. Rate limits are off (--per-address 0 --per-token 0): this measures
verification, not the limits.

The figure for each setup is runs / (the last verdict - the first submission), from the
server's own timestamps, with the submission rate beside it and, as a profile, each verifier's
time per run against the time from its claim of a run to the verdict (the claim's transaction,
the replay and the verdict's transaction) and against the replay alone. The rounds take turns
between setups, so the load of a shared machine falls on all of them alike. The load average is
printed with the figures. It asserts nothing beyond every run ending verified.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, closing, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import httpx2 as httpx  # noqa: E402
import psycopg  # noqa: E402
from server_board import load  # noqa: E402
from verify_speed import play, serpentine_grids  # noqa: E402

from engine.cardrogue import runs  # noqa: E402
from engine.cardrogue.maps import dumps_map, validate_text  # noqa: E402
from tests.server.postgres import Postgres, free_port, pg_bin  # noqa: E402
from tests.server.support import slower  # noqa: E402

CARDROGUE = Path(sys.executable).parent / "cardrogue"
CLIENTS = 4  # client threads submitting at once
WAIT = 600.0  # a bound on waiting, not a measurement
NO_LIMITS = ("--per-address", "0", "--per-token", "0")


def long_map() -> tuple[str, dict[str, Any], Any]:
    """A serpentine map's text whose clear is close to 300 actions, the clear, and the game."""
    for seed in range(1, 400):
        paths, cells, legend = serpentine_grids(seed)
        document = {"format_version": 1, "kind": "challenge", "title": f"Snake {seed}",
                    "author": "Benchmark", "description": "One long path through every cell.",
                    "seed": seed, "levels": [{"id": "snake", "title": "The Snake",
                                              "paths": paths + "\n", "cells": cells + "\n",
                                              "legend": legend}]}
        text = dumps_map(document, "map.schema.json")
        spec = validate_text(text, "map").spec
        assert spec is not None
        game = play(spec)
        if game.outcome == "won" and 295 <= len(game.history) <= 315:
            return text, runs.record(game, player="Author").to_dict(), game
    raise SystemExit("no serpentine map has a clear of about 300 actions")


def replay_ms(map_text: str, clear: dict[str, Any], rounds: int = 51) -> float:
    """Median time of the replay a verifier does for one run, without database or queue."""
    from server.verification import verify_run

    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        assert verify_run(clear, map_text).ok
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def process(*args: str, env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    """A `cardrogue` process, stopped with Ctrl+C (SIGINT) afterwards."""
    child = subprocess.Popen([str(CARDROGUE), *args], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env=env)
    try:
        yield child
    finally:
        if child.poll() is None:
            child.send_signal(signal.SIGINT)
            try:
                child.wait(timeout=60)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def wait_until_up(client: httpx.Client, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped: {server.stderr.read().decode()}")  # type: ignore[union-attr]
        try:
            if client.get("/healthz").status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise SystemExit("the server did not come up")


class Database:
    """Reads the runs' statuses and timestamps straight from the server's database."""

    def __init__(self, url: str) -> None:
        self.url = url

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        if self.url.startswith("sqlite"):
            with closing(sqlite3.connect(self.url.removeprefix("sqlite:///"), timeout=30)) as db:
                return db.execute(sql).fetchall()
        with psycopg.connect(self.url, autocommit=True) as conn:
            return conn.execute(sql).fetchall()

    def waiting(self) -> int:
        return int(self.query("SELECT COUNT(*) FROM runs WHERE status = 'queued'")[0][0])

    def span(self, first_id: int) -> tuple[float, dict[str, int]]:
        """Seconds from the first submission (run id >= first_id) to the last verdict, and how
        many runs ended in each status."""
        statuses = dict(self.query(f"SELECT status, COUNT(*) FROM runs WHERE id >= {first_id} "
                                   "GROUP BY status"))
        if self.url.startswith("sqlite"):
            rows = self.query(f"SELECT MIN(submitted_at), MAX(verified_at) FROM runs "
                              f"WHERE id >= {first_id}")
            from datetime import datetime

            first, last = (datetime.fromisoformat(value) for value in rows[0])
            return (last - first).total_seconds(), statuses
        rows = self.query(f"SELECT EXTRACT(EPOCH FROM MAX(verified_at) - MIN(submitted_at)) "
                          f"FROM runs WHERE id >= {first_id}")
        return float(rows[0][0]), statuses

    def inside_job(self, first_id: int) -> float:
        """Median seconds from a verifier's claim of a run to its verdict: the claim's
        transaction, the replay and the verdict's transaction."""
        if self.url.startswith("sqlite"):
            from datetime import datetime

            pairs = self.query(f"SELECT claimed_at, verified_at FROM runs WHERE id >= {first_id}")
            return statistics.median((datetime.fromisoformat(b) - datetime.fromisoformat(a))
                                     .total_seconds() for a, b in pairs)
        rows = self.query(f"SELECT EXTRACT(EPOCH FROM verified_at - claimed_at) FROM runs "
                          f"WHERE id >= {first_id}")
        return statistics.median(float(row[0]) for row in rows)


def distinct_run(game: Any, n: int) -> dict[str, Any]:
    """Player n's run: the clear with 1 + n // T turns ended at the start of turn n % T (T: the
    clear's turns), so that no two runs have the same actions."""
    document = runs.record(game, player=f"Player {n}", recorded="2026-01-01T00:00:00Z").to_dict()
    turns = 1 + sum(action == {"do": "end_turn"} for action in document["actions"])
    return slower(document, 1 + n // turns, n % turns)


def measure(name: str, url: str, workers: int, map_text: str, clear: dict[str, Any], game: Any,
            count: int, env: dict[str, str], concurrency: int | None = None
            ) -> dict[str, Any]:
    """One setup: start the server (and workers), publish the map, submit `count` runs."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    extra = ("--workers",) if workers else ()
    with ExitStack() as stack:
        pids: list[int] = []  # the workers'
        server = stack.enter_context(process("server", "--port", str(port), "--database", url,
                                             *extra, *NO_LIMITS, env=env))
        client = stack.enter_context(httpx.Client(base_url=base, timeout=120))
        wait_until_up(client, server)
        for _ in range(workers):
            options = ("--concurrency", str(concurrency)) if concurrency else ()
            pids.append(stack.enter_context(
                process("worker", "--database", url, *options, env=env)).pid)
        author = client.post("/api/v1/players", json={"name": "Author"}).json()["token"]
        published = client.post("/api/v1/maps", json={"map": map_text, "clear": clear},
                                headers={"Authorization": f"Bearer {author}"})
        assert published.status_code == 201, published.text
        tokens = []
        for n in range(count):
            answer = client.post("/api/v1/players", json={"name": f"Player {n}"})
            assert answer.status_code == 201, answer.text
            tokens.append(answer.json()["token"])
        documents = [distinct_run(game, n) for n in range(count)]
        database = Database(url)
        ids: list[int] = []
        lock = threading.Lock()

        def submit(part: int) -> None:
            with httpx.Client(base_url=base, timeout=120) as mine:
                for n in range(part, count, CLIENTS):
                    answer = mine.post("/api/v1/runs", json=documents[n],
                                       headers={"Authorization": f"Bearer {tokens[n]}"})
                    assert answer.status_code == 202, answer.text
                    with lock:
                        ids.append(int(answer.json()["id"]))

        used_before = cpu_seconds(server.pid), sum(cpu_seconds(pid) for pid in pids)
        start = time.perf_counter()
        threads = [threading.Thread(target=submit, args=(part,)) for part in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        submitted = time.perf_counter() - start
        deadline = time.monotonic() + WAIT
        while database.waiting() and time.monotonic() < deadline:
            time.sleep(0.05)
        wall = time.perf_counter() - start
        used = (cpu_seconds(server.pid) - used_before[0],
                sum(cpu_seconds(pid) for pid in pids) - used_before[1])
        seconds, statuses = database.span(min(ids))
        inside = database.inside_job(min(ids))
        # One verdict read back as a client reads it: verified, with its rank.
        sample = client.get(f"/api/v1/runs/{ids[-1]}").json()
        assert sample["status"] == "verified", sample
    assert statuses == {"verified": count}, statuses
    # One verifier's time per run, whatever it was doing: its share of the span.
    per_run = seconds * max(1, workers) / count
    return {"name": name, "per_minute": count / seconds * 60, "seconds": seconds,
            "inside_ms": inside * 1000, "per_run_ms": per_run * 1000,
            "server_cpu_ms": used[0] / count * 1000, "workers_cpu_ms": used[1] / count * 1000,
            "submit_per_minute": count / submitted * 60, "wall": wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000, help="runs per setup (default 1000)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of every setup (default 2)")
    parser.add_argument("--quick", action="store_true", help="200 runs, one round")
    parser.add_argument("--no-sqlite", action="store_true", help="skip the SQLite baseline")
    parser.add_argument("--concurrency", type=int, default=None,
                        help="each worker's --concurrency (default: the worker's own)")
    args = parser.parse_args()
    count, rounds = (200, 1) if args.quick else (args.runs, args.rounds)
    folder = pg_bin()
    if folder is None:
        raise SystemExit("PostgreSQL is not installed (apt-get install postgresql)")
    map_text, clear, game = long_map()
    print(f"map: a 10x10 serpentine level; its clear and every run: {len(game.history)} actions "
          f"({game.moves} moves)")
    replay = replay_ms(map_text, clear)
    print(f"the replay alone (server.verification.verify_run, in this process): {replay:.2f} ms "
          "a run")
    print(f"{count} runs per setup, {CLIENTS} client threads, {rounds} round(s); {load()}")
    results: dict[str, list[dict[str, Any]]] = {}
    postgres = Postgres(folder)
    postgres.start()
    try:
        with tempfile.TemporaryDirectory() as data:
            env = {**os.environ, "CARDROGUE_DATA_DIR": data}
            for round_ in range(rounds):
                setups: list[tuple[str, str, int]] = []
                if not args.no_sqlite:
                    setups.append(("SQLite, verified in the server's process",
                                   f"sqlite:///{data}/server-{round_}.db", 0))
                setups += [("PostgreSQL, 1 worker", postgres.new_database(), 1),
                           ("PostgreSQL, 2 workers", postgres.new_database(), 2)]
                for name, url, workers in setups:
                    result = measure(name, url, workers, map_text, clear, game, count, env,
                                     args.concurrency)
                    results.setdefault(name, []).append(result)
                    print(f"  round {round_ + 1}: {name}: {result['per_minute']:,.0f} verified "
                          f"runs/min ({result['seconds']:.1f} s; submitted at "
                          f"{result['submit_per_minute']:,.0f}/min); {load()}", flush=True)
                    print(f"    a run's job: {result['inside_ms']:.1f} ms from its claim to its "
                          f"verdict (median); each verifying process: {result['per_run_ms']:.1f} "
                          "ms of the span per run; CPU per run: server process "
                          f"{result['server_cpu_ms']:.1f} ms, worker processes "
                          f"{result['workers_cpu_ms']:.1f} ms", flush=True)
    finally:
        postgres.stop()
    print("medians:")
    medians = {name: statistics.median(r["per_minute"] for r in rows)
               for name, rows in results.items()}
    for name, value in medians.items():
        print(f"  {name}: {value:,.0f} verified runs/min")
    one, two = medians["PostgreSQL, 1 worker"], medians["PostgreSQL, 2 workers"]
    print(f"  2 workers / 1 worker: {two / one:.2f}x (target >= 1,000 runs/min with 2 workers)")
    base = medians.get("SQLite, verified in the server's process")
    if base:
        print(f"  PostgreSQL with 2 workers / SQLite in-process: {two / base:.2f}x")
    print(json.dumps({name: round(value) for name, value in medians.items()}))


if __name__ == "__main__":
    main()
