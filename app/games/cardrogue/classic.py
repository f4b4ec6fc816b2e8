"""One classic game at one keyboard: 1 to 4 players on a fresh table, with its log and undo.

The game is `RULES.new_game(seed=..., players=names, goals=...)`: the players pick their
characters in turn order through the engine's pending "pick" decisions, so the names, the seed
(and a solo player's goals, as the engine names them: "chest", "slay:golem") plus the action
history are the whole game, and undo rebuilds it by replaying.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.cardrogue.session import Session
from app.games.cardrogue.words import Narrator
from app.seeds import fresh_seed
from engine.cardrogue import COMPUTER_LEVELS, RULES, Action, State, computer_move
from engine.core import Dice

HUMAN = "human"  # a seat's kind: a person, or a computer level ("easy", "normal")

MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class Standing:
    """One line of the game-over tally."""

    seat: int
    name: str
    character: str
    points: int
    out: bool


class ClassicSession(Session):
    """A classic game and everything that happened in it (the play screen's Session)."""

    def __init__(self, names: list[str], seed: int | None = None,
                 goals: tuple[str, ...] = (), kinds: list[str] | None = None) -> None:
        self.names = [n.strip() or f"Player {k + 1}" for k, n in enumerate(names)]
        self.kinds = list(kinds) if kinds is not None else [HUMAN] * len(self.names)
        if len(self.kinds) != len(self.names) or any(
                k != HUMAN and k not in COMPUTER_LEVELS for k in self.kinds):
            raise ValueError("each seat is a person or a computer level")
        self.seed = fresh_seed(MAX_SEED) if seed is None else seed
        self._new_minds()
        self.goals = tuple(goals) if len(self.names) == 1 else ()
        self.source = None
        self.name = self.names[0]
        self.game = self._new_game()
        self.spec = self.game.spec
        self.character = ""  # no one hero: each player has their own
        self.groups = []
        self._start_log()

    def _new_game(self) -> State:
        return RULES.new_game(seed=self.seed, players=self.names, goals=list(self.goals))

    def _new_minds(self) -> None:
        # The computer's own dice, one stream per seat from the game's seed: a game replays,
        # and thinking never draws the game's dice.
        self.minds = [Dice(self.seed ^ (0xC0DE + n)) for n in range(len(self.names))]

    # -- computer seats

    def is_computer(self, seat: int) -> bool:
        return self.kinds[seat] != HUMAN

    def people(self) -> int:
        """How many seats a person plays (the keyboard changes hands only between them)."""
        return sum(kind == HUMAN for kind in self.kinds)

    def computer_to_act(self) -> bool:
        seat = self.game.current_player
        return seat is not None and self.is_computer(seat)

    def computer_move(self) -> Action:
        """The computer's choice for the seat that must act, from what that seat may know."""
        seat = self.game.current_player
        assert seat is not None and self.is_computer(seat)
        return computer_move(self.game, seat, self.kinds[seat], self.minds[seat])

    def restart_campaign(self) -> None:
        self._new_minds()
        super().restart_campaign()

    @property
    def title(self) -> str:
        return f"Classic game · seed {self.seed}"

    def _rebuild(self, actions: list[Action]) -> None:
        self.game = self._new_game()
        for action in actions:
            self.game.apply(action)
        del self.groups[len(actions) + 1:]
        if not self.groups:
            self._start_log()

    def _start_log(self) -> None:
        from rich.text import Text

        opening = Narrator(self.game).narrate(self.game.opening_events)
        self.groups = [[Text(f"A new table for {len(self.names)}: seed {self.seed}.",
                             style="bold"), *opening]]

    @property
    def level_start(self) -> int:
        return 0

    # -- the end

    def standings(self) -> list[Standing]:
        """Every player with their victory points, best first (seat order breaks ties)."""
        g = self.game
        rows = [Standing(p.seat, p.name, g.catalog.characters[p.character].name, p.points, p.out)
                for p in g.view(0).players]
        return sorted(rows, key=lambda r: (-r.points, r.seat))

    def winners(self) -> list[str]:
        """The names of the players with the most points (a solo player: if they won)."""
        g = self.game
        if len(g.players) == 1:
            return [g.players[0].name] if g.outcome == "won" else []
        rows = self.standings()
        best = rows[0].points
        return [r.name for r in rows if r.points == best]
