"""Plain mode for Rogue Like Roguelike (issue 34): the map and the panel give way to the log,
and F2 says where the rogue is, how he stands, each side's doors and what every key does now.
A player who reads only those words, and presses only the keys they name, plays to the end."""

from __future__ import annotations

import random

from app.cardrogue_app import CardRogueApp
from app.games.roguelike.screens.play import PlayScreen
from app.games.roguelike.screens.results import ResultsScreen
from app.screens.dialogs import ChooseScreen
from app.widgets.event_log import EventLog
from tests.app.roguelike.support import create

SIZE = (80, 24)
# The keys the words name, as the footer shows them, and what to press for each.
SPOKEN_KEYS = {"↑": "up", "↓": "down", "←": "left", "→": "right", ">": "greater_than_sign",
               "<": "less_than_sign", "⏎": "enter"}
# What a newcomer does first when it is offered: fight, take the trap, cross, go down.
EAGER = ("Stab", "Walk on", "Climb", "Cross", "Go down", "Take the Amulet")


def offered(now_line: str) -> dict[str, str]:
    """"Now: ↑ Open the north door (door 1), s Search for secret doors." ->
    {"Open the north door (door 1)": "↑", "Search for secret doors": "s"}"""
    parts = now_line.removeprefix("Now: ").removesuffix(".").split(", ")
    return {what: key for key, _, what in (part.partition(" ") for part in parts)}


def choose(now_line: str, chooser: random.Random) -> str:
    """The key to press, from F2's last line alone."""
    choices = offered(now_line)
    for start in (*EAGER, "Open", "Pick", "Force"):
        for what, key in choices.items():
            if what.startswith(start):
                return SPOKEN_KEYS.get(key, key)
    keys = [key for what, key in choices.items() if not what.startswith("the actions menu")]
    return SPOKEN_KEYS.get(key := chooser.choice(keys), key)


async def f2(pilot, app: CardRogueApp) -> list[str]:
    log = app.screen.query_one(EventLog)
    before = len(log.plain_lines)
    await pilot.press("f2")
    await pilot.pause()
    return log.plain_lines[before:]


async def test_plain_mode_hides_the_map_and_says_what_is_around() -> None:
    app = CardRogueApp(plain=True)
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.query_one("MapView").region.area == 0
        assert app.screen.query_one("RoguePanel").region.area == 0
        assert app.screen.query_one(EventLog).region.height == SIZE[1] - 1  # all but the footer
        said = await f2(pilot, app)
        assert said == [
            "Where: Level 1, Encounters E to D, Difficulty 1. A room. Here: the stairs up.",
            "You: HP 6/6; rogue level 1; gold 0; lockpicks 3; skills archery 2d6, stab 2d6, "
            "the rest 1d6.",
            "North: the north door (door 1), closed; ↑: open the north door (door 1).",
            "East: no door.", "South: no door.", "West: no door.",
            "Now: ↑ Open the north door (door 1), s Search for secret doors.",
        ]
        # The terminal cursor is on the newest line, where a braille display looks.
        log = app.screen.query_one(EventLog)
        assert app.cursor_position.y == log.content_region.y + log.newest_row()


async def test_a_game_played_from_the_plain_words_alone() -> None:
    app = CardRogueApp(plain=True)
    chooser = random.Random(5)
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        for _ in range(800):
            if isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, ChooseScreen):  # a level-up choice: its first entry
                await pilot.press("enter")
                continue
            said = await f2(pilot, app)
            assert said[0].startswith("Where: Level ") and said[1].startswith("You: HP ")
            assert said[-1].startswith("Now: "), said
            await pilot.press(choose(said[-1], chooser))
        assert isinstance(app.screen, ResultsScreen)


async def test_what_is_around_names_the_arrows_even_while_no_door_may_be_taken() -> None:
    """Before a trap no door may be taken (the footer leaves the arrows out): F2 still names the
    arrow of each side, and says it does nothing now."""
    app = CardRogueApp(plain=True)
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("up", "h")  # a corridor, then a room with a fire trap
        await pilot.pause()
        assert app.screen.view.pending == "trap"
        said = await f2(pilot, app)
        east = next(line for line in said if line.startswith("East:"))
        assert east.endswith("; → does nothing now.") and "door(" not in " ".join(said)
