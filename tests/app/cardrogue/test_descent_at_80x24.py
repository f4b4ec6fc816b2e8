"""The bundled campaign at 80x24, as a new player's terminal shows it: the status keeps the
level's name whole, and a board larger than the view has no scrollbars to read as stray marks."""

from __future__ import annotations

from dataclasses import replace

from textual.widgets import Static

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.screens.play import PlayScreen
from engine.cardrogue.maps import load_map
from tests.app.support import SIZE, press, text_of
from tests.content.coverage import CAMPAIGNS

DESCENT = CAMPAIGNS / "a-sons-descent.toml"


async def test_the_status_keeps_the_level_name_whole_at_80_columns(app: CardRogueApp) -> None:
    """At 80x24 the counters and "1/8 The Well Stair — A Son's Descent" do not fit one line:
    the name goes on a line of its own (never cut), and the log, not the board, gives up a line."""
    async with app.run_test(size=SIZE) as pilot:
        launch.open_path(app, DESCENT)
        await pilot.pause()
        await press(pilot, "enter")  # past the story
        play = app.screen
        assert isinstance(play, PlayScreen)
        await pilot.pause()
        status = play.query_one("#status", Static)
        assert text_of(play, "#status").splitlines() == [
            "1/8 The Well Stair — A Son's Descent", "Moves 0 · Par 27 · Total 0 · Turn 1"]
        assert status.size.height == 2
        board_rows = play.query_one("#board").size.height
    wide = CardRogueApp()
    async with wide.run_test(size=(140, 24)) as pilot:
        launch.open_path(wide, DESCENT)
        await pilot.pause()
        await press(pilot, "enter")
        await pilot.pause()
        assert text_of(wide.screen, "#status") == (
            "Moves 0 · Par 27 · Total 0 · Turn 1 │ 1/8 The Well Stair — A Son's Descent")
        assert wide.screen.query_one("#board").size.height == board_rows


async def test_a_board_larger_than_the_view_has_no_scrollbars(app: CardRogueApp) -> None:
    """Level 3 (8 by 8 cards) is the first too wide for 80 columns: the camera follows the hero
    and draws whole cards only, with no scrollbar or scrollbar corner over the map."""
    spec = load_map(DESCENT)
    async with app.run_test(size=SIZE) as pilot:
        launch.play(app, replace(spec, levels=spec.levels[2:]), character="warrior")
        await pilot.pause()
        await press(pilot, "enter")  # past the story
        play = app.screen
        assert isinstance(play, PlayScreen)
        await pilot.pause()
        board = play.board
        assert board.virtual_size.width > board.size.width  # larger than the view, both ways
        assert board.virtual_size.height > board.size.height
        assert board.scrollable_content_region.size == board.size  # no room given to bars
        hero = play.session.game.board.cell(play.session.game.player.pos)
        assert board.shows_whole(*hero)
