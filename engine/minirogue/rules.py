"""Mini Rogue's side of the game contract (engine/core/contract.py): `RULES`, registered in
engine/games.py.

    state = RULES.new_game(seed=7, difficulty="hard", dungeon_keys=True)
    run = RULES.record(state, player="Ann")   # a run document (the JSON object of a run file)
    RULES.verify(run)                         # a Verdict

Options: `difficulty` ("casual", "normal", "hard", "impossible"; default "normal", the
rulebook's advice for a first game) and `dungeon_keys` (bool; default False). An unknown option
or a value of the wrong type is a ValueError that says so; the seed is required.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core.contract import OnStart, OnStep, Verdict
from engine.core.info import Daily, GameInfo, OptionSpec, Ranking
from engine.core.runs import Run as AnyRun
from engine.minirogue import boards, runs
from engine.minirogue import options as setup
from engine.minirogue.actions import Action
from engine.minirogue.daily import daily_seed
from engine.minirogue.state import RULES_VERSION, State
from engine.minirogue.tables import DIFFICULTIES

if TYPE_CHECKING:
    from engine.core.contract import Rules as ContractRules


INFO = GameInfo(
    name=runs.GAME,
    long_name="Mini Rogue",
    options=(
        OptionSpec("difficulty", "choice", label="Difficulty",
                   help="how hard the delve is (the score counts it)",
                   default=setup.DEFAULTS["difficulty"], choices=DIFFICULTIES,
                   labels=("Casual", "Normal", "Hard", "Impossible")),
        OptionSpec("dungeon_keys", "bool",
                   label="Dungeon Keys: a key from a trap room on each level",
                   help="play with the Dungeon Keys variant",
                   default=setup.DEFAULTS["dungeon_keys"]),
    ),
    ranking=Ranking("points", figure="score", better="higher"),
    board_of=boards.board_of,
    board_title=boards.board_title,
    board_facts=boards.board_facts,
    daily=Daily(option="seed", board=boards.daily_board, archive=boards.archive_board,
                seeded=boards.seeded_board, offline=daily_seed),
)


class Rules:
    """Mini Rogue's Rules (engine.core.contract.Rules)."""

    name = runs.GAME
    rules_version = RULES_VERSION
    info = INFO

    def new_game(self, seed: int | None = None, **options: Any) -> State:
        INFO.check_options(options)
        if seed is None:
            raise ValueError("Mini Rogue needs a seed: any number, or the day's daily_seed")
        return setup.start(seed, **{**setup.DEFAULTS, **options})

    def sample_options(self) -> list[dict[str, Any]]:
        """Every difficulty, with and without the Dungeon Keys variant."""
        return [{"seed": n + 1, "difficulty": difficulty, "dungeon_keys": n % 2 == 1}
                for n, difficulty in enumerate(DIFFICULTIES)]

    def parse_action(self, data: Any) -> Action:
        return Action.from_dict(data)

    def run_from_dict(self, doc: Any) -> runs.Run:
        return runs.run_from_dict(doc)

    def replay(self, seed: int, actions: list[dict[str, Any]], **options: Any) -> State:
        """A game rebuilt from its setup and its `serialize()`d history."""
        state = self.new_game(seed=seed, **options)
        for data in actions:
            state.apply(Action.from_dict(data))
        return state

    def record(self, state: Any, *, player: str | None = None,
               recorded: str = "") -> dict[str, Any]:
        if not isinstance(state, State):
            raise TypeError(f"a Mini Rogue run records a Mini Rogue game, not {state!r}")
        return runs.record(state, player, recorded=recorded)

    def verify(self, run: Mapping[str, Any] | AnyRun, *, on_start: OnStart | None = None,
               on_step: OnStep | None = None, **context: Any) -> Verdict:
        return runs.verify(run, on_start=on_start, on_step=on_step, **context)


RULES = Rules()
if TYPE_CHECKING:
    _KEEPS_TO_THE_CONTRACT: ContractRules = RULES  # mypy checks Mini Rogue against the contract

__all__ = ["INFO", "RULES", "Rules"]
