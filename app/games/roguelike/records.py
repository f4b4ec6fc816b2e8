"""Keeping a finished game's run in the player's runs folder, where `cardrogue verify` takes it."""

from __future__ import annotations

from engine.roguelike import RogueState, record_run


def save_run(state: RogueState, player: str) -> str:
    """Save the run; a sentence for the player: where it went, or why it could not be saved."""
    try:
        from services.runfiles import keep_run

        path = keep_run(record_run(state, player))
    except Exception as error:  # noqa: BLE001 - the results still show without the file
        return f"The run could not be saved: {' '.join(str(error).split())}"
    return f"Run saved to {path}"
