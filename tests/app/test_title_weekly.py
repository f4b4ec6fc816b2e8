"""The title screen's line about the community server's map of the week: the map, its author
and code when a server is set; a line that says so when the server cannot be reached (the menu
works meanwhile, nothing waits); nothing when no server is set. What the server sends shows as
text."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from app.cardrogue_app import CardRogueApp
from app.screens.title import TitleScreen
from services.settings import Settings, save_settings
from tests.app.support import open_community, text_of
from tests.server.live import LiveServer
from tests.server.support import publish
from tests.support import free_port, until

SIZE = (80, 24)


async def test_the_title_names_the_map_of_the_week(app: CardRogueApp, server: LiveServer,
                                                   user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    featured = publish(server, "poison-race", author="[b]Ann[/b]")
    save_settings(Settings(server=server.url))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "This week" in text_of(app.screen, "#weekly"),
                    why=lambda: text_of(app.screen, "#weekly"))
        assert text_of(app.screen, "#weekly") == (
            f"This week: {featured['title']} by [b]Ann[/b], code {featured['share_code']}")


async def test_a_server_out_of_reach_is_said_and_the_menu_still_works(
        app: CardRogueApp, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=f"http://127.0.0.1:{free_port()}"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "could not be had" in text_of(app.screen, "#weekly"),
                    why=lambda: text_of(app.screen, "#weekly"))
        assert "cannot reach the server" in text_of(app.screen, "#weekly")
        await pilot.press("down")
        assert app.screen.query_one("#menu", OptionList).highlighted == 1


async def test_without_a_server_the_title_says_nothing_of_a_week(
        app: CardRogueApp, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await app.screen.workers.wait_for_complete()
        await pilot.pause()
        weekly = app.screen.query_one("#weekly", Static)
        assert not weekly.has_class("shown") and not weekly.display


async def test_the_community_screen_shows_the_map_of_the_week_above_the_maps(
        app: CardRogueApp, server: LiveServer, user_data: Path) -> None:
    from app.screens.community import CommunityScreen
    user_data.mkdir(parents=True, exist_ok=True)
    featured = publish(server, "speed-maze", author="Bo")
    save_settings(Settings(server=server.url))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_community(app, pilot)
        assert isinstance(screen, CommunityScreen)
        await until(pilot, lambda: "This week" in text_of(screen, "#weekly"),
                    why=lambda: text_of(screen, "#weekly"))
        assert featured["title"] in text_of(screen, "#weekly")
        assert screen.query_one("#weekly", Static).display


async def test_the_community_screen_says_when_the_week_cannot_be_had(
        app: CardRogueApp, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=f"http://127.0.0.1:{free_port()}"))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_community(app, pilot)
        await until(pilot, lambda: "could not be had" in text_of(screen, "#weekly"),
                    why=lambda: text_of(screen, "#weekly"))
