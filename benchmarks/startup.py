"""Startup time: from process start to the first frame on screen.

Compares our CardRogueApp with a minimal Textual app (Header, Static, Footer) measured in the same
run, because these machines are shared and noisy: the ratio means more than either figure.

Each run is a fresh Python process on its own pseudo-terminal (80x24), so Textual takes its real
terminal path. Both apps get the same hook: on Textual's Ready event, which arrives once the
first frame has been written, the child records the time and exits. Runs alternate between the
two apps (ABBA order) so drift in machine load falls on both alike.

    .venv/bin/python benchmarks/startup.py [--runs 15]

It prints figures only; it asserts nothing.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TERMINAL_SIZE = (80, 24)
RUN_TIMEOUT_SECONDS = 60

# The child program. time.monotonic_ns() reads CLOCK_MONOTONIC, which is shared by every process
# on the machine, so the parent can subtract its own start time from the child's reading.
CHILD = """
import sys
import time

which, out_path = sys.argv[1], sys.argv[2]

if which == "baseline":
    from textual.app import App
    from textual.widgets import Footer, Header, Static

    class Subject(App):
        def compose(self):
            yield Header()
            yield Static("A minimal Textual app.")
            yield Footer()
else:
    from app.cardrogue_app import CardRogueApp as Subject


class Timed(Subject):
    def on_ready(self):
        with open(out_path, "w") as out:
            out.write(str(time.monotonic_ns()))
        self.exit()


Timed().run()
"""

SUBJECTS = ("baseline", "cardrogue")


def run_once(which: str) -> float:
    """Start one child on a fresh pseudo-terminal; return milliseconds to its first frame."""
    master, slave = os.openpty()
    columns, rows = TERMINAL_SIZE
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none"}

    with tempfile.TemporaryDirectory() as scratch:
        out_path = Path(scratch) / "first-frame-ns"
        started = time.monotonic_ns()
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, which, str(out_path)],
            stdin=slave, stdout=slave, stderr=slave, cwd=REPO, env=env, start_new_session=True,
        )
        os.close(slave)
        try:
            drain(master)  # the child blocks if nobody reads what it draws
            child.wait(timeout=RUN_TIMEOUT_SECONDS)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            os.close(master)
        if child.returncode != 0 or not out_path.exists():
            raise RuntimeError(f"{which} run failed (exit status {child.returncode})")
        first_frame = int(out_path.read_text())
    return (first_frame - started) / 1e6


def drain(master: int) -> None:
    """Read the terminal's output until the child closes it."""
    deadline = time.monotonic() + RUN_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        readable, _, _ = select.select([master], [], [], 1.0)
        if not readable:
            continue
        try:
            if not os.read(master, 65536):
                return
        except OSError:  # Linux reports EIO once every copy of the other end is closed
            return
    raise TimeoutError(f"no end of output within {RUN_TIMEOUT_SECONDS} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each app (default 15)")
    args = parser.parse_args()

    for which in SUBJECTS:  # one untimed run each, so both start with warm file caches
        run_once(which)

    times: dict[str, list[float]] = {which: [] for which in SUBJECTS}
    for round_number in range(args.runs):
        order = SUBJECTS if round_number % 2 == 0 else SUBJECTS[::-1]
        for which in order:
            times[which].append(run_once(which))

    print(f"startup to first frame, {args.runs} runs each, terminal {TERMINAL_SIZE[0]}x{TERMINAL_SIZE[1]}")
    for which in SUBJECTS:
        runs = times[which]
        print(
            f"  {which:<10} median {statistics.median(runs):7.1f} ms"
            f"   (min {min(runs):.1f}, max {max(runs):.1f})"
        )
    ratio = statistics.median(times["cardrogue"]) / statistics.median(times["baseline"])
    print(f"  ratio cardrogue/baseline (medians): {ratio:.2f}")


if __name__ == "__main__":
    main()
