"""Map validation speed: the schema plus lint on one 128x128 level.

Run: .venv/bin/python benchmarks/validate_speed.py [--runs 21]

Prints medians over repeated runs, and compares them with a baseline measured in the same run:
tomllib parsing the same file, the least any reader of the format must pay. Target (issue 3):
schema + lint under 50 ms. It also shows, in fresh processes, that the app's startup path does
not import jsonschema, and what importing it would have cost. It prints figures only.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.cardrogue.board import PATH_GLYPHS  # noqa: E402
from engine.cardrogue.maps import dumps_map, validate_text  # noqa: E402
from engine.cardrogue.maps.check import check_document  # noqa: E402
from engine.cardrogue.maps.document import normalise  # noqa: E402
from engine.cardrogue.maps.lint import lint  # noqa: E402
from engine.cardrogue.maps.problems import Collector  # noqa: E402
from engine.cardrogue.maps.schema import schema_errors  # noqa: E402
from engine.core.dice import Dice  # noqa: E402

SIZE = 128
CONTENT = [".", ".", ".", ".", ".", ".", "g", "b", "t", "p", "f", "s", "k", "c", "B"]
LEGEND = {
    "g": "goblin", "b": "cave_bat", "t": "trap_spikes", "p": {"card": "potion", "colour": "red"},
    "f": "fountain", "s": {"card": "shop", "stock": ["sword", "potion", "shield"]}, "k": "key",
    "c": "chest", "B": {"card": "goblin", "name": "Big Goblin", "health": 9, "attack": 3},
}


def big_map_text() -> str:
    """A 128x128 level: every cell open on all sides it shares, with content scattered on it."""
    dice = Dice(7)
    paths, cells = [], []
    for r in range(SIZE):
        prow, crow = [], []
        for c in range(SIZE):
            bits = (1 if r > 0 else 0) | (2 if c < SIZE - 1 else 0) | \
                (4 if r < SIZE - 1 else 0) | (8 if c > 0 else 0)
            prow.append(PATH_GLYPHS[bits])
            crow.append(CONTENT[dice.below("content", len(CONTENT))])
        paths.append("".join(prow))
        cells.append("".join(crow))
    cells[0] = "@" + cells[0][1:]
    cells[-1] = cells[-1][:-1] + ">"
    document = {
        "format_version": 1, "kind": "challenge", "title": "Benchmark", "seed": 1,
        "levels": [{"id": "big", "story": "A very large cellar.", "character": "warrior",
                    "goals": [{"kind": "slay", "card": "goblin"}, {"kind": "chest"}],
                    "paths": "\n".join(paths) + "\n", "cells": "\n".join(cells) + "\n",
                    "legend": LEGEND}],
    }
    return dumps_map(document, "../schemas/map.schema.json")


def medians_ms(works: dict, runs: int) -> dict[str, float]:
    """Median time of each piece of work. The pieces take turns, round after round, so drift in
    the machine's load falls on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(runs):
        for name, work in works.items():
            gc.collect()  # so one piece's garbage is not collected on another's time
            start = time.perf_counter()
            work()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) * 1000 for name, t in times.items()}


def fresh_process(code: str) -> str:
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=REPO, timeout=120)
    return result.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs

    text = big_map_text()
    report = validate_text(text)
    assert report.valid, [p.message for p in report.errors]
    document = normalise(tomllib.loads(text))
    schema_errors(document)  # warm: load the schema and build the validator once

    figures = medians_ms({
        "parse": lambda: tomllib.loads(text),
        "schema": lambda: schema_errors(document),
        "lint": lambda: lint(document, Collector("bench")),
        "checked": lambda: check_document(tomllib.loads(text), "bench"),
        "whole": lambda: validate_text(text, "bench"),
    }, runs)
    parse, schema, linting = figures["parse"], figures["schema"], figures["lint"]
    checked, whole = figures["checked"], figures["whole"]

    print(f"one {SIZE}x{SIZE} level, {len(text.encode()):,} bytes of TOML; medians of {runs} runs")
    print(f"  baseline: tomllib.loads            {parse:7.2f} ms")
    print(f"  schema (jsonschema, warm)          {schema:7.2f} ms")
    print(f"  lint                               {linting:7.2f} ms")
    print(f"  schema + lint                      {schema + linting:7.2f} ms   "
          f"(target < 50 ms; {(schema + linting) / parse:.1f}x the parse)")
    print(f"  check_document (+ migrate, normalise, build MapSpec)  {checked - parse:7.2f} ms")
    print(f"  validate_text, all of it with the parse               {whole:7.2f} ms")

    startup = fresh_process(
        "import sys, contextlib, io\n"
        "import engine.cardrogue.maps\n"
        "from app.cli.cardrogue import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--version'])\n"
        "print('jsonschema' in sys.modules)\n")
    print(f"jsonschema imported on the startup path (app.cli + engine.cardrogue.maps): {startup}")
    costs = [float(fresh_process("import time; t = time.perf_counter(); import jsonschema; "
                                 "print(time.perf_counter() - t)")) * 1000 for _ in range(5)]
    print(f"what importing jsonschema costs when a file is validated: "
          f"{statistics.median(costs):.0f} ms (median of 5 fresh processes)")


if __name__ == "__main__":
    main()
