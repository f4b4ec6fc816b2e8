"""Keeping a finished game's run in the player's runs folder, where `cardrogue verify` takes it."""

from __future__ import annotations

from pathlib import Path

from engine.roguelike import State, record_run
from services import clock


def save_run(state: State, player: str) -> Path | str:
    """Save the run: the file it went to, or a sentence saying why it could not be saved."""
    try:
        from services.runfiles import keep_run

        path = keep_run(record_run(state, player, recorded=clock.stamp()))
    except Exception as error:  # noqa: BLE001 - the results still show without the file
        return f"The run could not be saved: {' '.join(str(error).split())}"
    return path
