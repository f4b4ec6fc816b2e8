"""A new-game form's seats, drawn from the game's GameInfo: a row for each of its
`max_players` seats, each with a name and who plays it (a person, the computer at one of the
game's `computer_levels`, or no one). Left blank, a name is the seat's default (its
placeholder). A form may seat players by name instead (`blank_is_empty`): then there is no
"Empty seat" choice, and a person's seat left without a name is empty."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from app.seats import EMPTY, HUMAN, Seat, default_name
from app.widgets.marked_options import MARK
from app.widgets.seat_kind import SeatKind
from engine.core import GameInfo, shown

NAME_MAX = 20  # the longest name a seat's field takes


def seat_kinds(info: GameInfo, blank_is_empty: bool = False) -> tuple[str, ...]:
    """What a seat's switch cycles through: a person, each computer level, no one (unless a
    blank name says that)."""
    return (HUMAN, *info.computer_levels) if blank_is_empty else (HUMAN, *info.computer_levels,
                                                                    EMPTY)


def kind_labels(info: GameInfo) -> dict[str, str]:
    return {HUMAN: "Person", EMPTY: "Empty seat",
            **{level: f"Computer ({level})" for level in info.computer_levels}}


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def in_words(number: int) -> str:
    return NUMBER_WORDS[number] if 0 <= number < len(NUMBER_WORDS) else str(number)


def intro(info: GameInfo, blank_is_empty: bool = False) -> str:
    """What the seats are, in words."""
    most = in_words(info.max_players)
    count = (f"{in_words(info.min_players)} to {most} seats"
             if info.min_players < info.max_players else f"{most} seats")
    who = " or the computer" if info.computer_seats else ""
    blank = " A person's seat without a name stays empty." if blank_is_empty else ""
    return (f"{count.capitalize()}, each a person at this keyboard{who}.{blank} Enter, Space "
            "or the arrows on a seat's ◂ ▸ change who plays it.")


def seat_style(seat: int, colours: Sequence[str]) -> str:
    """How a seat (numbered from 0) is marked wherever it shows: bold, in its colour (the
    game's `colours`, in seat order) if it gives any."""
    return f"bold {colours[seat % len(colours)]}" if colours else "bold"


def seat_number(seat: int, colours: Sequence[str]) -> Text:
    """A seat's marker where space is short: its number (from 1) in its colour."""
    return Text(str(seat + 1), style=seat_style(seat, colours))


def default_seats(info: GameInfo) -> list[Seat]:
    """The table a fresh form offers: people in the seats the game needs."""
    return [Seat("") for _ in range(max(info.min_players, 1))]


class SeatsField(Vertical):
    """The rows: `#name-N` and `#kind-N` for seat N (from 0). `seats` starts them (a blank
    name shows the default); seats past them start empty."""

    DEFAULT_CSS = """
    SeatsField {
        height: auto;
    }
    SeatsField #seats-intro {
        color: $text-muted;
        margin: 1 0;
    }
    SeatsField .seat {
        height: auto;
        margin: 0 0 1 0;
    }
    SeatsField .seat:last-child {
        margin: 0;
    }
    SeatsField .seat Label {
        width: 8;
        margin: 0;
    }
    SeatsField Input {
        width: 1fr;
    }
    """

    def __init__(self, info: GameInfo, seats: Sequence[Seat] = (),
                 colours: Sequence[str] = (), id: str | None = None,
                 blank_is_empty: bool = False) -> None:
        super().__init__(id=id)
        self.info = info
        self.blank_is_empty = blank_is_empty
        given = list(seats or default_seats(info))[:info.max_players]
        free = info.max_players - len(given)
        self.kinds = [seat.player for seat in given] + [HUMAN if blank_is_empty else EMPTY] * free
        self.names = [seat.name for seat in given] + [""] * free
        self.colours = tuple(colours)

    def compose(self) -> ComposeResult:
        yield Static(intro(self.info, self.blank_is_empty), id="seats-intro")
        kinds = seat_kinds(self.info, self.blank_is_empty)
        labels = kind_labels(self.info)
        for seat in range(self.info.max_players):
            with Horizontal(classes="seat", id=f"seat-{seat}"):
                yield Label(self.seat_label(seat, False), id=f"seat-label-{seat}")
                yield Input(self.names[seat], placeholder=self.placeholder(seat),
                            id=f"name-{seat}", max_length=NAME_MAX, compact=True)
                yield SeatKind(self.kinds[seat], kinds, labels, id=f"kind-{seat}")

    def seat_label(self, seat: int, focused: bool) -> Text:
        """"Seat 1", and the mark after it while the seat's name or switch has the focus:
        a switch's focus is otherwise its colour (and bold, which some terminals hardly
        show)."""
        label = Text(f"Seat {seat + 1}", style=seat_style(seat, self.colours))
        return label + Text(f" {MARK}") if focused else label

    def on_descendant_focus(self, _: events.DescendantFocus) -> None:
        self.mark_focused_seat()

    def on_descendant_blur(self, _: events.DescendantBlur) -> None:
        self.mark_focused_seat()

    def mark_focused_seat(self) -> None:
        focused = self.screen.focused
        for seat in range(self.info.max_players):
            row = self.query_one(f"#seat-{seat}")
            here = focused is not None and row in focused.ancestors
            self.query_one(f"#seat-label-{seat}", Label).update(self.seat_label(seat, here))

    def placeholder(self, seat: int) -> str:
        if self.kinds[seat] == EMPTY:
            return "no one sits here"
        if not self.blank_is_empty:
            return default_name(seat, self.kinds[seat])
        if self.kinds[seat] != HUMAN:
            return f"name (empty: {default_name(seat, self.kinds[seat])})"
        return "name (empty: no one)" if seat else "name"

    def on_seat_kind_changed(self, event: SeatKind.Changed) -> None:
        seat = int((event.kind.id or "").removeprefix("kind-"))
        self.kinds[seat] = event.kind.kind
        self.query_one(f"#name-{seat}", Input).placeholder = self.placeholder(seat)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name goes on to the next name (Tab reaches the ◂ ▸ switches), after the
        last one to the field after the seats."""
        event.stop()
        seat = int((event.input.id or "").removeprefix("name-")) + 1
        if seat < self.info.max_players:
            self.query_one(f"#name-{seat}", Input).focus()
            return
        chain = self.screen.focus_chain
        last = chain.index(self.query_one(f"#kind-{seat - 1}", SeatKind))
        if last + 1 < len(chain):
            chain[last + 1].focus()

    def seats(self) -> list[Seat]:
        """The seats taken, in order."""
        taken = []
        for seat, kind in enumerate(self.kinds):
            if kind == EMPTY:
                continue
            # Typed or pasted: what a terminal would obey is spelled out before it is kept.
            name = shown(self.query_one(f"#name-{seat}", Input).value.strip())
            if not name and kind == HUMAN and self.blank_is_empty:
                continue
            taken.append(Seat(name or default_name(seat, kind), kind))
        return taken

    def problem(self, refusal: str) -> str:
        """Why the seats cannot be taken as they are, "" when they can: where names seat the
        players, a table without one is told so; then the engine's `refusal` of the table; and
        players are told apart by name on the screen, so two may not share one."""
        seats = self.seats()
        if not seats and self.blank_is_empty:
            return "Give at least one player a name."
        if refusal:
            return refusal
        if len({seat.name.casefold() for seat in seats}) != len(seats):
            return "Give every player a different name."
        return ""


__all__ = ["NAME_MAX", "SeatsField", "default_seats", "seat_number", "seat_style"]
