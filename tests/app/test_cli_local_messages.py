"""Local messages for odd files and pipes (issue 37, finding 13): each one line, in words."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "campaigns" / "challenges" / "speed-maze.toml"
CLEAR = ROOT / "tests" / "clears" / "speed-maze.run.json"


def cardrogue(data: Path, *args: str, **popen: object) -> subprocess.Popen[bytes]:
    env = {**os.environ, "CARDROGUE_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "app.cli", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)  # type: ignore[call-overload]


def test_playing_a_fifo_says_it_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "map.toml"
    os.mkfifo(fifo)
    process = cardrogue(tmp_path / "data", "play", str(fifo))
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    lines = err.decode().splitlines()
    assert len(lines) == 1 and "not a regular file" in lines[0] and "no such file" not in lines[0]


def test_a_runs_folder_that_is_a_file_is_said_in_words(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "runs").write_text("not a folder")
    process = cardrogue(data, "import", str(CLEAR), "--map", str(MAP))
    _, err = process.communicate(timeout=60)
    assert process.returncode == 1
    lines = err.decode().splitlines()
    assert len(lines) == 1, lines
    assert "the runs folder" in lines[0] and "is a file, not a folder" in lines[0]
    assert "Errno" not in lines[0]


def test_a_reader_that_leaves_early_gets_no_broken_pipe_message(tmp_path: Path) -> None:
    process = cardrogue(tmp_path / "data", "scores", str(MAP))
    assert process.stdout is not None
    process.stdout.close()  # as `| head -1` does once it has its line
    _, err = process.communicate(timeout=60)
    assert b"BrokenPipe" not in err and b"Exception ignored" not in err, err
    assert err == b"" and process.returncode == 141
