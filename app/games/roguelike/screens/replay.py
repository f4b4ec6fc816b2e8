"""Watch a Rogue Like Roguelike run: the map as the rogue had discovered it, his panel and the
Dungeon Master's log, step by step (the play screen's own widgets). Read-only.
`cardrogue replay RUN` and "Watch a run file" open it for a Rogue Like Roguelike run
(app/screens/watch.py picks it by the run's game)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from app.games.roguelike import glossary
from app.games.roguelike.replay import RogueReplay
from app.games.roguelike.screens.board import BoardScreen
from app.replay import next_level
from app.screens.dialogs import StepScreen
from app.screens.rules import show_help
from app.screens.watch import open_run
from app.widgets.event_log import EventLog
from engine.core import shown


def open_rogue_run(app: App, path: Path, closed: Callable[[None], None] | None = None) -> None:
    """Open the viewer on a Rogue Like Roguelike run file, or the refusal if it cannot be
    shown."""
    open_run(app, lambda: RogueReplay.from_file(path), closed,
             viewer=lambda replay: RogueReplayScreen(replay, path.name))


class RogueReplayScreen(BoardScreen):
    """Step through a verified Rogue Like Roguelike run."""

    BINDINGS = [
        Binding("right,l", "step(1)", "Step", key_display="→", id="roguelike_replay_forward",
                tooltip="Show the next action"),
        Binding("left,h", "step(-1)", "Back", key_display="←", id="roguelike_replay_back",
                tooltip="Show the action before"),
        Binding("home", "seek(0)", "Start", id="roguelike_replay_start",
                tooltip="Go to the start"),
        Binding("end", "seek(-1)", "End", id="roguelike_replay_end", tooltip="Go to the end"),
        Binding("n", "next_level", "Next level", show=False, id="roguelike_replay_next_level",
                tooltip="Go to where the rogue reaches the next level"),
        Binding("colon", "go_to_step", "Go to step", show=False, id="roguelike_replay_go_to",
                tooltip="Go to a step by its number"),
        Binding("f1,question_mark", "help", "Help", id="roguelike_replay_help",
                tooltip="Keys and the rules of Rogue Like Roguelike"),
        Binding("escape", "close", "Close", id="roguelike_replay_close",
                tooltip="Close the replay"),
    ]

    # The step lines take two rows above the board: the log gives them up, so the map keeps the
    # sheet's 16 rows (tables.toml [paper]) at 80x24 instead of scrolling its top row away.
    DEFAULT_CSS = """
    RogueReplayScreen #step { height: auto; background: $panel; padding: 0 1; }
    RogueReplayScreen #top { height: 16; }
    RogueReplayScreen EventLog { height: 1fr; min-height: 3; }
    """

    def __init__(self, replay: RogueReplay, title: str) -> None:
        super().__init__()
        self.replay = replay
        self.title_text = title

    def compose(self) -> ComposeResult:
        yield Static(id="step")
        yield from self.board()
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        replay = self.replay
        self.query_one("#step", Static).update(self.step_text())
        self.draw(replay.view())
        self.query_one(EventLog).replace(replay.lines())

    def step_text(self) -> Text:
        replay = self.replay
        text = Text("Replay of ", style="bold")
        text.append(shown(self.title_text))
        text.append(f" · step {replay.step} of {replay.total}", style="bold")
        text.append(f" · verified, score {replay.figures.get('score')}", style="green")
        if replay.at_end:
            outcome = "won" if replay.figures.get("outcome") == "won" else "died"
            text.append(f"\nThe end: {shown(replay.player)} {outcome}, deepest level "
                        f"{replay.figures.get('deepest')}.")
        else:
            text.append(f"\nNext: {replay.next_action()}")
        return text

    def action_step(self, step: int) -> None:
        self.replay.seek(self.replay.step + step)
        self.redraw()

    def action_seek(self, step: int) -> None:
        self.replay.seek(self.replay.total if step < 0 else step)
        self.redraw()

    def action_next_level(self) -> None:
        replay = self.replay
        self.action_seek(next_level(replay.level_starts, replay.step, replay.total))

    def action_go_to_step(self) -> None:
        self.app.push_screen(StepScreen(self.replay.step, self.replay.total),
                             lambda step: self.action_seek(step) if step is not None else None)

    def action_help(self) -> None:
        show_help(self, glossary.HELP)

    def action_close(self) -> None:
        self.dismiss(None)
