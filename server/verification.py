"""Everything the server knows about game rules, in one place: reading a published map's text,
checking its clear, and verifying a submitted run by replaying it.

The rest of the server stores, queues and ranks; it never imports the engine. A run is read
(once) and verified through the game registry (engine.games), by the rules of the game it
names, and ranked as that game declares (its GameInfo): a game ranked in moves ranks runs of
published maps on their map's board; a game ranked in points ranks each run on the board its
game places it on (its seed's; for a game with a daily played on a day's seed the server
published, that day's board or its archive board; server.dailies).

Every replay has a budget: at most `Budget.actions` actions (a longer run is refused as
too_large before replaying) and `Budget.seconds` of replay (checked after every action; refused
as too_slow), so a pathological map or run costs a bounded amount.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine import games
from engine.cardrogue import RULES_VERSION, MapSpec
from engine.cardrogue.identity import map_id, share_code
from engine.core.contract import Verdict
from engine.core.info import Daily
from engine.core.runs import BAD_RUN, TOO_LARGE, UNKNOWN_MAP, Run, RunError
from server import defaults
from services import clock, words
from services.words import Line

CURRENT_RULES_VERSION = RULES_VERSION  # boards of other versions are archived
TOO_SLOW = "too_slow"
MAX_MAP_BYTES = 1_000_000
GRACE = datetime.timedelta(hours=1)  # a run of a day sent this long after it still counts on it

# (game, seed) -> the day whose server daily seed it is, or None (server.dailies.day_of_seed).
DayOfSeed = Callable[[str, int], datetime.date | None]


def no_dailies(_game: str, _seed: int) -> datetime.date | None:
    return None


def daily_closes(day: datetime.date) -> datetime.datetime:
    """When a day's board stops taking runs: the end of the day (UTC) plus the grace."""
    return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC) \
        + datetime.timedelta(days=1) + GRACE


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
    # A run of a game ranked in points: its board, score and how it ended.
    board: str | None = None
    score: int | None = None
    ending: str | None = None
    # How a run in points was played (Run.setup(), as JSON values): a board may mix setups (a
    # Mini Rogue daily board mixes difficulties), and each entry says its own.
    setup: dict[str, Any] | None = None
    # sha256 of the actions as the engine read them, with the setup of a run in points
    # (actions_key): a run whose key equals an earlier verified run's on the same board is a
    # copy (store.record_outcome).
    actions: str | None = None

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


def actions_key(run: Any) -> str:
    """sha256 of what a run played, in canonical JSON: its actions as the engine read them and,
    for a game ranked in points, its setup (Run.setup()), since one board may mix setups (a Mini
    Rogue daily board mixes difficulties) and the same moves on another setup are another play.
    Without the player's name, the date, the claims, or any spelling the reader ignores, so
    two documents that play the same moves on the same setup have the same key. A map's board
    is its setup: a run on a map keys its actions alone."""
    played: Any = [action.to_dict() for action in run.actions]
    if _ranks_in(run.game, "points"):
        played = {"setup": run.setup(), "actions": played}
    canonical = json.dumps(played, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def document_setup(doc: Any) -> dict[str, Any] | None:
    """The setup (Run.setup()) of a run document, or None when it is not a run the engine
    reads."""
    try:
        return games.run_from_dict(doc).setup()
    except RunError:
        return None


def document_actions_key(doc: Any) -> str | None:
    """actions_key of a run document, or None when it is not a run the engine reads."""
    try:
        return actions_key(games.run_from_dict(doc))
    except RunError:
        return None


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
    try:
        run = _within_budget(games.run_from_dict(clear), budget)
    except RunError as error:
        return facts, Outcome.refused(error)
    outcome, won = _outcome(run, map_text, budget)
    if outcome.ok and not won:
        return facts, Outcome(False, "not_cleared", "the run ends without clearing the map")
    return facts, outcome


def verify_run(doc: Any, map_text: str | None, budget: Budget = Budget(),
               submitted: datetime.datetime | None = None,
               day_of_seed: DayOfSeed = no_dailies) -> Outcome:
    """Replay a run document on the map text it was submitted for (None: no such map); a run
    of a game ranked in points needs no map. A run on a day's seed (`day_of_seed`) enters the
    day's board if it was `submitted` before the day ended plus GRACE, else its archive board.
    The document is parsed once, here."""
    try:
        run = _within_budget(games.run_from_dict(doc), budget)
    except RunError as error:
        return Outcome.refused(error)
    if _ranks_in(run.game, "points"):
        return _scored_outcome(run, budget, submitted or clock.now(), day_of_seed)
    return _outcome(run, map_text, budget)[0]


def _within_budget(run: Run, budget: Budget) -> Run:
    """The run, if it is short enough to replay. Raises RunError(too_large)."""
    if len(run.actions) > budget.actions:
        raise RunError(TOO_LARGE, f"the run has {len(run.actions):,} actions; the server "
                       f"replays at most {budget.actions:,}")
    return run


def _replay(run: Run, budget: Budget, **context: Any) -> Verdict:
    """The game's verdict on a run, stopped once it has replayed for longer than the budget."""
    deadline = time.monotonic() + budget.seconds

    def on_step(n: int, _action: Any, _events: Any) -> None:
        if time.monotonic() > deadline:
            raise RunError(TOO_SLOW, f"the replay took longer than {budget.seconds:g} s "
                           f"(stopped at action {n})", index=n)

    return games.verify(run, on_step=on_step, **context)


def _refused(verdict: Verdict) -> Outcome:
    index = verdict.report.get("index")
    return Outcome(False, verdict.code, str(verdict.report.get("message", verdict.reason)),
                   index if isinstance(index, int) else None)


# ---------------------------------------------------------------------- games ranked in points

def scored_games() -> tuple[str, ...]:
    """The registered games whose runs rank in points on boards of their own."""
    return tuple(name for name in games.names() if _ranks_in(name, "points"))


def _ranks_in(game: str, kind: str) -> bool:
    ranking = games.load(game).info.ranking
    return ranking is not None and ranking.kind == kind


def scored_rules_version(game: str) -> int:
    """The rules version whose boards a game ranked in points shows by default."""
    return games.load(game).rules_version


def board_facts(game: str, board: str) -> dict[str, Any] | None:
    """What a board key of a game ranked in points says (its "kind" and the game's own facts:
    for Mini Rogue the day, the seed, the difficulty and the variant); None for a key that
    names no board, or a game that does not rank in points."""
    if game not in games.names() or not _ranks_in(game, "points"):
        return None
    facts = games.load(game).info.board_facts(board)
    return None if facts is None else dict(facts)


def game_long_name(game: str) -> str:
    return games.load(game).info.long_name if game in games.names() else game


def board_title(game: str, board: str) -> str:
    """A board's name for people, as its game says it (the key itself for an unknown game)."""
    if game not in games.names():
        return board
    return games.load(game).info.board_title(board)


def setup_words(game: str, setup: Mapping[str, Any]) -> str:
    """How a run was played, for a board's page: its choices among the game's options, in the
    game's words ("Hard"); "" for a game with none, or an unknown game."""
    if game not in games.names():
        return ""
    return ", ".join(spec.choice_label(setup[spec.name])
                     for spec in games.load(game).info.options
                     if spec.kind == "choice" and not spec.many
                     and isinstance(setup.get(spec.name), str))


def daily_games() -> tuple[str, ...]:
    """The games ranked in points that declare a daily dungeon."""
    return tuple(name for name in scored_games() if games.load(name).info.daily is not None)


def games_daily(game: str) -> Daily:
    """The daily a game of daily_games() declares: the boards its days name."""
    daily = games.load(game).info.daily
    assert daily is not None
    return daily


def _scored_outcome(run: Run, budget: Budget, submitted: datetime.datetime,
                    day_of_seed: DayOfSeed) -> Outcome:
    """A run of a game ranked in points, on the board its game places it on: for a game with a
    daily, the day's board of the server's seed it was played on (or that day's archive board
    when sent late), else its seed's board."""
    info = games.load_run_game(run).info
    assert info.ranking is not None
    sent = submitted.astimezone(datetime.UTC) if submitted.tzinfo else \
        submitted.replace(tzinfo=datetime.UTC)
    if info.daily is None:
        board = info.board_of(run, sent.date().isoformat())
    else:
        seed = run.setup().get(info.daily.option)
        day = day_of_seed(run.game, seed) if isinstance(seed, int) else None
        if day is None:
            board = info.daily.seeded(run)
        else:
            board = (info.daily.board if sent < daily_closes(day) else info.daily.archive)(
                day.isoformat())
    if board is None:
        return Outcome(False, BAD_RUN, "this run ranks on no board")
    verdict = _replay(run, budget)
    if not verdict.ok:
        return _refused(verdict)
    score, ending = verdict.figures.get(info.ranking.figure), verdict.figures.get("outcome")
    assert isinstance(score, int) and isinstance(ending, str)
    return Outcome(True, board=board, score=score, ending=ending, setup=run.setup(),
                   actions=actions_key(run))


def _outcome(run: Run, map_text: str | None, budget: Budget) -> tuple[Outcome, bool]:
    """The replay's Outcome of a run ranked in moves on its map, and whether the run won."""
    try:
        spec = _run_map(run, map_text)
    except RunError as error:
        return Outcome.refused(error), False
    except MapRefused as error:  # a stored map that no longer reads: the engine changed
        return Outcome(False, UNKNOWN_MAP, f"the run's map cannot be read here: "
                       f"{error.message}"), False
    verdict = _replay(run, budget, map=spec)
    if not verdict.ok:
        return _refused(verdict), False
    ranking = games.load_run_game(run).info.ranking
    assert ranking is not None
    moves, turns = verdict.figures[ranking.figure], verdict.figures["turns"]
    assert isinstance(moves, int) and isinstance(turns, int)
    return (Outcome(True, moves=moves, turns=turns, actions=actions_key(run)),
            verdict.figures.get("outcome") == "won")


def _run_map(run: Run, map_text: str | None) -> MapSpec:
    """The map a run is replayed on, after the checks that need no replay: its game ranks in
    moves and the run was played on a map (a board), published here."""
    info = games.load_run_game(run).info
    board = info.board_of(run) if _ranks_in(run.game, "moves") else None
    if board is None:
        raise RunError(BAD_RUN, "the server ranks runs of published maps and runs in points, "
                       "not table games or other games")
    if map_text is None:
        raise RunError(UNKNOWN_MAP, f"no map published here has the id {board[:12]}… "
                       f"({info.board_title(board)})")
    return _spec(map_text)


# ---------------------------------------------------------------------- watching a run

# Steps between the games a replay keeps: a step's view is worked out from the nearest kept game
# at or before it, at most this many actions on (a few milliseconds), instead of keeping every
# step's view (7.5 KB a step: 150 MB for a 20,000-action run).
KEEP_EVERY = 200


@dataclass(frozen=True)
class Replayed:
    """A verified run replayed once for its run page: what seat 0 sees before the first action
    and after each one, and what happened, in the game's own words (services.words).

    view(n)     state.view(0) after n actions (view(0): the start)
    kept[k]     a copy of the game after k * KEEP_EVERY actions, which view(n) goes on from
    lines[n]    the log lines of action n (lines[0]: the setup's)
    levels      the steps at which a level (or the game's like: an area) begins
    summary     (label, value) lines of the morgue: the game's own tallies
    legend      per card id (Mini Rogue: room and spell), its glyph, colour family and name
    """

    game: str
    long_name: str
    rules_version: int
    actions: list[Any]
    kept: list[Any]
    lines: list[list[Line]]
    levels: list[int]
    summary: list[tuple[str, str]]
    legend: dict[str, tuple[str, str, str]]

    @property
    def steps(self) -> int:
        return len(self.actions)

    def view(self, step: int) -> Any:
        """What seat 0 sees after `step` actions (0 to `steps`): the engine replays the few
        actions since the nearest kept game, on a copy of it."""
        nearest = step // KEEP_EVERY
        state = self.kept[nearest].clone()
        for action in self.actions[nearest * KEEP_EVERY:step]:
            state.apply(action)
        return state.view(0)


def replay_for_watching(doc: Any, map_text: str | None) -> Replayed:
    """Replay a verified run document (on its map's text, for a game played on maps) step by
    step. Raises RunError when it cannot be replayed here (the server changed since)."""
    run = games.run_from_dict(doc)
    rules = games.load_run_game(run)
    options = run.setup()
    if _ranks_in(run.game, "moves"):
        options["map"] = _run_map(run, map_text)
    state = rules.new_game(**options)
    told = words.words_of(run.game)
    opening = told.opening(state) if told is not None else []
    every = list(opening)
    tell = told.narrator(state) if told is not None else None
    kept, lines, levels = [state.clone()], [tell(opening) if tell else []], []
    actions = list(run.actions)
    for n, action in enumerate(actions, start=1):
        events = state.apply(action)
        every += events
        if n % KEEP_EVERY == 0:
            kept.append(state.clone())
        lines.append(tell(events) if tell else [])
        if words.opens_level(run.game, events):
            levels.append(n)
    if told is None:
        return Replayed(run.game, rules.info.long_name, rules.rules_version, actions, kept,
                        lines, levels, [], {})
    return Replayed(run.game, rules.info.long_name, rules.rules_version, actions, kept, lines,
                    levels, told.summary(state, every), told.legend(state))
