"""Startup through the installed command: `cardrogue --help`, `cardrogue --version`, and the app
to its first frame.

`benchmarks/startup.py` times the app to its first frame inside a Python process it controls;
this one times what a user or a script pays for the `cardrogue` console script itself (the entry
point wrapper, the argument parser, every module the CLI imports at start), against baselines
measured in the same run, alternating between subjects so drift in machine load falls on all:

- `--help` and `--version` (to exit) against `python -c "import textual.app"`;
- the app (`cardrogue` with no command, on a fresh pseudo-terminal, 80x24) until its title
  screen's heading is on the terminal, against a minimal Textual app (Header, Static, Footer)
  started by `python -c` until its text is.

    .venv/bin/python benchmarks/startup_command.py [--runs 15]

It prints figures only; it asserts nothing.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

BIN = Path(sys.executable).parent  # the venv's bin folder: the installed command lives there
COMMAND = BIN / "cardrogue"
TERMINAL_SIZE = (80, 24)
TIMEOUT_SECONDS = 60

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Minimal(App):
    def compose(self):
        yield Header()
        yield Static("A minimal Textual app.")
        yield Footer()

Minimal().run()
"""

# name -> (command, None to time it to its exit, or the text whose arrival on the terminal
# marks the first frame)
EXITING: dict[str, tuple[list[str], bytes | None]] = {
    "import textual.app": ([sys.executable, "-c", "import textual.app"], None),
    "cardrogue --help": ([str(COMMAND), "--help"], None),
    "cardrogue --version": ([str(COMMAND), "--version"], None),
}
FRAMES: dict[str, tuple[list[str], bytes | None]] = {
    "minimal Textual app": ([sys.executable, "-c", MINIMAL_APP], b"minimal Textual"),
    "cardrogue (the app)": ([str(COMMAND)], b"Card Rogue"),
}


def to_exit(command: list[str]) -> float:
    """Milliseconds from starting the process to its exit."""
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          check=False)
    elapsed = (time.perf_counter() - started) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed (exit status {done.returncode})")
    return elapsed


def to_frame(command: list[str], marker: bytes, data_dir: str) -> float:
    """Milliseconds from starting the process on a fresh pseudo-terminal to `marker` being
    written to it; then the process is stopped."""
    master, slave = os.openpty()
    columns, rows = TERMINAL_SIZE
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none",
           "CARDROGUE_DATA_DIR": data_dir}
    started = time.perf_counter()
    child = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                             start_new_session=True)
    os.close(slave)
    seen = b""
    try:
        deadline = time.monotonic() + TIMEOUT_SECONDS
        while marker not in seen:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{' '.join(command)}: no first frame in {TIMEOUT_SECONDS} s")
            readable, _, _ = select.select([master], [], [], 1.0)
            if readable:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the other end closed: the process ended
                    chunk = b""
                if not chunk:
                    raise RuntimeError(f"{' '.join(command)} ended before its first frame")
                seen = seen[-len(marker):] + chunk
        elapsed = (time.perf_counter() - started) * 1000
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        os.close(master)
    return elapsed


def measure(subjects: dict[str, tuple[list[str], bytes | None]], runs: int,
            data_dir: str) -> dict[str, list[float]]:
    def once(name: str) -> float:
        command, marker = subjects[name]
        return to_exit(command) if marker is None else to_frame(command, marker, data_dir)

    names = list(subjects)
    for name in names:  # one untimed run each, so all start with warm file caches
        once(name)
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_number in range(runs):
        for name in names if round_number % 2 == 0 else names[::-1]:
            times[name].append(once(name))
    return times


def report(title: str, times: dict[str, list[float]]) -> None:
    names = list(times)
    base = statistics.median(times[names[0]])
    print(title)
    for name in names:
        median = statistics.median(times[name])
        ratio = "" if name == names[0] else f"   {median / base:.2f}x the first"
        print(f"  {name:<22} {median:7.1f} ms (min {min(times[name]):.1f}, "
              f"max {max(times[name]):.1f}){ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each (default 15)")
    args = parser.parse_args()
    if not COMMAND.exists():
        sys.exit(f"no installed command at {COMMAND}: run scripts/install.sh first")
    with tempfile.TemporaryDirectory() as data_dir:  # a fresh data folder: no saved campaign
        report(f"process start to exit, median of {args.runs} runs each",
               measure(EXITING, args.runs, data_dir))
        report(f"process start to first frame on a {TERMINAL_SIZE[0]}x{TERMINAL_SIZE[1]} "
               f"pseudo-terminal, median of {args.runs} runs each",
               measure(FRAMES, args.runs, data_dir))


if __name__ == "__main__":
    main()
