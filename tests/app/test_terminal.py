"""End to end: the installed `cardrogue` script in a real terminal, driven through tmux.

A private tmux socket (-L) and no config file (-f /dev/null) keep this away from any tmux
server the user runs.
"""

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

CARDROGUE = Path(sys.executable).parent / "cardrogue"
WAIT_SECONDS = 15  # generous: only a limit on polling, never a speed check

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None, reason="tmux is not on PATH; it drives the real terminal test"
)


class Tmux:
    """One detached tmux session on its own private server."""

    def __init__(self) -> None:
        unique = f"cardrogue-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.socket = unique
        self.session = unique
        self.socket_path: Path | None = None
        # Without $TMUX, tmux never mistakes this for a nested session of the caller's.
        self.env = {key: value for key, value in os.environ.items() if key != "TMUX"}

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True, text=True, env=self.env, timeout=30, check=check,
        )

    def start(self, command: str, width: int, height: int) -> None:
        # remain-on-exit keeps the pane after the program ends, so a crash stays on screen for
        # the failure message.
        self.run(
            "new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height),
            command, ";", "set-option", "-t", self.session, "remain-on-exit", "on",
        )
        self.socket_path = Path(self.run("display-message", "-p", "#{socket_path}").stdout.strip())

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.session).stdout

    def send(self, key: str, literal: bool = False) -> None:
        self.run("send-keys", "-t", self.session, *(["-l"] if literal else []), key)

    def kill(self) -> None:
        # The server is ours alone, so ending it ends the session; tmux leaves its socket file.
        self.run("kill-server", check=False)
        if self.socket_path is not None:
            self.socket_path.unlink(missing_ok=True)


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    session = Tmux()
    try:
        yield session
    finally:
        session.kill()


def wait_for(condition: Callable[[], bool], describe: Callable[[], str]) -> None:
    """Poll until `condition` holds; fail with `describe()` (e.g. the screen) if it never does."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up after {WAIT_SECONDS} s waiting; the terminal shows:\n{describe()}")
        time.sleep(0.1)


def exit_status(status_file: Path) -> str | None:
    """The status the shell wrote, or None while the program runs (or the write is partial)."""
    try:
        text = status_file.read_text()
    except FileNotFoundError:
        return None
    return text.strip() if text.endswith("\n") else None


def test_cardrogue_runs_in_a_real_terminal(tmux: Tmux, tmp_path: Path) -> None:
    assert CARDROGUE.exists(), f"{CARDROGUE} is missing: run `bash scripts/install.sh`"
    # A shell records the exit status: tmux 3.3a sometimes leaves the ended process unreaped,
    # so its own #{pane_dead_status} can stay empty.
    status_file = tmp_path / "exit-status"
    command = shlex.join(["sh", "-c", '"$1"; echo $? > "$2"', "sh", str(CARDROGUE), str(status_file)])
    tmux.start(command, width=100, height=30)

    wait_for(lambda: "Card Rogue" in tmux.screen() and "Quit" in tmux.screen(), tmux.screen)

    tmux.send("?", literal=True)
    wait_for(lambda: "Show this help" in tmux.screen(), tmux.screen)

    tmux.send("Escape")
    wait_for(lambda: "Show this help" not in tmux.screen(), tmux.screen)

    tmux.send("q", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()
