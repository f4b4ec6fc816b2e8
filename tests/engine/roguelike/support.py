"""Helpers for the Rogue Like Roguelike tests: seeded players and the map's invariants."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from engine.core.dice import Dice
from engine.roguelike import RULES
from engine.roguelike.actions import Action
from engine.roguelike.paper import STEPS, Level, step
from engine.roguelike.state import State


def created(seed: int, skills: tuple[str, str] = ("stab", "search")) -> State:
    """A game past character creation."""
    state = RULES.new_game(seed=seed)
    for name in skills:
        state.apply(Action("choose_skill", name=name))
    return state


def random_play(seed: int, bound: int = 1500, check=None) -> State:
    """Play uniformly random legal actions (chosen by a stream of their own) until the game ends
    or `bound` actions were taken; `check(state)` runs after every action."""
    state = RULES.new_game(seed=seed)
    chooser = Dice(seed, {})
    for _ in range(bound):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action in phase {state.phase}"
        state.apply(legal[chooser.below("player", len(legal))])
        if check is not None:
            check(state)
    return state


def adjacent(level: Level, square: tuple[int, int], place_id: int) -> bool:
    squares = set(level.places[place_id].squares)
    return any(step(square, d) in squares for d in STEPS)


def check_map(state: State) -> None:
    """The map is consistent: doors join places, stairs exist, the rogue stands on his place."""
    for level in state.levels:
        assert "up" in level.reached, "every level has its up staircase"
        assert ("down" in level.landmarks) != ("amulet" in level.landmarks)
        for door in level.doors:
            assert level.door_at(door.square) == door.id
            assert adjacent(level, door.square, door.inner)
            if door.open and not door.false:
                assert door.outer is not None, f"door {door.id} leads nowhere"
                assert adjacent(level, door.square, door.outer)
        for place in level.places:
            for square in place.squares:
                assert level.place_at(square) == place.id
    r, c = state.rogue_square()
    assert state.level.place_at((r, c)) == state.here, "the rogue stands on his own place"


def check_view(state: State) -> None:
    """The view shows no square the rogue has not seen."""
    level = state.level
    for r, row in enumerate(state.view(0).map_rows):
        assert len(row) == level.width
        for c, glyph in enumerate(row):
            if glyph != " ":
                assert r * level.width + c in level.seen, (r, c, glyph)


def balance():
    """benchmarks/roguelike_balance.py as a module: its careful scripted player."""
    path = Path(__file__).resolve().parents[3] / "benchmarks" / "roguelike_balance.py"
    spec = importlib.util.spec_from_file_location("roguelike_balance", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
