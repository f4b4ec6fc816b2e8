"""`cardrogue solve FILE`: prove each level's fewest moves with the engine's A* search.

    cardrogue solve MAP [--level ID] [--character C] [--max-seconds N] [--json]

A campaign's levels are solved in order (app/games/cardrogue/solutions.py), each from the state the previous
level's optimal solution leaves (health, items and gold carry over), and the total is their sum. `--level`
solves one level alone, from its own starting fields, as the editor's level play-test does.
A level whose search runs out of time reports the best win found and a proved lower bound,
marked not proved. Exit status: 0 every level proved, 1 a level unproved or unwinnable,
2 the map cannot be read or has errors.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from app.cli.output import err, out, write
from app.words import plural


def add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a map or campaign file (.toml)")
    parser.add_argument("--level", metavar="ID", help="solve this level alone")
    parser.add_argument("--character", metavar="C",
                        help="the hero (default: the first the map allows)")
    parser.add_argument("--max-seconds", type=float, default=None, metavar="N",
                        help="stop each level's search after N seconds with the best found")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def run_solve(args: argparse.Namespace) -> int:
    from app.games.cardrogue.solutions import solve_in_order
    from engine.cardrogue import State, maps
    report = maps.validate_file(args.file)
    if report.spec is None:
        write(maps.format_text([report]))
        return 2
    spec = report.spec
    if args.level is not None:
        chosen = [level for level in spec.levels if level.id == args.level]
        if not chosen:
            ids = ", ".join(level.id for level in spec.levels)
            err("solve", f"no level {args.level!r} (the levels: {ids})")
            return 2
        spec = dataclasses.replace(spec, levels=tuple(chosen))
    try:
        game = State.story(spec, args.character)
    except ValueError as refusal:
        err("solve", str(refusal))
        return 2
    levels: list[dict[str, Any]] = []
    for solved in solve_in_order(game, args.max_seconds):
        found = solved.found
        entry: dict[str, Any] = {
            "id": solved.level.id, "moves": None, "turns": None, "proved": found.proved,
            "lower_bound": found.lower_bound, "states": found.states,
            "seconds": round(found.seconds, 3), "actions": []}
        if found.solution is not None:
            entry.update(moves=found.solution.moves, turns=found.solution.turns,
                         actions=[a.to_dict() for a in found.solution.actions])
        levels.append(entry)
    done = game.outcome == "won" and all(entry["proved"] for entry in levels)
    total = sum(entry["moves"] for entry in levels) if game.outcome == "won" else None
    if args.json:
        # ASCII JSON: a file name or level id from outside cannot reach the terminal raw.
        out(json.dumps({"file": args.file, "levels": levels, "total_moves": total}))
    else:
        for entry in levels:
            out(_line(entry))
        out(f"total: {total} moves" if total is not None else "total: no win found")
    return 0 if done else 1


def _line(entry: dict[str, Any]) -> str:
    where = f"level {entry['id']}: "
    figures = f"({entry['states']:,} states, {entry['seconds']:.1f} s)"
    if entry["moves"] is None:
        if entry["proved"]:
            return where + f"no win is possible {figures}"
        return where + f"no win found; at least {entry['lower_bound']} moves {figures}"
    proof = "proved" if entry["proved"] else f"not proved; at least {entry['lower_bound']}"
    return (where + f"{plural(entry['moves'], 'move')}, {plural(entry['turns'], 'turn')}, "
            f"{proof} {figures}")
