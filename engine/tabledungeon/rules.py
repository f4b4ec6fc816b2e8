"""Table Dungeon's side of the game contract (engine/core/contract.py): `RULES`, registered in
engine/games.py as "tabledungeon".

    state = RULES.new_game(seed=7, players=["Ann", "Bo"])   # 2 to 4 names, in seat order
    run = RULES.record(state, player="Ann")   # a run document (engine.tabledungeon.runs)
    RULES.verify(run)                         # a Verdict (engine.core.contract)

The only option is `players`; the classes are picked at the table, in turn order, with "pick"
actions. Anything else, or a value of the wrong type, is a ValueError that says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.contract import OnStart, OnStep, Verdict, verdict
from engine.core.info import GameInfo
from engine.core.runs import Run, RunError, check_seed, replay_actions
from engine.tabledungeon import runs
from engine.tabledungeon.actions import Action
from engine.tabledungeon.policy import LEVELS
from engine.tabledungeon.runs import MAX_PLAYERS, MIN_PLAYERS
from engine.tabledungeon.state import GAME, RULES_VERSION, State


def check_names(players: Any) -> list[str]:
    """The players option: 2 to 4 distinct names. Raises ValueError saying why."""
    try:
        return list(runs.table_names(players))
    except RunError as exc:
        raise ValueError(exc.message) from None


# The table is the whole setup: the classes are picked in play. Runs do not rank on a board.
INFO = GameInfo(name=GAME, long_name="Table Dungeon", min_players=MIN_PLAYERS,
                max_players=MAX_PLAYERS, computer_levels=LEVELS)


class Rules:
    """Table Dungeon's Rules (engine.core.contract.Rules)."""

    name = GAME
    rules_version = RULES_VERSION
    info = INFO

    def new_game(self, seed: int | None = None, **options: Any) -> State:
        INFO.check_options(options)
        if "players" not in options:
            raise ValueError("Table Dungeon needs players: a list of 2 to 4 names")
        return State(check_seed(seed), check_names(options["players"]))

    def sample_options(self) -> list[dict[str, Any]]:
        return [{"seed": 7, "players": ["Ann", "Bo"]},
                {"seed": 8, "players": ["Ann", "Bo", "Cy"]},
                {"seed": 9, "players": ["Ann", "Bo", "Cy", "Di"]}]

    def parse_action(self, data: Any) -> Action:
        """An action from its stored dict, strictly (ValueError says what is wrong)."""
        return Action.from_dict(data)

    def replay(self, seed: int, players: list[str], actions: Sequence[Action]) -> State:
        """The game those actions make. Raises RunError(illegal_action) naming the first bad
        index."""
        state = self.new_game(seed=seed, players=players)
        replay_actions(state, actions)
        return state

    def run_from_dict(self, doc: Any) -> runs.Run:
        """A run document parsed and checked field by field. Raises RunError."""
        return runs.run_from_dict(doc)

    def record(self, state: Any, *, player: str | None = None,
               recorded: str = "") -> dict[str, Any]:
        """The run document of `state` (finished or not: verify refuses an unfinished one)."""
        if not isinstance(state, State):
            raise TypeError(f"a Table Dungeon run records a Table Dungeon game, not {state!r}")
        return runs.record(state, player, recorded=recorded).to_dict()

    def verify(self, run: Mapping[str, Any] | Run, *, on_start: OnStart | None = None,
               on_step: OnStep | None = None, **context: Any) -> Verdict:
        """Verify a run document (or a parsed Run). Never raises for a bad run. A table needs
        nothing besides the run, so `context` (find_map, the setup options) is ignored."""
        return verdict(run, runs.Run, runs.run_from_dict,
                       lambda parsed: runs.verify(parsed, on_start=on_start, on_step=on_step))


RULES = Rules()
if TYPE_CHECKING:
    from engine.core.contract import Rules as ContractRules

    _KEEPS_TO_THE_CONTRACT: ContractRules = RULES  # mypy checks Table Dungeon against the contract

__all__ = ["INFO", "RULES", "Rules", "check_names"]
