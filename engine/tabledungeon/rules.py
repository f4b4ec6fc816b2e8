"""Table Dungeon by the game contract: Rules.new_game, record and verify.

A run document is what was played, never what it came to:

    {"format_version": 2, "game": "tabledungeon", "rules_version": 1, "seed": 7,
     "player": "Ann", "recorded": "2026-11-22T21:30:00Z", "actions": [{"do": "pick", ...}, ...],
     "claimed": {"outcome": "won", "score": 17, ...}, "table": {"players": ["Ann", "Bo"]}}

verify() replays the actions from the seed and the table and compares every claimed figure with
the replay's; a run that is cut short, edited or claims too much is refused with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from engine.core.protocol import IllegalAction
from engine.core.runs import MAX_ACTIONS, MAX_NAME_LENGTH, MAX_SEED, compare_claims, RunError
from engine.tabledungeon.actions import Action
from engine.tabledungeon.state import GAME, RULES_VERSION, State

FORMAT_VERSION = 2
MIN_PLAYERS, MAX_PLAYERS = 2, 4
_FIELDS = {"format_version", "game", "rules_version", "seed", "player", "recorded", "actions",
           "claimed", "table"}
_REQUIRED = ("format_version", "game", "rules_version", "seed", "player", "actions", "table")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")


@dataclass(frozen=True)
class Verdict:
    """What verify() found: ok, or the reason it refused; the replay's figures when it got
    that far."""

    ok: bool
    reason: str = ""
    figures: dict[str, Any] = field(default_factory=dict)


def check_names(players: Any) -> list[str]:
    """The players option: 2 to 4 distinct, printable names. Raises ValueError saying why."""
    if not isinstance(players, (list, tuple)):
        raise ValueError("players must be a list of 2 to 4 names")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Table Dungeon needs 2 to 4 players, not {len(players)}")
    for name in players:
        check_name(name)
    if len(set(players)) != len(players):
        raise ValueError("two players have the same name")
    return list(players)


def check_name(name: Any) -> str:
    """One player's name: printable text without outer spaces. Raises ValueError saying why."""
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise ValueError(f"{name!r} is not a player name (text without outer spaces)")
    if len(name) > MAX_NAME_LENGTH or _CONTROL.search(name):
        raise ValueError(f"player names are at most {MAX_NAME_LENGTH} printable characters")
    return name


def check_seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}")
    return seed


def figures(state: State) -> dict[str, Any]:
    """What a game reached, as a run claims it."""
    return {"outcome": state.outcome, "score": state.score, "winners": list(state.winners),
            "points": state.returns(), "rounds": state.round, "aces": state.aces,
            "moves": len(state.history)}


class Rules:
    """The game's entry point, as the registry hands it out."""

    name = GAME
    rules_version = RULES_VERSION
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_game(self, seed: Any = None, players: Any = None, **options: Any) -> State:
        if options:
            raise ValueError(f"Table Dungeon takes no option {', '.join(sorted(options))}; "
                             "only seed and players")
        if players is None:
            raise ValueError("Table Dungeon needs players: a list of 2 to 4 names")
        return State(check_seed(seed), check_names(players))

    @staticmethod
    def parse_action(data: Any) -> Action:
        """An action from its stored dict, strictly (ValueError says what is wrong)."""
        return Action.from_dict(data)

    def replay(self, seed: int, players: list[str], actions: list[Action]) -> State:
        """The game those actions make. Raises IllegalAction naming the first bad index."""
        state = self.new_game(seed=seed, players=players)
        for n, action in enumerate(actions):
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(f"action {n} ({action}) is illegal: {exc.reason}",
                                    action) from None
        return state

    def record(self, state: State, player: str | None = None, *,
               recorded: str | None = None) -> dict[str, Any]:
        """The run document of `state` (finished or not: verify refuses an unfinished one)."""
        who = player if player is not None else state.names[0]
        when = recorded or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        return {"format_version": FORMAT_VERSION, "game": GAME, "rules_version": RULES_VERSION,
                "seed": state.seed, "player": who, "recorded": when,
                "actions": state.serialize(), "claimed": figures(state),
                "table": {"players": list(state.names)}}

    def verify(self, run: Any) -> Verdict:
        try:
            state = self._replay_run(run)
        except RunError as exc:
            return Verdict(False, str(exc))
        actual = figures(state)
        try:
            compare_claims(_claims(run.get("claimed", {})), actual)
        except RunError as exc:
            return Verdict(False, str(exc), actual)
        return Verdict(True, "", actual)

    def _replay_run(self, run: Any) -> State:
        """Check the document field by field, then replay it to its end. Raises RunError."""
        if not isinstance(run, dict):
            raise RunError("bad_run", "a run is one JSON object")
        unknown = sorted(set(run) - _FIELDS)
        if unknown:
            raise RunError("bad_run", f"unknown field(s): {', '.join(unknown)}")
        missing = [k for k in _REQUIRED if k not in run]
        if missing:
            raise RunError("bad_run", f"missing field(s): {', '.join(missing)}")
        if run["format_version"] != FORMAT_VERSION or isinstance(run["format_version"], bool):
            raise RunError("other_format_version",
                           f"format version {run['format_version']!r}; this game reads "
                           f"{FORMAT_VERSION}")
        if run["game"] != GAME:
            raise RunError("other_game", f"this is a run of {run['game']!r}, not {GAME!r}")
        if run["rules_version"] != RULES_VERSION or isinstance(run["rules_version"], bool):
            raise RunError("other_rules_version",
                           f"the run was played under rules version {run['rules_version']!r}, "
                           f"not {RULES_VERSION}: outcomes may differ, so it cannot be verified")
        table = run["table"]
        if not isinstance(table, dict) or set(table) != {"players"}:
            raise RunError("bad_run", "table must be an object with players only")
        try:
            names = check_names(table["players"])
            seed = check_seed(run["seed"])
            check_name(run["player"])
        except ValueError as exc:
            raise RunError("bad_setup", str(exc)) from None
        recorded = run.get("recorded", "")
        if not isinstance(recorded, str) or (recorded and not _DATE.fullmatch(recorded)):
            raise RunError("bad_run", "recorded must be a UTC time like 2026-01-31T18:05:00Z")
        items = run["actions"]
        if not isinstance(items, list) or len(items) > MAX_ACTIONS:
            raise RunError("bad_run", f"actions must be a list of at most {MAX_ACTIONS:,}")
        state = State(seed, names)
        for n, item in enumerate(items):
            try:
                action = Action.from_dict(item)
            except ValueError as exc:
                raise RunError("bad_run", f"action {n}: {exc}", index=n) from None
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise RunError("illegal_action", f"action {n} ({action}) is illegal: "
                               f"{exc.reason}", index=n) from None
        if not state.is_over:
            raise RunError("does_not_finish", f"after all {len(items)} actions the game is "
                           "still going: the run does not finish")
        return state


def _claims(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RunError("bad_run", "claimed must be an object")
    return {k: tuple(v) if isinstance(v, list) else v for k, v in value.items()}
