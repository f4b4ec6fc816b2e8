"""Rogue Like Roguelike runs: recording a game and verifying a run by replaying it.

A run file holds only the common header of every game's runs (engine.core.runs): the seed sets
up everything else, and the game has no options. Its claimed figures are FIGURES below;
verifying replays the actions from the seed and refuses any difference, with the core refusal
codes (illegal_action with its index, does_not_finish, claims_differ, other_rules_version...).
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
    FORMAT_VERSION,
    Claim,
    RunError,
    RunForm,
    check_document,
    check_header,
    common_fields,
    plain_claims,
    recorded_player,
    verify_replay,
)
from engine.roguelike.actions import Action
from engine.roguelike.state import GAME, RULES_VERSION, State

# The figures a run claims, in this order: how it ended, the deepest level reached, whether the
# Amulet was won (1 or 0: claims hold no booleans), the score, the actions taken, the hit points.
FIGURES = ("outcome", "deepest", "amulet", "score", "actions", "hp")


@dataclass(frozen=True)
class Run(RunForm):
    """A Rogue Like Roguelike run (engine.core.runs.Run): the common header, nothing more."""

    seed: int
    player: str
    actions: tuple[Action, ...]
    claimed: Mapping[str, Claim] = field(default_factory=dict)
    recorded: str = ""
    game: str = GAME
    rules_version: int = RULES_VERSION
    format_version: int = FORMAT_VERSION

    def setup_fields(self) -> dict[str, Any]:
        return {"seed": self.seed, "player": self.player}

    def setup(self) -> dict[str, Any]:
        return {"seed": self.seed}


def run_from_dict(doc: Any) -> Run:
    """A run document checked field by field. Raises RunError naming the first problem."""
    version = check_document(doc, COMMON_FIELDS, COMMON_REQUIRED)
    common = common_fields(doc, version, Action.from_dict)
    for name in common.claimed:
        if name not in FIGURES:
            raise RunError(BAD_RUN, f"claimed: {name!r} is not a Rogue Like Roguelike figure "
                           f"(known: {', '.join(FIGURES)})")
    return Run(**common.fields())


def figures(state: State) -> dict[str, Claim]:
    """What a game reached, as a run claims it."""
    return {"outcome": state.outcome, "deepest": state.deepest, "amulet": int(state.amulet),
            "score": state.score(), "actions": len(state.history), "hp": state.rogue.hp}


def record(state: State, player: str, *, recorded: str = "") -> Run:
    """The run of a game (usually finished). Raises ValueError for a name no run can hold."""
    return Run(seed=state.seed, player=recorded_player(player), actions=tuple(state.history),
               claimed=figures(state), recorded=recorded)


@dataclass(frozen=True)
class Verified:
    """A run that replayed to its end with the figures it claims."""

    run: Run
    state: State
    figures: Mapping[str, Claim]

    def summary(self) -> dict[str, Any]:
        return {"game": GAME, "player": self.run.player, "seed": self.run.seed,
                **plain_claims(self.figures), "rules_version": self.run.rules_version,
                "run_hash": self.run.hash}


def verify(run: Run, *, on_start: Callable[[list[Event]], None] | None = None,
           on_step: Callable[[int, Any, list[Event]], None] | None = None) -> Verified:
    """Replay `run` from its seed and check everything. Raises RunError: other_game,
    other_rules_version, illegal_action (with its index), does_not_finish or claims_differ.
    The level's setting up is told with the rogue's last creation choice, so `on_start` hears
    no events."""
    check_header(run, game=GAME, rules_version=RULES_VERSION)
    state = State(run.seed)
    if on_start is not None:
        on_start([])
    actual = verify_replay(run, state, figures, on_step=on_step)
    return Verified(run, state, actual)


__all__ = ["FIGURES", "Run", "Verified", "figures", "record", "run_from_dict", "verify"]
