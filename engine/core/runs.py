"""Runs: a played game as a small file, and how a run is checked by replaying it.

Shared by every game. A run is what the player did, not what they say came of it:

    format_version   this file layout (FORMAT_VERSION)
    game             which game's rules apply ("cardrogue", later others)
    rules_version    that game's RULES_VERSION when the run was played
    map_id           sha256 of the map's canonical gameplay form
    seed             the dice seed
    player           the player's name
    characters       the character(s) played
    actions          the Action dicts, in order
    recorded         when it was played (ISO 8601, UTC); shown, never used for ranking
    map_title        the map's title when it was played; shown only
    claimed          figures the recorder says the run reached (moves, turns, outcome, ...)
    table            (format 2 only) a game set up at a table rather than from a map file:
                     {"players": the names in seat order, "goals": the chosen goals}

Format 1 is every run of a map file. Format 2 adds only the optional `table` field, for games
whose setup comes from the seed and the players (Card Rogue's classic game); nothing else
changes, so format 1 files are read as they are and a run without a table is still written as
format 1. There is nothing to migrate.

The claimed figures are never trusted: verification replays the actions and compares what it
finds with what is claimed, and any difference refuses the run. Every refusal is a RunError
that names its reason with one of the codes below, so tools and tests can tell them apart.

Run files are JSON, parsed strictly: unknown keys, wrong types, duplicate keys, non-finite
numbers and files over MAX_RUN_BYTES are refused before anything else happens.
`schemas/run.schema.json` describes the same layout for other tools.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from engine.core.files import FileTooLarge, NotAFile, read_limited, write_atomic
from engine.core.protocol import Action, Event, IllegalAction

FORMAT_VERSION = 2  # the newest layout this code reads and writes
FORMAT_VERSIONS = (1, 2)  # every layout this code reads
TABLE_FORMAT_VERSION = 2  # the first layout with `table`
MAX_TABLE_PLAYERS = 8
MAX_TABLE_GOALS = 16
MAX_RUN_BYTES = 1_000_000
MAX_ACTIONS = 100_000
MAX_NAME_LENGTH = 40
MAX_SEED = (1 << 64) - 1
RUN_SUFFIX = ".run.json"

# Reasons a run is refused: RunError.code is one of these.
UNREADABLE = "unreadable"  # missing, a folder, no permission
TOO_LARGE = "too_large"  # over MAX_RUN_BYTES: refused before parsing
NOT_JSON = "not_json"  # not UTF-8 JSON, e.g. a truncated file
BAD_RUN = "bad_run"  # JSON, but not a run: unknown key, wrong type, value out of range
OTHER_FORMAT_VERSION = "other_format_version"
OTHER_GAME = "other_game"
OTHER_RULES_VERSION = "other_rules_version"
UNKNOWN_MAP = "unknown_map"  # no map we know has the run's map id
MAP_HASH_MISMATCH = "map_hash_mismatch"  # the map given is not the map the run was played on
SEED_MISMATCH = "seed_mismatch"  # the run's seed is not the map's
BAD_SETUP = "bad_setup"  # e.g. a character the map does not allow
ILLEGAL_ACTION = "illegal_action"  # RunError.index names the action
DOES_NOT_FINISH = "does_not_finish"
CLAIMS_DIFFER = "claims_differ"  # RunError.details lists each difference

_FIELDS = ("format_version", "game", "rules_version", "map_id", "seed", "player", "characters",
           "table", "recorded", "map_title", "actions", "claimed")
_REQUIRED = ("format_version", "game", "rules_version", "map_id", "seed", "player",
             "characters", "actions")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
_CLAIM_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
_GOAL = re.compile(r"[a-z][a-z0-9_]{0,31}(:[a-z][a-z0-9_]{0,31})?")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_CLAIMS = 32
MAX_CLAIM_LIST = 1000

Claim = int | str | None | tuple[int, ...]


class RunError(Exception):
    """A run refused, with the reason's code, a message for people, and where useful the index
    of the offending action and the list of differences."""

    def __init__(self, code: str, message: str, *, index: int | None = None,
                 details: list[str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.index = index
        self.details = list(details or [])

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.code, "message": self.message}
        if self.index is not None:
            out["index"] = self.index
        if self.details:
            out["details"] = self.details
        return out

    def __str__(self) -> str:
        return f"{self.code.replace('_', ' ')}: {self.message}"


@dataclass(frozen=True)
class Table:
    """A run's setup when it was not played from a map file: the players' names in seat order
    and the goals chosen at the start (format 2)."""

    players: tuple[str, ...]
    goals: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "goals": list(self.goals)}


@dataclass(frozen=True)
class Run:
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
    format_version: int = 1  # the oldest layout that holds the run (see record helpers)
    table: Table | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format_version": self.format_version,
            "game": self.game,
            "rules_version": self.rules_version,
            "map_id": self.map_id,
            "seed": self.seed,
            "player": self.player,
            "characters": list(self.characters),
        }
        if self.table is not None:
            out["table"] = self.table.to_dict()
        if self.recorded:
            out["recorded"] = self.recorded
        if self.map_title:
            out["map_title"] = self.map_title
        out["actions"] = [a.to_dict() for a in self.actions]
        out["claimed"] = {k: list(v) if isinstance(v, tuple) else v
                          for k, v in self.claimed.items()}
        return out

    def to_json(self) -> str:
        """The file's text: one field per line and one action per line, so a diff of two runs
        reads like a diff of their moves."""
        data = self.to_dict()
        lines = ["{"]
        items = list(data.items())
        for n, (key, value) in enumerate(items):
            comma = "," if n < len(items) - 1 else ""
            if key == "actions" and value:
                lines.append('  "actions": [')
                for m, action in enumerate(value):
                    sep = "," if m < len(value) - 1 else ""
                    lines.append(f"    {_show(action)}{sep}")
                lines.append(f"  ]{comma}")
            else:
                lines.append(f"  {_show(key)}: {_show(value)}{comma}")
        lines.append("}")
        return "\n".join(lines) + "\n"

    @property
    def hash(self) -> str:
        """The run's identity: sha256 of what was played (game, rules, map, seed, player,
        characters, actions). Claims, dates and titles are left out, so saving the same run
        again, or importing it twice, gives the same hash."""
        form = {
            "game": self.game,
            "rules_version": self.rules_version,
            "map_id": self.map_id,
            "seed": self.seed,
            "player": self.player,
            "characters": list(self.characters),
            "actions": [a.to_dict() for a in self.actions],
        }
        if self.table is not None:  # format 1 runs hash exactly as before
            form["table"] = self.table.to_dict()
        canonical = json.dumps(form, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(canonical.encode()).hexdigest()


# ---------------------------------------------------------------------- reading

def read_run(path: str | Path) -> Run:
    """Read and strictly parse a run file. Raises RunError (unreadable, too_large, not_json,
    bad_run, other_format_version)."""
    try:
        data = read_limited(path, MAX_RUN_BYTES)
    except FileTooLarge as exc:
        raise RunError(TOO_LARGE, f"the file is {exc.size:,} bytes; a run file is at most "
                       f"{MAX_RUN_BYTES:,}") from None
    except FileNotFoundError:
        raise RunError(UNREADABLE, "no such file") from None
    except NotAFile as exc:
        raise RunError(UNREADABLE, str(exc)) from None
    except OSError as exc:
        raise RunError(UNREADABLE, exc.strerror or str(exc)) from None
    return parse_run(data)


def parse_run(data: bytes | str) -> Run:
    """Parse a run from its file's bytes (or text). Raises RunError."""
    if len(data) > MAX_RUN_BYTES:
        raise RunError(TOO_LARGE, f"the run is {len(data):,} bytes; a run file is at most "
                       f"{MAX_RUN_BYTES:,}")
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RunError(NOT_JSON, f"the file is not UTF-8 text (byte {exc.start})") from None
    else:
        text = data
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        # Cut off mid-string, JSON reports where the string began; otherwise at the end.
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise RunError(NOT_JSON, f"the file ends too soon ({where}): is it truncated?") from None
        raise RunError(NOT_JSON, f"{exc.msg} at {where}") from None
    except (ValueError, RecursionError) as exc:
        raise RunError(NOT_JSON, _one_line(exc) or "the JSON is nested too deeply") from None
    return run_from_dict(doc)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} appears twice")
            seen.add(key)
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a run can hold")


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def run_from_dict(doc: Any) -> Run:
    """Check a parsed document field by field and build the Run. Raises RunError."""
    if not isinstance(doc, dict):
        raise RunError(BAD_RUN, "a run file holds one JSON object")
    unknown = sorted(set(doc) - set(_FIELDS))
    if unknown:
        raise RunError(BAD_RUN, f"unknown field(s): {', '.join(unknown)}")
    missing = [name for name in _REQUIRED if name not in doc]
    if missing:
        raise RunError(BAD_RUN, f"missing field(s): {', '.join(missing)}")
    version = _int(doc, "format_version", 1, 1 << 31)
    if version not in FORMAT_VERSIONS:
        raise RunError(OTHER_FORMAT_VERSION, f"the run file has format version {version}; this "
                       f"version of the game reads formats "
                       f"{', '.join(map(str, FORMAT_VERSIONS))}")
    table = None
    if "table" in doc:
        if version < TABLE_FORMAT_VERSION:
            raise RunError(BAD_RUN, f"table needs format version {TABLE_FORMAT_VERSION} or later")
        table = _table(doc["table"])
    game = doc["game"]
    if not isinstance(game, str) or not _GAME_NAME.fullmatch(game):
        raise RunError(BAD_RUN, "game must be a short lowercase name")
    map_id = doc["map_id"]
    if not isinstance(map_id, str) or not _HEX64.fullmatch(map_id):
        raise RunError(BAD_RUN, "map_id must be 64 lowercase hexadecimal digits (a sha256)")
    characters = doc["characters"]
    if not (isinstance(characters, list) and 1 <= len(characters) <= 8
            and all(isinstance(c, str) and _GAME_NAME.fullmatch(c) for c in characters)):
        raise RunError(BAD_RUN, "characters must be a list of 1 to 8 character ids")
    actions_doc = doc["actions"]
    if not isinstance(actions_doc, list):
        raise RunError(BAD_RUN, "actions must be a list")
    if len(actions_doc) > MAX_ACTIONS:
        raise RunError(BAD_RUN, f"a run holds at most {MAX_ACTIONS:,} actions")
    actions = []
    # Runs repeat a handful of actions ("move E", "end_turn") hundreds of times. Actions are
    # frozen, so each distinct one is parsed once and shared.
    seen: dict[tuple, Action] = {}
    # Only all-string actions are stored: with numbers, 1 == 1.0 == True would let a float or
    # a bool borrow the parse of an integer. (A lookup with numbers can never match a stored
    # all-string key, so looking up anything is safe.)
    for n, item in enumerate(actions_doc):
        key = action = None
        if type(item) is dict:
            key = tuple(item.items())
            try:
                action = seen.get(key)
            except TypeError:  # a list inside: parsed every time
                key = None
        if action is None:
            try:
                action = Action.from_dict(item)
            except ValueError as exc:
                raise RunError(BAD_RUN, f"action {n}: {exc}", index=n) from None
            if key is not None and all(type(v) is str for v in item.values()):
                seen[key] = action
        actions.append(action)
    return Run(
        game=game,
        rules_version=_int(doc, "rules_version", 0, 1 << 31),
        map_id=map_id,
        seed=_int(doc, "seed", 0, MAX_SEED),
        player=_name(doc["player"]),
        characters=tuple(characters),
        actions=tuple(actions),
        claimed=_claims(doc.get("claimed", {})),
        recorded=_date(doc.get("recorded", "")),
        map_title=_text(doc.get("map_title", ""), "map_title", 200),
        format_version=version,
        table=table,
    )


def _table(value: Any) -> Table:
    if not isinstance(value, dict) or set(value) - {"players", "goals"} or "players" not in value:
        raise RunError(BAD_RUN, "table must be an object with players (and optionally goals)")
    players = value["players"]
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_TABLE_PLAYERS:
        raise RunError(BAD_RUN, f"table players must be a list of 1 to {MAX_TABLE_PLAYERS} names")
    names = tuple(_name(name) for name in players)
    goals = value.get("goals", [])
    if not (isinstance(goals, list) and len(goals) <= MAX_TABLE_GOALS
            and all(isinstance(g, str) and _GOAL.fullmatch(g) for g in goals)):
        raise RunError(BAD_RUN, "table goals must be a list of goal names like \"chest\" or "
                       "\"slay:golem\"")
    return Table(names, tuple(goals))


def _int(doc: dict[str, Any], name: str, low: int, high: int) -> int:
    value = doc[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise RunError(BAD_RUN, f"{name} must be an integer")
    if not low <= value <= high:
        raise RunError(BAD_RUN, f"{name} must be between {low} and {high}")
    return value


def _text(value: Any, name: str, limit: int) -> str:
    if not isinstance(value, str):
        raise RunError(BAD_RUN, f"{name} must be a string")
    if len(value) > limit:
        raise RunError(BAD_RUN, f"{name} is longer than {limit} characters")
    if _CONTROL.search(value):
        raise RunError(BAD_RUN, f"{name} holds a control character")
    if _SURROGATE.search(value):  # JSON can spell one ("\\udc80"); no text can hold it
        raise RunError(BAD_RUN, f"{name} holds a lone surrogate, which is not a character")
    return value


def _name(value: Any) -> str:
    name = _text(value, "player", MAX_NAME_LENGTH)
    if not name.strip() or name != name.strip():
        raise RunError(BAD_RUN, "player must be a name without leading or trailing spaces")
    return name


def _date(value: Any) -> str:
    text = _text(value, "recorded", 40)
    if text and not _DATE.fullmatch(text):
        raise RunError(BAD_RUN, "recorded must be a UTC time like 2025-01-31T18:05:00Z")
    return text


def _claims(value: Any) -> dict[str, Claim]:
    if not isinstance(value, dict):
        raise RunError(BAD_RUN, "claimed must be an object")
    if len(value) > MAX_CLAIMS:
        raise RunError(BAD_RUN, f"claimed holds at most {MAX_CLAIMS} figures")
    out: dict[str, Claim] = {}
    for key, item in value.items():
        if not _CLAIM_NAME.fullmatch(key):
            raise RunError(BAD_RUN, f"claimed: {key!r} is not a figure name")
        if item is None or (isinstance(item, int) and not isinstance(item, bool)):
            out[key] = item
        elif isinstance(item, str):
            out[key] = _text(item, f"claimed {key}", 64)
        elif (isinstance(item, list) and len(item) <= MAX_CLAIM_LIST
              and all(isinstance(v, int) and not isinstance(v, bool) for v in item)):
            out[key] = tuple(item)
        else:
            raise RunError(BAD_RUN, f"claimed {key} must be an integer, a string, null or a "
                           "list of integers")
    return out


def save_run(path: str | Path, run: Run) -> None:
    """Write a run file atomically (see engine.core.files.write_atomic)."""
    write_atomic(path, run.to_json().encode("utf-8"))


# ---------------------------------------------------------------------- verifying

class Replayable(Protocol):
    """What verification needs from a game state (Card Rogue's Game has it)."""

    @property
    def is_over(self) -> bool: ...

    def apply(self, action: Action) -> list[Event]: ...


def check_header(run: Run, *, game: str, rules_version: int) -> None:
    """Refuse a run of another game or of other rules."""
    if run.game != game:
        raise RunError(OTHER_GAME, f"this is a run of {run.game!r}, not {game!r}")
    if run.rules_version != rules_version:
        newer = "newer" if run.rules_version > rules_version else "older"
        raise RunError(OTHER_RULES_VERSION,
                       f"the run was played under rules version {run.rules_version} ({newer} "
                       f"than this game's {rules_version}); outcomes may differ, so it cannot be "
                       "verified here")


def replay_actions(state: Replayable, actions: Iterable[Action],
                   on_step: Callable[[int, Action, list[Event]], None] | None = None) -> None:
    """Apply every action in order. The first illegal one raises RunError(ILLEGAL_ACTION) with
    its index and the rule's reason."""
    for n, action in enumerate(actions):
        try:
            events = state.apply(action)
        except IllegalAction as exc:
            raise RunError(ILLEGAL_ACTION, f"action {n} ({action}) is illegal: {exc.reason}",
                           index=n) from None
        if on_step is not None:
            on_step(n, action, events)


def compare_claims(claimed: Mapping[str, Claim], actual: Mapping[str, Claim]) -> None:
    """Refuse a run whose claimed figures differ from the replay's. A figure the run does not
    claim is not compared; a figure the game does not know is a difference."""
    differences = []
    for name, value in claimed.items():
        if name not in actual:
            differences.append(f"{name} is not a figure of this game")
        elif _plain(value) != _plain(actual[name]):
            differences.append(f"{name}: the run claims {_show(value)}, the replay gives "
                               f"{_show(actual[name])}")
    if differences:
        raise RunError(CLAIMS_DIFFER, "; ".join(differences), details=differences)


def _plain(value: Claim) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _show(value: Any) -> str:
    """JSON for a message or a line of a run file: keys in their own order, spaces after
    separators, non-ASCII names kept readable."""
    return json.dumps(_plain(value), separators=(", ", ": "), ensure_ascii=False)


def verify_replay(run: Run, state: Replayable, figures: Callable[[Any], dict[str, Claim]], *,
                  on_step: Callable[[int, Action, list[Event]], None] | None = None
                  ) -> dict[str, Claim]:
    """Replay `run` on a fresh `state` and return the replay's figures. Raises RunError:
    illegal_action, does_not_finish or claims_differ. The caller checks the header and the map
    first, and builds `state` from the map, the seed and the characters."""
    replay_actions(state, run.actions, on_step)
    if not state.is_over:
        raise RunError(DOES_NOT_FINISH, f"after all {len(run.actions)} actions the game is still "
                       "going: the run does not finish")
    actual = figures(state)
    compare_claims(run.claimed, actual)
    return actual
