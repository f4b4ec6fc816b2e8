"""The wall time of the test suite: on pytest-xdist's workers (the README's command) against one
process, in the same run, so the ratio holds on a busy machine too.

    .venv/bin/python benchmarks/test_suite.py                    # the whole suite, both ways
    .venv/bin/python benchmarks/test_suite.py --quick            # the developer's quick loop
    .venv/bin/python benchmarks/test_suite.py --workers 2 4      # compare worker counts

Each round runs pytest in a child process from the project's folder and prints the wall time,
the result line and the machine's load average before and after.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUICK = ["tests/engine", "tests/contract", "tests/services", "-m", "not slow"]


def run(workers: int | None, paths: list[str]) -> tuple[float, str]:
    """Seconds of wall time and pytest's last line, with `workers` (None: the configured
    default, 0: one process)."""
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *paths]
    if workers is not None:
        command += ["-n", str(workers)]
    began = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.monotonic() - began
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return seconds, lines[-1] if lines else f"(no output, exit {done.returncode})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="only tests/engine, tests/contract and tests/services, not slow")
    parser.add_argument("--workers", type=int, nargs="*", default=None,
                        help="worker counts to time (default: the configured one, then 0)")
    args = parser.parse_args()
    paths = QUICK if args.quick else []
    counts: list[int | None] = list(args.workers) if args.workers else [None, 0]
    print(f"{'workers':>10}  {'wall':>9}  load before/after  result")
    results = {}
    for workers in counts:
        before = os.getloadavg()[0]
        seconds, last = run(workers, paths)
        after = os.getloadavg()[0]
        results[workers] = seconds
        name = "default" if workers is None else str(workers)
        print(f"{name:>10}  {seconds:8.1f}s  {before:5.2f} / {after:5.2f}     {last}", flush=True)
    if 0 in results and len(results) > 1:
        for workers, seconds in results.items():
            if workers != 0:
                print(f"one process / {workers or 'default'} workers: {results[0] / seconds:.2f}x")


if __name__ == "__main__":
    main()
