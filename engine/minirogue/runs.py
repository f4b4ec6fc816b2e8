"""Mini Rogue's run documents: what was played, checked by playing it again.

    {"format_version": 2, "game": "minirogue", "rules_version": 1, "seed": 7,
     "difficulty": "normal", "dungeon_keys": false, "player": "Ann",
     "recorded": "2026-11-22T20:00:00Z", "actions": [{"do": "enter", "row": 0}, ...],
     "claimed": {"outcome": "dead", "score": 93, ...}}

The common header (format_version, game, rules_version, seed, player, recorded, actions,
claimed) is read and checked by engine.core.runs, as for every game; Mini Rogue adds its setup:
the difficulty and the Dungeon Keys variant. `verify` never trusts the claimed figures: it
replays the actions from the setup and compares. Every refusal carries one of core's codes
(bad_run, other_rules_version, illegal_action with its index, does_not_finish, claims_differ).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.contract import OnStart, OnStep, Verdict, verdict
from engine.core.runs import (
    BAD_RUN,
    COMMON_FIELDS,
    COMMON_REQUIRED,
    OTHER_FORMAT_VERSION,
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
from engine.core.runs import Run as AnyRun
from engine.minirogue import options as setup
from engine.minirogue.actions import Action
from engine.minirogue.state import GAME, RULES_VERSION, State

FORMAT_VERSION = 2  # Mini Rogue runs were first written in core's format 2; it reads no other
FIELDS = ("format_version", "game", "rules_version", "seed", "difficulty", "dungeon_keys",
          "player", "recorded", "actions", "claimed")
REQUIRED = ("format_version", "game", "rules_version", "seed", "difficulty", "dungeon_keys",
            "player", "actions")
assert set(COMMON_FIELDS) <= set(FIELDS) and set(COMMON_REQUIRED) <= set(REQUIRED)


@dataclass(frozen=True)
class Run(RunForm):
    """A Mini Rogue run: the common header (engine.core.runs.Run) and the game's setup."""

    game: str
    rules_version: int
    seed: int
    difficulty: str
    dungeon_keys: bool
    player: str
    actions: tuple[Action, ...]
    claimed: Mapping[str, Claim] = field(default_factory=dict)
    recorded: str = ""
    format_version: int = FORMAT_VERSION

    def setup_fields(self) -> dict[str, Any]:
        return {"seed": self.seed, "difficulty": self.difficulty,
                "dungeon_keys": self.dungeon_keys, "player": self.player}

    def setup(self) -> dict[str, Any]:
        return {"seed": self.seed, "difficulty": self.difficulty,
                "dungeon_keys": self.dungeon_keys}


def run_from_dict(doc: Any) -> Run:
    """Check a parsed run document field by field and build the Run. Raises RunError."""
    version = check_document(doc, FIELDS, REQUIRED)
    if version != FORMAT_VERSION:
        raise RunError(OTHER_FORMAT_VERSION, f"the run file has format version {version}; Mini "
                       f"Rogue runs are written in format {FORMAT_VERSION}")
    common = common_fields(doc, version, Action.from_dict)
    problem = setup.setup_problem(common.seed, doc["difficulty"], doc["dungeon_keys"])
    if problem:
        raise RunError(BAD_RUN, problem)
    return Run(**common.fields(), difficulty=doc["difficulty"],
               dungeon_keys=doc["dungeon_keys"])


def figures(state: State) -> dict[str, Claim]:
    """What a run reached: these are the figures a run may claim and a board may rank."""
    return {
        "outcome": state.outcome,
        "cause": state.cause,
        "score": state.score,
        "area": state.area,
        "level": state.level,
        "bosses": state.bosses_defeated,
        "monsters": state.monsters_defeated,
        "hp": state.hero.hp,
        "gold": state.hero.gold,
        "rank": state.hero.rank,
        "actions": len(state.history),
    }



def record_run(state: State, player: str | None = None, *, recorded: str = "") -> Run:
    """The run of a game (finished or not: only a finished one verifies). Raises ValueError
    for a player name a run cannot hold."""
    name = recorded_player("Player" if player is None else player)
    return Run(
        game=GAME,
        rules_version=RULES_VERSION,
        seed=state.seed,
        difficulty=state.difficulty,
        dungeon_keys=state.dungeon_keys,
        player=name,
        actions=tuple(state.history),
        claimed=figures(state),
        recorded=recorded,
    )


def record(state: State, player: str | None = None, *, recorded: str = ""
           ) -> dict[str, Any]:
    """The run document (a run file's JSON object) of a game."""
    return record_run(state, player, recorded=recorded).to_dict()


def start(run: Run) -> State:
    """A fresh game set up as the run was."""
    return setup.start(run.seed, run.difficulty, run.dungeon_keys)


@dataclass(frozen=True)
class Verified:
    """A run that replayed to its end with the figures it claims."""

    run: Run
    state: State
    figures: Mapping[str, Claim]

    def summary(self) -> dict[str, Any]:
        """A verified run for tools: its setup, what it reached and its identity."""
        run = self.run
        return {
            "game": GAME, "player": run.player, "seed": run.seed, "difficulty": run.difficulty,
            "dungeon_keys": run.dungeon_keys, **plain_claims(self.figures),
            "rules_version": run.rules_version, "run_hash": run.hash,
        }


def verify(run: Mapping[str, Any] | AnyRun, *, on_start: OnStart | None = None,
           on_step: OnStep | None = None, **context: Any) -> Verdict:
    """Replay a run document (or a parsed Run) and compare it with what it claims. Never
    raises for a bad run: the Verdict says why. `on_start` receives the events of the first
    area's deal, `on_step` each action's events. Other context (a map finder the CLI passes to
    every game, the setup options) is not needed: the run holds its whole setup."""

    def check(parsed: Run) -> Verified:
        check_header(parsed, game=GAME, rules_version=RULES_VERSION)
        state = start(parsed)
        if on_start is not None:
            on_start(list(state.start_events))
        return Verified(parsed, state, verify_replay(parsed, state, figures, on_step=on_step))

    return verdict(run, Run, run_from_dict, check)


__all__ = ["FIELDS", "FORMAT_VERSION", "GAME", "REQUIRED", "Run", "Verified", "figures", "record",
           "record_run", "run_from_dict", "start", "verify"]
