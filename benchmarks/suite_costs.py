"""Where the test suite's time goes: the CPU and wall time of each test, summed by folder, file and
test, from one run of the README's test command (or of the paths given).

    .venv/bin/python benchmarks/suite_costs.py                     # the whole suite
    .venv/bin/python benchmarks/suite_costs.py tests/app -n 2      # a part, other pytest options
    .venv/bin/python benchmarks/suite_costs.py --top 40

CPU is the worker's own (`time.process_time`) plus that of the child processes it waited for in
the test; wall is the test's whole protocol (setup, call, teardown). CPU holds better than wall on
a busy machine. Programs a test starts but does not wait for (a tmux server, a shared PostgreSQL)
are not counted. Loaded as a pytest plugin (`-p suite_costs`), it writes one line per test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
OUT = "SUITE_COSTS_DIR"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, Any, None]:
    """The plugin: time one test and append it to this worker's file."""
    wall, cpu, children = time.monotonic(), time.process_time(), _children_cpu()
    yield
    line = {
        "test": item.nodeid,
        "wall": time.monotonic() - wall,
        "cpu": time.process_time() - cpu + _children_cpu() - children,
    }
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(Path(os.environ[OUT]) / f"{worker}.jsonl", "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def _table(title: str, sums: dict[str, list[float]], top: int, total_cpu: float) -> None:
    print(f"\n{title}: cpu s, share of cpu, wall s, tests")
    ranked = sorted(sums.items(), key=lambda kv: kv[1][0], reverse=True)[:top]
    for name, (cpu, wall, count) in ranked:
        print(f"{cpu:9.1f} {100 * cpu / total_cpu:5.1f}% {wall:9.1f} {int(count):6d}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=25, help="rows per table (default 25)")
    args, pytest_args = parser.parse_known_args()
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, **{OUT: folder})
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "benchmarks"),
                                                          env.get("PYTHONPATH")]))
        began = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "pytest", "-p", "suite_costs", "-p",
                               "no:cacheprovider", *pytest_args], cwd=ROOT, env=env,
                              capture_output=True, text=True)
        seconds = time.monotonic() - began
        rows = [json.loads(line) for path in Path(folder).glob("*.jsonl")
                for line in path.read_text(encoding="utf-8").splitlines()]
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    print(f"{lines[-1] if lines else '(no output)'}; {seconds:.1f} s wall, exit {done.returncode}")
    total_cpu = sum(row["cpu"] for row in rows) or 1.0
    print(f"{len(rows)} tests, {total_cpu:.1f} s cpu, {sum(r['wall'] for r in rows):.1f} s wall "
          "summed over tests")
    by: dict[str, dict[str, list[float]]] = {k: defaultdict(lambda: [0.0, 0.0, 0])
                                             for k in ("folder", "file", "test")}
    for row in rows:
        file = row["test"].split("::")[0]
        keys = {"folder": str(Path(file).parent), "file": file, "test": row["test"]}
        for kind, key in keys.items():
            sums = by[kind][key]
            sums[0] += row["cpu"]
            sums[1] += row["wall"]
            sums[2] += 1
    for kind in ("folder", "file", "test"):
        _table(f"by {kind}", by[kind], args.top, total_cpu)


if __name__ == "__main__":
    main()
