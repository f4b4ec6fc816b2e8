"""The replay viewer: a verified run, watched one action at a time.

It reuses the play screen's widgets (the board, the side panel, the event log), only to draw:
no key here changes a game, and clicks on the board do nothing. Stepping back rebuilds the game
by replaying the shorter prefix (app/games/cardrogue/replay.py). Playing is a timer that steps
forward at the chosen speed and pauses at the end.

Every entry point (the high scores screen, a path typed in the open dialog, `cardrogue replay
RUN`) opens a run through the shell's `open_run` (app/screens/watch.py): a run that cannot be
verified opens the refusal dialog with its reason instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from app.games.cardrogue.replay import SPEEDS, Replay, open_run_file
from app.games.cardrogue.widgets.board import BoardView
from app.games.cardrogue.widgets.game_views import GameViews
from app.games.cardrogue.widgets.legend import legend_text
from app.games.cardrogue.widgets.side_panel import SidePanel
from app.plain import divider
from app.replay import next_level
from app.screens.dialogs import StepScreen
from app.screens.watch import open_run
from app.widgets.event_log import EventLog
from app.words import plural
from engine.core import shown

if TYPE_CHECKING:
    from engine.cardrogue import View

DEFAULT_SPEED = 2


def open_card_rogue_run(app: App, path: Path, closed: Callable[[None], None] | None = None,
                        map_file: Path | None = None) -> None:
    """Open the viewer on a Card Rogue run file (its map found by id, or `map_file`), or the
    refusal with its reason."""
    open_run(app, lambda: open_run_file(path, map_file), closed, viewer=ReplayScreen)


class ReplayScreen(GameViews, Screen[None]):
    """Watch a run: step, step back, play and pause. Read-only."""

    AUTO_FOCUS = ""  # focus nothing: the arrows step, until the player focuses the log

    BINDINGS = [
        Binding("right,l,d", "forward", "Step", id="replay_forward",
                tooltip="Show the next action"),
        Binding("left,h,a", "back", "Back", id="replay_back",
                tooltip="Go back one action (replays the run up to it)"),
        Binding("space,p", "toggle_play", "Play/Pause", id="replay_play",
                tooltip="Play the run at the chosen speed, or pause it"),
        Binding("plus,equals_sign,up", "speed(1)", "Faster", id="replay_faster",
                tooltip="Play faster (1, 2, 4 or 8 steps a second)"),
        Binding("minus,down", "speed(-1)", "Slower", id="replay_slower",
                tooltip="Play slower"),
        Binding("home,g", "seek_start", "Start", show=False, id="replay_start",
                tooltip="Back to the start of the run"),
        Binding("end,G", "seek_end", "End", show=False, id="replay_end",
                tooltip="Jump to the end of the run"),
        Binding("n", "next_level", "Next level", show=False, id="replay_next_level",
                tooltip="Go to the start of the next level"),
        Binding("colon", "go_to_step", "Go to step", show=False, id="replay_go_to",
                tooltip="Go to a step by its number"),
        Binding("escape", "leave", "Back", id="replay_leave", tooltip="Close the replay"),
    ]

    DEFAULT_CSS = """
    ReplayScreen #status {
        height: 1;
        background: $panel;
        padding: 0 1;
    }
    ReplayScreen #controls {
        height: 1;
        background: $accent-muted;
        color: $text;
        padding: 0 1;
    }
    ReplayScreen #board {
        height: 1fr;
    }
    ReplayScreen #log {
        height: 7;
    }
    """

    def __init__(self, replay: Replay, speed: int = DEFAULT_SPEED) -> None:
        super().__init__()
        self.replay = replay
        self.speed = speed if speed in SPEEDS else DEFAULT_SPEED
        self.playing = False
        self.timer: Timer | None = None

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical():
                yield Static(id="status")
                yield BoardView(id="board")
                yield Static(id="controls")
                yield EventLog(id="log")
            panel = SidePanel(id="panel")
            panel.hints = False  # "b to trade" and the like mean nothing here
            yield panel
        yield Footer()

    def on_mount(self) -> None:
        self.log_view.replace(self.replay.lines())
        self.redraw()

    # ------------------------------------------------------------------ drawing

    def legend_text(self) -> Text:
        """What each glyph on the board means, for the help screen."""
        return legend_text(self.replay.view(), self.replay.catalog, self.board)

    def redraw(self) -> None:
        view = self.replay.view()
        self.board.show(view, self.replay.catalog)
        self.panel.show(view, self.replay.catalog)
        self.query_one("#status", Static).update(self.status_text(view), layout=False)
        self.show_controls()

    def status_text(self, view: View | None = None) -> Text:
        replay, view = self.replay, view or self.replay.view()
        text = Text()
        text.append("Step ", style="dim")
        text.append(f"{replay.step}/{replay.total}", style="bold")
        text.append(" · Moves ", style="dim")
        text.append(str(view.moves), style="bold")
        text.append(" · Turn ", style="dim")
        text.append(str(view.turn))
        text.append(divider(self.app), style="dim")
        text.append(shown(replay.run.player))
        text.append(divider(self.app), style="dim")
        levels = len(replay.spec.levels)
        if levels > 1:
            text.append(f"{view.level + 1}/{levels} ")
        text.append(replay.level.title or replay.level.id)
        text.append(" — ", style="dim")
        text.append(shown(replay.title), style="dim")
        return text

    def controls_text(self) -> Text:
        replay = self.replay
        text = Text()
        if self.playing:
            text.append("▶ Playing", style="bold")
        else:
            text.append("❚❚ Paused", style="bold")
        text.append(f" · {self.speed} step{'s' if self.speed != 1 else ''}/s · ")
        if replay.at_end:
            view = replay.view()
            text.append(f"The end: {view.outcome or 'over'} in {plural(view.moves, 'move')}")
        else:
            text.append("Next: ")
            text.append(replay.next_action())
        return text

    def show_controls(self) -> None:
        self.query_one("#controls", Static).update(self.controls_text(), layout=False)

    # ------------------------------------------------------------------ stepping

    def action_forward(self) -> None:
        if self.replay.forward():
            self.log_view.add(self.replay.step_lines())
            self.redraw()
        else:
            self.pause()

    def action_back(self) -> None:
        self.pause()
        if self.replay.back():
            self.log_view.replace(self.replay.lines())
            self.redraw()

    def action_seek_start(self) -> None:
        self.seek(0)

    def action_seek_end(self) -> None:
        self.seek(self.replay.total)

    def action_next_level(self) -> None:
        self.seek(next_level(self.replay.level_starts, self.replay.step, self.replay.total))

    def action_go_to_step(self) -> None:
        self.pause()
        self.app.push_screen(StepScreen(self.replay.step, self.replay.total),
                             lambda step: self.seek(step) if step is not None else None)

    def seek(self, step: int) -> None:
        self.pause()
        self.replay.seek(step)
        self.log_view.replace(self.replay.lines())
        self.redraw()

    # ------------------------------------------------------------------ playing

    def tick(self) -> None:
        """One beat of the timer: the next step, or a pause at the end."""
        if not self.playing:
            return
        self.action_forward()
        if self.replay.at_end:
            self.pause()

    def action_toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        if self.replay.at_end:  # playing from the end starts again
            self.seek(0)
        self.playing = True
        self._restart_timer()
        self.show_controls()

    def _restart_timer(self) -> None:
        """A timer at the current speed while playing; none while paused."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if self.playing:
            self.timer = self.set_interval(1 / self.speed, self.tick)

    def pause(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if self.playing:
            self.playing = False
            self.show_controls()

    def action_speed(self, change: int) -> None:
        index = SPEEDS.index(self.speed) if self.speed in SPEEDS else 0
        self.set_speed(SPEEDS[max(0, min(len(SPEEDS) - 1, index + change))])

    def set_speed(self, speed: int) -> None:
        if speed not in SPEEDS:
            return
        self.speed = speed
        self._restart_timer()
        self.show_controls()

    # ------------------------------------------------------------------ leaving

    def action_leave(self) -> None:
        self.pause()
        self.dismiss(None)

    def on_screen_suspend(self) -> None:
        # Another screen on top (help, the palette): stop, so no step goes by unseen.
        self.pause()

    def on_unmount(self) -> None:
        if self.timer is not None:
            self.timer.stop()

    # ------------------------------------------------------------------ the palette

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Play or pause the replay", "Watch the run at the chosen speed",
                            self.action_toggle_play)
        yield SystemCommand("Replay: back to the start", "Show the game's setup",
                            self.action_seek_start)
        yield SystemCommand("Replay: jump to the end", "Show the finished game",
                            self.action_seek_end)
        for speed in SPEEDS:
            yield SystemCommand(f"Replay speed: {speed} step{'s' if speed != 1 else ''}/s",
                                "How fast the replay plays",
                                lambda speed=speed: self.set_speed(speed))
