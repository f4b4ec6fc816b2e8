"""The Community screen's keys and empty lists say what works where (issue 33; found by a new-user
tester): a search that finds nothing is not an empty server, the maps' keys leave the footer on a
game's boards, and at 80 columns the footer keeps Help in sight."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from app.cardrogue_app import CardRogueApp
from services.settings import Settings, save_settings
from tests.app.support import footer_keys, open_community, text_of
from tests.server.live import LiveServer
from tests.server.support import publish
from tests.support import until

MAPS_KEYS = {"Search", "Sort", "Tag", "Play"}


async def test_a_search_that_finds_nothing_says_so_not_that_the_server_is_empty(
        app: CardRogueApp, server: LiveServer, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    publish(server, "poison-race")
    save_settings(Settings(server=server.url))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_community(app, pilot)
        await until(pilot, lambda: "1 map," in text_of(screen, "#status"))
        await pilot.press("slash")
        screen.query_one("#search", Input).value = "zzzq"
        await pilot.press("enter")
        await until(pilot, lambda: "0 maps matching 'zzzq'" in text_of(screen, "#status"))
        await until(pilot, lambda: "No published map is found so" in text_of(screen, "#detail"))
        assert "No maps here yet" not in text_of(screen, "#detail")


async def test_a_games_boards_leave_the_maps_keys_off_the_footer(
        app: CardRogueApp, server: LiveServer, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_community(app, pilot)
        await pilot.pause()
        keys = footer_keys(screen)
        assert MAPS_KEYS <= set(keys) and "Help" in keys, keys  # all in sight at 80 columns
        await pilot.press("g")  # the next game's boards
        await until(pilot, lambda: "board" in text_of(screen, "#status"))
        await pilot.pause()
        keys = footer_keys(screen)
        assert not MAPS_KEYS & set(keys) and {"Game", "Help"} <= set(keys), keys
        before = text_of(screen, "#status")
        await pilot.press("s", "t", "p")  # keys of the maps do nothing here
        await pilot.pause()
        assert text_of(screen, "#status") == before
        while not MAPS_KEYS <= set(footer_keys(screen)):  # round to the maps again
            await pilot.press("g")
            await pilot.pause()
        assert "map" in text_of(screen, "#heading").casefold() or "Card Rogue" in \
            text_of(screen, "#heading")
