"""One Table Dungeon game at one keyboard: the engine's state, who sits in each seat (a person,
or the computer at a level), and which seat's eyes the screen is drawn for.

The screen never reads the state directly to draw: it asks `view()`, which is the engine's
view for the seat at the keyboard (or a spectator's when only computers play). Computer seats
choose through engine/tabledungeon/policy.py from their own seat's view, with their own dice,
so they never see a hidden card and never change the game's dice by thinking.
"""

from __future__ import annotations

from typing import Any

from app.seats import HUMAN, Seat
from app.seeds import fresh_seed
from engine.core import Dice, Event, IllegalAction
from engine.tabledungeon import LEVELS, MAX_SEED, RULES, Action, State, View, choose
from services import clock


class TableSession:
    """A game in progress, with its seats and the seat at the keyboard."""

    def __init__(self, seats: list[Seat], seed: int | None = None) -> None:
        for seat in seats:
            if seat.player != HUMAN and seat.player not in LEVELS:
                raise ValueError(f"{seat.player!r} is neither a person nor a computer level")
        self.seats = list(seats)
        # No seed given: one from the system's randomness, shown on screen so it can be replayed.
        self.seed = seed if seed is not None else fresh_seed(MAX_SEED + 1)
        self.state: State = RULES.new_game(seed=self.seed, players=[s.name for s in seats])
        # The computer's own dice, one stream per seat, from the game seed.
        self.minds = [Dice(self.seed ^ (0x5EA7 + n)) for n in range(len(seats))]
        humans = self.humans()
        self.keyboard: int | None = humans[0] if humans else None  # whose eyes the screen uses
        self.log: list[Event] = []

    # ------------------------------------------------------------------ reading

    def humans(self) -> list[int]:
        return [n for n, s in enumerate(self.seats) if not s.computer]

    @property
    def current(self) -> int | None:
        return self.state.current_player

    def view(self) -> View:
        """What the seat at the keyboard may see (a spectator's view when no one is)."""
        return self.state.view(self.keyboard)

    def computer_to_act(self) -> bool:
        seat = self.current
        return seat is not None and self.seats[seat].computer

    def needs_handover(self) -> bool:
        """Whether the turn has passed to a person other than the one at the keyboard: the
        table must be covered until they say they are there."""
        seat = self.current
        return seat is not None and not self.seats[seat].computer and seat != self.keyboard

    def take_keyboard(self) -> None:
        """The person whose turn it is confirmed they are at the keyboard."""
        seat = self.current
        if seat is not None and not self.seats[seat].computer:
            self.keyboard = seat

    def legal(self) -> list[Action]:
        """The actions open to the person at the keyboard now (none when it is not their
        turn)."""
        if self.current is None or self.current != self.keyboard:
            return []
        return list(self.state.legal_actions())

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> list[Event] | str:
        """Apply the current player's action: the events, or the engine's reason for
        refusing it (nothing changes then)."""
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            return exc.reason
        self.log += events
        return events

    def computer_move(self) -> Action:
        """The computer's choice for the seat whose turn it is, from that seat's view only."""
        seat = self.current
        assert seat is not None and self.seats[seat].computer
        return choose(self.state.view(seat), self.state.legal_actions(), self.seats[seat].player,
                      self.minds[seat])

    # ------------------------------------------------------------------ the run

    def record(self) -> dict[str, Any]:
        """The run document; its player is the first person at the table (or seat 1)."""
        humans = self.humans()
        player = self.seats[humans[0] if humans else 0].name
        return RULES.record(self.state, player=player, recorded=clock.stamp())


def save_run(session: TableSession) -> str:
    """Keep the finished game's run in the player's runs folder, as Card Rogue's are kept, so
    `cardrogue verify` takes it. Returns a sentence for the player."""
    try:
        from services.runfiles import keep_run

        path = keep_run(RULES.run_from_dict(session.record()))
    except Exception as error:  # noqa: BLE001 - the results still show without the file
        return f"The run could not be saved: {' '.join(str(error).split())}"
    return f"Run saved to {path} (cardrogue verify checks it)."
