"""Where the play screens meet run files and the local leaderboard (services).

A won run enters the local leaderboard when the results screen opens, unless a hint was used
(an assisted run) (the store verifies it by
replaying, as every entry is); "Save run" also keeps it as a run file. Nothing here may break
the results screen: a store that cannot be opened is reported in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from app.words import one_line
from services import clock

if TYPE_CHECKING:
    from app.games.cardrogue.session import Session

@dataclass
class Standing:
    """What the results screen says about records."""

    best: tuple[int, int] | None = None  # (moves, turns) of the player's best on this map
    rank: int | None = None  # the best's rank on the local board
    players: int = 0  # how many players the board ranks
    improved: bool = False  # this run became the player's best
    note: str = ""  # a problem worth telling (the store could not be used)


def enter_run(session: Session) -> Standing:
    """Enter a won run on the local leaderboard and report the standing; for a lost or an
    assisted run (a hint was used), just look up the standing."""
    try:
        from services.scores import ScoreStore

        with ScoreStore.open() as store:
            improved = False
            if session.view().outcome == "won" and not session.assisted:
                run = session.record(clock.stamp())
                improved = store.add(run, session.spec).improved
            best = store.best(session.map_id, session.name)
            standing = Standing(improved=improved, players=store.players(session.map_id))
            if best is not None:
                standing.best = (best.moves, best.turns)
                standing.rank = best.rank
            if store.notice:
                standing.note = store.notice
            return standing
    except Exception as error:  # noqa: BLE001 - records are a bonus; the results still show
        return Standing(note=f"The local leaderboard could not be used: {one_line(error)}")


def save_run(session: Session) -> str:
    """Keep the run as a file in the player's runs folder; returns a sentence for the player."""
    try:
        from services.runfiles import keep_run

        path: Path = keep_run(session.record(clock.stamp()))
    except Exception as error:  # noqa: BLE001
        return f"The run could not be saved: {one_line(error)}"
    return f"Run saved to {path}"
