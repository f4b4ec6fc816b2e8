"""Card Rogue in the app's shell (app/registry.py): its title menu entries (story, challenges,
the classic game, then the editor), its screens, its help, its narrator, and its maps as boards
on the shell's high scores and Community screens. Screens are imported only when they open."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text

from app.games.cardrogue import glossary, launch
from app.registry import Boards, HostedGame, ListedBoard, MenuEntry, Waiting

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from app.games.cardrogue.session import Session
    from engine.cardrogue import State
    from engine.core import Event


def _map_list(kind: str) -> Callable[[App], None]:
    def open_list(app: App) -> None:
        from app.games.cardrogue.screens.campaigns import MapListScreen

        app.push_screen(MapListScreen(kind))

    return open_list


def _new_game() -> Screen[Any]:
    from app.games.cardrogue.screens.classic_new_game import new_classic_game

    return new_classic_game()


def _play(session: Session) -> Screen[Any]:
    from app.games.cardrogue.screens.play import PlayScreen

    return PlayScreen(session)


def _watch(app: App, path: Path, closed: Callable[[None], None] | None,
           map_file: Path | None) -> None:
    from app.games.cardrogue.screens.replay import open_card_rogue_run

    open_card_rogue_run(app, path, closed, map_file)


def _narrator(game: State) -> Callable[[Iterable[Event]], list[Text]]:
    from app.games.cardrogue.words import Narrator

    return Narrator(game).narrate


def _waiting() -> Waiting | None:
    """The campaign left half-way last, offered first on the title menu."""
    from app.games.cardrogue import saves

    saved = saves.latest()
    if saved is None:
        return None
    prompt = Text("Continue: ", style="bold")
    prompt.append(saved.title)  # author text: never markup
    if saved.levels > 1:
        prompt.append(f", level {saved.level} of {saved.levels}", style="italic")
    return Waiting(prompt, launch.continue_saved)


def _map_boards() -> list[ListedBoard]:
    """Every playable map is a board (keyed by its map id), even before anyone wins it."""
    from app.games.cardrogue import maplist

    return [ListedBoard(entry.map_id or "", entry.title, entry.share_code, entry.path)
            for entry in maplist.scored_maps()]


def _no_maps() -> Text:
    from app.games.cardrogue import maplist

    folders = maplist.folders()
    words = Text("No maps found. ", style="bold")
    words.append(f"Maps come from {folders[0][1]} and your folder {folders[1][1]}.")
    return words


HOSTED = HostedGame(
    name="cardrogue",
    menu=(
        MenuEntry("story", "Story", ready=True, open=_map_list("campaign")),
        MenuEntry("challenges", "Challenges", ready=True, open=_map_list("challenge")),
        MenuEntry("classic", "Classic game", ready=True,
                  open=lambda app: app.push_screen(_new_game())),
        MenuEntry("editor", "Editor", ready=True, open=launch.open_editor_start, section="tools"),
    ),
    new_game=_new_game,
    play=_play,
    watch=_watch,
    help=glossary.HELP,
    narrator=_narrator,
    waiting=_waiting,
    boards=Boards(listed=_map_boards, none_listed=_no_maps, play_map=launch.open_path),
)
