"""Fixtures for the app's tests."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.cardrogue_app import CardRogueApp


@pytest.fixture(autouse=True)
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every app test gets its own empty user data folder and a fixed player name, so the
    leaderboard and the map lists start empty and screens are the same on every machine."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(folder))
    monkeypatch.setenv("CARDROGUE_PLAYER", "Tester")
    monkeypatch.delenv("CARDROGUE_SERVER", raising=False)  # no test reaches a server by chance
    yield folder


@pytest.fixture
def app() -> CardRogueApp:
    """A fresh app with animations off, so snapshots and pilot tests see settled frames."""
    app = CardRogueApp()
    app.animation_level = "none"
    return app


@pytest.fixture(autouse=True)
def editor_solver_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor's background solver starts only in the tests about it (test_editor_par.py
    turns it on): its result reaching the status line while a snapshot is taken would make the
    snapshot depend on the machine's speed."""
    monkeypatch.setattr("app.games.cardrogue.screens.editor.PAR_DELAY", 3600.0)
