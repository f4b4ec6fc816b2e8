"""Snapshots of Rogue Like Roguelike's screens at 80×24 and 120×40.

Update with `pytest tests/app/roguelike/test_snapshots.py --snapshot-update`, after looking."""

from __future__ import annotations

import pytest

from app.cardrogue_app import CardRogueApp
from tests.app.roguelike.support import create, open_game

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.mark.parametrize("size", SIZES)
def test_character_creation(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        await open_game(pilot)
        await pilot.press(*"199", "enter")  # the form: the seed, then the skills
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # archery at 2d6, one more to choose

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_play_after_two_doors(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        await create(pilot)
        await pilot.press("up", "left")  # a corridor, then a room with a trap
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_the_first_level_keeps_its_start_tip_above_the_log(snap_compare, app: CardRogueApp) -> None:
    """At 80x24 the rolls push the start tip out of the log: it stays on its own line."""
    async def run_before(pilot) -> None:
        await create(pilot, "339")
        await pilot.press("up", "s", "s", "s")  # a corridor, searched
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        await create(pilot)
        await pilot.press("f1")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_replay(snap_compare, app: CardRogueApp) -> None:
    from tests.app.roguelike.support import RUN

    async def run_before(pilot) -> None:
        app.open_run_file(RUN)
        await pilot.pause()
        await pilot.press(*["right"] * 9)  # level 1 crossed to the room of its stairs down
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_new_game_form(snap_compare, app: CardRogueApp) -> None:
    """The shared form, from the game's declaration: its seed, and a word on what comes next."""
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_game)
