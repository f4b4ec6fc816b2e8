"""Keeping a finished game: its run in the player's runs folder, where `cardrogue verify` takes
it, and its entry on the local leaderboard, on the board its GameInfo names (the day's board of a
daily descent, else its seed's) or the one it was started for (a past day's archive board)."""

from __future__ import annotations

from pathlib import Path

from app.words import one_line
from engine.roguelike import RULES, State, record_run
from services import clock


def save_run(state: State, player: str) -> Path | str:
    """Save the run: the file it went to, or a sentence saying why it could not be saved."""
    return keep(state, player)[0]


def keep(state: State, player: str, board: str | None = None) -> tuple[Path | str, str]:
    """Save the run and enter it on `board` (None: the board its GameInfo names): where the
    file went (or why not), and a sentence on its rank there (or why there is none)."""
    try:
        run = record_run(state, player, recorded=clock.stamp())
    except ValueError as error:
        return f"The run could not be recorded: {one_line(error)}", ""
    try:
        from services.runfiles import keep_run

        saved: Path | str = keep_run(run)
    except Exception as error:  # noqa: BLE001 - the results still show without the file
        saved = f"The run could not be saved: {one_line(error)}"
    key = board or RULES.info.board_of(run)
    if key is None:
        return saved, ""
    try:
        from services.scores import ScoreStore

        with ScoreStore.open() as store:
            result = store.add_scored(run, key)
    except Exception as error:  # noqa: BLE001 - records are a bonus; the results still show
        return saved, f"The local leaderboard could not be used: {one_line(error)}"
    return saved, (f"{RULES.info.board_title(key)}, on this computer: rank "
                   f"{result.best.rank} of {result.players}.")
