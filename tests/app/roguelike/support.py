"""Helpers for the Rogue Like Roguelike screen tests: open the game from the title menu and
create a rogue through key presses, as a player does; a recorded run to watch."""

from __future__ import annotations

import random
from pathlib import Path

from app.cardrogue_app import CardRogueApp
from app.games.roguelike.screens.play import ARROWS
from app.screens.dialogs import ChooseScreen
from app.screens.title import menu

SEED = "199"
# A recorded run the replay viewer is tried on (tests/engine/roguelike/runs): a won game.
RUN = Path(__file__).resolve().parents[2] / "engine" / "roguelike" / "runs" / "seed-154.run.json"


async def open_game(pilot) -> None:
    """From the title screen to the new-game form (its seed), before the skills."""
    await pilot.pause()
    position = [entry.id for entry in menu()].index("roguelike")
    await pilot.press("home", *["down"] * position, "enter")
    await pilot.pause()


async def create(pilot, seed: str = SEED) -> None:
    """Type the seed and start, then take the first skill (stab) and the third (archery) at
    2d6."""
    await open_game(pilot)
    await pilot.press(*seed, "enter")
    await pilot.pause()
    await pilot.press("enter", "down", "down", "enter")
    await pilot.pause()


def key_for(app: CardRogueApp, chooser: random.Random) -> str:
    """The key a simple player presses next: choose the first offered choice, fight, walk on
    over traps, climb, go down, open a new door, else search or go back through a door."""
    if isinstance(app.screen, ChooseScreen):
        return "enter"
    view = app.screen.view
    kinds = {action.kind for action in view.legal}
    for kind, key in (("attack", "f"), ("spring", "w"), ("climb", "c"), ("cross", "c"),
                      ("descend", "greater_than_sign"), ("take_amulet", "greater_than_sign")):
        if kind in kinds:
            return key
    new = sorted({door.facing for door in view.place.doors if not door.open
                  and any(a.door == door.door and a.kind != "go" for a in view.legal)})
    if new:
        return next(key for key, side in ARROWS.items() if side == new[0])
    if "search" in kinds and chooser.random() < 0.3:
        return "s"
    sides = sorted({door.facing for door in view.place.doors if door.open and not door.false})
    if sides:
        side = chooser.choice(sides)
        return next(key for key, value in ARROWS.items() if value == side)
    return "s"
