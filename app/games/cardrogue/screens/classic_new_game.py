"""A new classic game: the seats (a person or the computer, and a name), the seed and a solo
player's goals. Start opens the table (classic.py)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Static

from app.games.cardrogue.classic import HUMAN, MAX_SEED, SOLO_GOALS, ClassicSession
from app.games.cardrogue.screens.classic import ClassicScreen
from app.games.cardrogue.screens.classic_dialogs import token
from app.player import player_name
from app.widgets.checkbox import MarkedCheckbox
from app.widgets.seat_kind import SeatKind
from app.widgets.seed_note import seed_problem
from app.words import reason_line
from engine.cardrogue import COMPUTER_LEVELS
from engine.core import shown

MAX_PLAYERS = 4
NAME_MAX = 20  # the longest name a seat's field takes
# What a seat's switch cycles through, and how it reads.
SEAT_KINDS = (HUMAN, *COMPUTER_LEVELS)
SEAT_KIND_LABELS = {HUMAN: "Person", **{level: f"Computer ({level})" for level in COMPUTER_LEVELS}}


def computer_name(seat: int) -> str:
    """The name of a computer seat left without one."""
    return f"Computer {seat + 1}"


class NewGameScreen(Screen[None]):
    """Names for 1-4 players, each a person or the computer (an empty name leaves a person's
    seat empty; a computer's gets a name), an optional seed, and a solo player's goals. Start
    opens the table; the characters are picked there, in turn order."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="new_game_start", tooltip="Start the game"),
        Binding("escape", "back", "Back", id="new_game_back", tooltip="Back to the title"),
    ]

    DEFAULT_CSS = """
    NewGameScreen {
        align: center middle;
    }
    NewGameScreen #new-game {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    NewGameScreen .row {
        height: auto;
        margin: 0 0 1 0;
    }
    NewGameScreen .row Label {
        width: 12;
    }
    NewGameScreen Input {
        width: 1fr;
    }
    NewGameScreen #goals-heading {
        text-style: bold;
    }
    NewGameScreen #intro {
        color: $text-muted;
        margin: 1 0;
    }
    NewGameScreen #goals {
        height: auto;
        layout: grid;
        grid-size: 2;
        grid-rows: 1;
        margin: 0 0 1 0;
    }
    NewGameScreen #problem {
        color: $error;
        height: auto;
    }
    NewGameScreen #start {
        margin: 0 0 1 12;
    }
    """

    def __init__(self, names: Iterable[str] | None = None,
                 kinds: Iterable[str] = ()) -> None:
        super().__init__()
        if names is None:  # a fresh form: Player 1 is whoever plays (Ctrl+S starts a solo game)
            names = (player_name()[:NAME_MAX],)
        self.initial = list(names)[:MAX_PLAYERS]
        given = list(kinds)[:MAX_PLAYERS]
        self.kinds = given + [HUMAN] * (MAX_PLAYERS - len(given))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-game") as box:
            box.border_title = "A new classic game"
            box.border_subtitle = "Ctrl+S starts · Esc goes back"
            yield Static("One to four players at this keyboard, each a person or the computer. "
                         "After the deciding roll, each picks a character in turn.", id="intro")
            for seat in range(MAX_PLAYERS):
                with Horizontal(classes="row"):
                    yield Label(Text.assemble(token(seat), f" Player {seat + 1}"))
                    value = self.initial[seat] if seat < len(self.initial) else ""
                    yield Input(value, placeholder=self.placeholder(seat),
                                id=f"name-{seat}", max_length=NAME_MAX, compact=True)
                    yield SeatKind(self.kinds[seat], SEAT_KINDS, SEAT_KIND_LABELS, id=f"kind-{seat}")
            with Horizontal(classes="row"):
                yield Label("Seed")
                # Any text is kept on show: a letter is explained, not silently dropped.
                yield Input(placeholder="empty: from the clock (shown at start)", id="seed",
                            max_length=10, compact=True)
            yield Static("Goals for a solo player", id="goals-heading")
            with Horizontal(id="goals"):
                for goal_id, (label, _) in SOLO_GOALS.items():
                    yield MarkedCheckbox(label, value=goal_id in ("chest", "golem"),
                                         id=f"goal-{goal_id}", compact=True)
            yield Static(id="problem")
            yield Button("Start the game", variant="primary", id="start", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()

    def placeholder(self, seat: int) -> str:
        if self.kinds[seat] != HUMAN:
            return f"name (empty: {computer_name(seat)})"
        return "name (empty: no one)" if seat else "name"

    def on_seat_kind_changed(self, event: SeatKind.Changed) -> None:
        seat = int((event.kind.id or "").removeprefix("kind-"))
        self.kinds[seat] = event.kind.kind
        self.query_one(f"#name-{seat}", Input).placeholder = self.placeholder(seat)

    def names(self) -> list[str]:
        """Each seat's name: typed, a computer's own, or empty (no one sits there)."""
        # Typed or pasted: what a terminal would obey is spelled out before it is kept.
        typed = [shown(self.query_one(f"#name-{s}", Input).value.strip())
                 for s in range(MAX_PLAYERS)]
        return [name or (computer_name(s) if self.kinds[s] != HUMAN else "")
                for s, name in enumerate(typed)]

    def seats(self) -> list[tuple[str, str]]:
        """(name, kind) of each seat taken, in order."""
        return [(name, self.kinds[s]) for s, name in enumerate(self.names()) if name]

    def chosen(self) -> tuple[list[str], int | None, tuple[str, ...]] | str:
        """(names, seed, solo goals), or what is wrong."""
        names = [n for n, _ in self.seats()]
        if not names:
            return "give at least one player a name"
        if len({n.casefold() for n in names}) != len(names):
            return "give every player a different name"
        text = self.query_one("#seed", Input).value.strip()
        seed = None
        if text:
            if problem := seed_problem(text):
                return problem
            seed = int(text)
            if not 0 <= seed <= MAX_SEED:
                return f"the seed is a number from 0 to {MAX_SEED}"
        goal_ids = tuple(g for g in SOLO_GOALS if self.query_one(f"#goal-{g}", Checkbox).value)
        return names, seed, goal_ids

    def on_input_changed(self, event: Input.Changed) -> None:
        """A letter in the seed is explained at once, as it is typed."""
        if event.input.id == "seed":
            problem = seed_problem(event.value)
            self.query_one("#problem", Static).update(reason_line(problem) if problem else "")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name goes on to the next field; Enter in the seed starts the game."""
        event.stop()
        if event.input.id == "seed":
            self.action_start()
        else:
            self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()

    def action_start(self) -> None:
        chosen = self.chosen()
        problem = self.query_one("#problem", Static)
        if isinstance(chosen, str):
            problem.update(reason_line(chosen))
            return
        problem.update("")
        names, seed, goal_ids = chosen
        kinds = [kind for _, kind in self.seats()]
        session = ClassicSession(names, seed, goal_ids, kinds)
        self.app.switch_screen(ClassicScreen(session))

    def action_back(self) -> None:
        self.dismiss(None)

