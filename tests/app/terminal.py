"""The real terminal for end-to-end tests: the installed `cardrogue` script run in tmux.

A private tmux socket (-L) and no config file (-f /dev/null) keep this away from any tmux
server the user runs. The `tmux` fixture (conftest.py) gives a test its own session; a module of
such tests sets `pytestmark = needs_tmux`.
"""

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

CARDROGUE = Path(sys.executable).parent / "cardrogue"
WAIT_SECONDS = 60  # generous, for a loaded machine: only a limit on polling, never a speed check

# The modules of real-terminal tests are skipped where tmux is missing.
needs_tmux = pytest.mark.skipif(
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
        before = self.screen() if key == "Escape" else None
        self.run("send-keys", "-t", self.session, *(["-l"] if literal else []), key)
        if before is not None:
            # A terminal cannot tell a lone Escape from the start of Alt+key: the app waits
            # ESCDELAY for more. The next key goes once the screen shows the Escape was taken.
            wait_for(lambda: self.screen() != before, self.screen)

    def kill(self) -> None:
        # The server is ours alone, so ending it ends the session; tmux leaves its socket file.
        self.run("kill-server", check=False)
        if self.socket_path is not None:
            self.socket_path.unlink(missing_ok=True)


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


def start_cardrogue(tmux: Tmux, status_file: Path, *args: str, width: int = 100,
                    height: int = 30) -> None:
    """Run the installed `cardrogue ARGS` in tmux; a shell writes its exit status to a file.

    tmux 3.3a sometimes leaves the ended process unreaped, so its own #{pane_dead_status} can
    stay empty: the shell's `echo $?` is what the tests read.
    """
    assert CARDROGUE.exists(), f"{CARDROGUE} is missing: run `bash scripts/install.sh`"
    command = shlex.join(["sh", "-c", '"$@"; echo $? > "$0"', str(status_file), str(CARDROGUE),
                          *args])
    tmux.start(command, width=width, height=height)
