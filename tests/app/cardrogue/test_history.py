"""The log: focused, it scrolls back through the level by keys; a key opens the whole run's
log on a screen of its own."""

from __future__ import annotations

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.screens.history import HistoryScreen
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.story import StoryScreen
from tests.app.maps import WIN_KEYS_LEVEL_1, tutorial
from tests.app.support import SIZE, press, start

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def shown_lines(log) -> list[str]:
    """The lines the log draws now, as text."""
    return [log.render_line(y).text.rstrip() for y in range(log.size.height)]


async def test_tab_focuses_the_log_and_the_arrows_scroll_it(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, *WIN_KEYS_LEVEL_1[:11])  # a dozen actions: more than the log shows
        log = play.log_view
        total = len(log.plain_lines)
        assert total > log.size.height
        assert shown_lines(log)[-1] == log.plain_lines[-1]
        moves, pos = play.session.game.moves, play.session.game.player.pos
        await press(pilot, "tab")
        assert log.has_focus
        assert "The log" in play.query_one("#prompt").render().plain
        await press(pilot, "up", "up")
        assert log.back == 2
        assert play.session.game.moves == moves and play.session.game.player.pos == pos  # no step was taken
        await press(pilot, "home")
        assert shown_lines(log)[0] == log.plain_lines[0] == "Level 1: The [bold]Cellar"
        await press(pilot, "end")
        assert log.back == 0
        await press(pilot, "escape")
        assert not log.has_focus and app.screen is play  # Esc left the log, no menu opened
        await press(pilot, "right")  # the arrows play again
        assert play.session.game.moves == moves + 1


async def test_the_history_key_shows_the_whole_run(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, *WIN_KEYS_LEVEL_1)
        assert isinstance(app.screen, StoryScreen)
        await press(pilot, "enter", "right")  # level 2, first flip
        assert play.session.game.level_index == 1
        await press(pilot, "L")
        history = app.screen
        assert isinstance(history, HistoryScreen)
        log = history.query_one("#history")
        assert log.has_focus
        # The history holds every line of the run, level 1 included.
        assert log.plain_lines == [line.plain for line in play.session.lines()]
        assert log.plain_lines[0] == "Level 1: The [bold]Cellar"
        await press(pilot, "home")
        assert shown_lines(log)[0] == "Level 1: The [bold]Cellar"
        await press(pilot, "escape")
        assert isinstance(app.screen, PlayScreen)


@pytest.mark.parametrize("size", SIZES)
def test_history_snapshot(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        launch.play(app, tutorial())
        await pilot.pause()
        for key in ("enter", *WIN_KEYS_LEVEL_1[:11], "L", "home"):
            await pilot.press(key)
            await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
