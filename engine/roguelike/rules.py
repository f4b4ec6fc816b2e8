"""Rogue Like Roguelike's side of the game contract (engine/core/contract.py): `RULES`,
registered in engine/games.py as "roguelike".

    state = RULES.new_game(seed=7)          # the game has no options; its seed is its setup
    run = RULES.record(state, player="Ann") # a run document (the JSON object of a run file)
    RULES.verify(run)                       # a Verdict
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core.contract import OnStart, OnStep, Verdict, verdict
from engine.core.info import Daily, GameInfo, Ranking
from engine.core.runs import Run, check_seed
from engine.roguelike import boards, runs
from engine.roguelike.actions import Action
from engine.roguelike.state import GAME, RULES_VERSION, State

# Solitaire, set up by its seed alone. A game ranks in points, its score, on its seed's board, or
# on the day's board of its daily descent (engine/roguelike/boards.py).
INFO = GameInfo(
    name=GAME,
    long_name="Rogue Like Roguelike",
    ranking=Ranking("points", figure="score", better="higher"),
    board_of=boards.board_of,
    board_title=boards.board_title,
    board_facts=boards.board_facts,
    daily=Daily(option="seed", board=boards.daily_board, archive=boards.archive_board,
                seeded=boards.seeded_board, offline=boards.daily_seed),
)


class Rules:
    """Rogue Like Roguelike's Rules (engine.core.contract.Rules)."""

    name = GAME
    rules_version = RULES_VERSION
    info = INFO

    def new_game(self, seed: int | None = None, **options: Any) -> State:
        INFO.check_options(options)
        if seed is None:
            raise ValueError("Rogue Like Roguelike needs a seed: the dungeon is drawn from it")
        return State(check_seed(seed))

    def sample_options(self) -> list[dict[str, Any]]:
        return [{"seed": 1}, {"seed": 2024}]

    def parse_action(self, data: Any) -> Action:
        return Action.from_dict(data)

    def run_from_dict(self, doc: Any) -> runs.Run:
        return runs.run_from_dict(doc)

    def record(self, state: Any, *, player: str | None = None,
               recorded: str = "") -> dict[str, Any]:
        if not isinstance(state, State):
            raise TypeError(f"a Rogue Like Roguelike run records a Rogue Like Roguelike game, "
                            f"not {state!r}")
        return runs.record(state, "Rogue" if player is None else player,
                           recorded=recorded).to_dict()

    def verify(self, run: Mapping[str, Any] | Run, *, on_start: OnStart | None = None,
               on_step: OnStep | None = None, **context: Any) -> Verdict:
        """Replay a run document (or a parsed Run). The seed is the whole setup, so `context`
        (a map finder, setup options) is not needed and is ignored."""
        return verdict(run, runs.Run, runs.run_from_dict,
                       lambda parsed: runs.verify(parsed, on_start=on_start, on_step=on_step))


RULES = Rules()
if TYPE_CHECKING:
    from engine.core.contract import Rules as ContractRules

    _KEEPS_TO_THE_CONTRACT: ContractRules = RULES  # mypy checks the game against engine.core.contract

__all__ = ["INFO", "RULES", "Rules"]
