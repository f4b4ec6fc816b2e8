"""A new Table Dungeon table: two to four seats, each a person or the computer (at a level),
each with a name, and an optional seed. The classes are picked at the table, in turn order."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from app.games.tabledungeon.session import HUMAN, Seat, TableSession
from app.games.tabledungeon.widgets.panels import SEAT_COLOURS
from app.widgets.seat_kind import SeatKind
from app.widgets.seed_note import seed_problem
from engine.core import shown
from engine.tabledungeon import LEVELS, MAX_SEED

MAX_SEATS = 4
EMPTY = "empty"
# What a seat's button cycles through, and how it reads.
KINDS = (HUMAN, *LEVELS, EMPTY)
KIND_LABELS = {HUMAN: "Person", EMPTY: "Empty seat",
               **{level: f"Computer ({level})" for level in LEVELS}}
DEFAULT_KINDS = (HUMAN, "normal", EMPTY, EMPTY)


def default_name(seat: int, kind: str) -> str:
    """The name a seat gets when none is typed (shown as the field's placeholder)."""
    if kind == EMPTY:
        return "no one sits here"
    return f"Player {seat + 1}" if kind == HUMAN else f"Computer {seat + 1}"


class NewTableScreen(Screen[None]):
    """The seats and the seed. Ctrl+S (or Enter in the seed) opens the table."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="td_new_start", tooltip="Start the game"),
        Binding("escape", "back", "Back", id="td_new_back", tooltip="Back to the title"),
    ]

    DEFAULT_CSS = """
    NewTableScreen {
        align: center middle;
    }
    NewTableScreen #new-table {
        width: 66;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    NewTableScreen .row {
        height: auto;
        margin: 0 0 1 0;
    }
    NewTableScreen .row Label {
        width: 8;
    }
    NewTableScreen Input {
        width: 1fr;
    }
    NewTableScreen #intro {
        color: $text-muted;
        margin: 1 0;
    }
    NewTableScreen #problem {
        color: $error;
        height: auto;
    }
    NewTableScreen #start {
        margin: 0 0 1 8;
    }
    """

    def __init__(self, seats: Sequence[Seat] = ()) -> None:
        super().__init__()
        seats = list(seats)[:MAX_SEATS]  # given when playing again: the same table
        free = MAX_SEATS - len(seats)
        self.kinds = [s.player for s in seats] + [EMPTY] * free if seats else list(DEFAULT_KINDS)
        self.names = [s.name for s in seats] + [""] * free

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-table") as box:
            box.border_title = "A new game of Table Dungeon"
            box.border_subtitle = "Ctrl+S starts · Esc goes back"
            yield Static("Two to four seats, each a person at this keyboard or the computer. "
                         "Enter, Space or the arrows on a seat's ◂ ▸ change who plays it.", id="intro")
            for seat in range(MAX_SEATS):
                with Horizontal(classes="row"):
                    yield Label(Text(f"Seat {seat + 1}",
                                     style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"))
                    yield Input(self.names[seat], placeholder=default_name(seat, self.kinds[seat]),
                                id=f"name-{seat}", max_length=20, compact=True)
                    yield SeatKind(self.kinds[seat], KINDS, KIND_LABELS, id=f"kind-{seat}")
            with Horizontal(classes="row"):
                yield Label("Seed")
                # Any text is kept on show: a letter is explained, not silently dropped.
                yield Input(placeholder="empty: a random one (shown at the table)", id="seed",
                            max_length=20, compact=True)
            yield Static(id="problem")
            yield Button("Start the game", variant="primary", id="start", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()

    def seats(self) -> list[Seat]:
        """The seats taken, in order; an empty name is the seat's placeholder name."""
        out = []
        for n, kind in enumerate(self.kinds):
            if kind == EMPTY:
                continue
            # Typed or pasted: what a terminal would obey is spelled out before it is kept.
            name = shown(self.query_one(f"#name-{n}", Input).value.strip())
            out.append(Seat(name or default_name(n, kind), kind))
        return out

    def seed(self) -> int | None | str:
        """The seed typed (None: none), or what is wrong with it."""
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return None
        if problem := seed_problem(text):
            return problem
        seed = int(text)
        if not 0 <= seed <= MAX_SEED:
            return f"the seed is a number from 0 to {MAX_SEED}"
        return seed

    def on_input_changed(self, event: Input.Changed) -> None:
        """A letter in the seed is explained at once, as it is typed."""
        if event.input.id == "seed":
            self.query_one("#problem", Static).update(seed_problem(event.value))

    def on_seat_kind_changed(self, event: SeatKind.Changed) -> None:
        seat = int((event.kind.id or "").removeprefix("kind-"))
        self.kinds[seat] = event.kind.kind
        self.query_one(f"#name-{seat}", Input).placeholder = default_name(seat, event.kind.kind)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name goes on to the next name (Tab reaches the ◂ ▸ switches), after the
        last one to the seed; Enter in the seed starts the game."""
        event.stop()
        field = event.input.id or ""
        if field == "seed":
            self.action_start()
            return
        seat = int(field.removeprefix("name-")) + 1
        self.query_one(f"#name-{seat}" if seat < MAX_SEATS else "#seed", Input).focus()

    def action_start(self) -> None:
        problem = self.query_one("#problem", Static)
        seed = self.seed()
        if isinstance(seed, str):
            problem.update(Text(seed))
            return
        try:
            session = TableSession(self.seats(), seed)
        except ValueError as exc:  # the engine's reason: too few seats, the same name twice
            problem.update(Text(str(exc)))
            return
        problem.update("")
        from app.games.tabledungeon.screens.table import TableScreen

        self.app.switch_screen(TableScreen(session))

    def action_back(self) -> None:
        self.dismiss(None)
