"""A community server of its own for the server benchmarks: the installed `cardrogue server` on
a database, and requests timed over HTTP from sending to holding the whole answer, on one
kept-alive connection of the standard library's client (the lightest there is, so the figures
are the server's).

    with served(url, env) as get:
        status, body = get("/healthz")
        medians = timed(get, {"healthz": "/healthz", "page": "/api/v1/..."}, rounds)
"""

from __future__ import annotations

import http.client
import signal
import sqlite3
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import psycopg
from sqlalchemy import Connection, Engine, text

from server.queue import conninfo
from tests.server.postgres import free_port

CARDROGUE = Path(sys.executable).parent / "cardrogue"

Get = Callable[[str], tuple[int, bytes]]


@contextmanager
def served(url: str, env: dict[str, str], headers: dict[str, str] | None = None
           ) -> Iterator[Get]:
    """A server on `url`'s database, up and answering /healthz; yields a GET on it (with
    `headers` on every request) and stops the server after."""
    port = free_port()
    server = subprocess.Popen([str(CARDROGUE), "server", "--port", str(port), "--database", url,
                               "--per-address", "0", "--per-token", "0"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def get(path: str) -> tuple[int, bytes]:
        connection.request("GET", path, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, answer.read()

    try:
        deadline = time.monotonic() + 120
        while True:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not come up: "
                                 + server.stderr.read().decode())  # type: ignore[union-attr]
            try:
                if get("/healthz")[0] == 200:
                    break
            except OSError:
                connection.close()
                time.sleep(0.1)
        yield get
    finally:
        connection.close()
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def timed(get: Get, paths: dict[str, str], rounds: int) -> dict[str, float]:
    """The median milliseconds of each path's GET over `rounds` rounds, the paths taking turns
    so that load from other processes falls on all alike; each answer must be 200."""
    times: dict[str, list[float]] = {name: [] for name in paths}
    for _ in range(rounds):
        for name, path in paths.items():
            start = time.perf_counter()
            status, body = get(path)
            times[name].append(time.perf_counter() - start)
            assert status == 200, body
    return {name: statistics.median(values) * 1000 for name, values in times.items()}


def after_bulk_fill(engine: Engine, conn: Connection, tables: tuple[str, ...]) -> None:
    """Call at the end of a bulk fill's transaction `conn`: later inserts into `tables` take ids
    after the filled rows. Then, once that transaction is committed, `settle(engine)`."""
    if engine.dialect.name == "postgresql":
        for table in tables:
            conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                              f"(SELECT MAX(id) FROM {table}))"))


def settle(engine: Engine) -> None:
    """After a bulk fill, outside any transaction: fresh planner statistics, and the fill
    written out now rather than during the timing (SQLite: the write-ahead log folded into the
    file, as a running server would have it)."""
    if engine.dialect.name == "postgresql":
        with psycopg.connect(conninfo(engine.url.render_as_string(hide_password=False)),
                             autocommit=True) as pg:
            pg.execute("VACUUM ANALYZE")
            pg.execute("CHECKPOINT")
    else:
        with closing(sqlite3.connect(str(engine.url.database))) as lite:
            lite.execute("ANALYZE")
            lite.execute("PRAGMA wal_checkpoint(TRUNCATE)")
