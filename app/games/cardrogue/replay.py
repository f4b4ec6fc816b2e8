"""A run opened for watching: verified first, then stepped through one action at a time.

    replay = open_run_file(path)             # or open_run_text(text) for a leaderboard entry
    replay.forward(); replay.back()          # the game after `replay.step` actions
    replay.seek(0); replay.seek(replay.total)
    replay.view(), replay.lines()            # the game seen, and the log in words, at this step

Nothing a run claims is shown before the engine agrees with it: a run is verified (replayed to
its end with the figures it claims) before it opens, and a run that fails is refused with the
reason's code and message (`Unwatchable`). Stepping forward applies the next action to the
current game; stepping back rebuilds the game by replaying the shorter prefix from the start,
which the engine guarantees gives the identical state. The log is the narration of each
action's events, worked out once when the run opens. No Textual here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text

from app.games.cardrogue.words import Narrator, describe_action
from app.replay import Unwatchable
from engine.cardrogue import (
    GAME,
    Catalog,
    LevelSpec,
    MapSpec,
    Run,
    State,
    View,
    parse_run,
    run_from_dict,
    start_run,
    verify_run,
)
from engine.core import OTHER_GAME, RunError, read_document
from services.words import opens_level

SPEEDS = (1, 2, 4, 8)  # steps per second when playing


@dataclass(frozen=True)
class RunMap:
    spec: MapSpec
    map_id: str


def find_run_map(run: Run, map_file: str | os.PathLike[str] | None = None) -> RunMap:
    """The map a run was played on: `map_file` as given, else found by id among the bundled
    and the user's maps. Raises Unwatchable."""
    from services import library

    if run.table is not None:  # a classic game: its table comes from the run itself
        try:
            return RunMap(start_run(run, None).spec, run.map_id)
        except RunError as exc:
            raise Unwatchable(exc.code, exc.message) from None
    try:
        known = (library.read_map(map_file) if map_file is not None
                 else library.find_map(run.map_id, title=run.map_title))
    except RunError as exc:
        raise Unwatchable(exc.code, exc.message) from None
    except library.MapLoadError as exc:
        raise Unwatchable("map_unreadable", f"the map cannot be read: {exc}") from None
    return RunMap(known.spec, known.map_id)


def open_run_file(path: str | os.PathLike[str],
                  map_file: str | os.PathLike[str] | None = None) -> Replay:
    """Read, find the map of, and verify a run file. Raises Unwatchable."""
    try:
        document = read_document(Path(path))
        game = document.get("game") if isinstance(document, dict) else None
        if isinstance(game, str) and game != GAME:  # a game with no viewer of its own
            raise RunError(OTHER_GAME, f"this is a run of {game!r}, which has no replay viewer "
                           "yet (`cardrogue replay FILE --events` prints any game's)")
        run = run_from_dict(document)
    except RunError as exc:
        raise Unwatchable(exc.code, exc.message) from None
    return Replay.verified(run, find_run_map(run, map_file), source=Path(path))


def open_run_text(text: str, run_map: RunMap | None = None) -> Replay:
    """A run from its text (as the leaderboard keeps it). Raises Unwatchable."""
    try:
        run = parse_run(text)
    except RunError as exc:
        raise Unwatchable(exc.code, exc.message) from None
    return Replay.verified(run, run_map or find_run_map(run))


class Replay:
    """A verified run and the step being shown (0: the game's setup, total: the end)."""

    def __init__(self, run: Run, run_map: RunMap, source: Path | None = None) -> None:
        self.run = run
        self.spec = run_map.spec
        self.map_id = run_map.map_id
        self.source = source
        self.actions = list(run.actions)
        self.described: list[str] = []  # each action in words, as it read before it was played
        self.level_starts: list[int] = []  # the steps at which a level starts
        self.groups = self._narrate()  # the opening's lines, then one group per action
        self.step = 0
        self.game = self._fresh()

    @classmethod
    def verified(cls, run: Run, run_map: RunMap, source: Path | None = None) -> Replay:
        """Verify `run` on its map, then open it. Raises Unwatchable with the refusal."""
        try:
            verify_run(run, run_map.spec, identity=run_map.map_id)
        except RunError as exc:
            raise Unwatchable(exc.code, exc.message) from None
        return cls(run, run_map, source)

    # -- building

    def _fresh(self) -> State:
        return start_run(self.run, self.spec)

    def _narrate(self) -> list[list[Text]]:
        game = self._fresh()
        narrator = Narrator(game)
        groups = [narrator.narrate(game.opening_events)]
        for action in self.actions:
            names = narrator.enemy_names()
            self.described.append(describe_action(game, action))
            events = game.apply(action)
            if opens_level(self.run.game, events):
                self.level_starts.append(len(groups))
            groups.append(narrator.narrate(events, names))
        return groups

    # -- moving

    @property
    def total(self) -> int:
        return len(self.actions)

    @property
    def at_end(self) -> bool:
        return self.step >= self.total

    def forward(self) -> bool:
        """Apply the next action. False at the end."""
        if self.at_end:
            return False
        self.game.apply(self.actions[self.step])
        self.step += 1
        return True

    def back(self) -> bool:
        """Go back one action by replaying the shorter prefix. False at the start."""
        if self.step == 0:
            return False
        self.seek(self.step - 1)
        return True

    def seek(self, step: int) -> None:
        """Show the game after `step` actions (clamped to the run)."""
        step = max(0, min(step, self.total))
        if step < self.step:
            self.game, self.step = self._fresh(), 0
        while self.step < step:
            self.forward()

    # -- reading

    def view(self) -> View:
        """The game at this step as the player who acts sees it."""
        return self.game.view(self.game.player.seat)

    @property
    def catalog(self) -> Catalog:
        return self.game.catalog

    @property
    def level(self) -> LevelSpec:
        """The map's level played at this step."""
        return self.game.level

    def lines(self) -> list[Text]:
        """The log up to this step, oldest first."""
        return [line for group in self.groups[: self.step + 1] for line in group]

    def step_lines(self) -> list[Text]:
        """The lines of the last action applied (the opening's at step 0)."""
        return list(self.groups[self.step])

    def next_action(self) -> str:
        """The next action in words, or "" at the end."""
        return "" if self.at_end else self.described[self.step]

    def last_action(self) -> str:
        """The action that led to this step, in words, or "" at the start."""
        return self.described[self.step - 1] if self.step else ""

    @property
    def title(self) -> str:
        return self.spec.title or self.run.map_title or "Untitled map"
