"""The contract suite checks the test game Nim (tests/nim) as well as every registered game: it
is registered while the suite lists its games at collection (support.py) and during each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.nim import plugin as nim_plugin


@pytest.fixture(autouse=True)
def test_game_registered() -> Iterator[None]:
    with nim_plugin.registered():
        yield
