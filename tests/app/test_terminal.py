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
ESCAPE_PAUSE_SECONDS = 0.3

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
        if key == "Escape":
            # A terminal cannot tell a lone Escape from the start of Alt+key: the app waits
            # ESCDELAY (0.1 s) for more. Pause past that, as a person's typing would.
            time.sleep(ESCAPE_PAUSE_SECONDS)

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


def test_cardrogue_runs_in_a_real_terminal(tmux: Tmux, tmp_path: Path) -> None:
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file)

    wait_for(lambda: "Card Rogue" in tmux.screen() and "Quit" in tmux.screen(), tmux.screen)

    tmux.send("?", literal=True)
    wait_for(lambda: "Keys on this screen" in tmux.screen(), tmux.screen)

    tmux.send("Escape")
    wait_for(lambda: "Keys on this screen" not in tmux.screen(), tmux.screen)

    tmux.send("q", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()


TUTORIAL = Path(__file__).parent / "fixtures" / "tutorial.toml"

# The tutorial's fastest win (tests/app/maps.py) as tmux keys, each with a text that shows once
# the key has been handled ("!text": a text that is gone then). Waiting for it before the next
# key also keeps a lone Escape from being read with the following key as an Alt combination.
TUTORIAL_WIN = [
    ("Enter", "Moves 0 · Par 14"),
    ("Right", "You flip a card: Shop."), ("Right", "Moves 2 · Par 14"),
    ("b", "For sale"), ("Enter", "You buy the Sword"), ("Escape", "!Leave the shop"),
    ("e", "You equip the Sword"), ("Space", "Turn 2"),
    ("Right", "You flip a card: Sewer Rat."), ("Right", "You slay the Sewer Rat"),
    ("Right", "Moves 8 · Par 14"), ("Space", "Turn 3"),
    ("Right", "Moves 10 · Par 14"), ("Right", "Moves 11 · Par 14"), ("Space", "Turn 4"),
    ("Right", "Moves 13 · Par 14"), ("Right", "Level 2: The Well"),
    ("Enter", "Moves 0 · Par 2 · Total 14"),
    ("Right", "Moves 1 · Par 2 · Total 15"), ("Right", "Victory!"),
]


def test_playing_a_map_to_the_end_in_a_real_terminal(tmux: Tmux, tmp_path: Path) -> None:
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "play", str(TUTORIAL), width=100, height=30)
    wait_for(lambda: "Enter to begin" in tmux.screen(), tmux.screen)
    # Author text is shown as written, brackets and all.
    assert "[bold]Not bold[/bold]" in tmux.screen()

    for key, shown in TUTORIAL_WIN:
        tmux.send(key, literal=len(key) == 1)
        if shown.startswith("!"):
            wait_for(lambda gone=shown[1:]: gone not in tmux.screen(), tmux.screen)
        else:
            wait_for(lambda shown=shown: shown in tmux.screen(), tmux.screen)

    results = tmux.screen()
    assert "16 moves: on par." in results
    assert "Personal best: 16 moves, 5 turns (new!)" in results
    assert "Total" in results and "Traceback" not in results

    tmux.send("Escape")  # back: the results close, and so does the finished game
    wait_for(lambda: "Classic game" in tmux.screen(), tmux.screen)
    tmux.send("q", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()


def test_play_refuses_a_missing_file_without_a_traceback(tmp_path: Path) -> None:
    result = subprocess.run([str(CARDROGUE), "play", str(tmp_path / "nowhere.toml")],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2
    assert "no such file" in result.stderr and "Traceback" not in result.stderr


def test_an_encoding_that_cannot_draw_the_app_is_refused_in_one_line(tmux: Tmux,
                                                                      tmp_path: Path) -> None:
    status_file, errors = tmp_path / "exit-status", tmp_path / "stderr"
    tmux.env["PYTHONIOENCODING"] = "ascii"
    # stdin and stdout are the terminal; stderr goes to a file, so the whole message is read
    # however the pane wraps or redraws it.
    tmux.start(shlex.join(["sh", "-c", 'e="$1"; shift; "$@" 2> "$e"; echo $? > "$0"',
                           str(status_file),
                           str(errors), str(CARDROGUE)]), width=100, height=30)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "2", tmux.screen()
    message = errors.read_text()
    assert len(message.splitlines()) == 1, message
    assert "the terminal's encoding is ascii" in message and "PYTHONIOENCODING" in message
