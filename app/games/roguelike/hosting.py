"""Rogue Like Roguelike in the app's shell (app/registry.py): its title menu entry, screens,
help and narrator. Screens are imported only when they open."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.games.roguelike import glossary
from app.registry import HostedGame, MenuEntry

if TYPE_CHECKING:
    from rich.text import Text
    from textual.app import App
    from textual.screen import Screen

    from engine.core import Event
    from engine.roguelike import State
    from services.dailies import DayDungeon


def _new_game() -> Screen[Any]:
    from app.games.roguelike.screens.skills import new_rogue

    return new_rogue()


def _play_daily(dungeon: DayDungeon) -> Screen[Any]:
    from app.games.roguelike.screens.skills import new_rogue

    return new_rogue(dungeon)


def _play(state: State, opening: list[Event]) -> Screen[Any]:
    from app.games.roguelike.screens.play import PlayScreen

    return PlayScreen(state, opening)


def _watch(app: App, path: Path, closed: Callable[[None], None] | None,
           map_file: Path | None) -> None:
    from app.games.roguelike.screens.replay import open_rogue_run

    open_rogue_run(app, path, closed)


def _narrator(state: object) -> Callable[[Iterable[Event]], list[Text]]:
    from app.games.roguelike.words import log_lines

    return lambda events: log_lines(list(events))


HOSTED = HostedGame(
    name="roguelike",
    menu=(MenuEntry("roguelike", "Rogue Like Roguelike", ready=True,
                    open=lambda app: app.push_screen(_new_game())),),
    new_game=_new_game,
    play=_play,
    watch=_watch,
    help=glossary.HELP,
    narrator=_narrator,
    play_daily=_play_daily,
)
