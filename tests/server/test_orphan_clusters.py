"""A test run killed before it stopped its PostgreSQL (an xdist worker killed mid-run) leaves the
cluster running in the temporary folder; the next run's `running_postgres` stops it first
(`stop_orphans`), and leaves alone the clusters of runs still going and folders not its own."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.server.postgres import PREFIX, Postgres, pg_bin, stop_orphans

ROOT = Path(__file__).resolve().parents[2]

# A test process that starts a cluster in the folder it is given, says where, and is killed.
KILLED_OWNER = """
import os, signal, sys
from pathlib import Path
from tests.server.postgres import Postgres, pg_bin
server = Postgres(pg_bin(), parent=Path(sys.argv[1]))
server.start()
print(server.url(), server.folder, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def answers(url: str) -> bool:
    try:
        with psycopg.connect(url, connect_timeout=10) as conn:
            return conn.execute("SELECT 1").fetchone() == (1,)
    except psycopg.OperationalError:
        return False


@pytest.fixture
def parent() -> Iterator[Path]:
    """A folder of this test's own for the clusters, which (unlike pytest's tmp_path, private
    to this user) the `postgres` user can reach when the tests run as root."""
    folder = Path(tempfile.mkdtemp(prefix="orphans-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_a_cluster_whose_owner_was_killed_is_stopped_and_removed_and_no_other(
        parent: Path) -> None:
    bin_dir = pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql; .ci/run does)")
    killed = subprocess.run([sys.executable, "-c", KILLED_OWNER, str(parent)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    url, folder = killed.stdout.split()
    assert answers(url), "the killed process's cluster should still be running"
    alive = Postgres(bin_dir, parent=parent)  # its owner, this process, lives
    stranger = parent / f"{PREFIX}not-made-here"  # no owner file: not ours to stop
    stranger.mkdir()

    assert stop_orphans(bin_dir, parent) == [Path(folder)]
    assert not answers(url)
    assert not Path(folder).exists()
    assert alive.folder.is_dir() and stranger.is_dir()
    alive.stop()
    assert stop_orphans(bin_dir, parent) == []
