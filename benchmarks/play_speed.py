"""Key press to rendered frame on the play screen, on a 64×64 level.

The app runs in a child process on its own pseudo-terminal (80x24, like benchmarks/startup.py),
opened straight on the play screen of a 64×64 level of face-up four-way tiles with the hero in
the middle. The parent types arrow keys into the terminal one at a time, each after the last has
settled, in loops that walk the hero around so the camera scrolls. The child records when each
frame has been rendered and handed to the terminal writer (`App._display`, timed with the
machine-wide CLOCK_MONOTONIC); the parent records when it wrote each key. For each key:

  first frame    the first frame after the key (what the player sees change)
  settled        the last frame before the next key (everything the key caused)

Target: 16 ms median. Every key is a real engine action (a move), so the figures include the
engine, the log, the side panel and the board.

    .venv/bin/python benchmarks/play_speed.py [--keys 200] [--size 64]

It prints figures only; it asserts nothing. Startup against a minimal app is benchmarks/startup.py.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import REPO, TERMINAL_SIZE, drain  # noqa: E402 - the same pty set-up as startup

KEY_GAP_SECONDS = 0.08  # far longer than a frame: each key settles before the next
ARROWS = {"right": b"\x1b[C", "left": b"\x1b[D", "down": b"\x1b[B", "up": b"\x1b[A"}

# The end of every child program: an app that pushes `first_screen()`, says "ready" after
# READY_DELAY seconds, records when each frame is handed to the terminal, writes those times out
# when it ends, and quits at once on ctrl+q. The program before it defines those names.
TIMED_APP = """
frames = []


class Timed(CardRogueApp):
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None:
            frames.append(time.monotonic_ns())

    def on_ready(self):
        self.push_screen(first_screen())
        self.set_timer(READY_DELAY, self.announce)

    def announce(self):
        with open(ready_path, "w") as out:
            out.write("ready")

    async def action_quit(self):
        self.exit()

    def on_unmount(self):
        with open(out_path, "w") as out:
            json.dump(frames, out)


Timed().run()
"""

CHILD = """
import json, sys, time

from engine.cardrogue import level_from_grids, map_from_levels
from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.session import Session

size, ready_path, out_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
middle = size // 2
paths = "\\n".join("┼" * size for _ in range(size))
rows = ["".join("@" if (r, c) == (middle, middle) else "." for c in range(size))
        for r in range(size)]
rows[-1] = rows[-1][:-1] + ">"
level = level_from_grids("big", paths, "\\n".join(rows),
                         {".": {"card": "path", "revealed": True}}, characters=("warrior",))
spec = map_from_levels([level], seed=3, title="Big hall")
READY_DELAY = 0.5


def first_screen():
    return PlayScreen(Session(spec, "warrior"))
""" + TIMED_APP


def key_plan(count: int) -> list[str]:
    """Walk in growing squares, so the hero nears the view's edges and the camera scrolls."""
    keys: list[str] = []
    side = 6
    while len(keys) < count:
        for direction in ("right", "down", "left", "up"):
            keys.extend([direction] * side)
        side = 6 if side >= 14 else side + 4
    return keys[:count]


def type_in_child(child_code: str, args: list[str], keys: list[bytes], gaps: list[float],
                  quit_keys: bytes, what: str) -> tuple[list[int], list[int]]:
    """Run `child_code` (an app that writes a "ready" file, then its frame times as JSON) on
    its own pseudo-terminal, type `keys` with the given pauses, then `quit_keys`. Returns when
    each key was sent and when each frame was handed to the terminal (CLOCK_MONOTONIC ns)."""
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    columns, rows = TERMINAL_SIZE
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none",
           "CARDROGUE_DATA_DIR": tempfile.mkdtemp(prefix="cardrogue-bench-")}
    with tempfile.TemporaryDirectory() as scratch:
        ready, out = Path(scratch) / "ready", Path(scratch) / "frames.json"
        child = subprocess.Popen(
            [sys.executable, "-c", child_code, *args, str(ready), str(out)],
            stdin=slave, stdout=slave, stderr=slave, cwd=REPO, env=env, start_new_session=True)
        os.close(slave)
        reader = threading.Thread(target=drain, args=(master,), daemon=True)
        reader.start()
        try:
            deadline = time.monotonic() + 60
            while not ready.exists():
                if time.monotonic() > deadline or child.poll() is not None:
                    raise RuntimeError(f"the app did not reach {what}")
                time.sleep(0.05)
            sent = []
            for key, gap in zip(keys, gaps, strict=True):
                sent.append(time.monotonic_ns())
                os.write(master, key)
                time.sleep(gap)
            for code in quit_keys:
                os.write(master, bytes([code]))
                time.sleep(0.3)
            child.wait(timeout=60)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            reader.join(timeout=5)
            os.close(master)
        frames = json.loads(out.read_text())
    return sent, frames


def frames_after(sent: list[int], frames: list[int], n: int) -> list[int]:
    """The frames between key `n` and the next key."""
    start = sent[n]
    end = sent[n + 1] if n + 1 < len(sent) else start + int(KEY_GAP_SECONDS * 1e9)
    return [f for f in frames if start < f < end]


def run(size: int, count: int) -> tuple[list[float], list[float]]:
    keys = [ARROWS[key] for key in key_plan(count)]
    sent, frames = type_in_child(CHILD, [str(size)], keys, [KEY_GAP_SECONDS] * len(keys),
                                 b"\x11", "the play screen")
    firsts, settled = [], []
    for n, start in enumerate(sent):
        after = frames_after(sent, frames, n)
        if after:
            firsts.append((after[0] - start) / 1e6)
            settled.append((after[-1] - start) / 1e6)
    return firsts, settled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=200, help="key presses to time (default 200)")
    parser.add_argument("--size", type=int, default=64, help="the level's side (default 64)")
    args = parser.parse_args()

    firsts, settled = run(args.size, args.keys)
    print(f"key press to frame, {args.size}x{args.size} level, terminal "
          f"{TERMINAL_SIZE[0]}x{TERMINAL_SIZE[1]}, {len(firsts)} of {args.keys} keys drew a frame")
    for name, times in (("first frame", firsts), ("settled", settled)):
        ordered = sorted(times)
        p90 = ordered[int(0.9 * (len(ordered) - 1))] if ordered else float("nan")
        print(f"  {name:<12} median {statistics.median(times):6.1f} ms   p90 {p90:6.1f} ms"
              f"   max {max(times):6.1f} ms")
    print("  target: 16 ms median")


if __name__ == "__main__":
    main()
