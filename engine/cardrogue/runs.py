"""Card Rogue runs: its run files, recording a finished game, and verifying a run against its map.

    run = record(game, player="Ana")          # a finished State -> Run
    save_run(path, run)                       # atomic JSON file (engine.core.runs)
    verified = verify(read_run(path), spec)   # replays; raises RunError naming the reason
    verified = verify(classic_run)            # a classic game needs no map: see below
    verified.summary()                        # map id, outcome, moves (total, per level), ...

A Card Rogue run file holds the common header of every game's runs (engine.core.runs) and
Card Rogue's own fields, in this order in the file:

    format_version, game, rules_version
    map_id           sha256 of the map's canonical gameplay form (engine.cardrogue.identity)
    seed, player
    characters       the character(s) played
    table            (format 2 only) a game set up at a table rather than from a map file:
                     {"players": the names in seat order, "goals": the chosen goals}
    recorded
    map_title        the map's title when it was played; shown only
    actions, claimed

Format 1 is every run of a map file. Format 2 adds only the optional `table` field, for the
classic game, whose setup comes from the seed and the players; nothing else changes, so format
1 files are read as they are and a run without a table is still written as format 1.

The figures a run claims (outcome, moves, turns, level_moves, health) are written for people
and tools to read; `verify` recomputes all of them by replaying and refuses any difference.

A classic game is recorded in run format 2 with a `table`: the players' names in seat order and
a solo player's goals. Its map is the fresh table `State.classic(names, seed, goals_=...)` lays
out, so the run's map_id is that table's id; the characters are picked by the run's own "pick"
actions, and the characters the run names must be the ones picked in the replay.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from engine.cardrogue.actions import Action
from engine.cardrogue.identity import map_id, share_code
from engine.cardrogue.level import Goal, MapSpec
from engine.cardrogue.state import GAME, RULES_VERSION, State, stray_field
from engine.core.protocol import Event
from engine.core.runs import (
    BAD_RUN,
    BAD_SETUP,
    CLAIMS_DIFFER,
    COMMON_FIELDS,
    COMMON_REQUIRED,
    GAME_NAME,
    MAP_HASH_MISMATCH,
    SEED_MISMATCH,
    UNKNOWN_MAP,
    Claim,
    RunError,
    RunForm,
    check_claim_types,
    check_document,
    check_header,
    check_name,
    check_text,
    common_fields,
    parse_document,
    plain_claims,
    read_document,
    verify_replay,
)

TABLE_FORMAT_VERSION = 2  # the first layout with `table`
MAX_TABLE_PLAYERS = 8
MAX_TABLE_GOALS = 16
# Every field of a Card Rogue run file, in the file's order, and those it must have.
FIELDS = ("format_version", "game", "rules_version", "map_id", "seed", "player", "characters",
          "table", "recorded", "map_title", "actions", "claimed")
REQUIRED = ("format_version", "game", "rules_version", "map_id", "seed", "player",
            "characters", "actions")
assert set(COMMON_FIELDS) <= set(FIELDS) and set(COMMON_REQUIRED) <= set(REQUIRED)
_HEX64 = re.compile(r"[0-9a-f]{64}")
_GOAL = re.compile(r"[a-z][a-z0-9_]{0,31}(:[a-z][a-z0-9_]{0,31})?")

# The figures a Card Rogue run may claim, and their types.
CLAIMS: dict[str, type | tuple[type, ...]] = {
    "outcome": (str, type(None)),
    "moves": int,
    "turns": int,
    "level_moves": tuple,
    "level_turns": tuple,
    "health": int,
    "points": tuple,  # classic runs: victory points per seat
}


class FoundMap(Protocol):
    """A map found for a run: its MapSpec and its id (services.library.KnownMap has both)."""

    @property
    def spec(self) -> MapSpec: ...

    @property
    def map_id(self) -> str: ...


# Finds a story run's map from its id and the title the run shows: returns the map or raises
# RunError(UNKNOWN_MAP) (the CLI looks among the bundled maps and the user's maps folder).
MapFinder = Callable[[str, str], FoundMap]


@dataclass(frozen=True)
class Table:
    """A run's setup when it was not played from a map file: the players' names in seat order
    and the goals chosen at the start (format 2)."""

    players: tuple[str, ...]
    goals: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "goals": list(self.goals)}


@dataclass(frozen=True)
class Run(RunForm):
    """A Card Rogue run: the common header (engine.core.runs.Run) and Card Rogue's setup."""

    game: str
    rules_version: int
    map_id: str
    seed: int
    player: str
    characters: tuple[str, ...]
    actions: tuple[Action, ...]
    claimed: Mapping[str, Claim] = field(default_factory=dict)
    recorded: str = ""
    map_title: str = ""
    format_version: int = 1  # the oldest layout that holds the run (see record)
    table: Table | None = None

    def setup_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"map_id": self.map_id, "seed": self.seed, "player": self.player,
                               "characters": list(self.characters)}
        if self.table is not None:  # format 1 runs have none, and hash exactly as before
            out["table"] = self.table.to_dict()
        return out

    def note_fields(self) -> dict[str, Any]:
        return {"map_title": self.map_title} if self.map_title else {}

    def setup(self) -> dict[str, Any]:
        """The classic table in full; a story run's character and hero, without its map (the
        run holds it by id: the caller finds the map and adds it as `map`)."""
        if self.table is not None:
            return {"seed": self.seed, "players": list(self.table.players),
                    "goals": list(self.table.goals)}
        return {"seed": self.seed, "character": self.characters[0], "player": self.player}


# ---------------------------------------------------------------------- reading

def read_run(path: str | Path) -> Run:
    """Read and strictly parse a Card Rogue run file. Raises RunError (unreadable, too_large,
    not_json, bad_run, other_format_version). It reads the common header of a run of another
    game too, which `verify` then refuses; reading a run of any game is engine.games.read_run."""
    return run_from_dict(read_document(path))


def parse_run(data: bytes | str) -> Run:
    """Parse a Card Rogue run from its file's bytes (or text). Raises RunError."""
    return run_from_dict(parse_document(data))


def run_from_dict(doc: Any) -> Run:
    """Check a parsed document field by field and build the Run. Raises RunError."""
    version = check_document(doc, FIELDS, REQUIRED)
    table = None
    if "table" in doc:
        if version < TABLE_FORMAT_VERSION:
            raise RunError(BAD_RUN, f"table needs format version {TABLE_FORMAT_VERSION} or later")
        table = _table(doc["table"])
    identity = doc["map_id"]
    if not isinstance(identity, str) or not _HEX64.fullmatch(identity):
        raise RunError(BAD_RUN, "map_id must be 64 lowercase hexadecimal digits (a sha256)")
    characters = doc["characters"]
    if not (isinstance(characters, list) and 1 <= len(characters) <= 8
            and all(isinstance(c, str) and GAME_NAME.fullmatch(c) for c in characters)):
        raise RunError(BAD_RUN, "characters must be a list of 1 to 8 character ids")
    common = common_fields(doc, version, Action.from_dict)
    return Run(
        **common.fields(),
        map_id=identity,
        characters=tuple(characters),
        map_title=check_text(doc.get("map_title", ""), "map_title", 200),
        table=table,
    )


def _table(value: Any) -> Table:
    if not isinstance(value, dict) or set(value) - {"players", "goals"} or "players" not in value:
        raise RunError(BAD_RUN, "table must be an object with players (and optionally goals)")
    players = value["players"]
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_TABLE_PLAYERS:
        raise RunError(BAD_RUN, f"table players must be a list of 1 to {MAX_TABLE_PLAYERS} names")
    names = tuple(check_name(name) for name in players)
    goals = value.get("goals", [])
    if not (isinstance(goals, list) and len(goals) <= MAX_TABLE_GOALS
            and all(isinstance(g, str) and _GOAL.fullmatch(g) for g in goals)):
        raise RunError(BAD_RUN, "table goals must be a list of goal names like \"chest\" or "
                       "\"slay:golem\"")
    return Table(names, tuple(goals))


# ---------------------------------------------------------------------- recording

def figures(game: State) -> dict[str, Claim]:
    """What a finished (or unfinished) game reached, as a run claims it."""
    return {
        "outcome": game.outcome,
        "moves": game.moves,
        "turns": game.turn,
        "level_moves": tuple(game.level_moves),
        "level_turns": tuple(game.level_turns),
        "health": game.players[0].health,
        **({"points": tuple(game.returns())} if game.mode == "classic" else {}),
    }


def goal_name(goal: Goal) -> str:
    """A goal as a run's table names it: "chest", "slay:golem"."""
    return goal.kind if goal.card is None else f"{goal.kind}:{goal.card}"


def goal_from_name(name: str) -> Goal:
    kind, _, card = name.partition(":")
    return Goal(kind, card or None)



def record(game: State, player: str | None = None, *, recorded: str = "",
           identity: str | None = None) -> Run:
    """The run of a story game (usually finished). `identity` is the map id if the caller
    already has it. The player's name defaults to the one the game was started with."""
    if game.mode == "classic":
        return _record_table(game, player, recorded, identity)
    if game.mode != "story":
        raise ValueError(f"{game.mode} games cannot be recorded as runs")
    return Run(
        game=GAME,
        rules_version=RULES_VERSION,
        map_id=identity or map_id(game.spec),
        seed=game.seed,
        player=player if player is not None else game.players[0].name,
        characters=tuple(p.character for p in game.players),
        actions=tuple(game.history),
        claimed=figures(game),
        recorded=recorded,
        map_title=game.spec.title,
    )


def _record_table(game: State, player: str | None, recorded: str,
                  identity: str | None) -> Run:
    """A classic game's run (format 2): the table's players and goals replace a map file."""
    if game.catacomb is None:
        raise ValueError("only classic games laid from a seed can be recorded as runs")
    names = tuple(p.name for p in game.players)
    return Run(
        game=GAME,
        rules_version=RULES_VERSION,
        map_id=identity or map_id(game.spec),
        seed=game.seed,
        player=player if player is not None else names[0],
        characters=tuple(p.character for p in game.players),
        actions=tuple(game.history),
        claimed=figures(game),
        recorded=recorded,
        map_title=game.spec.title,
        format_version=TABLE_FORMAT_VERSION,
        table=Table(names, tuple(goal_name(g) for g in game.level.goals)),
    )


def check_claim_names(run: Run) -> None:
    """Strictness for Card Rogue's claims: only known figures, each of its type."""
    check_claim_types(run.claimed, CLAIMS, "Card Rogue")


def check_action_fields(run: Run) -> None:
    """One spelling per play: an action carrying a field its kind does not use is refused, so
    the same play cannot enter a board twice under two run hashes."""
    for n, action in enumerate(run.actions):
        stray = stray_field(action)
        if stray is not None:
            raise RunError(BAD_RUN, f"action {n}: {action.kind} takes no {stray}", index=n)


@dataclass(frozen=True)
class Verified:
    """A run that replayed to its end with the figures it claims."""

    run: Run
    spec: MapSpec
    game: State
    map_id: str
    figures: Mapping[str, Claim]

    @property
    def won(self) -> bool:
        return self.game.outcome == "won"

    def summary(self) -> dict[str, Any]:
        f = plain_claims(self.figures)  # JSON values: the per-level lists as lists
        return {
            "map_id": self.map_id,
            "share_code": share_code(self.map_id),
            "map_title": self.spec.title,
            "player": self.run.player,
            "characters": list(self.run.characters),
            "outcome": f["outcome"],
            "moves": f["moves"],
            "level_moves": f["level_moves"],
            "turns": f["turns"],
            "level_turns": f["level_turns"],
            "health": f["health"],
            "rules_version": self.run.rules_version,
            "run_hash": self.run.hash,
        }


def start(run: Run, spec: MapSpec | None) -> State:
    """A fresh game set up as the run was: the map, the run's seed, its player and character
    (for a table: the players' names, the seed and the goals; `spec` is not used and may be None)."""
    if run.table is not None:
        return _start_table(run, run.table)
    if spec is None:
        raise RunError(UNKNOWN_MAP, "a run of a map needs its map to start")
    if len(run.characters) != 1:
        raise RunError(BAD_SETUP, f"a story run has one character, not {len(run.characters)}")
    try:
        return State.story(spec, run.characters[0], run.player, seed=run.seed)
    except ValueError as exc:
        raise RunError(BAD_SETUP, str(exc)) from None


def _start_table(run: Run, table: Table) -> State:
    if len(run.characters) != len(table.players):
        raise RunError(BAD_SETUP, f"the table has {len(table.players)} players but the run names "
                       f"{len(run.characters)} characters")
    try:
        goals_ = tuple(goal_from_name(name) for name in table.goals)
        return State.classic(list(table.players), run.seed, goals_=goals_)
    except ValueError as exc:
        raise RunError(BAD_SETUP, str(exc)) from None


def verify(run: Run, spec: MapSpec | None = None, *, identity: str | None = None,
           on_step: Callable[[int, Action, list[Event]], None] | None = None,
           on_start: Callable[[list[Event]], None] | None = None) -> Verified:
    """Replay `run` on `spec` and check everything. Raises RunError naming the first problem:
    other_game, other_rules_version, bad_run (claims), map_hash_mismatch, seed_mismatch,
    bad_setup, illegal_action (with its index), does_not_finish or claims_differ.

    `identity` is map_id(spec) if the caller has it already. `on_start` receives the events of
    the game's setup, `on_step` each action's events (for `cardrogue replay --events`)."""
    check_header(run, game=GAME, rules_version=RULES_VERSION)
    check_claim_names(run)
    check_action_fields(run)
    if run.table is not None:
        return _verify_table(run, on_step, on_start)
    if spec is None:
        raise RunError(UNKNOWN_MAP, "a run of a map needs its map to be verified")
    identity = identity or map_id(spec)
    if run.map_id != identity:
        raise RunError(MAP_HASH_MISMATCH, f"the run was played on map {run.map_id[:12]}…, but "
                       f"this map's id is {identity[:12]}… (a different map, or an edited one)")
    if run.seed != spec.seed:
        raise RunError(SEED_MISMATCH, f"the run uses seed {run.seed}, but the map's seed is "
                       f"{spec.seed}")
    game = start(run, spec)
    if on_start is not None:
        on_start(list(game.opening_events))
    actual = verify_replay(run, game, figures, on_step=on_step)
    return Verified(run, spec, game, identity, actual)


def _verify_table(run: Run, on_step: Callable[[int, Action, list[Event]], None] | None,
                  on_start: Callable[[list[Event]], None] | None) -> Verified:
    """A classic run: lay the same table, check it is the table the run names, replay, and
    check the characters the run names were the ones picked."""
    game = start(run, MapSpec((), run.seed))
    identity = map_id(game.spec)
    if run.map_id != identity:
        raise RunError(MAP_HASH_MISMATCH, f"the run names table {run.map_id[:12]}…, but its "
                       f"seed and goals lay table {identity[:12]}…")
    if on_start is not None:
        on_start(list(game.opening_events))
    actual = verify_replay(run, game, figures, on_step=on_step)
    picked = tuple(p.character for p in game.players)
    if picked != run.characters:
        difference = (f"characters: the run names {list(run.characters)}, the replay picked "
                      f"{list(picked)}")
        raise RunError(CLAIMS_DIFFER, difference, details=[difference])
    return Verified(run, game.spec, game, identity, actual)


def locate(run: Run, maps: Mapping[str, MapSpec]) -> MapSpec:
    """The map a run was played on, from maps keyed by id. Raises RunError(UNKNOWN_MAP)."""
    spec = maps.get(run.map_id)
    if spec is None:
        title = f" ({run.map_title!r})" if run.map_title else ""
        raise RunError(UNKNOWN_MAP, f"no known map has the id {run.map_id[:12]}…{title} "
                       f"(share code {share_code(run.map_id)}); give the map file with --map")
    return spec


__all__ = ["CLAIMS", "FIELDS", "GAME", "REQUIRED", "TABLE_FORMAT_VERSION", "FoundMap", "MapFinder",
           "Run", "Table", "Verified", "check_action_fields", "check_claim_names", "figures",
           "goal_from_name", "goal_name", "locate", "parse_run", "read_run", "record",
           "run_from_dict", "start", "verify"]
