"""A Table Dungeon run opened for watching: verified first, then stepped through one action at a
time, as a spectator sees the table (no hand is shown, as at the table itself).

    replay = TableReplay.from_file(path)    # or .from_document(doc); raises Unwatchable
    replay.seek(10); replay.view(); replay.lines()

Nothing a run claims is shown before the engine agrees with it: the run is verified (replayed to
its end with the figures it claims) before it opens. Stepping rebuilds the game from the start,
which the engine guarantees gives the identical state. No Textual here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text

from app.games.tabledungeon.words import narrator
from app.replay import Unwatchable
from engine.core import Event, RunError, read_document
from engine.tabledungeon import RULES, Action, State, View


class TableReplay:
    """A verified run, and the step on show (0: before the first action)."""

    def __init__(self, seed: int, players: list[str], actions: list[Action],
                 steps: list[list[Event]], score: Any) -> None:
        self.seed = seed
        self.players = players
        self.actions = actions
        self.steps = steps  # the events of each action, as the verification saw them
        self.score = score
        self.step = 0
        self.state: State = RULES.new_game(seed=seed, players=players)
        narrate = narrator(self.state)
        self.narration = [narrate(events) for events in steps]

    @classmethod
    def from_document(cls, doc: Any) -> TableReplay:
        """Verify a parsed run document and open it. Raises Unwatchable with the refusal."""
        steps: list[list[Event]] = []
        verdict = RULES.verify(doc, on_step=lambda n, action, events: steps.append(events))
        if not verdict.ok:
            raise Unwatchable(verdict.code, verdict.reason.partition(": ")[2] or verdict.reason)
        run = RULES.run_from_dict(doc)
        return cls(run.seed, list(run.players), list(run.actions), steps,
                   verdict.figures.get("score"))

    @classmethod
    def from_file(cls, path: Path) -> TableReplay:
        """Read, verify and open a run file. Raises Unwatchable with the refusal."""
        try:
            doc = read_document(path)
        except RunError as exc:
            raise Unwatchable(exc.code, exc.message) from None
        return cls.from_document(doc)

    @property
    def total(self) -> int:
        return len(self.actions)

    def seek(self, step: int) -> None:
        """Show the game after `step` actions (clamped to the run)."""
        step = max(0, min(step, self.total))
        if step < self.step:
            self.state = RULES.new_game(seed=self.seed, players=self.players)
            self.step = 0
        while self.step < step:
            self.state.apply(self.actions[self.step])
            self.step += 1

    def view(self) -> View:
        return self.state.view(None)

    def lines(self) -> list[Text]:
        """The log up to the step on show."""
        return [line for step in self.narration[:self.step] for line in step]
