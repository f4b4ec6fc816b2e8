"""Card Rogue runs: recording a finished story game, and verifying a run against its map.

    run = record(game, player="Ana")          # a finished Game -> Run (engine.core.runs)
    save_run(path, run)                       # atomic JSON file
    verified = verify(read_run(path), spec)   # replays; raises RunError naming the reason
    verified = verify(classic_run)            # a classic game needs no map: see below
    verified.summary()                        # map id, outcome, moves (total, per level), ...

The figures a run claims (outcome, moves, turns, level_moves, health) are written for people
and tools to read; `verify` recomputes all of them by replaying and refuses any difference.

A classic game is recorded in run format 2 with a `table`: the players' names in seat order and
a solo player's goals. Its map is the fresh table `Game.classic(names, seed, goals_=...)` lays
out, so the run's map_id is that table's id; the characters are picked by the run's own "pick"
actions, and the characters the run names must be the ones picked in the replay.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from engine.cardrogue.game import RULES_VERSION, Game, stray_field
from engine.cardrogue.identity import map_id, share_code
from engine.cardrogue.level import Goal, MapSpec
from engine.core.protocol import Action, Event
from engine.core.runs import (
    BAD_RUN,
    BAD_SETUP,
    CLAIMS_DIFFER,
    MAP_HASH_MISMATCH,
    SEED_MISMATCH,
    TABLE_FORMAT_VERSION,
    UNKNOWN_MAP,
    Claim,
    Run,
    RunError,
    Table,
    check_header,
    verify_replay,
)

GAME = "cardrogue"
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


def figures(game: Game) -> dict[str, Claim]:
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


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def record(game: Game, player: str | None = None, *, recorded: str | None = None,
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
        recorded=utc_now() if recorded is None else recorded,
        map_title=game.spec.title,
    )


def _record_table(game: Game, player: str | None, recorded: str | None,
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
        recorded=utc_now() if recorded is None else recorded,
        map_title=game.spec.title,
        format_version=TABLE_FORMAT_VERSION,
        table=Table(names, tuple(goal_name(g) for g in game.level.goals)),
    )


def check_claim_names(run: Run) -> None:
    """Strictness for Card Rogue's claims: only known figures, each of its type."""
    for name, value in run.claimed.items():
        kind = CLAIMS.get(name)
        if kind is None:
            raise RunError(BAD_RUN, f"claimed: {name!r} is not a Card Rogue figure "
                           f"(known: {', '.join(CLAIMS)})")
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RunError(BAD_RUN, f"claimed {name} has the wrong type")


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
    game: Game
    map_id: str
    figures: Mapping[str, Claim]

    @property
    def won(self) -> bool:
        return self.game.outcome == "won"

    def summary(self) -> dict[str, Any]:
        f = self.figures
        return {
            "map_id": self.map_id,
            "share_code": share_code(self.map_id),
            "map_title": self.spec.title,
            "player": self.run.player,
            "characters": list(self.run.characters),
            "outcome": f["outcome"],
            "moves": f["moves"],
            "level_moves": list(cast(tuple[int, ...], f["level_moves"])),  # see figures()
            "turns": f["turns"],
            "level_turns": list(cast(tuple[int, ...], f["level_turns"])),
            "health": f["health"],
            "rules_version": self.run.rules_version,
            "run_hash": self.run.hash,
        }


def start(run: Run, spec: MapSpec | None) -> Game:
    """A fresh game set up as the run was: the map, the run's seed, its player and character
    (for a table: the players' names, the seed and the goals; `spec` is not used)."""
    if run.table is not None:
        return _start_table(run)
    if len(run.characters) != 1:
        raise RunError(BAD_SETUP, f"a story run has one character, not {len(run.characters)}")
    if spec is None:
        raise RunError(BAD_SETUP, "a story run needs its map")
    try:
        return Game.story(spec, run.characters[0], run.player, seed=run.seed)
    except ValueError as exc:
        raise RunError(BAD_SETUP, str(exc)) from None


def _start_table(run: Run) -> Game:
    table = run.table
    assert table is not None
    if len(run.characters) != len(table.players):
        raise RunError(BAD_SETUP, f"the table has {len(table.players)} players but the run names "
                       f"{len(run.characters)} characters")
    try:
        goals_ = tuple(goal_from_name(name) for name in table.goals)
        return Game.classic(list(table.players), run.seed, goals_=goals_)
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


def _verify_table(run: Run, on_step, on_start) -> Verified:
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


__all__ = ["CLAIMS", "GAME", "Verified", "check_action_fields", "check_claim_names", "figures",
           "goal_from_name", "goal_name", "locate", "record", "start", "utc_now", "verify"]
