"""Mini Rogue's run documents: what was played, checked by playing it again.

    {"format_version": 2, "game": "minirogue", "rules_version": 1, "seed": 7,
     "difficulty": "normal", "dungeon_keys": false, "player": "Ann",
     "recorded": "2026-11-22T20:00:00Z", "actions": [{"do": "enter", "row": 0}, ...],
     "claimed": {"outcome": "dead", "score": 93, ...}}

`verify` never trusts the claimed figures: it replays the actions from the setup and compares.
A run that is malformed, of another game or rules version, holds an illegal action (named by
its index), stops before the game ends, or claims what the replay does not give is refused.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Mapping

from engine.core.protocol import IllegalAction
from engine.minirogue import options as setup
from engine.minirogue.actions import Action
from engine.minirogue.state import RULES_VERSION, State

GAME = "minirogue"
FORMAT_VERSION = 2
MAX_ACTIONS = 100_000
MAX_NAME_LENGTH = 40
FIELDS = ("format_version", "game", "rules_version", "seed", "difficulty", "dungeon_keys",
          "player", "recorded", "actions", "claimed")
REQUIRED = ("format_version", "game", "rules_version", "seed", "difficulty", "dungeon_keys",
            "player", "actions")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


@dataclass(frozen=True)
class Verdict:
    """The answer of `verify`: ok with the replay's figures, or the reason for refusing
    (and, for an illegal or malformed action, its index)."""

    ok: bool
    reason: str | None = None
    figures: Mapping[str, Any] = field(default_factory=dict)
    index: int | None = None


class _Refused(Exception):
    def __init__(self, reason: str, index: int | None = None) -> None:
        super().__init__(reason)
        self.reason, self.index = reason, index


def figures(state: State) -> dict[str, Any]:
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


def utc_now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def record(state: State, player: str = "Player", *, recorded: str | None = None
           ) -> dict[str, Any]:
    """The run document of a game (finished or not: only a finished one verifies)."""
    return {
        "format_version": FORMAT_VERSION,
        "game": GAME,
        "rules_version": RULES_VERSION,
        "seed": state.seed,
        "difficulty": state.difficulty,
        "dungeon_keys": state.dungeon_keys,
        "player": _player(player),
        "recorded": recorded if recorded is not None else utc_now(),
        "actions": state.serialize(),
        "claimed": figures(state),
    }


def verify(run: Any) -> Verdict:
    try:
        return Verdict(True, None, _replay(run))
    except _Refused as refused:
        return Verdict(False, refused.reason, {}, refused.index)


def _replay(run: Any) -> dict[str, Any]:
    if not isinstance(run, dict):
        raise _Refused("a run is one JSON object")
    unknown = sorted(str(k) for k in set(run) - set(FIELDS))
    if unknown:
        raise _Refused(f"unknown field(s): {', '.join(unknown)[:200]}")
    missing = [name for name in REQUIRED if name not in run]
    if missing:
        raise _Refused(f"missing field(s): {', '.join(missing)}")
    if run["format_version"] != FORMAT_VERSION or isinstance(run["format_version"], bool):
        raise _Refused(f"this game reads run format {FORMAT_VERSION} only")
    if run["game"] != GAME:
        raise _Refused(f"this is not a run of {GAME}")
    if run["rules_version"] != RULES_VERSION or isinstance(run["rules_version"], bool):
        raise _Refused(f"the run was played under other rules (version "
                       f"{_short(run['rules_version'])}, not {RULES_VERSION}); its outcome may "
                       "differ here")
    try:
        _player(run["player"])
    except ValueError as exc:
        raise _Refused(str(exc)) from None
    recorded = run.get("recorded", "")
    if not isinstance(recorded, str) or (recorded and not _DATE.fullmatch(recorded)):
        raise _Refused("recorded must be a UTC time like 2026-11-22T20:00:00Z")
    claimed = run.get("claimed", {})
    if not isinstance(claimed, dict):
        raise _Refused("claimed must be an object")
    problem = setup.setup_problem(run["seed"], run["difficulty"], run["dungeon_keys"])
    if problem:
        raise _Refused(problem)
    actions = run["actions"]
    if not isinstance(actions, list):
        raise _Refused("actions must be a list")
    if len(actions) > MAX_ACTIONS:
        raise _Refused(f"a run holds at most {MAX_ACTIONS:,} actions")
    state = setup.start(run["seed"], run["difficulty"], run["dungeon_keys"])
    for index, data in enumerate(actions):
        try:
            action = Action.from_dict(data)
        except ValueError as exc:
            raise _Refused(f"action {index} is not an action: {exc}", index) from None
        if state.is_over:
            raise _Refused(f"action {index} comes after the end of the game", index)
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise _Refused(f"action {index} ({action}) is illegal: {exc.reason}", index) from None
    if not state.is_over:
        raise _Refused(f"after all {len(actions)} actions the game is still going: the run does "
                       "not finish")
    actual = figures(state)
    differences = [f"{name}: the run claims {_short(value)}, the replay gives "
                   f"{_short(actual[name])}" if name in actual else
                   f"{_short(name)} is not a figure of {GAME}"
                   for name, value in claimed.items()
                   if name not in actual or value != actual[name]
                   or type(value) is not type(actual[name])]
    if differences:
        raise _Refused("; ".join(differences)[:500])
    return actual


def _player(name: Any) -> str:
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise ValueError("player must be a name without leading or trailing spaces")
    if len(name) > MAX_NAME_LENGTH or _CONTROL.search(name):
        raise ValueError(f"player must be at most {MAX_NAME_LENGTH} printable characters")
    return name


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int too long to turn into text
        return "a number too long to show"
    return text if len(text) <= 40 else text[:37] + "..."
