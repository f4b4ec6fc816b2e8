"""The Rules object of the game contract, and runs: recording a game and verifying one.

A run is {"format_version": 2, "game": "roguelike", "rules_version", "seed", "player",
"recorded", "actions", "claimed"}. Verifying replays the actions from the seed and compares the
figures it reaches with the ones claimed; anything else in the document, any action that does
not parse or is not legal, and any difference is refused with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from engine.core.protocol import IllegalAction
from engine.roguelike.actions import RogueAction
from engine.roguelike.game import GAME, RULES_VERSION, RogueState

FORMAT_VERSION = 2
MAX_ACTIONS = 100_000
MAX_SEED = (1 << 64) - 1
RUN_FIELDS = ("format_version", "game", "rules_version", "seed", "player", "recorded",
              "actions", "claimed")


@dataclass(frozen=True)
class Verdict:
    """What verifying a run found: ok, the reason if not, and the figures the replay reached."""

    ok: bool
    reason: str = ""
    figures: dict[str, Any] = field(default_factory=dict)


def figures(state: RogueState) -> dict[str, Any]:
    return {"outcome": state.outcome, "deepest": state.deepest, "amulet": state.amulet,
            "score": state.score(), "actions": len(state.history), "hp": state.rogue.hp}


class Rules:
    """Rogue Like Roguelike for the registry: `games.load("roguelike")`."""

    name = GAME
    rules_version = RULES_VERSION

    def new_game(self, seed: int | None = None, **options: Any) -> RogueState:
        if options:
            raise ValueError(f"Rogue Like Roguelike takes no options (got {', '.join(sorted(options))})")
        if seed is None:
            raise ValueError("Rogue Like Roguelike needs a seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise ValueError("the seed must be a whole number from 0 to 2**64-1")
        return RogueState(seed)

    def action_from_dict(self, data: Any) -> RogueAction:
        return RogueAction.from_dict(data)

    def record(self, state: RogueState, player: str = "rogue", *,
               recorded: str | None = None) -> dict[str, Any]:
        problem = _player_problem(player)
        if problem:
            raise ValueError(problem)
        return {
            "format_version": FORMAT_VERSION,
            "game": GAME,
            "rules_version": RULES_VERSION,
            "seed": state.seed,
            "player": player,
            "recorded": recorded or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "actions": [a.to_dict() for a in state.history],
            "claimed": figures(state),
        }

    def replay(self, seed: int, actions: list[Any]) -> RogueState:
        """The state after these actions; ValueError naming the first bad one."""
        state = self.new_game(seed=seed)
        for n, data in enumerate(actions):
            try:
                state.apply(RogueAction.from_dict(data))
            except (ValueError, IllegalAction) as error:
                raise ValueError(f"action {n}: {error}") from None
        return state

    def verify(self, run: Any) -> Verdict:
        problem = self._header_problem(run)
        if problem:
            return Verdict(False, problem)
        try:
            state = self.replay(run["seed"], run["actions"])
        except ValueError as error:
            return Verdict(False, str(error))
        reached = figures(state)
        if not state.is_over:
            return Verdict(False, "the run stops before the game is over", reached)
        if run["claimed"] != reached:
            differences = [f"{k}: claimed {run['claimed'].get(k)!r}, replay {v!r}"
                           for k, v in reached.items() if run["claimed"].get(k) != v]
            extra = sorted(set(run["claimed"]) - set(reached))
            differences += [f"{k}: not a figure of this game" for k in extra]
            return Verdict(False, "claims differ: " + "; ".join(differences), reached)
        return Verdict(True, "", reached)

    def _header_problem(self, run: Any) -> str | None:
        if not isinstance(run, dict):
            return "a run must be a table"
        unknown = sorted(set(run) - set(RUN_FIELDS))
        missing = sorted(set(RUN_FIELDS) - set(run))
        if unknown or missing:
            return "; ".join(([f"unknown field(s): {', '.join(unknown)}"] if unknown else [])
                             + ([f"missing field(s): {', '.join(missing)}"] if missing else []))
        if run["format_version"] != FORMAT_VERSION:
            return f"format version {run['format_version']!r} is not {FORMAT_VERSION}"
        if run["game"] != GAME:
            return f"a run of {run['game']!r}, not {GAME}"
        if run["rules_version"] != RULES_VERSION:
            return f"played under rules version {run['rules_version']!r}; these are {RULES_VERSION}"
        seed = run["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            return "the seed must be a whole number from 0 to 2**64-1"
        if _player_problem(run["player"]):
            return _player_problem(run["player"])
        if not isinstance(run["recorded"], str):
            return "recorded must be a date"
        if not isinstance(run["actions"], list) or len(run["actions"]) > MAX_ACTIONS:
            return f"actions must be a list of at most {MAX_ACTIONS}"
        if not isinstance(run["claimed"], dict):
            return "claimed must be a table of figures"
        return None


def _player_problem(player: Any) -> str | None:
    if not isinstance(player, str) or not 0 < len(player) <= 40 or not player.isprintable():
        return "the player's name must be 1 to 40 printable characters"
    return None


RULES = Rules()
