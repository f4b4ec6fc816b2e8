"""Snapshot tests: how the screens look. `snap_compare` is synchronous, so these tests are too.

Update with `pytest tests/app --snapshot-update`, after checking the report.
"""

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from tests.app.maps import WIN_KEYS_LEVEL_1, WIN_KEYS_LEVEL_2, tutorial

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def opening(app: CardRogueApp, *keys: str):
    """A run_before hook: open the tutorial, then press `keys`, pausing after each."""

    async def run_before(pilot) -> None:
        launch.play(app, tutorial())
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_title(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_story(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size, run_before=opening(app))


@pytest.mark.parametrize("size", SIZES)
def test_play_mid_combat(snap_compare, app: CardRogueApp, size) -> None:
    # Into the shop, buy and equip the Sword, then flip the Sewer Rat: a fight begins.
    keys = ["enter", *WIN_KEYS_LEVEL_1[:8]]
    assert snap_compare(app, terminal_size=size, run_before=opening(app, *keys))


@pytest.mark.parametrize("size", SIZES)
def test_shop(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size,
                        run_before=opening(app, "enter", "right", "right", "b"))


@pytest.mark.parametrize("size", SIZES)
def test_results(snap_compare, app: CardRogueApp, size) -> None:
    keys = ["enter", *WIN_KEYS_LEVEL_1, "enter", *WIN_KEYS_LEVEL_2]
    assert snap_compare(app, terminal_size=size, run_before=opening(app, *keys))


@pytest.mark.parametrize("size", SIZES)
def test_rules_reference(snap_compare, app: CardRogueApp, size) -> None:
    keys = ["enter", "f1", *"flee", "enter"]  # Enter moves to the list: no blinking cursor
    assert snap_compare(app, terminal_size=size, run_before=opening(app, *keys))


# ---------------------------------------------------------------------- the classic game

def new_table_screen(app: CardRogueApp):
    """A run_before hook: the new-game screen with four names and a seed, cursors still."""

    async def run_before(pilot) -> None:
        from textual.widgets import Input

        from app.games.cardrogue.screens.classic_new_game import new_classic_game
        from app.seats import Seat

        app.push_screen(new_classic_game([Seat(name) for name in ("Ann", "Bob", "Cy", "Di")]))
        await pilot.pause()
        for field in app.screen.query(Input):
            field.cursor_blink = False
        app.screen.query_one("#seed", Input).value = "2026"
        await pilot.pause()

    return run_before


def four_players_mid_game(app: CardRogueApp):
    """A run_before hook: a table of four from seed 2026, characters picked, then two players
    each flip the card below their starting tile and walk onto it."""

    async def run_before(pilot) -> None:
        await new_table_screen(app)(pilot)
        for key in ["ctrl+s", "1", "1", "1", "1", "down", "down", "space", "down", "down",
                    "space"]:
            await pilot.press(key)
            await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_classic_new_game(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size, run_before=new_table_screen(app))


def test_classic_new_game_with_a_computer_seat(snap_compare, app: CardRogueApp) -> None:
    """Ann at the keyboard, the computer (normal) in seat 2, two seats left empty."""

    async def run_before(pilot) -> None:
        from textual.widgets import Input

        from app.games.cardrogue.screens.classic_new_game import new_classic_game
        from app.seats import Seat

        app.push_screen(new_classic_game([Seat("Ann"), Seat("", "normal")]))
        await pilot.pause()
        for field in app.screen.query(Input):
            field.cursor_blink = False
        app.screen.query_one("#seed", Input).value = "2026"
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_classic_four_players_mid_game(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size, run_before=four_players_mid_game(app))


def test_confirm_dialog_shows_its_default_without_colour(snap_compare, app: CardRogueApp) -> None:
    # Ctrl+R asks before the level restarts; Enter would answer the marked "No".
    assert snap_compare(app, terminal_size=(80, 24),
                        run_before=opening(app, "enter", "right", "ctrl+r"))
