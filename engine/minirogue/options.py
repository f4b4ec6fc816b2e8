"""SET-UP: a game's options (the difficulty and the Dungeon Keys variant) and their checks."""

from __future__ import annotations

from typing import Any

from engine.core.dice import MASK64
from engine.minirogue.state import State
from engine.minirogue.tables import DIFFICULTIES, tables

DEFAULTS: dict[str, Any] = {"difficulty": "normal", "dungeon_keys": False}


def setup_problem(seed: Any, difficulty: Any, dungeon_keys: Any) -> str | None:
    """Why this setup cannot start a game, in one sentence, or None."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MASK64:
        return f"seed must be a whole number from 0 to {MASK64}"
    if not isinstance(difficulty, str) or difficulty not in DIFFICULTIES:
        return f"difficulty must be one of {', '.join(DIFFICULTIES)}"
    if not isinstance(dungeon_keys, bool):
        return "dungeon_keys must be true or false"
    return None


def start(seed: Any, difficulty: Any = "normal", dungeon_keys: Any = False) -> State:
    """A new game, or ValueError naming what is wrong with the setup."""
    problem = setup_problem(seed, difficulty, dungeon_keys)
    if problem:
        raise ValueError(problem)
    return State(tables(), seed, difficulty, dungeon_keys)
