"""Storage and the environment: a full disk, a read-only database, a data folder that is a
file, absurd arguments, a damaged stored run, an encoding that is not UTF-8, no terminal. Each
is one clear line and a non-zero exit, through the real command; nothing already saved is
lost."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.hostile.support import CARDROGUE, REPO, TIMEOUT, assert_clean, run_cardrogue

RUNS = REPO / "tests" / "runs"
MAPS = RUNS / "maps_toml"


WAL_ROOM = 10 * 4096


def imported(data: Path) -> None:
    """The data folder, with one corridor run on its board."""
    result = run_cardrogue("import", RUNS / "corridor-shortest.run.json", "--map",
                           MAPS / "corridor.toml", data_dir=data)
    assert result.returncode == 0, result.stderr


def board(data: Path) -> str:
    result = run_cardrogue("scores", MAPS / "corridor.toml", data_dir=data)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_disk_that_fills_during_import_names_the_real_cause_and_loses_nothing(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    imported(data)
    before = board(data)

    def small_files() -> None:  # writing past this fails, as on a full disk
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        # Room for SQLite's 32 KiB shared-memory file, not for the dozen pages an insert
        # writes to the log (a limit under the database's size stopped fitting that once the
        # layout grew the boards in points).
        resource.setrlimit(resource.RLIMIT_FSIZE, (WAL_ROOM, WAL_ROOM))

    result = subprocess.run(
        [str(CARDROGUE), "import", str(RUNS / "market-longer.run.json"), "--map",
         str(MAPS / "market.toml")], capture_output=True, text=True, timeout=TIMEOUT,
        env={**os.environ, "CARDROGUE_DATA_DIR": str(data)}, preexec_fn=small_files)
    assert_clean(result)
    assert result.returncode == 1
    assert "could not be written: disk I/O error" in result.stderr, result.stderr
    assert "rollback" not in result.stderr.lower()
    assert len(result.stderr.strip().splitlines()) == 1
    assert board(data) == before


def test_a_commit_that_fails_is_reported_not_the_rollback_after_it(tmp_path: Path,
                                                                     monkeypatch) -> None:
    from engine.cardrogue.runs import read_run
    from services import scores
    from services.library import read_map

    class FullDisk:
        """A connection whose COMMIT fails as on a full disk, ending the transaction, so the
        ROLLBACK after it fails too."""

        def __init__(self, conn: sqlite3.Connection) -> None:
            self.conn = conn

        def execute(self, sql: str, *args):
            if sql == "COMMIT":
                self.conn.execute("ROLLBACK")
                raise sqlite3.OperationalError("database or disk is full")
            if sql == "ROLLBACK":
                raise sqlite3.OperationalError("cannot rollback - no transaction is active")
            return self.conn.execute(sql, *args)

        def __getattr__(self, name: str):
            return getattr(self.conn, name)

    store = scores.ScoreStore(tmp_path / "scores.db")
    store._conn = FullDisk(store._conn)
    run = read_run(RUNS / "corridor-shortest.run.json")
    with pytest.raises(scores.StoreError) as refused:
        store.add(run, read_map(MAPS / "corridor.toml").spec)
    assert "could not be written: database or disk is full" in str(refused.value)
    assert store.leaderboard(run.map_id) == []
    store.close()


def test_a_read_only_database_is_refused_for_writing_and_still_read(tmp_path: Path) -> None:
    data = tmp_path / "data"
    imported(data)
    database = data / "scores.db"
    if os.geteuid() == 0:  # root writes through file modes; the immutable flag stops it
        if shutil.which("chattr") is None or subprocess.run(
                ["chattr", "+i", str(database)], capture_output=True).returncode != 0:
            pytest.skip("cannot make a file read-only for root here")
    else:
        database.chmod(0o444)
    try:
        result = run_cardrogue("import", RUNS / "market-longer.run.json", "--map",
                               MAPS / "market.toml", data_dir=data)
        assert_clean(result)
        assert result.returncode == 1
        assert "could not be written: attempt to write a readonly database" in result.stderr
        assert "Corpus" in board(data)
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(database)], check=True)
        database.chmod(0o644)


@pytest.mark.parametrize("command", [
    ("import", RUNS / "corridor-shortest.run.json", "--map", MAPS / "corridor.toml"),
    ("scores", MAPS / "corridor.toml"),
    ("export", MAPS / "corridor.toml"),
    ("play", MAPS / "corridor.toml"),
])
def test_a_data_folder_that_is_a_file(tmp_path: Path, command: tuple) -> None:
    data = tmp_path / "data"
    data.write_text("not a folder")
    result = run_cardrogue(*command, data_dir=data)
    assert_clean(result)
    assert result.returncode != 0
    if command[0] == "play":  # without a terminal, that is said first
        assert "needs a terminal" in result.stderr
    else:
        assert f"the data folder {data} is a file, not a folder" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_absurd_limit_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cardrogue("scores", MAPS / "corridor.toml", "--limit", str(10 ** 20),
                           data_dir=tmp_path)
    assert_clean(result)
    assert result.returncode == 2
    assert "--limit must be a whole number from 1 to 1,000,000" in result.stderr


def test_export_over_a_damaged_stored_run_writes_the_rest_and_says_which(tmp_path: Path) -> None:
    data = tmp_path / "data"
    imported(data)
    other = RUNS / "corridor-longer.run.json"
    result = run_cardrogue("import", other, "--map", MAPS / "corridor.toml", data_dir=data)
    assert result.returncode == 0, result.stderr
    with sqlite3.connect(data / "scores.db") as conn:
        conn.execute("UPDATE runs SET body = '{\"format_version\": 1, \"game' WHERE rowid = 1")
    out = tmp_path / "out"
    out.mkdir()
    result = run_cardrogue("export", MAPS / "corridor.toml", "--all", "--out", out,
                           data_dir=data)
    assert_clean(result)
    assert result.returncode == 1
    assert "is damaged and was not exported" in result.stderr
    assert len(list(out.glob("*.run.json"))) == 1


def test_an_encoding_that_is_not_utf8_gets_escapes_not_a_crash(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "maps").mkdir(parents=True)
    for name in ("corridor.toml", "market.toml"):
        shutil.copy(MAPS / name, data / "maps" / name)
    for encoding in ("ascii", "latin-1"):
        env = {"PYTHONIOENCODING": encoding}
        result = run_cardrogue("validate", REPO / "campaigns" / "a-sons-descent.toml",
                               data_dir=data, env=env)
        assert_clean(result)
        assert result.returncode == 0
        result = run_cardrogue("verify", RUNS / "corridor-shortest.run.json",
                               RUNS / "alchemy-shortest.run.json", data_dir=data, env=env)
        assert_clean(result)
        assert result.returncode == 1  # alchemy's map is not there: "…" in its message
        assert "unknown map" in result.stderr


def test_no_terminal_is_a_clear_refusal_instead_of_a_wait(tmp_path: Path) -> None:
    for command in ((), ("play", MAPS / "corridor.toml"), ("edit",),
                    ("replay", RUNS / "corridor-shortest.run.json")):
        result = run_cardrogue(*command, data_dir=tmp_path)  # stdin is /dev/null
        assert_clean(result)
        assert result.returncode == 2
        assert "the app needs a terminal" in result.stderr
