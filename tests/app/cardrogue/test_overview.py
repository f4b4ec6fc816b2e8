"""The overview in play (issue 34): a board larger than the view gets the editor's minimap at
the foot of the side panel, with the hero on it; a board that fits has none; M hides and shows
it."""

from __future__ import annotations

from dataclasses import replace

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.play_overview import PlayMinimap
from engine.cardrogue.maps import load_map
from tests.app.maps import tutorial
from tests.app.support import SIZE, press
from tests.content.coverage import CAMPAIGNS

# Level 3 of A Son's Descent (8 by 8 cards) is the first too large for 80x24.
DESCENT = CAMPAIGNS / "a-sons-descent.toml"


def play_level_3(app: CardRogueApp):
    """A run_before hook: the Descent from its third level, past the story."""

    async def run_before(pilot) -> None:
        spec = load_map(DESCENT)
        launch.play(app, replace(spec, levels=spec.levels[2:]), character="warrior")
        await pilot.pause()
        await press(pilot, "enter")
        await pilot.pause()

    return run_before


def rows_of(minimap: PlayMinimap) -> list[str]:
    return [minimap.render_line(y).text for y in range(len(minimap.blocks))]


async def test_a_board_larger_than_the_view_has_an_overview_that_m_toggles(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await play_level_3(app)(pilot)
        play = app.screen
        assert isinstance(play, PlayScreen)
        minimap = play.query_one(PlayMinimap)
        assert minimap.display and minimap.region.height == 6  # four lines and the border
        assert minimap.region in play.panel.region  # in sight, at the panel's foot
        rows = rows_of(minimap)
        assert len(rows) == 4 and rows[0].startswith("@")  # the hero, at the top left
        assert {"█", "░", "·"} <= set("".join(rows))  # turned up, face down, unknown
        await press(pilot, "M")
        assert not minimap.display
        await press(pilot, "M")
        assert minimap.display
        start = play.session.game.player.pos
        await press(pilot, "right")  # a step east: the hero moves on the overview too
        assert play.session.game.player.pos != start
        row, col = play.session.game.board.cell(play.session.game.player.pos)
        assert rows_of(minimap)[row // 2][col] == "@"
        assert rows_of(minimap)[0][0] != "@"


async def test_a_board_that_fits_has_no_overview(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        launch.play(app, tutorial())
        await pilot.pause()
        await press(pilot, "enter")
        assert isinstance(app.screen, PlayScreen)
        assert not app.screen.query_one(PlayMinimap).display


def test_the_overview_at_80x24(snap_compare, app: CardRogueApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=play_level_3(app))
