"""Watching a Mini Rogue run: the table as it stood after each action, stepped with the arrows.

A run is verified before it opens (a refused run shows why, as Card Rogue's viewer does). The
choices panel lists what the player could do at that step, with the choice they made
highlighted; stepping back replays the shorter prefix from the start, which the engine
guarantees gives the same table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.widgets import OptionList

from app.games.minirogue.records import Setup
from app.games.minirogue.screens.play import MiniRogueScreen
from app.games.minirogue.words import Narrator
from app.replay import next_level
from app.screens.dialogs import StepScreen
from app.screens.watch import RunRefusedScreen
from app.widgets.event_log import EventLog
from engine import games
from engine.core import RunError, read_document, shown
from engine.minirogue import RULES, Run
from services.words import opens_level


def open_minirogue_run(app: App, path: Path, closed: Callable[[None], None] | None = None) -> None:
    """Open the viewer on a Mini Rogue run file (app/screens/watch.py picks it by the run's
    game), or the refusal."""
    try:
        document = read_document(path)
    except RunError as exc:
        app.push_screen(RunRefusedScreen(exc.code.replace("_", " ").capitalize(), exc.message),
                        closed)
        return
    open_replay(app, document, closed)


def open_replay(app: App, document: Mapping[str, Any],
                closed: Callable[[None], None] | None = None) -> None:
    """Open the viewer on a parsed run document, or the refusal if it does not verify."""
    verdict = games.verify(document)
    if not verdict.ok:
        app.push_screen(RunRefusedScreen(verdict.code.replace("_", " ").capitalize(),
                                         verdict.reason), closed)
        return
    run = games.run_from_dict(document)
    assert isinstance(run, Run)  # verify read it as a Mini Rogue run
    app.push_screen(MiniRogueReplayScreen(run), closed)


class MiniRogueReplayScreen(MiniRogueScreen, inherit_bindings=False):
    """The play screen, read-only, at one step of a run."""

    # Priority: the choices list (which shows the step's choices) must not take these keys.
    BINDINGS = [
        Binding("right,l", "step(1)", "Next", id="minirogue_replay_next", priority=True,
                tooltip="The next action"),
        Binding("left,h", "step(-1)", "Back", id="minirogue_replay_back", priority=True,
                tooltip="The action before"),
        Binding("home", "seek_start", "Start", id="minirogue_replay_start", priority=True,
                tooltip="The start of the run"),
        Binding("end", "seek_end", "End", id="minirogue_replay_end", priority=True,
                tooltip="The end of the run"),
        Binding("n", "next_level", "Next area", id="minirogue_replay_next_level", priority=True,
                show=False, tooltip="The start of the next area"),
        Binding("colon", "go_to_step", "Go to step", id="minirogue_replay_go_to", priority=True,
                show=False, tooltip="Go to a step by its number"),
        Binding("f1,question_mark", "help", "Help", id="minirogue_replay_help",
                tooltip="Keys and the terms of Mini Rogue"),
        Binding("escape", "close", "Close", id="minirogue_replay_close",
                tooltip="Close the viewer"),
    ]

    EXTRA_KEYS = ()  # the choices are shown, not taken

    def __init__(self, run: Run) -> None:
        super().__init__(Setup(run.seed, run.difficulty, run.dungeon_keys), player=run.player)
        self.run = run
        self.step = 0
        self.area_starts = self._area_starts()

    def _area_starts(self) -> list[int]:
        """The steps at which an area of the dungeon begins (where "next area" stops)."""
        state = RULES.new_game(seed=self.run.seed, difficulty=self.run.difficulty,
                               dungeon_keys=self.run.dungeon_keys)
        return [n for n, action in enumerate(self.run.actions, start=1)
                if opens_level(self.run.game, state.apply(action))]

    def on_mount(self) -> None:
        self.query_one("#log", EventLog).border_title = "What happened"
        self.seek(0)
        self.query_one("#choices", OptionList).focus()

    def seek(self, step: int) -> None:
        """The table after the run's first `step` actions."""
        self.step = max(0, min(step, len(self.run.actions)))
        state = RULES.new_game(seed=self.run.seed, difficulty=self.run.difficulty,
                               dungeon_keys=self.run.dungeon_keys)
        narrator = Narrator()
        # The player's name comes from a file: it passes the sanitiser (engine/core/safe_text).
        lines = [Text(f"{shown(self.run.player)}'s delve: {self.setup.title}.", style="dim"),
                 *narrator.lines(state.start_events)]
        for action in self.run.actions[:self.step]:
            lines += narrator.lines(state.apply(action))
        self.state = state
        self.query_one("#log", EventLog).replace(lines)
        self.redraw()
        choices = self.query_one("#choices", OptionList)
        choices.border_title = f"Step {self.step} of {len(self.run.actions)}"
        if self.step < len(self.run.actions):
            taken = self.run.actions[self.step].to_dict()
            if taken in self.legal:
                choices.highlighted = self.legal.index(taken)

    def play(self, index: int) -> None:
        """Choosing does nothing here: a run is watched, not played."""

    def action_step(self, by: int) -> None:
        self.seek(self.step + by)

    def action_seek_start(self) -> None:
        self.seek(0)

    def action_seek_end(self) -> None:
        self.seek(len(self.run.actions))

    def action_next_level(self) -> None:
        self.seek(next_level(self.area_starts, self.step, len(self.run.actions)))

    def action_go_to_step(self) -> None:
        self.app.push_screen(StepScreen(self.step, len(self.run.actions)),
                             lambda step: self.seek(step) if step is not None else None)

    def action_close(self) -> None:
        self.dismiss(None)
