"""Run files on disk: keeping the player's runs, and exporting a board's runs to share.

File names read well in a folder listing and never collide:
`<map title>_<share code>_<player>_<result>_<first 8 of the run hash>.run.json`, where the result
is `won-16-moves`, `lost-on-level-2`, `unfinished-level-2` or, at a classic table,
`table-12-turns`: a lost run's name never looks like a score. Another game's run has no map:
`<game>_<player>_<result>_<first 8 of the run hash>.run.json`, its result `won-17-points`,
`lost` or `unfinished`.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from engine.cardrogue import Run, parse_run, share_code
from engine.core import RUN_SUFFIX, RunError, remove_stale_temporaries, save_run
from engine.core.runs import Run as AnyRun
from services.paths import runs_dir
from services.scores import Entry, ScoreStore

_UNSAFE = re.compile(r"[^A-Za-z0-9-]+")
CLEAR_SUFFIX = ".clear.json"


def safe_name(text: str, limit: int) -> str:
    """`text` as a piece of a file name: ASCII letters, digits and dashes only."""
    return _UNSAFE.sub("-", text).strip("-")[:limit].strip("-")


def clear_path(map_path: str | os.PathLike[str]) -> Path:
    """Where a map file's clear is kept: `dungeon.toml` -> `dungeon.clear.json`."""
    map_path = Path(map_path)
    return map_path.with_name(map_path.stem + CLEAR_SUFFIX)


def run_result(run: Run) -> str:
    """What the run came to, for its file name."""
    claimed = run.claimed
    outcome, moves, turns = claimed.get("outcome"), claimed.get("moves"), claimed.get("turns")
    levels = claimed.get("level_moves")
    level = len(levels) if isinstance(levels, tuple) and levels else 1
    if outcome == "won" and isinstance(moves, int):
        return f"won-{moves}-moves"
    if outcome == "lost":
        return f"lost-on-level-{level}"
    if run.table is not None and isinstance(turns, int):
        return f"table-{turns}-turns"
    return f"unfinished-level-{level}"


def other_result(run: AnyRun) -> str:
    """What a run of another game came to, for its file name: its outcome, and a win's score,
    credited to the seat that won when that is not the run's player."""
    outcome, score = run.claimed.get("outcome"), run.claimed.get("score")
    if outcome == "won" and isinstance(score, int):
        winner = _winner(run)
        if winner is not None and winner != run.player:
            return f"{safe_name(winner, 24) or 'another'}-won-{score}-points"
        return f"won-{score}-points"
    return safe_name(outcome, 16) if isinstance(outcome, str) and outcome else "unfinished"


def _winner(run: AnyRun) -> str | None:
    """The name of the first winning seat of a table run (claimed `winners`), if it says one."""
    winners, names = run.claimed.get("winners"), getattr(run, "players", None)
    if not isinstance(winners, (list, tuple)) or not winners or not isinstance(names, (list, tuple)):
        return None
    seat = winners[0]
    if isinstance(seat, int) and 0 <= seat < len(names) and isinstance(names[seat], str):
        return names[seat]
    return None


def run_file_name(run: AnyRun) -> str:
    player = safe_name(run.player, 24) or "player"
    if not isinstance(run, Run):  # another game's run: no map, the game names it
        return f"{run.game}_{player}_{other_result(run)}_{run.hash[:8]}{RUN_SUFFIX}"
    title = safe_name(run.map_title, 32).casefold()
    map_part = f"{title}_{share_code(run.map_id)}" if title else share_code(run.map_id)
    return f"{map_part}_{player}_{run_result(run)}_{run.hash[:8]}{RUN_SUFFIX}"


def keep_run(run: AnyRun, folder: str | os.PathLike[str] | None = None) -> Path:
    """Save a run in the player's runs folder (or `folder`), atomically. Saving the same run
    again rewrites the same file."""
    target_folder = Path(folder) if folder is not None else runs_dir()
    target_folder.mkdir(parents=True, exist_ok=True)
    # File times are the real clock's, so the real clock (not services.clock) judges them.
    remove_stale_temporaries(target_folder, time.time())
    path = target_folder / run_file_name(run)
    save_run(path, run)
    return path


def export_runs(store: ScoreStore, map_id: str, folder: str | os.PathLike[str], *,
                player: str | None = None, every_entry: bool = False,
                ) -> tuple[list[Path], list[tuple[str, str]]]:
    """Write the runs of a map's board into `folder`: each player's best (the board), or every
    entry with `every_entry`, optionally only one player's. Returns the files written, and
    (run hash, reason) for each stored run too damaged to write; the others are still
    written."""
    entries: list[Entry]
    if every_entry:
        entries = store.entries(map_id, player)
    elif player is not None:
        best = store.best(map_id, player)
        entries = [best] if best is not None else []
    else:
        entries = store.leaderboard(map_id, limit=1_000_000)
    written = []
    damaged = []
    for entry in entries:
        text = store.run_text(entry.run_hash)
        if text is None:
            continue
        try:
            run = parse_run(text)
        except RunError as exc:
            damaged.append((entry.run_hash, str(exc)))
            continue
        written.append(keep_run(run, folder))
    return written, damaged
