"""The boards screen (ctrl+b on the new-game form): today's daily board first even before anyone
played it, then the boards played here, the last first, each with the top of its ranking."""

from __future__ import annotations

import datetime

from textual.widgets import OptionList, Static

from app.cardrogue_app import CardRogueApp
from app.games.minirogue.records import Setup, finish
from app.games.minirogue.screens.boards import MiniRogueBoardsScreen
from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen
from engine.minirogue import RULES
from tests.minirogue.players import careful_choice, play

DAY = datetime.date(2026, 11, 22)


def delve(setup: Setup, player: str) -> int:
    """A finished delve of the careful player, entered as the results screen enters it."""
    state = play(RULES.new_game(seed=setup.seed, difficulty=setup.difficulty,
                                dungeon_keys=setup.dungeon_keys), careful_choice)
    standing = finish(state, setup, player)
    assert standing.rank is not None, standing.note
    return state.score


async def test_the_boards_list_today_first_then_the_last_played() -> None:
    seeded = Setup(7, "hard", True)
    ann = delve(seeded, "Ann")
    bo = delve(Setup(7, "hard", True), "Bo")
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueNewGameScreen(today=DAY))
        await pilot.pause()
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueBoardsScreen)
        options = app.screen.query_one("#boards", OptionList)
        labels = [str(options.get_option_at_index(n).prompt) for n in range(options.option_count)]
        assert labels == ["Daily dungeon of 2026-11-22 (0)", "Seed 7, Hard, Dungeon Keys (2)"]
        entries = str(app.screen.query_one("#entries", Static).render())
        assert "Nobody has finished this dungeon here yet." in entries
        await pilot.press("down")
        entries = str(app.screen.query_one("#entries", Static).render())
        # The same careful play of the same dungeon: a tie, which the earlier entry leads.
        assert ann == bo
        assert f"  1. {'Ann':<24} {ann:>5}" in entries and f"  2. {'Bo':<24} {bo:>5}" in entries
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueNewGameScreen)
