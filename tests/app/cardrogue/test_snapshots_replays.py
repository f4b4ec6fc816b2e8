"""Snapshot tests of the high scores screen and the replay viewer (synchronous, as snap_compare
must be). Update with `pytest tests/app --snapshot-update`, after checking the report."""

import pytest

from app.cardrogue_app import CardRogueApp
from app.screens.scores import HighScoresScreen, show_high_scores
from tests.app.support import WATCHED

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
pytestmark = pytest.mark.usefixtures("no_bundled_maps")


@pytest.mark.parametrize("size", SIZES)
def test_high_scores(snap_compare, app: CardRogueApp, corridor_board, size) -> None:
    async def run_before(pilot) -> None:
        show_high_scores(app, select=corridor_board)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HighScoresScreen)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_high_scores_empty(snap_compare, app: CardRogueApp, corpus_maps, size) -> None:
    async def run_before(pilot) -> None:
        show_high_scores(app)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_replay_viewer_mid_fight(snap_compare, app: CardRogueApp, corpus_maps, size) -> None:
    async def run_before(pilot) -> None:
        app.open_run_file(WATCHED)
        await pilot.pause()
        app.screen.seek(38)  # the hero has just attacked the Kobold, and it hit back
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
