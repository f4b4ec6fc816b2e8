"""A breadth-first solver for small story maps: the fewest moves that win, and the best turns
among those. Determinism makes a map a puzzle with a true minimum; this finds it where the map
is small enough, so a par can be proved rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.protocol import Action
from engine.cardrogue.game import Game
from engine.cardrogue.level import MapSpec

# Actions that can never shorten a win.
_NEVER = ("quit", "leave", "come_back")


@dataclass(frozen=True)
class Solution:
    actions: tuple[Action, ...]
    moves: int
    turns: int
    states: int  # distinct states explored


def _key(game: Game) -> tuple:
    fp = game.fingerprint()
    return fp[:2] + fp[3:]  # the turn counter does not change what can happen next


def solve(spec: MapSpec, character: str, *, max_states: int = 100_000) -> Solution | None:
    """The shortest winning action list, or None if there is none within `max_states`."""
    return solve_from(Game.story(spec, character), max_states=max_states)


def solve_from(start: Game, *, level_only: bool = False,
               max_states: int = 100_000) -> Solution | None:
    """The fewest actions from `start` that win (or, with `level_only`, that finish the current
    level). Ties go to fewer turns, then more health kept. None past `max_states` states."""
    level = start.level_index
    base = len(start.history)
    seen = {_key(start)}
    frontier = [start]
    while frontier:
        wins, following = [], []
        for game in frontier:
            for action in game.legal_actions():
                if action.kind in _NEVER:
                    continue
                child = game.clone()
                child.apply(action)
                if child.outcome == "won" or (level_only and child.outcome is None
                                              and child.level_index > level):
                    wins.append(child)
                    continue
                if child.outcome is not None:
                    continue
                key = _key(child)
                if key in seen:
                    continue
                seen.add(key)
                following.append(child)
                if len(seen) > max_states:
                    return None
        if wins:
            best = min(wins, key=lambda g: (g.turn, -g.players[0].health))
            return Solution(tuple(best.history[base:]), len(best.history) - base,
                            best.turn - start.turn, len(seen))
        frontier = following
    return None
