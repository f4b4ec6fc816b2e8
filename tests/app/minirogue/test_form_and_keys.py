"""The tester's points on the new-game form and the play screen: the chosen difficulty and
dungeon show by a dot, not by colour alone, and the arrows choose; a delve asks before it is
left or quit from its first deal on; a key that is not a choice now says so."""

from __future__ import annotations

import datetime
from contextlib import asynccontextmanager

from textual.widgets import RadioButton, RadioSet

from app.cardrogue_app import CardRogueApp
from app.games.minirogue.records import Setup
from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen
from app.games.minirogue.screens.play import MiniRogueScreen
from app.screens.dialogs import ConfirmScreen
from app.screens.title import TitleScreen
from engine.minirogue import daily_seed

DAY = datetime.date(2026, 11, 22)


@asynccontextmanager
async def new_game_form():
    """The new-game form of DAY at 80x24, as (app, pilot)."""
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueNewGameScreen(today=DAY))
        await pilot.pause()
        yield app, pilot


def chosen(screen, selector: str) -> list[str]:
    """The labels of a choice's buttons that draw the dot."""
    return [str(button.label) for button in screen.query_one(selector, RadioSet)
            .query(RadioButton) if "●" in str(button.render())]


async def test_the_chosen_option_shows_a_dot_and_the_arrows_choose() -> None:
    async with new_game_form() as (app, pilot):
        screen = app.screen
        assert chosen(screen, "#option-difficulty") == ["Normal"]
        assert chosen(screen, "#seed-choice") == ["Today's daily dungeon (2026-11-22) on this computer"]
        await pilot.press("right")  # the difficulty box has the focus: Normal to Hard
        assert chosen(screen, "#option-difficulty") == ["Hard"]
        await pilot.press("left", "left")
        assert chosen(screen, "#option-difficulty") == ["Casual"]
        await pilot.press("down", "down")  # past the Dungeon Keys box, to the dungeon
        assert chosen(screen, "#option-difficulty") == ["Casual"]  # Down moved on, chose nothing
        assert app.focused is screen.query_one("#seed-choice", RadioSet)
        await pilot.press("right")
        assert chosen(screen, "#seed-choice") == ["The server's daily dungeon, on its board of the day"]
        await pilot.press("right")
        assert chosen(screen, "#seed-choice") == ["A seed of your own, to share"]
        await pilot.press("left", "left")
        assert chosen(screen, "#seed-choice") == ["Today's daily dungeon (2026-11-22) on this computer"]
        await pilot.press("down")
        assert app.focused is screen.query_one("#seed")
        await pilot.press("up", "up", "up")
        assert app.focused is screen.query_one("#option-difficulty", RadioSet)
        assert chosen(screen, "#option-difficulty") == ["Casual"]
        setup = screen.setup()
        assert setup == {"seed": daily_seed(DAY), "difficulty": "casual", "dungeon_keys": False}


async def test_the_form_help_names_the_arrows() -> None:
    from app.screens.rules import screen_keys

    async with new_game_form() as (app, pilot):
        keys = {key: what for key, what, _ in screen_keys(app.screen)}
        assert keys["↑ ↓ Tab"] == "Move between the fields"
        assert keys["← →"] == "Change a choice"
        assert keys["← → Space"] == "Turn a box on or off"


async def test_before_the_first_choice_leaving_and_quitting_ask_too() -> None:
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueScreen(Setup(0, "casual", False)))
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueScreen) and app.return_code is None
        assert not app.screen.state.history  # still before the first room
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_a_key_that_is_not_a_choice_now_says_so() -> None:
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueScreen(Setup(0, "casual", False)))
        await pilot.pause()
        screen = app.screen
        assert len(screen.legal) < 20  # z, the last choice key, is not offered
        await pilot.press("z")
        await pilot.pause()
        assert [note.message for note in app._notifications][-1] == "z is not a choice now."
        assert not screen.state.history  # nothing was done
        await pilot.press("1")
        await pilot.pause()
        assert len(screen.state.history) == 1


async def test_the_dungeon_keys_box_reads_on_and_off_without_colour() -> None:
    async with new_game_form() as (app, pilot):
        box = app.screen.query_one("#option-dungeon_keys")
        off = box.render().plain
        assert off.startswith("▐ ▌ Dungeon Keys")
        box.focus()
        await pilot.press("space")
        on = box.render().plain
        assert on.startswith("▐X▌ Dungeon Keys") and box.value
        setup = app.screen.setup()
        assert setup is not None and setup["dungeon_keys"] is True


async def test_left_and_right_turn_the_dungeon_keys_box_on_and_off() -> None:
    async with new_game_form() as (app, pilot):
        screen = app.screen
        await pilot.press("down")  # from the difficulty to the Dungeon Keys box
        box = screen.query_one("#option-dungeon_keys")
        assert app.focused is box and not box.value
        await pilot.press("right")
        assert box.value and box.render().plain.startswith("▐X▌")
        await pilot.press("left")
        assert not box.value
        await pilot.press("left")
        assert box.value and app.focused is box  # the arrows stay on the box
        await pilot.press("space")
        assert not box.value
        await pilot.press("down", "right")  # the dungeon's choices still take the arrows
        assert chosen(screen, "#seed-choice") == ["The server's daily dungeon, on its board of the day"]
        assert not box.value


async def test_a_letter_in_the_seed_is_kept_and_explained() -> None:
    from textual.widgets import Input, Static

    async with new_game_form() as (app, pilot):
        screen = app.screen
        screen.query_one("#seed", Input).focus()
        await pilot.press(*"20a6")
        await pilot.pause()
        assert screen.query_one("#seed", Input).value == "20a6"  # not dropped without a word
        note = str(screen.query_one("#problem-seed", Static).render())
        assert note == "A seed is a number: type only the digits 0 to 9 (or leave it blank)."
        await pilot.press("enter")  # not started
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert str(screen.query_one("#problem-seed", Static).render()) == ""
        await pilot.press("6", "enter")
        await pilot.pause()
        assert app.screen is not screen  # seed 206 starts the delve


async def test_a_digit_that_is_no_decimal_digit_is_explained_not_a_crash() -> None:
    """"²" is a digit to str.isdigit but not to int(): it is explained like a letter."""
    from textual.widgets import Input, Static

    async with new_game_form() as (app, pilot):
        screen = app.screen
        screen.query_one("#seed", Input).focus()
        await pilot.press("2", "²")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        note = str(screen.query_one("#problem-seed", Static).render())
        assert note == "A seed is a number: type only the digits 0 to 9 (or leave it blank)."
