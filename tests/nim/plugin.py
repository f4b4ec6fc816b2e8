"""Nim registered in engine.games for this process only, without installing it: for the test
suites that check every game (tests/contract), where Nim must be one of the games they list at
collection and load in each test. tests/nim's own fixture installs it by its entry points
instead, which `cardrogue` processes need."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from engine import games

NAME = "nim"
RULES_AT = "nim_game.rules:RULES"  # what its entry point names
HERE = Path(__file__).parent  # holds the nim_game package


@contextmanager
def registered() -> Iterator[None]:
    """Nim is in engine.games (after the built-in games and any installed plugin) until the
    block ends; then the registry is as it was."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(HERE))
        installed = games.plugins(games.PLUGIN_GROUP, games.GAMES)
        patch.setattr(games, "_plugins", {**installed, NAME: RULES_AT})
        patch.setattr(games, "_loaded", {})
        yield
