"""Card Rogue's side of the game contract (engine/core/contract.py): `RULES`, registered in
engine/games.py.

    state = RULES.new_game(map="campaigns/x.toml", character="rogue")  # story; seed: the map's
    state = RULES.new_game(seed=7, players=["Ann", "Bo"])              # the classic table
    run = RULES.record(state, player="Ann")   # a run document (the JSON object of a run file)
    RULES.verify(run, find_map=...)           # a Verdict

Story options: `map` (a map file's path, or a MapSpec already loaded), `character` (one the map
allows; default its first), `player` (the hero's name). Classic options: `players` (1 to 4
names, in seat order; they pick their characters in turn at the table, with "pick" actions),
`goals` (a solo player's, as a run names them: "chest", "slay:golem"). Anything else, or a
value of the wrong type, is a ValueError that says so.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.cardrogue import maps, runs
from engine.cardrogue.actions import Action
from engine.cardrogue.identity import share_code
from engine.cardrogue.level import GOAL_KINDS, Goal, MapSpec
from engine.cardrogue.policy import LEVELS
from engine.cardrogue.state import RULES_VERSION, State
from engine.core.contract import OnStart, OnStep, Verdict, verdict
from engine.core.files import project_folder
from engine.core.info import GameInfo, OptionSpec, Ranking
from engine.core.runs import (
    UNKNOWN_MAP,
    Run,
    RunError,
    check_name,
    check_seed,
)

STORY_OPTIONS = frozenset({"map", "character", "player"})
CLASSIC_OPTIONS = frozenset({"players", "goals"})
MAX_CLASSIC_PLAYERS = 4
# A small bundled challenge map, for sample_options (the contract tests play it).
SAMPLE_MAP = project_folder("campaigns", "cardrogue").joinpath("challenges", "speed-maze.toml")
# The goals a solo player at the classic table may choose, as a run's table names them.
SOLO_GOALS = ("chest", "debt", "slay:golem", "slay:basilisk_venom", "slay:basilisk_gaze")
SOLO_GOAL_LABELS = ("Open the chest", "Buy the shopkeeper's debt", "Slay the Golem",
                    "Slay the Venom Basilisk", "Slay the Stone-Gaze Basilisk")
_MAP_ID = re.compile(r"[0-9a-f]{64}")


def board_of(run: Any, sent: str = "") -> str | None:
    """A run of a map ranks on that map's board, keyed by the map's id; a classic table's run
    (laid from its seed, never the same twice) ranks nowhere."""
    if not isinstance(run, runs.Run) or run.table is not None:
        return None
    return run.map_id


def board_facts(key: str) -> dict[str, Any] | None:
    if not _MAP_ID.fullmatch(key):
        return None
    return {"kind": "map", "map_id": key, "share_code": share_code(key)}


def board_title(key: str) -> str:
    """A map's board by its share code: the title lives in the map, which the key only names."""
    return f"Map {share_code(key)}"


INFO = GameInfo(
    name=runs.GAME,
    long_name="Card Rogue",
    # A story map seats one hero; the classic table seats 1 to 4, computers among them.
    min_players=1,
    max_players=MAX_CLASSIC_PLAYERS,
    computer_levels=LEVELS,
    options=(
        OptionSpec("map", "text", label="Map", help="a story map's file (a campaign or a "
                   "challenge); leave it out for the classic table", setup="story"),
        OptionSpec("character", "text", label="Character", help="the hero's character, one "
                   "the map allows (default: its first)", setup="story"),
        OptionSpec("player", "text", label="Hero's name", help="the story hero's name",
                   default="Player", setup="story"),
        OptionSpec("goals", "choice", label="Goals for a solo player", help="a solo "
                   "player's goals at the classic table", default=(), choices=SOLO_GOALS,
                   labels=SOLO_GOAL_LABELS, many=True, setup="classic", solo=True),
    ),
    ranking=Ranking("moves", figure="moves", better="lower", tie_breaks=("turns", "recorded")),
    board_of=board_of,
    board_title=board_title,
    board_facts=board_facts,
)


class Rules:
    """Card Rogue's Rules (engine.core.contract.Rules)."""

    name = runs.GAME
    rules_version = RULES_VERSION
    info = INFO

    def new_game(self, seed: int | None = None, **options: Any) -> State:
        if seed is not None:
            check_seed(seed)
        if "players" in options:
            return _classic(seed, options)
        if "map" in options:
            return _story(seed, options)
        raise ValueError("give map= (a story map: its file or a loaded MapSpec) or players= "
                         "(the classic table: 1 to 4 names)")

    def sample_options(self) -> list[dict[str, Any]]:
        return [
            {"seed": None, "map": str(SAMPLE_MAP), "character": "explorer", "player": "Ann"},
            {"seed": 7, "players": ["Ann"], "goals": ["chest"]},
            {"seed": 11, "players": ["Ann", "Bo", "Cy"]},
        ]

    def parse_action(self, data: Any) -> Action:
        return Action.from_dict(data)

    def run_from_dict(self, doc: Any) -> runs.Run:
        """A run document parsed and checked field by field. Raises RunError."""
        return runs.run_from_dict(doc)

    def record(self, state: Any, *, player: str | None = None,
               recorded: str = "") -> dict[str, Any]:
        if not isinstance(state, State):
            raise TypeError(f"a Card Rogue run records a Card Rogue game, not {state!r}")
        return runs.record(state, player, recorded=recorded).to_dict()

    def verify(self, run: Mapping[str, Any] | Run, *, on_start: OnStart | None = None,
               on_step: OnStep | None = None, find_map: runs.MapFinder | None = None,
               **context: Any) -> Verdict:
        """Verify a run document (or a parsed Run). A story run needs its map: `map` (as
        new_game takes it: a path or a MapSpec, used as it is, so a run of another map is
        refused as a map hash mismatch) or `find_map` (looks it up by id); a classic run lays
        its own table. The other setup options new_game takes may be passed and are not
        needed: the run holds them. A map that cannot be read is not the run's fault: its error
        passes through to the caller (ValueError for `map`, whatever `find_map` raises other
        than RunError)."""
        unknown = sorted(set(context) - STORY_OPTIONS - CLASSIC_OPTIONS)
        if unknown:
            raise TypeError(f"verifying a Card Rogue run takes no {', '.join(unknown)}")

        def check(parsed: runs.Run) -> runs.Verified:
            spec, identity = None, None
            if parsed.table is None and parsed.game == self.name:
                if context.get("map") is not None:
                    spec = _load(context["map"])
                elif find_map is not None:
                    found = find_map(parsed.map_id, parsed.map_title)
                    spec, identity = found.spec, found.map_id
                else:
                    raise RunError(UNKNOWN_MAP, "a run of a map needs its map to be verified")
            return runs.verify(parsed, spec, identity=identity, on_step=on_step,
                               on_start=on_start)

        return verdict(run, runs.Run, runs.run_from_dict, check)


def _check_options(options: Mapping[str, Any], allowed: frozenset[str], setup: str) -> None:
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ValueError(f"{setup} takes {', '.join(sorted(allowed))}, not "
                         f"{', '.join(unknown)}")


def _name(value: Any, what: str) -> str:
    try:
        return check_name(value)
    except RunError:
        raise ValueError(f"{what} must be a name of 1 to 40 characters without control "
                         f"characters or surrounding spaces, not {value!r}") from None


def _names(value: Any, what: str, low: int, high: int) -> list[str]:
    if not isinstance(value, (list, tuple)) or not low <= len(value) <= high:
        raise ValueError(f"{what} must be a list of {low} to {high} names, not {value!r}")
    return [_name(item, what) for item in value]


def _story(seed: int | None, options: Mapping[str, Any]) -> State:
    _check_options(options, STORY_OPTIONS, "a story game")
    spec = _load(options["map"])
    character = options.get("character")
    if character is not None and not isinstance(character, str):
        raise ValueError(f"character must be a character id such as 'warrior', not {character!r}")
    name = _name(options.get("player", "Player"), "player")
    return State.story(spec, character, name, seed=seed)


def _load(value: Any) -> MapSpec:
    if isinstance(value, MapSpec):
        return value
    if not isinstance(value, (str, os.PathLike)):
        raise ValueError(f"map must be a map file's path or a MapSpec, not {value!r}")
    try:
        return maps.load_map(value)
    except OSError as exc:
        raise ValueError(f"{os.fspath(value)}: {exc.strerror or exc}") from None
    except ValueError as exc:  # MapError: the whole report, on one line here
        raise ValueError(" ".join(str(exc).split())) from None


def _classic(seed: int | None, options: Mapping[str, Any]) -> State:
    _check_options(options, CLASSIC_OPTIONS, "the classic game")
    if seed is None:
        raise ValueError("the classic game needs a seed: its table is laid from it")
    names = _names(options["players"], "players", 1, MAX_CLASSIC_PLAYERS)
    goals = options.get("goals", ())
    if not isinstance(goals, (list, tuple)):
        raise ValueError("goals must be a list of goal names such as 'chest' or 'slay:golem'")
    if goals and len(names) != 1:
        raise ValueError("only a solo player chooses goals")
    return State.classic(names, seed, goals_=tuple(_goal(g) for g in goals))


def _goal(name: Any) -> Goal:
    """A goal from its name in a run's table: "chest", "slay:golem"."""
    goal = runs.goal_from_name(name) if isinstance(name, str) else None
    needs_card = goal is not None and goal.kind in ("slay", "hold")
    if goal is None or goal.kind not in GOAL_KINDS or needs_card != (goal.card is not None):
        raise ValueError(f"{name!r} is not a goal: use {', '.join(GOAL_KINDS)}, with the card "
                         "for slay and hold (as in 'slay:golem')")
    return goal


RULES = Rules()
if TYPE_CHECKING:
    from engine.core.contract import Rules as ContractRules

    _KEEPS_TO_THE_CONTRACT: ContractRules = RULES  # mypy checks Card Rogue against engine.core.contract

__all__ = ["INFO", "RULES", "Rules", "board_of"]
