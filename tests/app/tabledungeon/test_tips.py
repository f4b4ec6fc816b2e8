"""First-time tips in Table Dungeon (issue 34): the first enemy, the first item, the first XP move
a royal trades the loot for and the first level up each get one line in the log, once per
player; Settings turns them off."""

from __future__ import annotations

import pytest
from textual.widgets import RichLog

from app.cardrogue_app import CardRogueApp
from app.games.tabledungeon.screens.results import ResultsScreen
from app.games.tabledungeon.screens.table import TableScreen
from app.games.tabledungeon.session import Seat, TableSession
from engine.tabledungeon import is_royal
from services.settings import load_settings, save_settings

SIZE = (80, 24)
MAX_PRESSES = 400
pytestmark = pytest.mark.usefixtures("no_computer_delay")


def tips_in(table: TableScreen) -> list[str]:
    return [strip.text.strip() for strip in table.query_one("#log", RichLog).lines
            if strip.text.startswith("Tip: ")]


async def play(seed: int) -> list[str]:
    """A game of Ann against a computer, Ann laying a royal whenever she holds one, else her
    first choice; the tips its log shows (a tip may wrap onto more lines: its first is kept)."""
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        table = TableScreen(TableSession([Seat("Ann"), Seat("Computer 2", "normal")], seed=seed))
        app.push_screen(table)
        await pilot.press("2")  # the Wizard
        for _ in range(MAX_PRESSES):
            await pilot.pause()
            if isinstance(app.screen, ResultsScreen):
                break
            choices = table.choices()
            royal = next((n for n, a in enumerate(choices[:9])
                          if a.kind == "play" and is_royal(a.card or "")), 0)
            await pilot.press(str(royal + 1))
        return tips_in(table)


async def test_each_first_situation_gives_its_tip_once() -> None:
    said = await play(2026)
    starts = ("Tip: lay one card face down against the enemy (its number key).",
              "Tip: a level up: sort your top XP cards one by one,",
              "Tip: your royal traded the loot for one XP move:")
    assert len(said) == len(starts)
    for line, start in zip(said, starts, strict=True):
        assert line.startswith(start)  # a tip wraps: its first row
    assert await play(2026) == []  # each was shown once
    assert {"tabledungeon.enemy", "tabledungeon.level",
            "tabledungeon.royal"} <= set(load_settings().seen_tips)


async def test_settings_turn_the_tips_off(user_data) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(load_settings().but(tips=False))
    assert await play(2026) == []
