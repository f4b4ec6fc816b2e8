"""Helpers for Mini Rogue's screen tests: the new-game form reached and filled by keys, and
local boards filled from recorded runs."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from textual.widgets import Input

from app.cardrogue_app import CardRogueApp
from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen
from app.games.minirogue.screens.play import MiniRogueScreen
from app.screens.title import menu
from engine.minirogue import run_from_dict
from services.library import find_map
from services.scores import ScoreStore
from tests.app.support import corpus_run


async def open_new_game(app: CardRogueApp, pilot) -> MiniRogueNewGameScreen:
    """The title menu's Mini Rogue entry, by keys."""
    down = [entry.id for entry in menu()].index("minirogue")
    for _ in range(down):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, MiniRogueNewGameScreen)
    return app.screen


async def start_with_seed(app: CardRogueApp, pilot, seed: int, difficulty_steps: int) -> None:
    """Fill the form by keys: choose the difficulty `difficulty_steps` after Casual with the
    arrows (they choose as they move, from Normal, the one chosen at first), then Tab to the
    seed box, type the seed and press Enter."""
    await open_new_game(app, pilot)
    moves = difficulty_steps - 1  # Normal is the second difficulty
    for _ in range(abs(moves)):
        await pilot.press("right" if moves > 0 else "left")
    for _ in range(3):  # the Dungeon Keys box, the dungeon choice, the seed box
        await pilot.press("tab")
    assert isinstance(app.focused, Input)
    await pilot.press(*str(seed), "enter")
    await pilot.pause()
    assert isinstance(app.screen, MiniRogueScreen)


# ---------------------------------------------------------------------- local boards

RUNS = Path(__file__).resolve().parents[3] / "tests" / "engine" / "minirogue" / "runs"
SEED_BOARD = "seed:987654321:impossible:plain"


def mini_run(name: str, player: str):
    """A recorded Mini Rogue run (tests/engine/minirogue/runs), entered by `player`."""
    return replace(run_from_dict(json.loads((RUNS / f"{name}.run.json").read_text("utf-8"))),
                   player=player)


def fill_boards() -> tuple[int, int]:
    """A Card Rogue board (the Corridor) and two Mini Rogue boards: seed 0 (casual) with
    Tester's win, and seed 987654321 (impossible) with Ann's and Tester's deaths."""
    with ScoreStore.open() as store:
        run = corpus_run("corridor-shortest", "Ana")
        store.add(run, find_map(run.map_id).spec)
        won = mini_run("won-casual", "Tester")
        store.add_scored(won, "seed:0:casual:plain")
        dead = mini_run("random-impossible", "Ann")
        store.add_scored(dead, SEED_BOARD)
        store.add_scored(replace(dead, player="Tester"), SEED_BOARD)
    return int(won.claimed["score"]), int(dead.claimed["score"])
