"""The second story campaign, The Drowned Archive (the Mage's), is listed beside the first and
its first level starts from the list."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.play import PlayScreen
from tests.app.support import SIZE, list_campaigns, press, text_of


async def test_the_drowned_archive_is_listed_and_its_first_level_starts(user_data: Path) -> None:
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, rows = await list_campaigns(pilot)
        assert {"A Son's Descent", "The Drowned Archive"} <= set(rows)
        assert len(rows["The Drowned Archive"]) == 1
        titles = [entry.title for entry in screen.entries]
        screen.query_one(DataTable).move_cursor(row=titles.index("The Drowned Archive"))
        await pilot.pause()
        about = text_of(screen, "#about")
        assert "Ysolde" in about and "bundled with the game" in about
        await press(pilot, "enter")  # the campaign
        await press(pilot, "enter")  # past the first level's story
        play = app.screen
        assert isinstance(play, PlayScreen)
        await pilot.pause()
        assert text_of(play, "#status").splitlines()[0] == (
            "1/8 The Reading Room — The Drowned Archive")
