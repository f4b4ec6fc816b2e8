"""Watch a Table Dungeon run: the table as a spectator sees it, step by step, with the log in
words up to the step on show. Read-only. `cardrogue replay RUN` and "Watch a run file" open it
for a Table Dungeon run (app/screens/watch.py picks it by the run's game)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from app.games.tabledungeon import glossary
from app.games.tabledungeon.replay import TableReplay
from app.games.tabledungeon.widgets.panels import enemy_text, players_text, status_text
from app.glossary import Term
from app.screens.dialogs import StepScreen
from app.screens.watch import open_run


def open_table_run(app: App, path: Path, closed: Callable[[None], None] | None = None) -> None:
    """Open the viewer on a Table Dungeon run file, or the refusal if it cannot be shown."""
    open_run(app, lambda: TableReplay.from_file(path), closed,
             viewer=lambda replay: TableReplayScreen(replay, path.name))


class TableReplayScreen(Screen[None]):
    """Step through a verified Table Dungeon run."""

    BINDINGS = [
        Binding("right", "step(1)", "Step", key_display="→", id="td_replay_forward",
                tooltip="Show the next action"),
        Binding("left", "step(-1)", "Back", key_display="←", id="td_replay_back",
                tooltip="Show the action before"),
        Binding("home", "seek(0)", "Start", id="td_replay_start", tooltip="Go to the start"),
        Binding("end", "seek(-1)", "End", id="td_replay_end", tooltip="Go to the end"),
        Binding("colon", "go_to_step", "Go to step", show=False, id="td_replay_go_to",
                tooltip="Go to a step by its number"),
        Binding("escape", "close", "Close", id="td_replay_close", tooltip="Close the replay"),
    ]

    DEFAULT_CSS = """
    TableReplayScreen #status, TableReplayScreen #step {
        height: auto;
        background: $panel;
        padding: 0 1;
    }
    TableReplayScreen #enemy {
        height: auto;
        border-left: thick $error;
        padding: 0 1;
        margin: 1 0;
    }
    TableReplayScreen #players {
        height: auto;
        padding: 0 1;
    }
    TableReplayScreen #log {
        height: 1fr;
        border-top: solid $panel;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;  /* lines are wrapped left of the scrollbar, before it shows */
    }
    """

    def __init__(self, replay: TableReplay, title: str) -> None:
        super().__init__()
        self.replay = replay
        self.title_text = title

    def compose(self) -> ComposeResult:
        yield Static(id="step")
        yield Static(id="status")
        yield Static(id="enemy")
        yield Static(id="players")
        # min_width 0: a line is wrapped to the room left of the scrollbar, never wider.
        log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=0)
        log.can_focus = False  # the arrows step through the run
        yield log
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()  # the status line is laid out for its width

    def glossary(self, query: str) -> list[Term]:
        return glossary.search(query)

    def redraw(self) -> None:
        replay = self.replay
        view = replay.view()
        step = Text("Replay of ", style="bold")
        step.append(self.title_text)
        step.append(f" · step {replay.step} of {replay.total}", style="bold")
        if replay.score is not None:
            step.append(f" · verified, score {replay.score}", style="green")
        self.query_one("#step", Static).update(step)
        status = self.query_one("#status", Static)
        width = status.content_size.width or self.app.size.width - 2  # before the first layout
        status.update(status_text(view, replay.seed, width))
        self.query_one("#enemy", Static).update(enemy_text(view))
        self.query_one("#players", Static).update(players_text(view))
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in replay.lines():
            log.write(line)

    def action_step(self, step: int) -> None:
        self.replay.seek(self.replay.step + step)
        self.redraw()

    def action_seek(self, step: int) -> None:
        self.replay.seek(self.replay.total if step < 0 else step)
        self.redraw()

    def action_go_to_step(self) -> None:
        self.app.push_screen(StepScreen(self.replay.step, self.replay.total),
                             lambda step: self.action_seek(step) if step is not None else None)

    def action_close(self) -> None:
        self.dismiss(None)
