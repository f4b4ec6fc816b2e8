"""Table Dungeon in the app's shell (app/registry.py): its title menu entry, screens, help and
narrator. Screens are imported only when they open."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.games.tabledungeon import glossary
from app.registry import HostedGame, MenuEntry

if TYPE_CHECKING:
    from rich.text import Text
    from textual.app import App
    from textual.screen import Screen

    from app.games.tabledungeon.session import TableSession
    from engine.core import Event


def _new_game() -> Screen[Any]:
    from app.games.tabledungeon.screens.new_game import NewTableScreen

    return NewTableScreen()


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
                    open=lambda app: app.push_screen(_new_game())),),
    new_game=_new_game,
    play=_play,
    watch=_watch,
    help=glossary.HELP,
    narrator=_narrator,
)
