"""What the contract tests share: every game's sample setups, seeded random play, and what
verify gets besides the run."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine import games
from engine.core.contract import Rules
from tests.nim import plugin as nim_plugin

BOUND = 600  # actions of random play before a game counts as still going


def game_names() -> list[str]:
    """The games the suite checks: every registered game, and the test game Nim
    (conftest.py registers it during each test)."""
    with nim_plugin.registered():
        return games.names()


def setups() -> list[Any]:
    out = []
    with nim_plugin.registered():
        for name in games.names():
            for n, options in enumerate(games.load(name).sample_options()):
                out.append(pytest.param(name, options, id=f"{name}-{n}"))
    return out


def play(rules: Rules, options: dict[str, Any], seed: int, bound: int = BOUND) -> Any:
    """A game of `rules` set up with `options`, played by choosing uniformly among the legal
    actions, until it ends or `bound` actions have been applied."""
    state = rules.new_game(**options)
    chooser = random.Random(seed)
    for _ in range(bound):
        if state.is_over:
            break
        legal = list(state.legal_actions())
        assert legal, "a game that is not over must offer an action"
        state.apply(chooser.choice(legal))
    return state


def context(options: dict[str, Any]) -> dict[str, Any]:
    """What verify gets besides the run: the setup the game was played on (a game played on
    maps finds its map there)."""
    return {key: value for key, value in options.items() if key != "seed"}


def as_plain(value: Any) -> Any:
    """A view value as plain JSON values: through its to_dict, or dataclasses.asdict."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return value
