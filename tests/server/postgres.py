"""A throw-away PostgreSQL server for the server's tests and benchmarks: initdb in a temporary
folder, pg_ctl start on a free loopback port with fsync off, a fast stop that removes the folder.

    folder = pg_bin()                  # None when PostgreSQL is not installed
    server = Postgres(folder); server.start()
    url = server.new_database()        # a fresh, empty database on it
    url = server.new_migrated_database()  # a fresh one at the newest revision (a template's copy)
    server.halt(); server.resume()     # down and back, as a restart
    server.stop()
    stop_orphans(folder)               # the clusters of processes killed before they stopped theirs

Shared by tests/server/conftest.py (the `postgres` fixture) and benchmarks/server_*.py.
"""

from __future__ import annotations

import fcntl
import itertools
import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from tests.support import free_port

# FILE_COPY copies the template's files after a checkpoint; the default (WAL_LOG) writes every
# block to the WAL. For the migrated schema FILE_COPY measured cheaper (about 0.03 s of CPU,
# client and cluster, against 0.04; running the migrations instead costs about 0.28).
COPY_STRATEGY = "FILE_COPY"
PG_BIN_DIRS = [Path("/usr/lib/postgresql") / v / "bin" for v in ("17", "16", "15", "14")]
PREFIX = "cardrogue-pg-"
# A file in each cluster's folder that the process which made the cluster holds locked while it
# lives. The kernel drops the lock however the process ends (a killed xdist worker never stops
# its cluster), so a lock anyone can take means the cluster has lost its owner.
OWNER = "owner.lock"


def pg_bin() -> Path | None:
    for folder in PG_BIN_DIRS:
        if (folder / "initdb").is_file():
            return folder
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _pg_run(bin_dir: Path, *args: str, check: bool = True) -> None:
    command = [str(bin_dir / args[0]), *args[1:]]
    env = dict(os.environ)
    if os.getuid() == 0:  # PostgreSQL refuses to run as root
        # Under Debian's faketime, PostgreSQL keeps the tests' fake date too (its queue's
        # times must agree with the workers'), but libfaketime is given to it only past
        # `su`: preloaded into su, it leaves a root-owned semaphore the postgres user
        # cannot open. Without shared memory, FAKETIME's offset alone shifts the clock.
        faked = [f"{key}={env[key]}" for key in ("LD_PRELOAD", "FAKETIME") if key in env]
        if "FAKETIME" in env:
            command = ["env", *faked, "FAKETIME_DISABLE_SHM=1", *command]
        env = {key: value for key, value in env.items()
               if not key.startswith("FAKETIME") and key != "LD_PRELOAD"}
        command = ["su", "postgres", "-c", shlex.join(command)]
    subprocess.run(command, check=check, capture_output=True, timeout=120, env=env)


def _hold_owner_lock(folder: Path) -> IO[str]:
    """Lock the owner file in `folder` for as long as this process lives (or until closed). It is
    locked under another name, then renamed: a file named OWNER is never seen unlocked while its
    owner lives."""
    pending = folder / f".{OWNER}"
    handle = pending.open("w")
    fcntl.flock(handle, fcntl.LOCK_EX)
    pending.rename(folder / OWNER)
    return handle


def stop_orphans(bin_dir: Path, parent: Path | None = None) -> list[Path]:
    """Stop every cluster in `parent` (the temporary folder by default) whose owner process has
    gone, and remove its folder; return the folders removed. Only folders this module made (with
    an owner file of this user's), and only those whose owner lock nobody holds: another run's
    clusters, live, are left alone. Taking the lock also keeps two runs from stopping one."""
    removed = []
    for folder in sorted(Path(parent or tempfile.gettempdir()).glob(f"{PREFIX}*")):
        try:
            handle = (folder / OWNER).open()
        except OSError:
            continue  # no owner file: not ours, or being made
        with handle:
            if os.fstat(handle.fileno()).st_uid != os.getuid():
                continue
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                continue  # its owner lives
            if (folder / "data" / "postmaster.pid").exists():
                _pg_run(bin_dir, "pg_ctl", "-D", str(folder / "data"), "-m", "immediate", "-w",
                        "stop", check=False)
            shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


class Postgres:
    """A throwaway PostgreSQL server: initdb in a temp folder, pg_ctl start, fast stop."""

    def __init__(self, bin_dir: Path, parent: Path | None = None) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix=PREFIX, dir=parent))
        self._owner = _hold_owner_lock(self.folder)
        self.data = self.folder / "data"
        self.port = free_port()
        self.as_root = os.getuid() == 0
        self._names = itertools.count()
        self._template: str | None = None
        self.up = False

    def _run(self, *args: str) -> None:
        _pg_run(self.bin, *args)

    def start(self) -> None:
        if self.as_root:
            shutil.chown(self.folder, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "--no-sync", "-E", "UTF8")
        self.resume()

    def resume(self) -> None:
        """Start the server again after `halt`, on the same port with the same databases."""
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self._run("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.folder / "log"),
                  "-o", options, "start")
        self.up = True

    def halt(self) -> None:
        """Stop the server (its connections are cut), keeping its data for `resume`."""
        if self.up:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
            self.up = False

    def stop(self) -> None:
        try:
            self.halt()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self._owner.close()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self, template: str | None = None) -> str:
        """A fresh database: empty, or a copy of `template` (nobody may be connected to it)."""
        import psycopg

        name = f"test_{os.getpid()}_{next(self._names)}"
        copy = f' TEMPLATE "{template}" STRATEGY {COPY_STRATEGY}' if template else ""
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"{copy}')
        return self.url(name)

    def new_migrated_database(self) -> str:
        """A fresh database at the newest revision, copied from a template migrated once:
        the migrations cost far more than the copy."""
        if self._template is None:
            from server.db import connect

            url = self.new_database()
            connect(url).dispose()  # no connection may stay open on a template
            self._template = url.rsplit("/", 1)[1]
        return self.new_database(self._template)


@contextmanager
def running_postgres() -> Iterator[Postgres]:
    """A cluster of its own, started for the caller and stopped after (first stopping any
    cluster a killed run left behind); the test is skipped where PostgreSQL is not installed."""
    import pytest  # here, not above: the benchmarks import this module without pytest

    folder = pg_bin()
    if folder is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql; .ci/run does)")
    stop_orphans(folder)
    server = Postgres(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def job_status(url: str, run_id: int) -> str | None:
    """The status of the newest verification job of a run in the queue's table ("todo",
    "doing", "succeeded" ...), or None when none was queued."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT status FROM procrastinate_jobs WHERE task_name = "
                           "'cardrogue.verify_run' AND (args->>'run_id')::int = %s "
                           "ORDER BY id DESC LIMIT 1", (run_id,)).fetchone()
    return None if row is None else str(row[0])
