"""The wall time of the test suite: on pytest-xdist's workers (the README's command) against one
process, in the same run, so the ratio holds on a busy machine too.

    .venv/bin/python benchmarks/test_suite.py                    # the whole suite, both ways
    .venv/bin/python benchmarks/test_suite.py --quick            # the developer's quick loop
    .venv/bin/python benchmarks/test_suite.py --workers 2 4      # compare worker counts
    .venv/bin/python benchmarks/test_suite.py --quick --workers 4 \
        --python .venv/bin/python /tmp/other-venv/bin/python   # compare interpreters

Each round runs pytest in a child process from the project's folder and prints the wall time, the
CPU time of pytest and every process it waited for (workers, tools, `cardrogue` runs), the result
line and the machine's load average before and after. CPU time holds better than wall time on a
busy machine, which is why interpreters are compared by it. Another interpreter needs its own venv
with the project installed (`PYTHON=/usr/bin/python3 bash scripts/install.sh` in a second clone).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUICK = ["tests/engine", "tests/contract", "tests/services", "-m", "not slow"]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(python: str, workers: int | None, paths: list[str]) -> tuple[float, float, str]:
    """Seconds of wall time and of CPU, and pytest's last line, with `workers` (None: the
    configured default, 0: one process)."""
    command = [python, "-m", "pytest", "-p", "no:cacheprovider", *paths]
    if workers is not None:
        command += ["-n", str(workers)]
    began, cpu = time.monotonic(), children_cpu()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds, cpu = time.monotonic() - began, children_cpu() - cpu
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return seconds, cpu, lines[-1] if lines else f"(no output, exit {done.returncode})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="only tests/engine, tests/contract and tests/services, not slow")
    parser.add_argument("--workers", type=int, nargs="*", default=None,
                        help="worker counts to time (default: the configured one, then 0)")
    parser.add_argument("--python", nargs="*", default=[sys.executable],
                        help="interpreters to time, each from a venv with the project installed "
                             "(default: this one)")
    args = parser.parse_args()
    paths = QUICK if args.quick else []
    counts: list[int | None] = list(args.workers) if args.workers else [None, 0]
    print(f"{'python':>28}  {'workers':>7}  {'wall':>8}  {'cpu':>8}  load before/after  result")
    walls: dict[tuple[str, int | None], float] = {}
    cpus: dict[str, float] = {}
    for python in args.python:
        for workers in counts:
            before = os.getloadavg()[0]
            seconds, cpu, last = run(python, workers, paths)
            after = os.getloadavg()[0]
            walls[python, workers] = seconds
            cpus[python] = cpus.get(python, 0.0) + cpu
            name = "default" if workers is None else str(workers)
            print(f"{python[-28:]:>28}  {name:>7}  {seconds:7.1f}s  {cpu:7.1f}s  "
                  f"{before:5.2f} / {after:5.2f}     {last}", flush=True)
        if (python, 0) in walls:
            for (other, workers), seconds in walls.items():
                if other == python and workers != 0:
                    print(f"one process / {workers or 'default'} workers: "
                          f"{walls[python, 0] / seconds:.2f}x")
    first = args.python[0]
    for python in args.python[1:]:
        print(f"CPU {python} / {first}: {cpus[python] / cpus[first]:.2f}x")


if __name__ == "__main__":
    main()
