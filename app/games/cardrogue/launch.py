"""How Card Rogue's runs start: a map file or a listed map played (after asking whether to
continue a saved run of it), the hero chosen, a saved run picked up, the editor opened, the
high scores shown. Each takes the app the screens go on; the title menu (hosting.py) and Card
Rogue's own screens call them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from app.player import player_name
from engine.core import shown

if TYPE_CHECKING:
    from textual.app import App

    from app.games.cardrogue.maplist import MapEntry
    from engine.cardrogue import MapSpec


def continue_saved(app: App) -> None:
    """Pick up the campaign left half-way last, or say in one line why it cannot be."""
    from app.games.cardrogue import saves

    saved = saves.latest()
    if saved is None:
        app.notify("No campaign is waiting to be continued.", markup=False)
        return
    continue_from(app, saved.path)


def continue_from(app: App, path: Path) -> None:
    """Pick up the run saved in `path`, or say in one line why it cannot be."""
    from app.games.cardrogue import saves
    from app.games.cardrogue.screens.play import PlayScreen

    try:
        session = saves.resume(path)
    except saves.SaveError as error:
        app.notify(str(error), title="This run cannot continue", severity="error",
                   markup=False, timeout=10)
        return
    screen = PlayScreen(session)
    app.push_screen(screen)
    screen.welcome_back()


def open_editor(app: App, path: Path | None = None) -> None:
    """The grid editor on `path`, or on a new one-level challenge."""
    from app.games.cardrogue.screens.editor import open_editor as open_on

    open_on(app, path)


def open_editor_start(app: App) -> None:
    """The editor's first screen: the user's maps to open, and "New map…"."""
    from app.games.cardrogue.screens.new_map import EditorStartScreen

    app.push_screen(EditorStartScreen())


def open_path(app: App, path: Path) -> None:
    """Play the map in `path`, or show why it cannot be played."""
    from app.games.cardrogue import maplist

    open_entry(app, maplist.open_file(Path(path)))


def open_entry(app: App, entry: MapEntry) -> None:
    if not entry.playable:
        from app.games.cardrogue.screens.problems import ProblemsScreen

        app.push_screen(ProblemsScreen(str(entry.path), entry.report))
        return
    from app.games.cardrogue import saves
    from engine.cardrogue import map_id

    saved = saves.saved_for(map_id(entry.spec))
    if saved is None:
        play(app, entry.spec, entry.path)
        return
    # A run of this map is waiting: starting afresh would replace it, so ask first.
    from app.screens.dialogs import Choice, ChooseScreen
    from app.words import plural

    choices = [
        Choice("Continue", "continue",
               f"level {saved.level} of {saved.levels}, {plural(saved.moves, 'move')}"),
        Choice("Start again", "again", "replaces the saved run once the new run is saved"),
    ]

    def chosen(choice: str | None) -> None:
        if choice == "continue":
            continue_from(app, saved.path)
        elif choice == "again":
            play(app, entry.spec, entry.path)

    app.push_screen(ChooseScreen(f"{saved.title}: a run is saved", choices), chosen)


def play(app: App, spec: MapSpec, source: Path | None = None,
         character: str | None = None) -> None:
    """Start a run of `spec`: choose the hero if the map offers a choice, then its story."""
    if character is not None:
        _start(app, spec, source, character)
        return
    choose_hero(app, spec, lambda hero: _start(app, spec, source, hero))


def _start(app: App, spec: MapSpec, source: Path | None, character: str | None) -> None:
    from app.games.cardrogue.screens.play import PlayScreen
    from app.games.cardrogue.session import Session

    try:
        session = Session(spec, character, player_name(), source)
    except ValueError as error:
        app.notify(shown(str(error)), title="This map cannot start", severity="error",
                   markup=False)
        return
    screen = PlayScreen(session)
    app.push_screen(screen)
    screen.show_story()


def choose_hero(app: App, spec: MapSpec, then: Callable[[str | None], None]) -> None:
    """Call `then` with the hero for `spec`: the only one its first level allows, or the one
    the player picks from a list (nothing happens if they cancel)."""
    from app.games.cardrogue.look import character_label
    from app.screens.dialogs import Choice, ChooseScreen
    from engine.cardrogue import standard_catalog

    allowed = list(spec.levels[0].characters) if spec.levels else []
    if len(allowed) == 1:
        then(allowed[0])
        return
    catalog = standard_catalog().characters
    options = allowed or list(catalog)
    choices = [Choice(character_label(catalog[c]) if c in catalog else c, c) for c in options]
    app.push_screen(ChooseScreen("Choose your hero", choices),
                    lambda chosen: then(chosen) if chosen else None)
