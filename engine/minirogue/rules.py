"""Mini Rogue behind the game contract: `RULES.new_game(seed=..., difficulty=..., dungeon_keys=...)`
gives a State; `record` and `verify` turn a State into a run document and check one."""

from __future__ import annotations

from typing import Any

from engine.minirogue import options as setup
from engine.minirogue import runs
from engine.minirogue.actions import Action
from engine.minirogue.state import RULES_VERSION, State


class Rules:
    name = "minirogue"
    rules_version = RULES_VERSION
    options = setup.OPTIONS

    def new_game(self, seed: int | None = None, **options: Any) -> State:
        unknown = sorted(set(options) - set(setup.OPTIONS))
        if unknown:
            raise ValueError(f"Mini Rogue has no option {', '.join(map(str, unknown))}; its "
                             f"options are {', '.join(setup.OPTIONS)}")
        if seed is None:
            raise ValueError("Mini Rogue needs a seed: any number, or the day's daily_seed")
        return setup.start(seed, **{**setup.DEFAULTS, **options})

    def replay(self, seed: int, actions: list[dict[str, Any]], **options: Any) -> State:
        """A game rebuilt from its setup and its `serialize()`d history."""
        state = self.new_game(seed=seed, **options)
        for data in actions:
            state.apply(Action.from_dict(data))
        return state

    def record(self, state: State, player: str = "Player", *,
               recorded: str | None = None) -> dict[str, Any]:
        return runs.record(state, player, recorded=recorded)

    def verify(self, run: Any) -> runs.Verdict:
        return runs.verify(run)


RULES = Rules()
