"""The game contract: what every game of the app offers, so that tools, the CLI, the server and
the contract tests (tests/contract/) can use any game without knowing it.

A game is a package `engine/<name>/` with a `Rules` object, registered in `engine.games`:

    rules = engine.games.load(name)          # name: one of engine.games.names()
    state = rules.new_game(seed=7, **options)  # the options are the game's own
    state.legal_actions(); state.why_illegal(a); events = state.apply(a)
    state.is_over; state.outcome; state.returns(); state.current_player
    state.clone(); state.history; state.fingerprint(); state.serialize(); state.view(seat)
    run = rules.record(state, player="Ann")  # a run document: the JSON object of a run file
    rules.verify(run)                        # a Verdict: .ok, .reason, .figures
    rules.info                               # its seats, options, ranking, boards (info.py)
    rules.run_from_dict(run).setup()         # the new_game keywords the run started from

These are typing Protocols: a game's classes need not inherit from them, only have the names.
The names follow docs PRODUCT.md ("The game contract") and, where it fits, OpenSpiel's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from engine.core.info import GameInfo
from engine.core.protocol import Action, Event
from engine.core.runs import Claim, Run, RunError, own_run, plain_claims

# Called with the events of a game's setup, then with each action's index, the action and its
# events, while a run is replayed (the CLI's `replay --events` prints them).
OnStart = Callable[[list[Event]], None]
OnStep = Callable[[int, Any, list[Event]], None]

# A game's own action type (engine.core.protocol.Action describes what they all have): a state
# lists, takes and remembers its own game's actions only.
ActionT = TypeVar("ActionT", bound=Action)


@dataclass(frozen=True)
class Verdict:
    """What verifying a run found.

    ok       the run replays to its end with the figures it claims
    reason   why it was refused: its code in words and a message ("illegal action: ..."), or ""
    figures  what the replay reached (outcome, moves, ...), as JSON values; empty if refused
    code     the refusal's code (engine.core.runs: "illegal_action", "other_game", ...), or ""
    report   one JSON object for tools: the run's summary when ok, else the refusal
             ({"error": code, "message": ..., and "index" or "details" where they apply})
    """

    ok: bool
    reason: str = ""
    figures: dict[str, Any] = field(default_factory=dict)
    code: str = ""
    report: dict[str, Any] = field(default_factory=dict)


def refusal(exc: RunError) -> Verdict:
    """The Verdict of a run refused for `exc`."""
    return Verdict(ok=False, reason=str(exc), code=exc.code, report=exc.to_dict())


class Verified(Protocol):
    """A run that replayed to its end with the figures it claims (each game's has more)."""

    @property
    def figures(self) -> Mapping[str, Claim]: ...

    def summary(self) -> dict[str, Any]:
        """The verified run for tools: its setup, what it reached and its identity."""


OwnRun = TypeVar("OwnRun")


def verdict(run: Mapping[str, Any] | Run, kind: type[OwnRun], parse: Callable[[Any], OwnRun],
            check: Callable[[OwnRun], Verified]) -> Verdict:
    """Every game's verify: the run as the game's own (`parse` reads a document; a run already
    parsed is taken as it is), replayed and compared by the game's `check`, which raises
    RunError for a run it refuses. Never raises for a bad run: the Verdict says why."""
    try:
        verified = check(own_run(run, kind, parse))
    except RunError as exc:
        return refusal(exc)
    return Verdict(ok=True, figures=plain_claims(verified.figures), report=verified.summary())


class State(Protocol[ActionT]):
    """One game in progress. `apply` changes it; everything else only reads it."""

    @property
    def is_over(self) -> bool: ...

    @property
    def outcome(self) -> str | None:
        """How the game ended, in the game's own words ("won", "lost", "over"), or None."""

    @property
    def current_player(self) -> int | None:
        """The seat of the player who must act now; None once the game is over."""

    @property
    def history(self) -> Sequence[ActionT]:
        """Every action applied since the start, in order."""

    def legal_actions(self) -> Sequence[ActionT]: ...

    def why_illegal(self, action: ActionT) -> str | None:
        """Why `action` is not allowed now, in words; None if it is."""

    def apply(self, action: ActionT) -> list[Event]:
        """Do `action` and say what happened. Raises IllegalAction (and changes nothing)."""

    def returns(self) -> list[int]:
        """Each seat's result, in seat order (points, or 1 for a win and 0 otherwise)."""

    def clone(self) -> State[ActionT]:
        """An independent copy: applying actions to one leaves the other unchanged."""

    def fingerprint(self) -> object:
        """A hashable value equal for two states exactly when they are the same game position."""

    def serialize(self) -> list[dict[str, Any]]:
        """The actions so far as JSON objects: with the setup, the whole game."""

    def view(self, seat: int) -> Any:
        """What seat `seat` may see now, as frozen values for a view to draw."""


@runtime_checkable
class Rules(Protocol):
    """One game's rules: how to set a game up, record it as a run, and verify a run."""

    name: str  # the name it is registered under in engine.games, and that its runs carry
    rules_version: int  # bumped whenever an outcome of any action can change
    info: GameInfo  # its names, seats, options and ranking (engine.core.info)

    def new_game(self, seed: int | None = None, **options: Any) -> State[Any]:
        """A fresh game. The options are the game's own; a missing, unknown or ill-typed one
        raises ValueError with the reason in words."""

    def sample_options(self) -> list[dict[str, Any]]:
        """A few setups (keyword arguments for new_game, seed included) that the contract tests
        play: one per kind of setup the game has."""

    def parse_action(self, data: Any) -> Any:
        """An action from its stored JSON form. Raises ValueError with the reason."""

    def run_from_dict(self, doc: Any) -> Run:
        """A run document (a parsed run file) checked field by field, with the game's own
        fields and actions. Raises RunError naming the first problem."""

    def record(self, state: Any, *, player: str | None = None,
               recorded: str = "") -> dict[str, Any]:
        """The run document (a run file's JSON object) of a game made by new_game. `recorded`
        is when it was played (ISO 8601, UTC), from the caller: the engine reads no clock, and
        a run without it simply has no time."""

    def verify(self, run: Mapping[str, Any] | Run, *, on_start: OnStart | None = None,
               on_step: OnStep | None = None, **context: Any) -> Verdict:
        """Replay a run document (or a Run its run_from_dict parsed, so a caller parses a
        submission once) and compare it with what it claims. Never raises for a bad
        run: the Verdict says why. `context` is what the game may need besides the run: the
        setup options new_game took (a game played on maps finds the map there), or
        `find_map`, a callable (map id, title) -> the map, that the CLI and the server pass
        to every game. A game ignores what it does not need."""


__all__ = ["OnStart", "OnStep", "Rules", "State", "Verdict", "Verified", "refusal", "verdict"]
