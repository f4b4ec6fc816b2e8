"""Editor speed: one paint plus the problems update, on a 128×128 level.

Run: .venv/bin/python benchmarks/editor_speed.py [--runs 31] [--keys 60] [--no-app]

The level is benchmarks/validate_speed.py's: every cell open on all sides it shares, content
scattered over it, goals. It prints figures only; it asserts nothing. Target (the issue): key
press to frame under 16 ms median.

1. The check after one paint, in this process. Each run checks a document that differs from the
   one before in one cell, so every check sees a real change. Baselines measured in the same
   run: copy.deepcopy of the document, and check_document on an 8x8 level.
     - check_document(deepcopy(document))   what MapModel.report did before DocumentChecker
     - DocumentChecker().check(document)    the same Report, re-linting only changed levels
     - ... check(document, spec=False)      the same problems, without building the MapSpec:
                                            what MapModel.report calls
     - paint + write-back                   MapModel.set_glyph and MapModel.document, the
                                            model's own share of a paint
2. Key press to frame in the real app, measured exactly as benchmarks/play_speed.py measures
   the play screen: the app runs in a child process on its own pseudo-terminal (here 120x40),
   opened on EditorScreen(MapModel(the level)); the parent types keys one at a time, each after
   the last has settled, and the child records when each frame was handed to the terminal
   (App._display, on CLOCK_MONOTONIC). At each cell: a paint, a second different paint (both
   real changes, each re-checking the map), then a cursor move. Reported for the paints and the
   moves apart; the moves, which change nothing, are the baseline of the same run. Measured in
   the compact view, then again in the card view (`z` first: each cell drawn as the play
   board's card).
3. The same keys in this process, the app headless under App.run_test(size=(120, 40)): from
   pilot.press to the next frame App._display hands on. No terminal, so it shows what the app
   itself costs.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import statistics
import sys
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from play_speed import (  # the same method as play_speed
    ARROWS,
    KEY_GAP_SECONDS,
    TIMED_APP,
    frames_after,
    type_in_child,
)
from startup import REPO
from validate_speed import SIZE, big_map_text, medians_ms  # the same level

sys.path.insert(0, str(REPO))
from engine.cardrogue.maps import check_document
from engine.cardrogue.maps.incremental import DocumentChecker

TERMINAL_SIZE = (120, 40)
ROW = 1  # the row the app benchmark paints along (row 0 holds the start)


def big_document() -> dict:
    """The 128x128 level as the editor holds it: a normalised document."""
    report = check_document(tomllib.loads(big_map_text()))
    assert report.valid and report.document is not None, [p.message for p in report.errors]
    return report.document


def small_document() -> dict:
    paths = "".join("┌" + "┬" * 6 + "┐\n" if r == 0 else "└" + "┴" * 6 + "┘\n" if r == 7
                    else "├" + "┼" * 6 + "┤\n" for r in range(8))
    cells = "@" + "." * 7 + "\n" + "........\n" * 6 + "." * 7 + ">\n"
    return {"format_version": 1, "kind": "challenge", "title": "Small",
            "levels": [{"id": "small", "paths": paths, "cells": cells}]}


def variants(document: dict, row: int = 5) -> itertools.cycle:
    """Copies of `document` that differ in one cell each, one after another, for ever."""
    out = []
    level = document["levels"][0]
    rows = level["cells"].split("\n")
    for col, glyph in enumerate("g.b.t.k."):
        changed = list(rows)
        changed[row] = changed[row][:col + 2] + glyph + changed[row][col + 3:]
        out.append({**document, "levels": [{**level, "cells": "\n".join(changed)}]})
    return itertools.cycle(out)


def check_figures(runs: int) -> None:
    from app.games.cardrogue.editor.model import MapModel

    document = big_document()
    small = small_document()
    checker, quick = DocumentChecker(), DocumentChecker()
    docs = {name: variants(document) for name in ("full", "checker", "quick")}
    small_docs = variants(small, 3)
    model = MapModel(document)
    glyphs = itertools.cycle("g.")
    for warm in (checker.check(document), quick.check(document, spec=False)):
        assert not warm.errors

    def paint() -> None:
        model.set_glyph(0, 5, 5, next(glyphs), None)
        _ = model.document  # the edited grid written back into the document's strings

    figures = medians_ms({
        "deepcopy": lambda: copy.deepcopy(document),
        "small": lambda: check_document(copy.deepcopy(next(small_docs)), "<editor>"),
        "full": lambda: check_document(copy.deepcopy(next(docs["full"])), "<editor>"),  # before
        "checker": lambda: checker.check(next(docs["checker"]), "<editor>"),
        "quick": lambda: quick.check(next(docs["quick"]), "<editor>", spec=False),
        "paint": paint,
    }, runs)
    small_ms = figures["small"]
    print(f"the check after one paint, one {SIZE}x{SIZE} level; medians of {runs} runs")
    print(f"  baseline: copy.deepcopy of the document           {figures['deepcopy']:7.2f} ms")
    print(f"  baseline: check_document, one 8x8 level           {small_ms:7.2f} ms")
    for key, label in (("full", "check_document(deepcopy(doc))  (the old way)"),
                       ("checker", "DocumentChecker().check(doc)"),
                       ("quick", "DocumentChecker().check(doc, spec=False)  (model)"),
                       ("paint", "paint + write-back (MapModel)")):
        print(f"  {label:<48}  {figures[key]:7.2f} ms   {figures[key] / small_ms:5.1f}x "
              "the 8x8 check")


# ---------------------------------------------------------------------- key press to frame

CHILD = """
import json, sys, time, tomllib

sys.path.insert(0, "benchmarks")
from editor_speed import big_document
from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.screens.editor import EditorScreen

ready_path, out_path = sys.argv[-2], sys.argv[-1]
model = MapModel(big_document())
READY_DELAY = 1.0


def first_screen():
    return EditorScreen(model, None)
""" + TIMED_APP

KEYS = {**ARROWS, "3": b"3", "4": b"4", "5": b"5", "z": b"z"}  # 3: ".", 4: "g", 5: "b"
VIEWS = ("compact", "cards")


def key_plan(count: int, view: str = "compact") -> list[str]:
    """Along row ROW: paint a card that differs from the cell, then ".", then move right. The
    first keys (not timed) switch to the card view if asked, and move off the start."""
    cells = big_document()["levels"][0]["cells"].split("\n")[ROW]
    keys = (["z"] if view == "cards" else []) + ["down"]
    setup = len(keys)
    col = 0
    while len(keys) < count + setup:
        keys.extend(["5" if cells[col] == "g" else "4", "3", "right"])
        col += 1
    return keys[:count + setup]


def timed(key: str) -> bool:
    """Whether a key of the plan is measured (the setup keys are not)."""
    return key in ("3", "4", "5", "right")


def app_figures(count: int, view: str = "compact") -> dict[str, list[float]]:
    """Milliseconds from each key to its first frame, by kind of key (play_speed's method)."""
    plan = key_plan(count, view)
    keys = [KEYS[key] for key in plan]
    # A paint may take far longer than a frame on a slow day: let it settle.
    gaps = [KEY_GAP_SECONDS * (3 if key.isdigit() else 1) for key in plan]
    sent, frames = type_in_child(CHILD, [], keys, gaps, b"\x11", "the editor")
    out_figures: dict[str, list[float]] = {"paint": [], "move": []}
    for n, start in enumerate(sent):
        if not timed(plan[n]):
            continue
        after = frames_after(sent, frames, n)
        if after:
            out_figures["paint" if plan[n].isdigit() else "move"].append((after[0] - start) / 1e6)
    return out_figures


def report_app(count: int) -> None:
    print(f"key press to first frame, {SIZE}x{SIZE} level, terminal "
          f"{TERMINAL_SIZE[0]}x{TERMINAL_SIZE[1]} (play_speed's method)")
    for view in VIEWS:
        print_figures(f"terminal {view}", app_figures(count, view))


def headless_figures(count: int, view: str = "compact") -> dict[str, list[float]]:
    """Key to frame in this process, the app headless under `run_test(size=(120, 40))`: from
    `pilot.press` to the next frame handed to the (headless) terminal, timed as above."""
    import asyncio
    import gc

    from app.cardrogue_app import CardRogueApp
    from app.games.cardrogue.editor.model import MapModel
    from app.games.cardrogue.screens.editor import EditorScreen

    frames: list[int] = []

    class Timed(CardRogueApp):
        def _display(self, screen, renderable):
            super()._display(screen, renderable)
            if renderable is not None:
                frames.append(time.monotonic_ns())

    out: dict[str, list[float]] = {"paint": [], "move": []}

    async def run() -> None:
        app = Timed()
        async with app.run_test(size=TERMINAL_SIZE) as pilot:
            app.push_screen(EditorScreen(MapModel(big_document()), None))
            await pilot.pause(0.5)
            for key in key_plan(count, view):
                gc.collect()  # as in the check figures: no one key pays for the others' garbage
                start = time.monotonic_ns()
                seen = len(frames)
                await pilot.press(key)
                deadline = time.monotonic() + 2
                while len(frames) == seen and time.monotonic() < deadline:
                    await asyncio.sleep(0.001)
                if timed(key) and len(frames) > seen:
                    kind = "paint" if key.isdigit() else "move"
                    out[kind].append((frames[seen] - start) / 1e6)
                await pilot.pause(KEY_GAP_SECONDS)

    asyncio.run(run())
    return out


def print_figures(label: str, figures: dict[str, list[float]]) -> None:
    """Paints against the baseline of the same run: cursor moves, which change nothing."""
    medians = {}
    for kind in ("move", "paint"):
        times = sorted(figures[kind])
        if not times:
            print(f"  {label:<17} {kind:<5}  no frames")
            continue
        medians[kind] = statistics.median(times)
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"  {label:<17} {kind:<5}  median {medians[kind]:6.1f} ms   "
              f"p90 {p90:6.1f} ms   ({len(times)} keys)")
    if len(medians) == 2:
        print(f"  {label:<17} paint / move  {medians['paint'] / medians['move']:.2f}x")


def report_headless(count: int) -> None:
    print(f"key press to first frame, headless (App.run_test, size {TERMINAL_SIZE[0]}x"
          f"{TERMINAL_SIZE[1]}), a gc.collect() before each key")
    for view in VIEWS:
        print_figures(f"headless {view}", headless_figures(count, view))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31, help="runs of each check (default 31)")
    parser.add_argument("--keys", type=int, default=90,
                        help="keys typed into the app, two paints and a move a cell (default 90)")
    parser.add_argument("--no-app", action="store_true", help="skip the app's key to frame")
    args = parser.parse_args()
    check_figures(args.runs)
    if not args.no_app:
        report_app(args.keys)
        report_headless(args.keys)
        print("  target: 16 ms median")


if __name__ == "__main__":
    main()
