"""`w` on the Community screen (issue 33): this week's map on its own screen, with its board and
`p` to download and play it; the key is in the screen's footer. A server out of reach or none set
is a line; what the server sends is drawn literally."""

from __future__ import annotations

from pathlib import Path

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.play import PlayScreen
from app.screens.community import CommunityScreen
from app.screens.weekly import WeeklyScreen
from services.settings import Settings, save_settings
from tests.app.support import footer_keys, open_community, text_of
from tests.server.live import LiveServer
from tests.server.support import publish
from tests.support import free_port, until

SIZE = (80, 24)


async def open_weekly(app: CardRogueApp, pilot) -> WeeklyScreen:
    community = await open_community(app, pilot)
    await pilot.pause()
    keys = footer_keys(community)  # drawn inside 80 columns, Help too
    assert "Week" in keys and "Help" in keys, keys
    await pilot.press("w")
    await until(pilot, lambda: isinstance(app.screen, WeeklyScreen))
    screen = app.screen
    assert isinstance(screen, WeeklyScreen)
    return screen


async def test_w_opens_this_weeks_map_and_p_plays_it(app: CardRogueApp, server: LiveServer,
                                                     user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    featured = publish(server, "poison-race", author="[b]Ann[/b]")
    save_settings(Settings(server=server.url))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_weekly(app, pilot)
        await until(pilot, lambda: featured["title"] in text_of(screen, "#week"),
                    why=lambda: text_of(screen, "#weekly-status"))
        week = text_of(screen, "#week")
        assert f"by [b]Ann[/b], code {featured['share_code']}" in week  # literally, not markup
        assert "Week of" in week and "Rank" in week or "No runs this week yet" in week
        await pilot.press("p")  # download and play
        await until(pilot, lambda: not isinstance(app.screen, WeeklyScreen),
                    why=lambda: text_of(screen, "#weekly-status"))
        assert [path.name for path in (user_data / "maps").glob("*.toml")] and \
            all(featured["share_code"].replace("-", "") in path.name.replace("-", "")
                for path in (user_data / "maps").glob("*.toml"))
        await pilot.press("enter")  # the story
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))


async def test_out_of_reach_is_a_line_and_escape_goes_back(app: CardRogueApp,
                                                           user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=f"http://127.0.0.1:{free_port()}"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_weekly(app, pilot)
        await until(pilot, lambda: "could not be had" in text_of(screen, "#weekly-status"),
                    why=lambda: text_of(screen, "#weekly-status"))
        assert "cannot reach the server" in text_of(screen, "#weekly-status")
        await pilot.press("p")  # nothing to play: nothing happens
        assert app.screen is screen
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, CommunityScreen))


async def test_without_a_server_the_screen_says_how_to_set_one(app: CardRogueApp,
                                                               user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_weekly(app, pilot)
        assert "Settings" in text_of(screen, "#weekly-status")
