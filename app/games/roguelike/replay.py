"""A Rogue Like Roguelike run opened for watching: verified first, then stepped through one
action at a time, with the map as the rogue had discovered it at that step.

    replay = RogueReplay.from_file(path)    # raises Unwatchable with the refusal
    replay.seek(10); replay.view(); replay.lines(); replay.next_action()

Nothing a run claims is shown before the engine agrees with it: the run is verified (replayed
to its end with the figures it claims) before it opens, and the Dungeon Master's log of each
action is what that verification heard. Stepping back rebuilds the game from the seed, which
the engine guarantees gives the identical state. No Textual here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text

from app.games.roguelike.words import action_label, log_lines
from app.replay import Unwatchable
from engine.core import Event, RunError, read_document
from engine.roguelike import RULES, Action, State, View


def deeper_steps(steps: list[list[Event]]) -> list[int]:
    """The steps at which the rogue first reaches a deeper level (where "next level" stops):
    level 1 is laid out at the start (and laid again as the rogue enters it)."""
    deepest, starts = 1, []
    for n, events in enumerate(steps, start=1):
        reached = max((int(event.data.get("level", 0)) for event in events
                       if event.kind == "level"), default=0)
        if reached > deepest:
            deepest = reached
            starts.append(n)
    return starts


class RogueReplay:
    """A verified run, and the step on show (0: before the first action)."""

    def __init__(self, seed: int, player: str, actions: list[Action],
                 steps: list[list[Event]], figures: dict[str, Any]) -> None:
        self.seed = seed
        self.player = player
        self.actions = actions
        self.figures = figures  # what the run reached, as verified
        self.narration = [log_lines(events) for events in steps]
        self.level_starts = deeper_steps(steps)
        self.step = 0
        self.state: State = RULES.new_game(seed=seed)

    @classmethod
    def from_document(cls, doc: Any) -> RogueReplay:
        """Verify a parsed run document and open it. Raises Unwatchable with the refusal."""
        steps: list[list[Event]] = []
        verdict = RULES.verify(doc, on_step=lambda n, action, events: steps.append(events))
        if not verdict.ok:
            raise Unwatchable(verdict.code, verdict.reason.partition(": ")[2] or verdict.reason)
        run = RULES.run_from_dict(doc)
        return cls(run.seed, run.player, list(run.actions), steps, dict(verdict.figures))

    @classmethod
    def from_file(cls, path: Path) -> RogueReplay:
        """Read, verify and open a run file. Raises Unwatchable."""
        try:
            doc = read_document(path)
        except RunError as exc:
            raise Unwatchable(exc.code, exc.message) from None
        return cls.from_document(doc)

    @property
    def total(self) -> int:
        return len(self.actions)

    @property
    def at_end(self) -> bool:
        return self.step >= self.total

    def seek(self, step: int) -> None:
        """Show the game after `step` actions (clamped to the run)."""
        step = max(0, min(step, self.total))
        if step < self.step:
            self.state, self.step = RULES.new_game(seed=self.seed), 0
        while self.step < step:
            self.state.apply(self.actions[self.step])
            self.step += 1

    def view(self) -> View:
        return self.state.view(0)

    def lines(self) -> list[Text]:
        """The Dungeon Master's log up to the step on show."""
        return [line for step in self.narration[:self.step] for line in step]

    def next_action(self) -> str:
        """The next action as its menu line, or "" at the end."""
        if self.at_end:
            return ""
        return action_label(self.actions[self.step].to_dict(), self.view())
