"""Snapshots of Table Dungeon's screens at 80x24 and 120x40: the new table, and the table in
play against a computer seat (seed fixed, the computer's delay off).

Update with `pytest tests/app/tabledungeon/test_snapshots.py --snapshot-update`, after
checking the report."""

import pytest
from textual.widgets import Input

from app.cardrogue_app import CardRogueApp
from app.games.tabledungeon.hosting import new_game
from app.games.tabledungeon.screens.table import TableScreen
from app.games.tabledungeon.session import Seat, TableSession

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
pytestmark = pytest.mark.usefixtures("no_computer_delay")


def new_table(app: CardRogueApp):
    async def run_before(pilot) -> None:
        app.push_screen(new_game([Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "normal")]))
        await pilot.pause()
        for field in app.screen.query(Input):
            field.cursor_blink = False
        app.screen.query_one("#seed", Input).value = "2026"
        await pilot.pause()

    return run_before


def mid_game(app: CardRogueApp, *keys: str):
    """Ann (a person) against a computer, seed 2026: Ann picks the Rogue, then presses keys."""

    async def run_before(pilot) -> None:
        session = TableSession([Seat("Ann"), Seat("Computer 2", "normal")], seed=2026)
        app.push_screen(TableScreen(session))
        await pilot.pause()
        for key in ("3", *keys):
            await pilot.press(key)
            await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_new_table(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size, run_before=new_table(app))


@pytest.mark.parametrize("size", SIZES)
def test_table_in_play(snap_compare, app: CardRogueApp, size) -> None:
    assert snap_compare(app, terminal_size=size,
                        run_before=mid_game(app, "1", "1", "1", "right"))


def test_four_seats_picking_fit_80x24(snap_compare, app: CardRogueApp) -> None:
    """The tallest table: four players, and the class picks (one a line) on show."""

    async def run_before(pilot) -> None:
        seats = [Seat("Annabelle Longname"), Seat("Bo", "easy"), Seat("Cy", "normal"),
                 Seat("Di")]
        app.push_screen(TableScreen(TableSession(seats, seed=11)))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
