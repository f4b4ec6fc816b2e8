"""The boards screen (ctrl+b on the new-game form): today's daily board first even before anyone
played it, then the boards played here, the last first, each with the top of its ranking."""

from __future__ import annotations

import datetime

import pytest
from textual.widgets import OptionList, Static

from app.cardrogue_app import CardRogueApp
from app.games.minirogue.records import Setup, board_entries, finish
from app.games.minirogue.screens.boards import MiniRogueBoardsScreen
from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen
from engine.minirogue import RULES
from tests.engine.minirogue.players import careful_choice, play

pytestmark = pytest.mark.clock

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
        # Each board says what its count is: the players it ranks.
        assert labels == ["Daily dungeon of 2026-11-22 (0 players)",
                          "Seed 7, Hard, Dungeon Keys (2 players)"]
        entries = str(app.screen.query_one("#entries", Static).render())
        assert "Nobody has finished this dungeon here yet." in entries
        await pilot.press("down")
        entries = str(app.screen.query_one("#entries", Static).render())
        # The same careful play of the same dungeon: a tie shares its rank (as on the
        # server), the earlier entry listed first.
        assert ann == bo
        # Column headings over the entries, lined up with them (a seed's board says no
        # difficulty: its title says it).
        heading = f"  #  {'Player':<20} Score  Fate\n"
        assert f"{heading}  1. {'Ann':<20} {ann:>5}  dead\n  1. {'Bo':<20} {bo:>5}  dead" in entries
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueNewGameScreen)


async def test_a_daily_board_says_the_difficulty_each_delve_was_played_at() -> None:
    from app.games.minirogue.screens.results import results_text

    daily = Setup.daily(DAY, "casual", False)
    delve(daily, "Ann")
    hard = Setup.daily(DAY, "hard", True)
    state = play(RULES.new_game(seed=hard.seed, difficulty="hard", dungeon_keys=True),
                 careful_choice)
    standing = finish(state, hard, "Bo")
    # The results screen's board: each delve with its difficulty and variant.
    lines = results_text(state.view(0), hard, standing).plain.splitlines()
    assert any(line.startswith("  ") and "Ann" in line and line.endswith("Casual")
               for line in lines), lines
    assert any("Bo" in line and line.endswith("Hard, keys") for line in lines), lines
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueBoardsScreen(DAY))
        await pilot.pause()
        entries = app.screen.query_one("#entries", Static)
        text = str(entries.render())
        assert "Daily dungeon of 2026-11-22" in text
        lines = text.splitlines()
        assert f"  #  {'Player':<20} Score  Fate  Played at" in lines
        rows = [line for line in lines if line.startswith("  ") and line.strip()[0].isdigit()]
        assert sorted(line.split()[-1] for line in rows) == ["Casual", "keys"]
        assert any(line.endswith("Hard, keys") for line in rows)
        # At 80 columns the boards go above the entries, so each entry keeps to one line.
        assert entries.size.width >= max(len(line) for line in rows)
        # A seed's board says it once, in its title.
        seeded = Setup(7, "hard", True)
        delve(seeded, "Cy")
        rows_of_seed, _ = board_entries(seeded.board)
        assert [row[4] for row in rows_of_seed] == [""]


async def test_f1_opens_the_help_over_the_boards() -> None:
    from app.screens.rules import RulesScreen

    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueNewGameScreen(today=DAY))
        await pilot.pause()
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueBoardsScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueBoardsScreen)
