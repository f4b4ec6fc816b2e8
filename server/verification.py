"""Everything the server knows about game rules, in one place: reading a published map's text,
checking its clear, and verifying a submitted run by replaying it.

The rest of the server stores, queues and ranks; it never imports the engine. A run is read and
verified through the game registry (engine.games), by the rules of the game it names; the
server publishes Card Rogue maps, so it ranks runs of those.

Every replay has a budget: at most `Budget.actions` actions (a longer run is refused as
too_large before replaying) and `Budget.seconds` of replay (checked after every action; refused
as too_slow), so a pathological map or run costs a bounded amount.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine import games
from engine.cardrogue import RULES_VERSION, MapSpec
from engine.cardrogue.identity import map_id, share_code
from engine.core.runs import BAD_RUN, TOO_LARGE, UNKNOWN_MAP, RunError
from server import defaults

GAME = "cardrogue"
CURRENT_RULES_VERSION = RULES_VERSION  # boards of other versions are archived
TOO_SLOW = "too_slow"
MAX_MAP_BYTES = 1_000_000


@dataclass(frozen=True)
class Budget:
    """What one replay may cost (defaults in server/defaults.py)."""

    actions: int = defaults.MAX_ACTIONS
    seconds: float = defaults.MAX_SECONDS


@dataclass(frozen=True)
class MapFacts:
    """What the server lists about a map; all of it worked out from the text."""

    id: str
    share_code: str
    title: str
    kind: str
    levels: int
    par: int | None
    description: str
    difficulty: str | None = None  # the author's rating, None when the map has none


class MapRefused(Exception):
    """A map text that is not a valid map: `code` names the first problem's rule."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Outcome:
    """A run verified (ok) or refused, with the reason's code, words and action index."""

    ok: bool
    reason: str | None = None
    message: str = ""
    index: int | None = None
    moves: int | None = None
    turns: int | None = None

    @classmethod
    def refused(cls, error: RunError) -> Outcome:
        return cls(False, error.code, error.message, error.index)


@dataclass(frozen=True)
class Header:
    """What a run document says about itself, read before any replay (for indexing)."""

    map_id: str | None
    rules_version: int | None


def read_header(doc: Any) -> Header:
    """The map id and rules version a document names, if it names them plainly."""
    if not isinstance(doc, dict):
        return Header(None, None)
    identity = doc.get("map_id")
    version = doc.get("rules_version")
    return Header(identity if isinstance(identity, str) and len(identity) == 64 else None,
                  version if isinstance(version, int) and not isinstance(version, bool)
                  and 0 <= version < 1 << 31 else None)


def read_map(text: str) -> MapFacts:
    """The facts of a map text. Raises MapRefused when it is not a valid map."""
    return _facts(_spec(text))


@lru_cache(maxsize=64)
def _spec(text: str) -> MapSpec:
    # Cached: every run of a map replays on the same text, and checking it costs more than
    # most replays.
    from engine.cardrogue.maps import validate_text

    if len(text.encode("utf-8", "surrogatepass")) > MAX_MAP_BYTES:
        raise MapRefused("too_large", f"a map is at most {MAX_MAP_BYTES:,} bytes")
    report = validate_text(text, "map")
    if report.spec is None:
        first = report.errors[0] if report.errors else None
        code = first.rule if first is not None else "invalid_map"
        words = "; ".join(p.message for p in report.errors[:3]) or "the map is not valid"
        raise MapRefused(code, f"the map is not valid: {words}")
    return report.spec


def _facts(spec: MapSpec) -> MapFacts:
    identity = map_id(spec)
    pars = [level.par for level in spec.levels if level.par is not None]
    return MapFacts(
        id=identity,
        share_code=share_code(identity),
        title=spec.title,
        kind=spec.kind,
        levels=len(spec.levels),
        par=sum(pars) if spec.levels and len(pars) == len(spec.levels) else None,
        description=spec.description,
        difficulty=spec.difficulty or None,
    )


def check_clear(map_text: str, clear: Any, budget: Budget = Budget()) -> tuple[MapFacts, Outcome]:
    """A map and the run that clears it. Raises MapRefused if the map is invalid; the Outcome
    says whether the clear wins it (a run of another map is refused like any other)."""
    facts = read_map(map_text)
    outcome, won = _outcome(clear, map_text, budget)
    if outcome.ok and not won:
        return facts, Outcome(False, "not_cleared", "the run ends without clearing the map")
    return facts, outcome


def verify_run(doc: Any, map_text: str | None, budget: Budget = Budget()) -> Outcome:
    """Replay a run document on the map text it was submitted for (None: no such map)."""
    return _outcome(doc, map_text, budget)[0]


def _outcome(doc: Any, map_text: str | None, budget: Budget) -> tuple[Outcome, bool]:
    """The replay's Outcome, and whether the run won."""
    try:
        spec = _run_map(doc, map_text, budget)
    except RunError as error:
        return Outcome.refused(error), False
    except MapRefused as error:  # a stored map that no longer reads: the engine changed
        return Outcome(False, UNKNOWN_MAP, f"the run's map cannot be read here: "
                       f"{error.message}"), False
    deadline = time.monotonic() + budget.seconds

    def on_step(n: int, _action: Any, _events: Any) -> None:
        if time.monotonic() > deadline:
            raise RunError(TOO_SLOW, f"the replay took longer than {budget.seconds:g} s "
                           f"(stopped at action {n})", index=n)

    verdict = games.verify(doc, map=spec, on_step=on_step)
    if not verdict.ok:
        index = verdict.report.get("index")
        return Outcome(False, verdict.code, str(verdict.report.get("message", verdict.reason)),
                       index if isinstance(index, int) else None), False
    moves, turns = verdict.figures["moves"], verdict.figures["turns"]
    assert isinstance(moves, int) and isinstance(turns, int)
    return Outcome(True, moves=moves, turns=turns), verdict.figures.get("outcome") == "won"


def _run_map(doc: Any, map_text: str | None, budget: Budget) -> MapSpec:
    """The map a run document is replayed on, after the checks that need no replay."""
    run = games.run_from_dict(doc)
    if run.game != GAME or getattr(run, "table", None) is not None:
        raise RunError(BAD_RUN, "the server ranks runs of published Card Rogue maps, not table "
                       "games or other games")
    if len(run.actions) > budget.actions:
        raise RunError(TOO_LARGE, f"the run has {len(run.actions):,} actions; the server "
                       f"replays at most {budget.actions:,}")
    if map_text is None:
        identity = getattr(run, "map_id", "")
        raise RunError(UNKNOWN_MAP, f"no map published here has the id {identity[:12]}… "
                       f"(share code {share_code(identity)})")
    return _spec(map_text)
