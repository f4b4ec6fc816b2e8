"""Nim installed as a plugin game: a package on the path and entry points naming its Rules and
its hosting in the app, for this process (engine.games and app.registry read the entry points
again) and for the `cardrogue` commands the tests start (PYTHONPATH)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from app import registry
from engine import games
from tests.nim.plugin import HERE, NAME, RULES_AT


@pytest.fixture
def nim_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """Install Nim for the test; yields the environment for a `cardrogue` process that has it."""
    site = tmp_path / "site"
    info = site / "nim_game-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nim-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[cardrogue.games]\n{NAME} = {RULES_AT}\n"
        f"[cardrogue.app_games]\n{NAME} = nim_game.app:HOSTED\n")
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(games, "_plugins", None)  # read the entry points again
    monkeypatch.setattr(games, "_loaded", {})
    monkeypatch.setattr(registry, "_plugins", None)  # the app's too
    monkeypatch.setattr(registry, "_found", {})
    monkeypatch.setattr(registry, "_problems", [])
    path = os.pathsep.join([str(site), str(HERE), os.environ.get("PYTHONPATH", "")])
    yield {**os.environ, "PYTHONPATH": path.rstrip(os.pathsep)}
