"""Fixtures for Table Dungeon's screen tests."""

import pytest


@pytest.fixture
def no_computer_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer seats act at once, not after their pause for a person to follow them."""
    monkeypatch.setattr("app.games.tabledungeon.screens.table.COMPUTER_DELAY", 0)
