"""Table Dungeon in the app's shell (app/registry.py): its title menu entry, screens, help and
narrator. Screens are imported only when they open."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.games.tabledungeon import glossary
from app.registry import HostedGame, MenuEntry
from app.seats import Seat

if TYPE_CHECKING:
    from rich.text import Text
    from textual.app import App
    from textual.screen import Screen

    from app.games.tabledungeon.session import TableSession
    from engine.core import Event


# A fresh form's table: the one at the keyboard against the computer.
FIRST_SEATS = (Seat(""), Seat("", "normal"))


def new_game(seats: Sequence[Seat] = FIRST_SEATS) -> Screen[Any]:
    """The shell's options form on Table Dungeon's GameInfo: its seats and the seed. `seats`
    starts the table (when playing again: the same one)."""
    from app.games.tabledungeon.widgets.panels import SEAT_COLOURS
    from app.screens.options_form import OptionsForm
    from engine.tabledungeon import RULES

    return OptionsForm(RULES, _start, glossary.HELP, seats=seats, seat_colours=SEAT_COLOURS)


def _start(setup: dict[str, Any], seats: list[Seat]) -> Screen[Any]:
    """The table the form set: its seats (the engine's players) and seed."""
    from app.games.tabledungeon.session import TableSession

    return _play(TableSession(seats, setup["seed"]))


def _play(session: TableSession) -> Screen[Any]:
    from app.games.tabledungeon.screens.table import TableScreen

    return TableScreen(session)


def _watch(app: App, path: Path, closed: Callable[[None], None] | None,
           map_file: Path | None) -> None:
    from app.games.tabledungeon.screens.replay import open_table_run

    open_table_run(app, path, closed)


def _narrator(state: Any) -> Callable[[Iterable[Event]], list[Text]]:
    from app.games.tabledungeon.words import narrator

    return narrator(state)


HOSTED = HostedGame(
    name="tabledungeon",
    menu=(MenuEntry("tabledungeon", "Table Dungeon", ready=True,
                    open=lambda app: app.push_screen(new_game())),),
    new_game=new_game,
    play=_play,
    watch=_watch,
    help=glossary.HELP,
    narrator=_narrator,
)
