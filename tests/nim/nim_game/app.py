"""Nim in the app, as a game installed from elsewhere hosts itself (the `cardrogue.app_games`
entry point names HOSTED): the shell's options form starts it, a small play screen plays it
(1, 2 or 3 take stones; the shell's event log tells what happened), and the shell's run opener
shows a kept run in a small viewer, stepped with the arrows."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from app.glossary import Term, search
from app.player import player_name
from app.registry import Help, HostedGame, MenuEntry
from app.replay import Unwatchable
from app.screens.options_form import OptionsForm
from app.screens.rules import show_help
from app.screens.watch import open_run
from app.widgets.event_log import EventLog
from app.words import one_line
from engine import games
from engine.core import Event, RunError, read_document, shown
from services import clock

from .rules import RULES, NimRun, NimState, Take

TERMS = (Term("Pile", "The stones left. You and the house take turns."),
         Term("Take", "1, 2 or 3 stones a turn, never more than are left."),
         Term("Last stone", "Whoever takes it wins: 100 points less 5 for each of your turns."))
HELP = Help(lambda query: search(query, TERMS), first_term="Pile")


def narrate(events: Iterable[Event]) -> list[Text]:
    lines = []
    for event in events:
        if event.kind == "took":
            who = "You take" if event.data["who"] == "player" else "The house takes"
            lines.append(Text(f"{who} {event.data['stones']}; {event.data['left']} left."))
        elif event.kind == "ended":
            lines.append(Text(f"You {event.data['outcome']}, scoring {event.data['score']}.",
                              style="bold"))
    return lines


PILE_CSS = """
#pile { height: 3; border: round $accent; padding: 0 1; }
#log { height: 1fr; }
"""


class NimScreen(Screen[None]):
    """One game: the pile, and the log."""

    DEFAULT_CSS = PILE_CSS

    BINDINGS = [
        *(Binding(str(n), f"take({n})", f"Take {n}", id=f"nim_take_{n}") for n in (1, 2, 3)),
        Binding("f1,question_mark", "help", "Help", id="nim_help"),
        Binding("escape", "leave", "Leave", id="nim_leave"),
    ]

    def __init__(self, setup: dict[str, Any]) -> None:
        super().__init__()
        self.setup = setup
        self.state: NimState = RULES.new_game(**setup)
        self.saved: Path | None = None  # the run file, once the game is over
        self.note = ""  # where the run went, or why it could not be kept

    def compose(self) -> ComposeResult:
        yield Static(id="pile")
        yield EventLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log", EventLog).add([Text(f"A pile of {self.state.start} stones.")])
        self.redraw()

    def redraw(self) -> None:
        view = self.state.view(0)
        words = f"Stones left: {view.stones}"
        if view.outcome is not None:
            words += f". You {view.outcome}. {self.note}"
        self.query_one("#pile", Static).update(Text(words))

    def action_take(self, stones: int) -> None:
        if Take(stones) not in self.state.legal_actions():
            self.notify(f"You cannot take {stones} now.", markup=False, timeout=3)
            return
        self.query_one("#log", EventLog).add(narrate(self.state.apply(Take(stones))))
        if self.state.is_over:
            self.keep()
        self.redraw()

    def keep(self) -> None:
        """Keep the finished game as a run file in the player's runs folder."""
        try:
            from services.runfiles import keep_run

            document = RULES.record(self.state, player=player_name(), recorded=clock.stamp())
            self.saved = keep_run(RULES.run_from_dict(document))
        except Exception as error:  # noqa: BLE001 - the game is over either way
            self.note = f"The run could not be kept: {one_line(error)}"
        else:
            self.note = f"Run kept as {self.saved.name}"

    def action_help(self) -> None:
        show_help(self, HELP)

    def action_leave(self) -> None:
        self.app.pop_screen()


class NimReplay(Screen[None]):
    """A verified run, at one step."""

    DEFAULT_CSS = PILE_CSS

    BINDINGS = [
        Binding("right", "seek(1)", "Next", id="nim_replay_next"),
        Binding("left", "seek(-1)", "Back", id="nim_replay_back"),
        Binding("escape", "close", "Close", id="nim_replay_close"),
    ]

    def __init__(self, run: NimRun) -> None:
        super().__init__()
        self.run = run
        self.step = 0

    def compose(self) -> ComposeResult:
        yield Static(id="pile")
        yield EventLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.action_seek(0)

    def action_seek(self, by: int) -> None:
        """The pile after the run's first `step` actions, replayed from the start."""
        self.step = max(0, min(self.step + by, len(self.run.actions)))
        state = RULES.new_game(**self.run.setup())
        lines = [Text(f"{shown(self.run.player)}'s game from {self.run.stones} stones.")]
        for action in self.run.actions[:self.step]:
            lines += narrate(state.apply(action))
        self.query_one("#log", EventLog).replace(lines)
        self.query_one("#pile", Static).update(Text(
            f"Step {self.step} of {len(self.run.actions)} · stones left: {state.stones}"))

    def action_close(self) -> None:
        self.dismiss(None)


def verified_run(path: Path) -> NimRun:
    """A Nim run file, read and verified. Raises Unwatchable with the refusal."""
    try:
        document = read_document(path)
    except RunError as error:
        raise Unwatchable(error.code, error.message) from None
    verdict = games.verify(document)
    if not verdict.ok:
        raise Unwatchable(verdict.code, verdict.reason)
    run = games.run_from_dict(document)
    if not isinstance(run, NimRun):
        raise Unwatchable("other_game", f"this is a run of {run.game}, not of Nim")
    return run


def watch(app: App, path: Path, closed: Callable[[None], None] | None,
          map_file: Path | None) -> None:
    open_run(app, lambda: verified_run(path), closed, viewer=NimReplay)


def new_game() -> Screen[Any]:
    return OptionsForm(RULES, NimScreen, HELP)


HOSTED = HostedGame(
    name="nim",
    menu=(MenuEntry("nim", "Nim", ready=True, open=lambda app: app.push_screen(new_game())),),
    new_game=new_game,
    play=NimScreen,
    watch=watch,
    help=HELP,
    narrator=lambda state: narrate,
)
