"""F2 ("what is around you", plain mode's key the README names) is in the footer where it
works: plain mode, on each game's play screen, whole at 80 columns. Where it does nothing (the
title, or outside plain mode) the footer leaves it out (issue 34: a tester never saw it)."""

from __future__ import annotations

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.tabledungeon.screens.table import TableScreen
from app.games.tabledungeon.session import Seat, TableSession
from tests.app.maps import tutorial
from tests.app.minirogue.support import start_with_seed
from tests.app.roguelike.support import create
from tests.app.support import SIZE, footer_keys, press


async def open_card_rogue(app: CardRogueApp, pilot) -> None:
    launch.play(app, tutorial())
    await press(pilot, "enter")  # past the story card


async def open_mini_rogue(app: CardRogueApp, pilot) -> None:
    await start_with_seed(app, pilot, 7, 1)


async def open_roguelike(app: CardRogueApp, pilot) -> None:
    await create(pilot)


async def open_table_dungeon(app: CardRogueApp, pilot) -> None:
    app.push_screen(TableScreen(TableSession([Seat("Ann"), Seat("Computer 2", "normal")],
                                             seed=2026)))
    await pilot.pause()


GAMES = [open_card_rogue, open_mini_rogue, open_roguelike, open_table_dungeon]


@pytest.mark.parametrize("open_game", GAMES, ids=lambda f: f.__name__.removeprefix("open_"))
async def test_plain_mode_shows_f2_on_every_play_screen(open_game, monkeypatch) -> None:
    monkeypatch.setattr("app.games.tabledungeon.screens.table.COMPUTER_DELAY", 0)
    app = CardRogueApp(plain=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Around" not in footer_keys(app.screen)  # the title has nothing around
        await open_game(app, pilot)
        assert "Around" in footer_keys(app.screen)


async def test_f2_stays_out_of_the_footer_outside_plain_mode() -> None:
    app = CardRogueApp(plain=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_card_rogue(app, pilot)
        assert "Around" not in footer_keys(app.screen)
