"""Campaigns kept half-way: the actions of an unfinished story run, to continue it later.

A save is a run (engine/core/runs.py: map id, seed, player, character, every action) wrapped
with where the map file was, in `saves/` of the user data folder, one file per map, written
atomically. Continuing replays the actions, so the game comes back exactly as it was left, log
included. A save is refused in words (SaveError) when its file is damaged, its map cannot be
found, or the rules changed so that its actions no longer replay; the file is then left alone.

Nothing here imports Textual.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.words import one_line
from engine.cardrogue import run_from_dict
from engine.core import MAX_RUN_BYTES, FileTooLarge, RunError, read_limited, write_atomic
from services import clock

if TYPE_CHECKING:
    from app.games.cardrogue.session import Session
    from engine.cardrogue import Run

SAVE_KIND = "cardrogue saved campaign"
SAVE_VERSION = 1


class SaveError(Exception):
    """A save that cannot be continued, with the reason in words."""


@dataclass(frozen=True)
class Saved:
    """A save as the title screen lists it."""

    path: Path
    title: str
    level: int  # the level being played, counted from 1
    levels: int
    moves: int


def saves_dir(create: bool = True) -> Path:
    from services.paths import data_dir

    folder = data_dir(create) / "saves"
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_path(map_id: str, create: bool = True) -> Path:
    return saves_dir(create) / f"{map_id[:24]}.json"


def keep(session: Session) -> Path:
    """Save the session's run so far, replacing this map's earlier save."""
    run = session.record(clock.stamp())
    doc = {
        "kind": SAVE_KIND,
        "version": SAVE_VERSION,
        "title": session.title,
        "source": str(session.source.resolve()) if session.source is not None else None,
        "level": session.level_index + 1,
        "levels": len(session.spec.levels),
        "run": run.to_dict(),
        "assisted": session.assisted,  # a hint was used: it stays off the leaderboard
    }
    path = save_path(session.map_id)
    write_atomic(path, (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    return path


def discard(map_id: str) -> None:
    """Forget this map's save, if it has one (the run is over, or started again and left)."""
    save_path(map_id, create=False).unlink(missing_ok=True)


def _read(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(read_limited(path, MAX_RUN_BYTES + 10_000).decode("utf-8"))
    except FileTooLarge:
        raise SaveError(f"{path.name} is too large to be a saved campaign") from None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise SaveError(f"{path.name} cannot be read: {one_line(error)}") from None
    if not isinstance(doc, dict) or doc.get("kind") != SAVE_KIND:
        raise SaveError(f"{path.name} is not a saved campaign")
    if doc.get("version") != SAVE_VERSION:
        raise SaveError(f"{path.name} was saved by another version of Card Rogue")
    return doc


def latest() -> Saved | None:
    """The save written last that can be read, or None."""
    folder = saves_dir(create=False)
    if not folder.is_dir():
        return None
    files = sorted(folder.glob("*.json"), key=_modified, reverse=True)
    for path in files:
        saved = _summary(path)
        if saved is not None:
            return saved
    return None


def saved_for(map_id: str) -> Saved | None:
    """This map's save if it has one that can be read, else None."""
    path = save_path(map_id, create=False)
    return _summary(path) if path.is_file() else None


def _summary(path: Path) -> Saved | None:
    try:
        doc = _read(path)
        run = doc["run"]
        return Saved(path, str(doc.get("title") or "Untitled map"), int(doc["level"]),
                     int(doc["levels"]), len(run["actions"]))
    except (SaveError, KeyError, TypeError, ValueError):
        return None


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def resume(path: Path) -> Session:
    """The session the save in `path` left off, replayed action by action. Raises SaveError."""
    from app.games.cardrogue.session import Session
    from engine.cardrogue import GAME, RULES_VERSION
    from engine.core import check_header

    doc = _read(path)
    try:
        run = run_from_dict(doc.get("run"))
        check_header(run, game=GAME, rules_version=RULES_VERSION)
    except RunError as error:
        raise SaveError(f"the saved run cannot be used: {error.message}") from None
    spec, source = _find_map(run, doc.get("source"))
    try:
        session = Session.resumed(spec, run.characters[0], run.player, source, run.actions)
    except ValueError as error:
        raise SaveError(f"the saved run no longer replays: {one_line(error)}") from None
    session.assisted = doc.get("assisted") is True  # saves from before hints have none
    return session


def _find_map(run: Run, source: Any):
    """The map the run was played on: the file it came from if it is unchanged, else the
    bundled or user map with its id."""
    from services.library import MapLoadError, find_map, read_map

    if isinstance(source, str) and source:
        try:
            known = read_map(source)
            if known.map_id == run.map_id:
                return known.spec, known.path
        except MapLoadError:
            pass
    try:
        known = find_map(run.map_id, title=run.map_title)
    except RunError as error:
        raise SaveError(f"its map is gone: {error.message}") from None
    return known.spec, known.path
