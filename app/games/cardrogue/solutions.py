"""Optimal solutions of a story map, level after level (`cardrogue solve` and the results
screen's "Optimal solution"). No Textual here.

Each level is solved with the engine's A* search from the state the previous level's solution
leaves (health, items and gold carry over), so the campaign's total is the sum of the levels'.
A level whose search runs out of time stops the chain: later levels would start from a state
not proved best.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from app.games.cardrogue.replay import Replay, RunMap
from app.words import plural
from engine.cardrogue import LevelSpec, MapSpec, Search, State, search


@dataclass(frozen=True)
class LevelSolved:
    level: LevelSpec
    found: Search


def solve_in_order(game: State, max_seconds: float | None = None) -> Iterator[LevelSolved]:
    """Solve `game`'s levels in order from where it is, applying each solution to `game`; yields
    each level's search. Stops after a level with no win or one not proved."""
    while game.outcome is None:
        level = game.level
        found = search(game, level_only=True, max_seconds=max_seconds, clock=time.monotonic)
        yield LevelSolved(level, found)
        if found.solution is None:
            return
        for action in found.solution.actions:
            game.apply(action)
        if not found.proved:
            return


# How long the results screen's "Optimal solution" lets the solver think about each level.
LEVEL_SECONDS = 20.0
SOLVER_NAME = "Optimal line"  # the player the viewer names for a solution


@dataclass(frozen=True)
class Shown:
    """What "Optimal solution" found: a verified replay of a won game (or None) and a sentence
    saying what it is."""

    replay: Replay | None
    message: str


def optimal_replay(spec: MapSpec, character: str, seed: int, identity: str,
                   max_seconds: float = LEVEL_SECONDS) -> Shown:
    """Solve `spec` from its start, level after level, and open the won game for watching."""
    from engine.cardrogue import record_run

    game = State.story(spec, character, SOLVER_NAME, seed=seed)
    solved = list(solve_in_order(game, max_seconds))
    if game.outcome != "won":
        last = solved[-1]
        title = last.level.title or last.level.id
        if last.found.solution is None and last.found.proved:
            return Shown(None, f"{title}: no win is possible from where the level before "
                               "leaves the hero.")
        return Shown(None, f"{title} could not be solved within {max_seconds:g} seconds.")
    run = record_run(game, SOLVER_NAME, identity=identity, recorded="")
    replay = Replay.verified(run, RunMap(spec, identity))
    if all(level.found.proved for level in solved):
        return Shown(replay, f"An optimal solution: {plural(game.moves, 'move')}, "
                             "proved the fewest.")
    return Shown(replay, f"The best solution found: {plural(game.moves, 'move')}, not proved "
                         "the fewest (the search ran out of time).")
