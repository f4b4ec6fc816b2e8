"""The legend: every glyph and colour on the current board, beside the board and in the help."""

from __future__ import annotations

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.widgets.legend import Legend
from app.screens.rules import RulesScreen
from tests.app.maps import lookout
from tests.app.support import SIZE, press, start

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def legend_lines(play) -> list[str]:
    return play.query_one("#legend", Legend).render().plain.splitlines()


async def test_the_legend_key_shows_the_glyphs_of_this_board(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, lookout())
        assert not play.query_one("#legend").display and play.panel.display
        await press(pilot, "slash")
        assert play.query_one("#legend").display and not play.panel.display
        lines = legend_lines(play)
        assert " @  you" in lines
        assert " g  Goblin (enemy)" in lines
        assert " >  Descending Ladder" in lines
        assert " ░  face down: flip to see" in lines
        # The Sword is still face down: the legend does not name it.
        assert not any("Sword" in line for line in lines)
        # The goblin's glyph is drawn in the board's enemy colour.
        legend = play.legend_text()
        at = legend.plain.index(" g  Goblin") + 1
        styles = [span.style for span in legend.spans if span.start <= at < span.end]
        assert play.board.glyph_style("enemy", None) in styles
        await press(pilot, "slash")
        assert not play.query_one("#legend").display and play.panel.display


async def test_the_legend_follows_the_board(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)  # the tutorial: the shop lies face down to the east
        await press(pilot, "slash")
        assert not any("Shop" in line for line in legend_lines(play))
        await press(pilot, "right")  # flip it
        assert " $  Shop" in legend_lines(play)


async def test_the_help_screen_has_the_legend(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, lookout())
        await press(pilot, "f1")
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        rules.select("Board legend")
        await pilot.pause()
        assert rules.current == "Board legend"
        text = rules.query_one("#term-text").render().plain
        assert " g  Goblin (enemy)" in text and "an enemy fighting you" in text


async def test_the_title_help_has_no_legend(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen) and app.screen.legend is None


@pytest.mark.parametrize("size", SIZES)
def test_legend_snapshot(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        launch.play(app, lookout())
        await pilot.pause()
        for key in ("enter", "slash"):
            await pilot.press(key)
            await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
