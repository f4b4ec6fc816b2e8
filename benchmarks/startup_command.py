"""Startup through the installed command: `cardrogue --help` and `cardrogue --version`.

`benchmarks/startup.py` times the app to its first frame inside one Python process; this one
times what a user or a script pays for the `cardrogue` console script itself (the entry point
wrapper, the argument parser, every module the CLI imports at start), against a bare
`python -c "import textual.app"` measured in the same run. Runs alternate between the subjects
so drift in machine load falls on all alike.

    .venv/bin/python benchmarks/startup_command.py [--runs 21]

It prints figures only; it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent  # the venv's bin folder: the installed command lives there
BASELINE = "baseline"
SUBJECTS: dict[str, list[str]] = {
    BASELINE: [sys.executable, "-c", "import textual.app"],
    "cardrogue --help": [str(BIN / "cardrogue"), "--help"],
    "cardrogue --version": [str(BIN / "cardrogue"), "--version"],
}


def run_once(command: list[str]) -> float:
    """Milliseconds from starting the process to its exit."""
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          check=False)
    elapsed = (time.perf_counter() - started) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed (exit status {done.returncode})")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs of each (default 21)")
    args = parser.parse_args()
    if not (BIN / "cardrogue").exists():
        sys.exit(f"no installed command at {BIN / 'cardrogue'}: run scripts/install.sh first")

    names = list(SUBJECTS)
    for name in names:  # one untimed run each, so all start with warm file caches
        run_once(SUBJECTS[name])
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_number in range(args.runs):
        order = names if round_number % 2 == 0 else names[::-1]
        for name in order:
            times[name].append(run_once(SUBJECTS[name]))

    base = statistics.median(times[BASELINE])
    print(f"process start to exit, median of {args.runs} runs each")
    for name in names:
        runs = times[name]
        median = statistics.median(runs)
        ratio = "" if name == BASELINE else f"   {median / base:.2f}x the baseline"
        print(f"  {name:<22} {median:7.1f} ms (min {min(runs):.1f}, max {max(runs):.1f}){ratio}")
    print(f"  ({BASELINE}: {' '.join(SUBJECTS[BASELINE][1:])!r} in the same interpreter)")


if __name__ == "__main__":
    main()
