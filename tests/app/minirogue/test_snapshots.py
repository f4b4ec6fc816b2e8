"""Snapshots of the Mini Rogue table at 80x24 and 120x40: mid-fight (the fight, its dice and the
choices), at the merchant, and the results. Update with --snapshot-update after looking."""

from __future__ import annotations

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.minirogue.records import Setup
from app.games.minirogue.screens.play import MiniRogueScreen
from tests.app.minirogue.keys import DEATH, WIN, delve_keys

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def delve(app: CardRogueApp, setup: dict, limit: int | None):
    """A run_before hook: open the table on the setup and play its first `limit` choices."""
    keys, _ = delve_keys(limit=limit, **setup)

    async def run_before(pilot) -> None:
        app.push_screen(MiniRogueScreen(Setup(setup["seed"], setup["difficulty"],
                                              setup["dungeon_keys"])))
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_mid_fight(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size, run_before=delve(app, WIN, 12))


@pytest.mark.parametrize("size", SIZES)
def test_deep_in_the_dungeon(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size, run_before=delve(app, WIN, 100))


@pytest.mark.parametrize("size", SIZES)
def test_results_of_a_death(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size, run_before=delve(app, DEATH, None))


@pytest.mark.parametrize("size", SIZES)
def test_new_game_form(snap_compare, app: CardRogueApp, size) -> None:
    import datetime

    from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen

    async def run_before(pilot) -> None:
        app.push_screen(MiniRogueNewGameScreen(today=datetime.date(2026, 11, 22)))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
