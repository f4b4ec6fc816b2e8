"""Plain mode for Table Dungeon (issue 34): the enemy, the players and the hand give way to the
log, and F2 says the table, the enemy, each player, the hand in words ("5 of spades") and the
numbered choices. A player who reads only those words, and presses the first number they name,
plays a game to its end."""

from __future__ import annotations

import re

import pytest
from textual.widgets import RichLog

from app.cardrogue_app import CardRogueApp
from app.games.tabledungeon.screens.results import ResultsScreen
from app.games.tabledungeon.screens.table import TableScreen
from app.games.tabledungeon.session import Seat, TableSession
from app.plain import newest_row
from tests.app.support import type_into
from tests.app.tabledungeon.support import open_new_table
from tests.support import until

SIZE = (80, 24)
pytestmark = pytest.mark.usefixtures("no_computer_delay")


def said_by_f2(log: RichLog, before: int) -> list[str]:
    """The lines F2 wrote, unwrapped: each begins with a heading such as "Enemy:"."""
    text = " ".join(strip.text.strip() for strip in log.lines[before:])
    return [part.strip() for part in
            re.split(r" (?=(?:Table|Enemy|Ann|Computer 2|Your hand|Now)(?::| \()"
                     r"|Nothing to choose)", text)]


async def test_plain_mode_hides_the_panels_and_says_the_table() -> None:
    app = CardRogueApp(plain=True)
    async with app.run_test(size=SIZE) as pilot:
        table = TableScreen(TableSession([Seat("Ann"), Seat("Computer 2", "normal")], seed=2026))
        app.push_screen(table)
        await pilot.press("2")  # the Wizard
        await pilot.pause()
        for panel in ("#enemy", "#players", "#hand"):
            assert table.query_one(panel).region.area == 0
        log = table.query_one("#log", RichLog)
        # All but the status line, the refusal note and the footer.
        assert log.region.height == SIZE[1] - 3
        before = len(log.lines)
        await pilot.press("f2")
        await pilot.pause()
        said = said_by_f2(log, before)
        assert said[0].startswith("Table: Ann lays a card, Round 1, Level 1")
        assert said[1].startswith("Enemy: Lost goblin, health 3")
        assert said[2].startswith("Ann (your turn): Wizard, health 10/10, action pile 7")
        assert said[3].startswith("Computer 2: Fighter, health 10/10")
        assert said[4] == ("Your hand: 5 of spades, ace of hearts, 3 of hearts, 3 of diamonds, "
                           "ace of spades.")
        assert said[5] == ("Now: 1 5 of spades attack 6; 2 ace of hearts heal 1; 3 3 of hearts "
                           "heal 3; 4 3 of diamonds attack 6; 5 ace of spades attack 2.")
        # The terminal cursor is on the log's newest row, where a braille display looks.
        assert app.cursor_position.y == log.content_region.y + newest_row(log)
        assert log.lines[-1].text.strip().endswith("ace of spades attack 2.")


def newest_choices(log: RichLog, before: int) -> str:
    """The last "Now: ..." line the log wrote after its line `before` (unwrapped), or ""."""
    text = " ".join(strip.text.strip() for strip in log.lines[before:])
    return text[text.rfind("Now: "):] if "Now: " in text else ""


async def test_a_game_played_from_the_plain_words_alone() -> None:
    """Started as a newcomer starts it (the title, the form, Ctrl+S), the log says the choices
    with their keys whenever it is the person's turn: pressing the first key it names, and no
    other (not even F2), plays the game to its end."""
    app = CardRogueApp(plain=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_table(app, pilot)
        await type_into(pilot, "#seed", "7")
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        log = table.query_one("#log", RichLog)
        said = newest_choices(log, 0)
        assert said.startswith("Now: 1 Fighter: "), said  # the classes, before any key
        for _ in range(400):
            before = len(log.lines)
            await pilot.press(said.removeprefix("Now: ")[0])
            await until(pilot, lambda at=before: isinstance(app.screen, ResultsScreen)
                        or bool(newest_choices(log, at)))
            if isinstance(app.screen, ResultsScreen):
                break
            said = newest_choices(log, before)
        assert isinstance(app.screen, ResultsScreen)


async def test_the_log_says_cards_in_words_in_plain_mode() -> None:
    """The log's cards ("Ann 5♠ (attack 8)") are words in plain mode: no suit sign is left."""
    app = CardRogueApp(plain=True)
    async with app.run_test(size=SIZE) as pilot:
        table = TableScreen(TableSession([Seat("Ann"), Seat("Computer 2", "normal")], seed=2026))
        app.push_screen(table)
        await pilot.press("2", "1")  # the Wizard, then the first card: the cards are turned
        await pilot.pause()
        text = " ".join(strip.text for strip in table.query_one("#log", RichLog).lines)
        assert "Cards turned over: Ann 5 of spades (attack" in " ".join(text.split())
        assert not set("♠♥♦♣") & set(text)
