"""Solver speed: the A* search against the breadth-first search it replaced, and how both grow;
with --baseline, beside another checkout's solver (today's main, say) in the same run.

Run: .venv/bin/python benchmarks/solver_speed.py [--max-seconds N] [--quick] [--repeat N]
                                                   [--baseline DIR]

Prints, for each level: the moves proved, states explored, seconds, states per second and peak
memory: the peak resident size of a fresh child process per search (so one search's memory
never counts against another's), and per state the growth of that peak during the search
(the interpreter and the map before it are left out). The load average is printed first:
the machine may be shared, so compare runs by states as well as by seconds. Levels: open grids
of face-down cards with content from 4x4 up to 16x16, and mazes (corridors only) from 8x8 up to
24x24. A search that passes --max-seconds (default 60) is reported as not proved, with its lower
bound. `--baseline DIR` runs the same searches again on the engine in DIR (a worktree of main:
`git worktree add /tmp/solver-main main`), each row marked "base". Targets (issue 35): a 12x12
open grid with content proved in under 10 s and 2 GiB, a 16x16 one in under 60 s and 4 GiB, a
24x24 maze in under 10 s.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cardrogue.board import PATH_GLYPHS, E, N, S, W  # noqa: E402
from engine.core.dice import Dice  # noqa: E402

# What an open grid holds besides plain paths: a few fights, a trap, a potion and a shop's worth.
CONTENT = ["path"] * 9 + ["goblin", "cave_bat", "trap_spikes", "potion", "sword", "fountain"]


def open_grid(size: int, seed: int = 1) -> tuple[str, str, dict]:
    """Every cell a crossing (walls only at the border), content drawn from our own dice."""
    dice = Dice(seed)
    paths: list[str] = []
    cells: list[str] = []
    legend: dict[str, str] = {}
    for r in range(size):
        prow, crow = "", ""
        for c in range(size):
            bits = (N if r else 0) | (S if r < size - 1 else 0) | (W if c else 0) | \
                (E if c < size - 1 else 0)
            prow += PATH_GLYPHS[bits]
            card = CONTENT[dice.below("content", len(CONTENT))]
            crow += legend.setdefault(card, chr(0x41 + len(legend)))
        paths.append(prow)
        cells.append(crow)
    cells[0] = "@" + cells[0][1:]
    cells[-1] = cells[-1][:-1] + ">"
    return "\n".join(paths), "\n".join(cells), {g: c for c, g in legend.items()}


def maze(size: int, seed: int = 1) -> tuple[str, str, dict]:
    """A perfect maze carved by a depth-first walk (our own dice), start to far corner."""
    dice = Dice(seed)
    bits = [0] * (size * size)
    seen = {0}
    stack = [0]
    steps = {N: (-1, 0, S), E: (0, 1, W), S: (1, 0, N), W: (0, -1, E)}
    while stack:
        here = stack[-1]
        r, c = divmod(here, size)
        options = [(bit, (r + dr) * size + c + dc, back) for bit, (dr, dc, back) in steps.items()
                   if 0 <= r + dr < size and 0 <= c + dc < size
                   and (r + dr) * size + c + dc not in seen]
        if not options:
            stack.pop()
            continue
        bit, there, back = options[dice.below("maze", len(options))]
        bits[here] |= bit
        bits[there] |= back
        seen.add(there)
        stack.append(there)
    paths = "\n".join("".join(PATH_GLYPHS[b] for b in bits[r * size:(r + 1) * size])
                      for r in range(size))
    cells = ["." * size for _ in range(size)]
    cells[0] = "@" + cells[0][1:]
    cells[-1] = cells[-1][:-1] + ">"
    return paths, "\n".join(cells), {}


CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from engine.cardrogue import State, level_from_grids, map_from_levels
from engine.cardrogue.solver import breadth_first, search
paths, cells, legend, how, seconds = json.loads(sys.stdin.read())
level, custom = level_from_grids("bench", paths, cells, legend)
game = State.story(map_from_levels([(level, custom)], seed=7), "warrior")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
began = time.perf_counter()
if how == "astar":
    found = search(game, max_seconds=seconds, clock=time.monotonic)
    moves = found.solution.moves if found.solution else None
    out = {{"moves": moves, "proved": found.proved, "bound": found.lower_bound,
           "states": found.states}}
else:
    solution = breadth_first(game, max_states=400_000)
    out = {{"moves": solution.moves if solution else None, "proved": solution is not None,
           "bound": None, "states": solution.states if solution else 400_000}}
out["seconds"] = time.perf_counter() - began
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
out["peak_mb"] = peak / 2**10
out["search_mb"] = (peak - before) / 2**10
print(json.dumps(out))
"""


def measure(level: tuple[str, str, dict], how: str, seconds: float, repeat: int,
            root: Path = ROOT) -> dict:
    """One search on the engine under `root`, run `repeat` times (once if the first run ends
    past a third of the budget): the run of the median seconds (the searches are
    deterministic: states and moves agree)."""
    runs = [_measure_once(level, how, seconds, root)]
    while len(runs) < repeat and "error" not in runs[0] and runs[0]["seconds"] < seconds / 3:
        runs.append(_measure_once(level, how, seconds, root))
    runs.sort(key=lambda r: r.get("seconds", 0))
    return runs[len(runs) // 2]


def _measure_once(level: tuple[str, str, dict], how: str, seconds: float, root: Path) -> dict:
    child = subprocess.run([sys.executable, "-c", CHILD.format(root=str(root))],
                           input=json.dumps([*level, how, seconds]), capture_output=True,
                           text=True, timeout=seconds * 3 + 120)
    if child.returncode != 0:
        return {"error": child.stderr.strip().splitlines()[-1:]}
    return json.loads(child.stdout)


def show(name: str, how: str, r: dict) -> None:
    if "error" in r:
        print(f"{name:14} {how:6} failed: {r['error']}")
        return
    rate = r["states"] / r["seconds"] if r["seconds"] else 0
    proof = "proved" if r["proved"] else f"NOT proved (at least {r['bound']})"
    print(f"{name:14} {how:6} moves {r['moves']!s:>4}  {proof:28} {r['states']:>9,} states "
          f"{r['seconds']:7.2f} s  {rate:8,.0f} states/s  peak {r['peak_mb']:7.1f} MiB "
          f"({r['search_mb'] * 2**20 / max(r['states'], 1):,.0f} B/state)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-seconds", type=float, default=60.0)
    parser.add_argument("--quick", action="store_true", help="the small levels only")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each search short enough, the median shown")
    parser.add_argument("--baseline", type=Path,
                        help="a checkout whose solver runs the same searches (rows marked base)")
    args = parser.parse_args()
    if args.baseline is not None and not (args.baseline / "engine" / "cardrogue").is_dir():
        parser.error(f"{args.baseline} holds no engine/cardrogue: give a checkout of this repo")
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    grids = [4, 5, 6] if args.quick else [4, 5, 6, 7, 8, 10, 12, 14, 16]
    mazes = [8] if args.quick else [8, 10, 12, 14, 16, 20, 24]

    def run(name: str, level: tuple[str, str, dict], bfs: bool) -> None:
        show(name, "A*", measure(level, "astar", args.max_seconds, args.repeat))
        if args.baseline is not None:
            show(name, "base", measure(level, "astar", args.max_seconds, args.repeat,
                                       args.baseline))
        if bfs:
            show(name, "BFS", measure(level, "bfs", args.max_seconds, args.repeat))

    print("open grids of face-down cards with content (A* against breadth-first where it fits):")
    for size in grids:
        run(f"grid {size}x{size}", open_grid(size), size <= 5)
    print("mazes:")
    for size in mazes:
        run(f"maze {size}x{size}", maze(size), size <= 8)


if __name__ == "__main__":
    main()
