"""What a game declares about itself, so that a host (the app, the CLI, the server) can offer,
seat and rank it without naming it: its names, its seats, its options and how its runs rank.

    info = engine.games.load(name).info
    info.options            # each option new_game takes: a form field and a CLI flag
    info.ranking            # fewest moves or most points, or None for a game that does not rank
    key = info.board_of(run)           # the board a run is entered on, or None
    info.board_title(key)              # that board's name, for people

Seats: a game for more than one player takes its table as new_game's `players=` (a list of
names in seat order, min_players to max_players of them); a solitaire game takes no players.
Which seats the computer plays, and at which of `computer_levels`, is the host's business: the
engine's state knows only the names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from engine.core.runs import Run

OptionKind = Literal["int", "choice", "bool", "text"]


@dataclass(frozen=True)
class OptionSpec:
    """One keyword new_game takes (besides the seed and the players).

    default   the value new_game uses when the option is left out; None when leaving it out
              means something of its own (the map's first character, a setup without the option)
    many      the value is a list of `choices` (any number of them), not one
    labels    words for each of `choices`, in their order, for a form; () shows the choices
    setup     the setup the option belongs to, for a game started in more than one way (Card
              Rogue's "story" and "classic"); "" for an option of every setup
    solo      taken by a game of one player only: at a table of more, a form leaves it out
    """

    name: str
    kind: OptionKind
    label: str  # words for a form field
    help: str  # words for a command-line flag
    default: Any = None
    choices: tuple[str, ...] = ()
    many: bool = False
    min: int | None = None
    max: int | None = None
    labels: tuple[str, ...] = ()
    setup: str = ""
    solo: bool = False

    def choice_label(self, choice: str) -> str:
        """A choice in a form's words."""
        if choice in self.choices and len(self.labels) == len(self.choices):
            return self.labels[self.choices.index(choice)]
        return choice


@dataclass(frozen=True)
class Ranking:
    """How a game's runs rank on a board.

    kind        "moves" (fewest actions on a map) or "points" (a score on a board)
    figure      the verified figure ranked ("moves", "score")
    better      "lower" or "higher"
    tie_breaks  the figures that break a tie, each lower first; "recorded" is the earlier run
    """

    kind: Literal["moves", "points"]
    figure: str
    better: Literal["lower", "higher"]
    tie_breaks: tuple[str, ...] = ("recorded",)


class BoardOf(Protocol):
    """The key of the board a run is entered on, or None. `sent` is the day the run was sent
    (an ISO date; "" when not known): it matters to a game with daily boards, and the engine
    reads no clock."""

    def __call__(self, run: Run, sent: str = "") -> str | None: ...


def no_board(run: Run, sent: str = "") -> str | None:  # noqa: ARG001 - BoardOf's signature
    """The board of a run of a game that does not rank: none."""
    return None


@dataclass(frozen=True)
class Daily:
    """A game with a daily dungeon: one seed a day, the same for everyone. A community server
    draws each day's seed itself and publishes it only when the day starts; these name the
    boards its runs go on there.

    option    the setup option the day's seed is played as ("seed")
    board     day (ISO date) -> the key of that day's board, "daily:2026-11-22"
    archive   day -> the key of the board of its runs sent after the day (and its grace)
    seeded    run -> the board the run ranks on as a plain seed, the day's seed or not
    offline   day -> the seed of that day's offline daily, worked out from its date alone (the
              app's daily without a server, on boards of this computer); None: no offline daily
    """

    option: str
    board: Callable[[str], str]
    archive: Callable[[str], str]
    seeded: Callable[[Run], str | None]
    offline: Callable[[str], int] | None = None


def no_title(key: str) -> str:
    return key


def no_facts(_key: str) -> Mapping[str, Any] | None:
    return None


@dataclass(frozen=True)
class GameInfo:
    """A game's declaration (engine.core.contract.Rules.info).

    board_of     (run, sent) -> the key of the board the run is entered on, or None
    board_title  key -> the board's name for people
    board_facts  key -> what the key says as JSON values (at least its "kind"), or None for a
                 key that names no board of this game
    daily        the game's daily dungeon, or None for a game without one
    """

    name: str
    long_name: str
    min_players: int = 1
    max_players: int = 1
    # The levels a computer player may play a seat at, easiest first; () for a game where
    # every seat is a person.
    computer_levels: tuple[str, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    ranking: Ranking | None = None
    board_of: BoardOf = no_board
    board_title: Callable[[str], str] = no_title
    board_facts: Callable[[str], Mapping[str, Any] | None] = no_facts
    daily: Daily | None = None

    def option(self, name: str) -> OptionSpec:
        """The option named `name`. Raises KeyError."""
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)

    @property
    def computer_seats(self) -> bool:
        """Whether a seat may be played by the computer."""
        return bool(self.computer_levels)

    @property
    def seated(self) -> bool:
        """Whether new_game takes the table as `players=`."""
        return self.max_players > 1

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Refuse a keyword new_game does not take (besides the seed): what the game declares,
        and the players at a table. Raises ValueError naming it and what is taken."""
        known = [spec.name for spec in self.options] + (["players"] if self.seated else [])
        unknown = sorted(map(str, set(options) - set(known)))
        if not unknown:
            return
        if not known:
            raise ValueError(f"{self.long_name} takes no options, not {', '.join(unknown)}")
        raise ValueError(f"{self.long_name} has no option {', '.join(unknown)}; its options "
                         f"are {', '.join(known)}")


__all__ = ["BoardOf", "Daily", "GameInfo", "OptionKind", "OptionSpec", "Ranking", "no_board"]
