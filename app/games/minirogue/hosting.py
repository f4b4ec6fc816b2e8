"""Mini Rogue in the app's shell (app/registry.py): its title menu entry, screens, help,
narrator, and the column its daily boards add on the high scores screen (how each delve was
played). Screens are imported only when they open."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.games.minirogue import glossary
from app.registry import BoardColumn, Boards, HostedGame, MenuEntry

if TYPE_CHECKING:
    from rich.text import Text
    from textual.app import App
    from textual.screen import Screen

    from app.games.minirogue.records import Setup
    from engine.core import Event
    from services.dailies import DayDungeon


def _new_game() -> Screen[Any]:
    from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen

    return MiniRogueNewGameScreen()


def _play_daily(dungeon: DayDungeon) -> Screen[Any]:
    from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen

    return MiniRogueNewGameScreen(dungeon=dungeon)


def _play(setup: Setup) -> Screen[Any]:
    from app.games.minirogue.screens.play import MiniRogueScreen

    return MiniRogueScreen(setup)


def _watch(app: App, path: Path, closed: Callable[[None], None] | None,
           map_file: Path | None) -> None:
    from app.games.minirogue.screens.replay import open_minirogue_run

    open_minirogue_run(app, path, closed)


def _narrator(state: object) -> Callable[[Iterable[Event]], list[Text]]:
    from app.games.minirogue.words import Narrator

    return Narrator().lines


def _played(board: str, run: Mapping[str, Any]) -> str:
    from app.games.minirogue.records import played_on

    return played_on(board, run)


HOSTED = HostedGame(
    name="minirogue",
    menu=(MenuEntry("minirogue", "Mini Rogue", ready=True,
                    open=lambda app: app.push_screen(_new_game())),),
    new_game=_new_game,
    play=_play,
    watch=_watch,
    help=glossary.HELP,
    narrator=_narrator,
    # A daily board mixes difficulties (the score counts them): each entry says how it was played.
    boards=Boards(column=BoardColumn("Played", 16, _played)),
    play_daily=_play_daily,
)
