"""Runs: a played game as a small file, and how a run is checked by replaying it.

Shared by every game, and naming none. A run file is one JSON object. Every game's runs hold
the common header below; the game adds its own fields (what the game was set up from: a map,
the characters, a table...) and parses them, and its actions, with its own parser:

    format_version   this file layout (one of FORMAT_VERSIONS)
    game             which game's rules apply: the name it is registered under in engine.games
    rules_version    that game's RULES_VERSION when the run was played
    seed             the dice seed
    player           the player's name
    actions          the game's action objects ({"do": kind, ...}), in order
    recorded         when it was played (ISO 8601, UTC); shown, never used for ranking
    claimed          figures the recorder says the run reached (moves, turns, outcome, ...)

The claimed figures are never trusted: verification replays the actions and compares what it
finds with what is claimed, and any difference refuses the run. Every refusal is a RunError
that names its reason with one of the codes below, so tools and tests can tell them apart.

Run files are JSON, parsed strictly: unknown keys, wrong types, duplicate keys, non-finite
numbers and files over MAX_RUN_BYTES are refused before anything else happens. Reading a run
of any game (dispatching on its `game` field) is `engine.games.read_run`; this module has the
pieces every game's parser uses: `read_document`/`parse_document` (the strict JSON),
`check_document` and `common_fields` (the header), `run_json` and `run_hash` (the file's text
and the run's identity).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from engine.core.files import FileTooLarge, NotAFile, read_limited, write_atomic
from engine.core.protocol import Action, Event, IllegalAction
from engine.core.strict_json import strict_loads

FORMAT_VERSION = 2  # the newest layout this code reads and writes
FORMAT_VERSIONS = (1, 2)  # every layout this code reads
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
OTHER_GAME = "other_game"  # a game other than the one asked for, or no game installed here
OTHER_RULES_VERSION = "other_rules_version"
UNKNOWN_MAP = "unknown_map"  # no map we know has the run's map id
MAP_HASH_MISMATCH = "map_hash_mismatch"  # the map given is not the map the run was played on
SEED_MISMATCH = "seed_mismatch"  # the run's seed is not the one its setup fixes
BAD_SETUP = "bad_setup"  # e.g. a character the map does not allow
ILLEGAL_ACTION = "illegal_action"  # RunError.index names the action
DOES_NOT_FINISH = "does_not_finish"
CLAIMS_DIFFER = "claims_differ"  # RunError.details lists each difference

# The header every game's runs hold, and which of it is required.
COMMON_FIELDS = ("format_version", "game", "rules_version", "seed", "player", "recorded",
                 "actions", "claimed")
COMMON_REQUIRED = ("format_version", "game", "rules_version", "seed", "player", "actions")
GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")  # also the form of a short id in a game's part
_CLAIM_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
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


class Run(Protocol):
    """What every game's run has: the common header, its stored form and its identity. Each
    game's own run type adds the fields of its setup."""

    @property
    def format_version(self) -> int: ...
    @property
    def game(self) -> str: ...
    @property
    def rules_version(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def player(self) -> str: ...
    @property
    def actions(self) -> tuple[Action, ...]: ...
    @property
    def claimed(self) -> Mapping[str, Claim]: ...
    @property
    def recorded(self) -> str: ...
    @property
    def hash(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...

    def to_json(self) -> str: ...

    def setup(self) -> dict[str, Any]:
        """The new_game keywords (the seed included) the run was started with. A setup held
        by reference only (a map, by its id) is left out: the caller finds it."""


@dataclass(frozen=True)
class Common:
    """The common header of a run document, checked (see common_fields)."""

    format_version: int
    game: str
    rules_version: int
    seed: int
    player: str
    actions: tuple[Any, ...]
    claimed: Mapping[str, Claim]
    recorded: str

    def fields(self) -> dict[str, Any]:
        """The header as keywords for a game's Run, which has every one of these fields."""
        return {name: getattr(self, name) for name in COMMON_FIELDS}


class RunForm:
    """The stored form, text and identity that every game's Run shares. A game's Run is a
    frozen dataclass with the common header's fields that also inherits this, and says which
    of its fields describe the setup; the layout of the file and the hash are worked out here.

    File order: format_version, game, rules_version, the setup, recorded, the notes, actions,
    claimed. The identity (hash) is the game, the rules, the setup and the actions."""

    format_version: int
    game: str
    rules_version: int
    actions: tuple[Any, ...]
    claimed: Mapping[str, Claim]
    recorded: str

    def setup_fields(self) -> dict[str, Any]:
        """The game's own fields, in file order, as JSON values: what was set up and who
        played (part of the run's identity)."""
        raise NotImplementedError

    def note_fields(self) -> dict[str, Any]:
        """Fields stored after `recorded` that describe the run without identifying it."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format_version": self.format_version, "game": self.game,
                               "rules_version": self.rules_version, **self.setup_fields()}
        if self.recorded:
            out["recorded"] = self.recorded
        out.update(self.note_fields())
        out["actions"] = [a.to_dict() for a in self.actions]
        out["claimed"] = plain_claims(self.claimed)
        return out

    def to_json(self) -> str:
        """The file's text (run_json)."""
        return run_json(self.to_dict())

    @property
    def hash(self) -> str:
        """The run's identity: what was played, never the claims, the date or a title."""
        return run_hash({"game": self.game, "rules_version": self.rules_version,
                         **self.setup_fields(), "actions": [a.to_dict() for a in self.actions]})


def plain_claims(claimed: Mapping[str, Claim]) -> dict[str, Any]:
    """The claimed figures as JSON values."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in claimed.items()}


def run_json(data: Mapping[str, Any]) -> str:
    """A run file's text from its document: one field per line and one action per line, so a
    diff of two runs reads like a diff of their moves."""
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


def run_hash(form: Mapping[str, Any]) -> str:
    """A run's identity: sha256 of the canonical JSON of what was played (the game names what
    goes in: never claims, dates or titles, so saving or importing the same run again gives
    the same hash)."""
    canonical = json.dumps(form, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


# ---------------------------------------------------------------------- reading

def read_document(path: str | Path) -> Any:
    """Read a run file and parse its JSON strictly (not yet checked as a run). Raises RunError
    (unreadable, too_large, not_json)."""
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
    return parse_document(data)


def parse_document(data: bytes | str) -> Any:
    """A run file's bytes (or text) as JSON, parsed strictly. Raises RunError (too_large,
    not_json)."""
    if len(data) > MAX_RUN_BYTES:
        raise RunError(TOO_LARGE, f"the run is {len(data):,} bytes; a run file is at most "
                       f"{MAX_RUN_BYTES:,}")
    return parse_json(data)


def parse_json(data: bytes | str) -> Any:
    """JSON from outside, read strictly: the one reader of run files (the command line's
    verify) and of the community server's request bodies, so both refuse the same documents. UTF-8 only, no
    byte order mark, no key twice, no NaN, Infinity or number too large for a float, and no
    text holding a NUL or half of a surrogate pair. Raises RunError(not_json)."""
    if isinstance(data, bytes):
        if data.startswith(b"\xef\xbb\xbf"):
            raise RunError(NOT_JSON, "the file starts with a byte order mark; save it as UTF-8 "
                           "without one")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RunError(NOT_JSON, f"the file is not UTF-8 text (byte {exc.start})") from None
    else:
        text = data
    if text.startswith("\ufeff"):
        raise RunError(NOT_JSON, "the file starts with a byte order mark; save it as UTF-8 "
                       "without one")
    try:
        return strict_loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        # Cut off mid-string, JSON reports where the string began; otherwise at the end.
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise RunError(NOT_JSON, f"the file ends too soon ({where}): is it truncated?") from None
        raise RunError(NOT_JSON, f"{exc.msg} at {where}") from None
    except (ValueError, RecursionError) as exc:
        raise RunError(NOT_JSON, _one_line(exc) or "the JSON is nested too deeply") from None


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def game_of(doc: Any) -> str:
    """The game a parsed run document names. Raises RunError(BAD_RUN) if it names none."""
    if not isinstance(doc, dict):
        raise RunError(BAD_RUN, "a run file holds one JSON object")
    if "game" not in doc:
        raise RunError(BAD_RUN, "missing field(s): game")
    game = doc["game"]
    if not isinstance(game, str) or not GAME_NAME.fullmatch(game):
        raise RunError(BAD_RUN, "game must be a short lowercase name")
    return game


def check_document(doc: Any, fields: Collection[str], required: Iterable[str]) -> int:
    """The first checks of a run document, for a game whose runs hold `fields` (the common
    ones included), of which `required` must be there: one object, no unknown or missing
    field, a format version we read, a game name. Returns the format version. Raises
    RunError."""
    if not isinstance(doc, dict):
        raise RunError(BAD_RUN, "a run file holds one JSON object")
    unknown = sorted(set(doc) - set(fields))
    if unknown:
        raise RunError(BAD_RUN, f"unknown field(s): {', '.join(unknown)}")
    missing = [name for name in required if name not in doc]
    if missing:
        raise RunError(BAD_RUN, f"missing field(s): {', '.join(missing)}")
    version = check_int(doc, "format_version", 1, 1 << 31)
    if version not in FORMAT_VERSIONS:
        raise RunError(OTHER_FORMAT_VERSION, f"the run file has format version {version}; this "
                       f"version of the game reads formats "
                       f"{', '.join(map(str, FORMAT_VERSIONS))}")
    game_of(doc)
    return version


def common_fields(doc: dict[str, Any], version: int,
                  parse_action: Callable[[Any], Action]) -> Common:
    """The common header of a document that passed check_document, with its actions parsed
    by the game's `parse_action` (which raises ValueError with the reason). Raises
    RunError(BAD_RUN)."""
    return Common(
        format_version=version,
        game=doc["game"],
        actions=parse_actions(doc["actions"], parse_action),
        rules_version=check_int(doc, "rules_version", 0, 1 << 31),
        seed=check_int(doc, "seed", 0, MAX_SEED),
        player=check_name(doc["player"]),
        claimed=_claims(doc.get("claimed", {})),
        recorded=_date(doc.get("recorded", "")),
    )


def parse_actions(actions_doc: Any, parse_action: Callable[[Any], Action]) -> tuple[Any, ...]:
    """A run's list of actions, each parsed by the game's `parse_action`. Raises RunError."""
    if not isinstance(actions_doc, list):
        raise RunError(BAD_RUN, "actions must be a list")
    if len(actions_doc) > MAX_ACTIONS:
        raise RunError(BAD_RUN, f"a run holds at most {MAX_ACTIONS:,} actions")
    actions = []
    # Runs repeat a handful of actions ("move E", "end_turn") hundreds of times. Actions are
    # frozen, so each distinct one is parsed once and shared.
    seen: dict[tuple[Any, ...], Action] = {}
    # Only all-string actions are stored: with numbers, 1 == 1.0 == True would let a float or
    # a bool borrow the parse of an integer. (A lookup with numbers can never match a stored
    # all-string key, so looking up anything is safe.)
    for n, item in enumerate(actions_doc):
        key: tuple[Any, ...] | None = None
        action = None
        if type(item) is dict:
            key = tuple(item.items())
            try:
                action = seen.get(key)
            except TypeError:  # a list inside: parsed every time
                key = None
        if action is None:
            try:
                action = parse_action(item)
            except ValueError as exc:
                raise RunError(BAD_RUN, f"action {n}: {exc}", index=n) from None
            if key is not None and all(type(v) is str for v in item.values()):
                seen[key] = action
        actions.append(action)
    return tuple(actions)


def check_int(doc: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = doc[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise RunError(BAD_RUN, f"{name} must be an integer")
    if not low <= value <= high:
        raise RunError(BAD_RUN, f"{name} must be between {low} and {high}")
    return value


def check_claim_types(claimed: Mapping[str, Claim],
                      kinds: Mapping[str, type | tuple[type, ...]], game: str) -> None:
    """Only a game's own figures (`kinds`: each name and its type), each of its type. Raises
    RunError(BAD_RUN); `game` is the game's name for people."""
    for name, value in claimed.items():
        kind = kinds.get(name)
        if kind is None:
            raise RunError(BAD_RUN, f"claimed: {name!r} is not a {game} figure "
                           f"(known: {', '.join(kinds)})")
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RunError(BAD_RUN, f"claimed {name} has the wrong type")


def check_seed(seed: Any) -> int:
    """The seed a game is set up with: a whole number from 0 to MAX_SEED. Raises ValueError
    saying why not."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return seed


def check_text(value: Any, name: str, limit: int) -> str:
    if not isinstance(value, str):
        raise RunError(BAD_RUN, f"{name} must be a string")
    if len(value) > limit:
        raise RunError(BAD_RUN, f"{name} is longer than {limit} characters")
    if _CONTROL.search(value):
        raise RunError(BAD_RUN, f"{name} holds a control character")
    if _SURROGATE.search(value):  # JSON can spell one ("\\udc80"); no text can hold it
        raise RunError(BAD_RUN, f"{name} holds a lone surrogate, which is not a character")
    return value


def check_name(value: Any) -> str:
    """A player's name: short text without control characters or surrounding spaces."""
    name = check_text(value, "player", MAX_NAME_LENGTH)
    if not name.strip() or name != name.strip():
        raise RunError(BAD_RUN, "player must be a name without leading or trailing spaces")
    return name


def recorded_player(value: Any) -> str:
    """A player's name as a game records it in a run. Raises ValueError saying why a run
    cannot hold it."""
    try:
        return check_name(value)
    except RunError as exc:
        raise ValueError(exc.message) from None


def _date(value: Any) -> str:
    text = check_text(value, "recorded", 40)
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
            out[key] = check_text(item, f"claimed {key}", 64)
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

# A game's own action type: a game state applies its own actions only.
ActionT = TypeVar("ActionT", contravariant=True)


class Replayable(Protocol[ActionT]):
    """What verification needs from a game state (every game's State has it)."""

    @property
    def is_over(self) -> bool: ...

    def apply(self, action: ActionT) -> list[Event]: ...


OwnRun = TypeVar("OwnRun")


def own_run(run: Mapping[str, Any] | Run, kind: type[OwnRun],
            parse: Callable[[Any], OwnRun]) -> OwnRun:
    """A game's own run, from a run document (read by the game's `parse`) or from a Run
    already parsed, so a caller parses a submission once. Raises RunError: a run of another
    game is other_game."""
    if isinstance(run, kind):
        return run
    if isinstance(run, RunForm):  # every game's Run is one
        raise RunError(OTHER_GAME, f"this is a run of {run.game!r}, not of this game")
    return parse(run)  # a document, or what was sent as one: parse says what is wrong


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


def replay_actions(state: Replayable[Any], actions: Iterable[Any],
                   on_step: Callable[[int, Any, list[Event]], None] | None = None) -> None:
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


def verify_replay(run: Run, state: Replayable[Any],
                  figures: Callable[[Any], dict[str, Claim]], *,
                  on_step: Callable[[int, Any, list[Event]], None] | None = None
                  ) -> dict[str, Claim]:
    """Replay `run` on a fresh `state` and return the replay's figures. Raises RunError:
    illegal_action, does_not_finish or claims_differ. The caller checks the header and the
    game's own setup first, and builds `state` from that setup and the seed."""
    replay_actions(state, run.actions, on_step)
    if not state.is_over:
        played = f"its {len(run.actions)} actions" if len(run.actions) != 1 else "its one action"
        raise RunError(DOES_NOT_FINISH, f"the run does not finish: after {played} the game is "
                       "still going")
    actual = figures(state)
    compare_claims(run.claimed, actual)
    return actual
