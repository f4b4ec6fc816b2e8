"""Table Dungeon runs: its run files, recording a game, and verifying a run by replaying it.

A Table Dungeon run file holds the common header of every game's runs (engine.core.runs) and
one field of its own, the table, in this order in the file:

    format_version, game, rules_version, seed, player
    table            {"players": the 2 to 4 names in seat order}
    recorded, actions, claimed

    {"format_version": 2, "game": "tabledungeon", "rules_version": 1, "seed": 7,
     "player": "Ann", "table": {"players": ["Ann", "Bo"]}, "recorded": "2026-11-22T21:30:00Z",
     "actions": [{"do": "pick", "name": "wizard"}, ...],
     "claimed": {"outcome": "won", "score": 17, ...}}

The classes are picked by the run's own "pick" actions, so the seed and the names are the whole
setup. verify() replays the actions and compares every claimed figure with the replay's; a run
that is cut short, edited or claims too much is refused with the reason (engine.core.runs).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.protocol import Event
from engine.core.runs import (
    BAD_RUN,
    COMMON_FIELDS,
    COMMON_REQUIRED,
    OTHER_FORMAT_VERSION,
    Claim,
    RunError,
    RunForm,
    check_claim_types,
    check_document,
    check_header,
    check_name,
    common_fields,
    plain_claims,
    verify_replay,
)
from engine.tabledungeon.actions import Action
from engine.tabledungeon.state import GAME, RULES_VERSION, State

FORMAT_VERSION = 2  # Table Dungeon's runs were always written in format 2 (with a table)
MIN_PLAYERS, MAX_PLAYERS = 2, 4
FIELDS = ("format_version", "game", "rules_version", "seed", "player", "table", "recorded",
          "actions", "claimed")
REQUIRED = ("format_version", "game", "rules_version", "seed", "player", "table", "actions")
assert set(COMMON_FIELDS) <= set(FIELDS) and set(COMMON_REQUIRED) <= set(REQUIRED)

# The figures a Table Dungeon run may claim, and their types.
CLAIMS: dict[str, type | tuple[type, ...]] = {
    "outcome": (str, type(None)),  # "won" (four aces) or "lost" (everyone dead)
    "score": int,  # the winner's loot points
    "winners": tuple,  # the winning seats (a tie shares the win)
    "points": tuple,  # every seat's tally (0 for the dead)
    "rounds": int,
    "aces": int,
    "moves": int,
}


@dataclass(frozen=True)
class Run(RunForm):
    """A Table Dungeon run: the common header (engine.core.runs.Run) and the table."""

    game: str
    rules_version: int
    seed: int
    player: str
    players: tuple[str, ...]
    actions: tuple[Action, ...]
    claimed: Mapping[str, Claim] = field(default_factory=dict)
    recorded: str = ""
    format_version: int = FORMAT_VERSION

    def setup_fields(self) -> dict[str, Any]:
        return {"seed": self.seed, "player": self.player,
                "table": {"players": list(self.players)}}

    def setup(self) -> dict[str, Any]:
        return {"seed": self.seed, "players": list(self.players)}


def table_names(value: Any) -> tuple[str, ...]:
    """The players of a table: 2 to 4 distinct names. Raises RunError(BAD_RUN) saying why."""
    if not isinstance(value, (list, tuple)):
        raise RunError(BAD_RUN, f"players must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} names")
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise RunError(BAD_RUN, f"Table Dungeon needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                       f"not {len(value)}")
    names = tuple(check_name(name) for name in value)
    if len(set(names)) != len(names):
        raise RunError(BAD_RUN, "two players have the same name")
    return names


def run_from_dict(doc: Any) -> Run:
    """Check a parsed run document field by field and build the Run. Raises RunError."""
    version = check_document(doc, FIELDS, REQUIRED)
    if version != FORMAT_VERSION:
        raise RunError(OTHER_FORMAT_VERSION, f"the run file has format version {version}; "
                       f"Table Dungeon runs have format version {FORMAT_VERSION}")
    table = doc["table"]
    if not isinstance(table, dict) or set(table) != {"players"}:
        raise RunError(BAD_RUN, "table must be an object with players only")
    players = table_names(table["players"])
    common = common_fields(doc, version, Action.from_dict)
    return Run(**common.fields(), players=players)


def figures(state: State) -> dict[str, Claim]:
    """What a game reached, as a run claims it."""
    return {"outcome": state.outcome, "score": state.score, "winners": tuple(state.winners),
            "points": tuple(state.returns()), "rounds": state.round, "aces": state.aces,
            "moves": len(state.history)}



def record(state: State, player: str | None = None, *, recorded: str = "") -> Run:
    """The run of `state` (finished or not: verify refuses an unfinished one). The player
    defaults to the first seat's name."""
    return Run(game=GAME, rules_version=RULES_VERSION, seed=state.seed,
               player=player if player is not None else state.names[0],
               players=tuple(state.names), actions=tuple(state.history),
               claimed=figures(state), recorded=recorded)


def check_claim_names(run: Run) -> None:
    """Only Table Dungeon's figures, each of its type."""
    check_claim_types(run.claimed, CLAIMS, "Table Dungeon")


@dataclass(frozen=True)
class Verified:
    """A run that replayed to its end with the figures it claims."""

    run: Run
    state: State
    figures: Mapping[str, Claim]

    def summary(self) -> dict[str, Any]:
        f = plain_claims(self.figures)
        return {"game": GAME, "player": self.run.player, "players": list(self.run.players),
                "outcome": f["outcome"], "score": f["score"], "winners": f["winners"],
                "points": f["points"], "rounds": f["rounds"], "moves": f["moves"],
                "rules_version": self.run.rules_version, "run_hash": self.run.hash}


def verify(run: Run, *, on_start: Callable[[list[Event]], None] | None = None,
           on_step: Callable[[int, Action, list[Event]], None] | None = None) -> Verified:
    """Replay `run` and check everything. Raises RunError naming the first problem:
    other_game, other_rules_version, bad_run (claims), illegal_action (with its index),
    does_not_finish or claims_differ. The table is laid with no events (the classes are
    picked by actions), so `on_start` gets an empty list."""
    check_header(run, game=GAME, rules_version=RULES_VERSION)
    check_claim_names(run)
    state = State(run.seed, list(run.players))
    if on_start is not None:
        on_start([])
    actual = verify_replay(run, state, figures, on_step=on_step)
    return Verified(run, state, actual)


__all__ = ["CLAIMS", "FIELDS", "FORMAT_VERSION", "MAX_PLAYERS", "MIN_PLAYERS", "REQUIRED", "Run",
           "Verified", "figures", "record", "run_from_dict", "table_names", "verify"]
