"""Card Rogue runs: recording a finished story game, and verifying a run against its map.

    run = record(game, player="Ana")          # a finished Game -> Run (engine.core.runs)
    save_run(path, run)                       # atomic JSON file
    verified = verify(read_run(path), spec)   # replays; raises RunError naming the reason
    verified.summary()                        # map id, outcome, moves (total, per level), ...

The figures a run claims (outcome, moves, turns, level_moves, health) are written for people
and tools to read; `verify` recomputes all of them by replaying and refuses any difference.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from engine.core.protocol import Action, Event
from engine.core.runs import (BAD_RUN, BAD_SETUP, MAP_HASH_MISMATCH, SEED_MISMATCH, UNKNOWN_MAP,
                              Claim, Run, RunError, check_header, verify_replay)
from engine.cardrogue.game import RULES_VERSION, Game
from engine.cardrogue.identity import map_id, share_code
from engine.cardrogue.level import MapSpec

GAME = "cardrogue"
# The figures a Card Rogue run may claim, and their types.
CLAIMS: dict[str, type | tuple[type, ...]] = {
    "outcome": (str, type(None)),
    "moves": int,
    "turns": int,
    "level_moves": tuple,
    "level_turns": tuple,
    "health": int,
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
    }


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def record(game: Game, player: str | None = None, *, recorded: str | None = None,
           identity: str | None = None) -> Run:
    """The run of a story game (usually finished). `identity` is the map id if the caller
    already has it. The player's name defaults to the one the game was started with."""
    if game.mode != "story":
        raise ValueError("only story games can be recorded as runs so far")
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


def check_claim_names(run: Run) -> None:
    """Strictness for Card Rogue's claims: only known figures, each of its type."""
    for name, value in run.claimed.items():
        kind = CLAIMS.get(name)
        if kind is None:
            raise RunError(BAD_RUN, f"claimed: {name!r} is not a Card Rogue figure "
                           f"(known: {', '.join(CLAIMS)})")
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RunError(BAD_RUN, f"claimed {name} has the wrong type")


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
            "level_moves": list(f["level_moves"]),
            "turns": f["turns"],
            "level_turns": list(f["level_turns"]),
            "health": f["health"],
            "rules_version": self.run.rules_version,
            "run_hash": self.run.hash,
        }


def start(run: Run, spec: MapSpec) -> Game:
    """A fresh game set up as the run was: the map, the run's seed, its player and character."""
    if len(run.characters) != 1:
        raise RunError(BAD_SETUP, f"a story run has one character, not {len(run.characters)}")
    try:
        return Game.story(spec, run.characters[0], run.player, seed=run.seed)
    except ValueError as exc:
        raise RunError(BAD_SETUP, str(exc)) from None


def verify(run: Run, spec: MapSpec, *, identity: str | None = None,
           on_step: Callable[[int, Action, list[Event]], None] | None = None,
           on_start: Callable[[list[Event]], None] | None = None) -> Verified:
    """Replay `run` on `spec` and check everything. Raises RunError naming the first problem:
    other_game, other_rules_version, bad_run (claims), map_hash_mismatch, seed_mismatch,
    bad_setup, illegal_action (with its index), does_not_finish or claims_differ.

    `identity` is map_id(spec) if the caller has it already. `on_start` receives the events of
    the game's setup, `on_step` each action's events (for `cardrogue replay --events`)."""
    check_header(run, game=GAME, rules_version=RULES_VERSION)
    check_claim_names(run)
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


def locate(run: Run, maps: Mapping[str, MapSpec]) -> MapSpec:
    """The map a run was played on, from maps keyed by id. Raises RunError(UNKNOWN_MAP)."""
    spec = maps.get(run.map_id)
    if spec is None:
        title = f" ({run.map_title!r})" if run.map_title else ""
        raise RunError(UNKNOWN_MAP, f"no known map has the id {run.map_id[:12]}…{title} "
                       f"(share code {share_code(run.map_id)}); give the map file with --map")
    return spec


__all__ = ["CLAIMS", "GAME", "Verified", "check_claim_names", "figures", "locate", "record",
           "start", "utc_now", "verify"]
