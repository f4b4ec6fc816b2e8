"""End to end: the installed `cardrogue` script in a real terminal, driven through tmux.

A private tmux socket (-L) and no config file (-f /dev/null) keep this away from any tmux
server the user runs.
"""

import os
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
        # remain-on-exit keeps the pane after the program ends, so its exit status can be read.
        self.run(
            "new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height),
            command, ";", "set-option", "-t", self.session, "remain-on-exit", "on",
        )
        self.socket_path = Path(self.run("display-message", "-p", "#{socket_path}").stdout.strip())

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.session).stdout

    def pane(self, field: str) -> str:
        return self.run("display-message", "-p", "-t", self.session, f"#{{{field}}}").stdout.strip()

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


def wait_for(condition: Callable[[], object], describe: Callable[[], str]) -> None:
    """Poll until `condition` holds; fail with `describe()` (e.g. the screen) if it never does."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up after {WAIT_SECONDS} s waiting; the terminal shows:\n{describe()}")
        time.sleep(0.1)


def test_cardrogue_runs_in_a_real_terminal(tmux: Tmux) -> None:
    assert CARDROGUE.exists(), f"{CARDROGUE} is missing: run `bash scripts/install.sh`"
    tmux.start(str(CARDROGUE), width=100, height=30)

    wait_for(lambda: "Card Rogue" in tmux.screen() and "Quit" in tmux.screen(), tmux.screen)

    tmux.send("?", literal=True)
    wait_for(lambda: "Show this help" in tmux.screen(), tmux.screen)

    tmux.send("Escape")
    wait_for(lambda: "Show this help" not in tmux.screen(), tmux.screen)

    tmux.send("q", literal=True)
    # tmux can mark the pane dead (its terminal closed) a moment before it has reaped the
    # process, so wait for the exit status or the killing signal to be known.
    wait_for(lambda: tmux.pane("pane_dead_status") or tmux.pane("pane_dead_signal"), tmux.screen)
    assert tmux.pane("pane_dead_status") == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()
