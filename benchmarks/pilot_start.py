"""CPU per app start in a test: Textual parsing every app's CSS afresh, against the test suite's
one parse per worker (`tests.support.parse_each_stylesheet_once`), in the same run.

    .venv/bin/python benchmarks/pilot_start.py [--starts 10] [--rounds 3]

Each round starts the app the way a pilot test does (80x24, no animation), opens the first menu
entry, and closes it, `--starts` times in a fresh process for each way, alternating, so drift in
the machine's load falls on both. It prints the median CPU seconds per start; it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import asyncio, os, sys, tempfile, time
os.environ["CARDROGUE_DATA_DIR"] = tempfile.mkdtemp()
os.environ["CARDROGUE_PLAYER"] = "Bench"
if sys.argv[1] == "shared":
    from tests.support import parse_each_stylesheet_once
    parse_each_stylesheet_once()
from app.cardrogue_app import CardRogueApp

async def start():
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

asyncio.run(start())  # imports and first-time work, as a worker's first test pays them
began = time.process_time()
for _ in range(int(sys.argv[2])):
    asyncio.run(start())
print((time.process_time() - began) / int(sys.argv[2]))
"""


def one(way: str, starts: int) -> float:
    done = subprocess.run([sys.executable, "-c", CHILD, way, str(starts)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    seconds: dict[str, list[float]] = {"textual": [], "shared": []}
    for _ in range(args.rounds):
        for way in seconds:
            seconds[way].append(one(way, args.starts))
    own, shared = (statistics.median(seconds[way]) for way in ("textual", "shared"))
    print(f"CPU per app start, median of {args.rounds} rounds of {args.starts}:")
    print(f"  Textual's own parse per app: {own * 1000:6.0f} ms")
    print(f"  one parse per worker:        {shared * 1000:6.0f} ms  ({shared / own:.2f}x)")


if __name__ == "__main__":
    main()
