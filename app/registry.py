"""The games the app hosts, keyed by their `engine.games` names.

    from app import registry
    for game in registry.hosted(): ...     # in engine.games order, then any registered later
    registry.find("minirogue")             # its HostedGame, or None

A game hosts itself from its own folder: `app/games/<name>/hosting.py` holds `HOSTED`, a
HostedGame, found by the game's engine name. The shell (title menu, help, replays) only iterates
what is found here and never names a game. A game with rules but no hosting module is playable
from the command line only. `register` adds a game from elsewhere by hand (a test's game);
a game installed from elsewhere names its HostedGame under the `cardrogue.app_games` entry point
group (`<name> = "<package>.app:HOSTED"`), as it names its Rules under `cardrogue.games`.

Every screen a game supplies is made on demand, so the title menu imports no game's screens.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from engine import games

if TYPE_CHECKING:
    from rich.text import Text
    from textual.app import App
    from textual.screen import Screen

    from app.glossary import Term
    from engine.core import Event


@dataclass(frozen=True)
class MenuEntry:
    """One line of the title menu. `ready` stays False until the feature behind it is built.
    `open` is what choosing it does; the shell's own entries (Rules, Settings, Quit) leave it
    to the app. A game's "play" entries come first, game after game, then every game's
    "tools" (editors, boards), then the shell's own."""

    id: str
    label: str
    ready: bool = False
    open: Callable[[App], object] | None = field(default=None, compare=False)
    section: Literal["play", "tools", "shell"] = "play"

    @property
    def prompt(self) -> str:
        # Markup: entries not built yet say so, in a muted colour, so nobody expects them to work.
        if self.ready:
            return self.label
        return f"{self.label} [dim]— coming soon[/dim]"


@dataclass(frozen=True)
class Waiting:
    """A game left half-way that the title offers to continue: its menu line and how to
    pick it up."""

    prompt: Text
    resume: Callable[[App], None]


@dataclass(frozen=True)
class Help:
    """What the help screen shows for a game: its glossary (a query to the matching terms),
    the board's legend if it has one, and the term the title's Rules entry opens at."""

    glossary: Callable[[str], list[Term]]
    legend: Callable[[], Text] | None = None
    first_term: str | None = None


@dataclass(frozen=True)
class Command:
    """A command the game adds to the command palette (ctrl+p)."""

    title: str
    help: str
    run: Callable[[App], None]


# Opens the game's replay viewer on a run file, or the refusal with its reason:
# (app, path, called when it closes, the map file the run was played on, for a game with maps).
WatchRun = Callable[["App", Path, "Callable[[None], None] | None", "Path | None"], None]


@dataclass(frozen=True)
class ListedBoard:
    """A board on the high-scores screen (app/screens/scores.py): its key (as the game's
    `GameInfo.board_of` names it), its title, the dim line under it, and the map its runs were
    played on, for a game whose runs name a map."""

    key: str
    title: str
    note: str
    map_file: Path | None = None


@dataclass(frozen=True)
class BoardColumn:
    """A column a game adds to its boards, on this computer and on the community server:
    `cell` gives an entry's words from the board's key and what is known of its run's setup
    (the run document on this computer; the server's entry's `setup` on the server: both name
    the setup's fields as Run.setup() does). A board where every cell is "" goes without the
    column."""

    label: str
    width: int
    cell: Callable[[str, Mapping[str, Any]], str]


@dataclass(frozen=True)
class Boards:
    """What a ranked game adds on the high-scores and Community screens to what its GameInfo
    says.

    listed      the boards to list before anyone has played them (a game ranked on maps: its
                maps); without it, the screen lists the boards played on this computer
    none_listed what the screen says when `listed` finds none (where they would come from)
    column      a column of its own on its boards
    play_map    plays a map file (a game ranked on maps: the server's published maps are its
                boards, downloaded to be played)
    """

    listed: Callable[[], list[ListedBoard]] | None = None
    none_listed: Callable[[], Text] | None = None
    column: BoardColumn | None = None
    play_map: Callable[[App, Path], None] | None = None


@dataclass(frozen=True)
class HostedGame:
    """What a game gives the shell. The screen factories take what the game's own screens
    gather: `new_game` makes the form that starts a game (a form built from the game's option
    specs can take its place), `play` the play screen on what that form gathered."""

    name: str  # as engine.games names it, and its runs carry it
    menu: tuple[MenuEntry, ...]
    new_game: Callable[[], Screen[Any]]
    play: Callable[..., Screen[Any]]
    watch: WatchRun
    help: Help
    # Given the game as it starts, a function from its events to lines of the log.
    narrator: Callable[[Any], Callable[[Iterable[Event]], list[Text]]]
    waiting: Callable[[], Waiting | None] = lambda: None
    commands: tuple[Command, ...] = ()
    boards: Boards = Boards()
    # For a game with a daily dungeon: the screen that plays a day's (a services.dailies
    # DayDungeon), saying before play where its delve goes.
    play_daily: Callable[[Any], Screen[Any]] | None = None


_found: dict[str, HostedGame | None] = {}  # engine name -> its hosting, None: it has none
_registered: dict[str, HostedGame] = {}

# Hosting installed by other packages: (entry point group, name -> "module:HOSTED attribute"),
# read once, as engine.games reads the games' rules. A built-in game's own hosting always wins.
PLUGIN_GROUP = "cardrogue.app_games"
_plugins: dict[str, str] | None = None
_problems: list[str] = []  # why an installed game's hosting was skipped, in words


def register(game: HostedGame) -> None:
    """Host a game whose hosting lives outside app/games (a test's game)."""
    _registered[game.name] = game


def unregister(name: str) -> None:
    _registered.pop(name, None)


def problems() -> list[str]:
    """Why games installed from elsewhere are not hosted (their hosting would not load)."""
    hosted()
    return list(_problems)


def _plugin_hosting(name: str) -> HostedGame | None:
    """The hosting another package installed for the game `name`, or None (after noting why,
    when it is installed but does not load: a broken plugin never stops the app)."""
    global _plugins
    if _plugins is None:
        _plugins = games.plugins(PLUGIN_GROUP, games.GAMES)
    where = _plugins.get(name)
    if where is None:
        return None
    module, _, attribute = where.partition(":")
    try:
        game = getattr(importlib.import_module(module), attribute)
    except Exception as error:  # noqa: BLE001 - whatever a plugin raises, the app goes on
        _problems.append(f"The game {name!r} is installed but its screens do not load "
                         f"({where}: {type(error).__name__}: {error}); it is left off the menu.")
        return None
    if not isinstance(game, HostedGame) or game.name != name:
        _problems.append(f"The game {name!r} is installed but {where} is not its hosting; "
                         "it is left off the menu.")
        return None
    return game


def _hosting(name: str) -> HostedGame | None:
    if name not in _found and name not in games.GAMES:  # installed from elsewhere
        _found[name] = _plugin_hosting(name)
    if name not in _found:
        module = f"app.games.{name}.hosting"
        try:
            hosting = importlib.import_module(module)
        except ModuleNotFoundError as missing:
            if missing.name not in (module, f"app.games.{name}"):
                raise  # the hosting module exists but is broken: say so
            _found[name] = None
        else:
            game: HostedGame = hosting.HOSTED
            if game.name != name:
                raise TypeError(f"{module} hosts {game.name!r}, not {name!r}")
            _found[name] = game
    return _found[name]


def hosted() -> list[HostedGame]:
    """Every hosted game: the engine's games in their order, then those registered later."""
    found = [game for name in games.names() if (game := _registered.get(name) or _hosting(name))]
    return found + [game for name, game in _registered.items() if name not in games.names()]


def find(name: str) -> HostedGame | None:
    return next((game for game in hosted() if game.name == name), None)


def home() -> HostedGame:
    """The first hosted game: the shell's own screens (the title, settings) show its help,
    and a run that names no hosted game goes to its viewer, which says why it cannot be
    shown."""
    return hosted()[0]


def every_games_terms(query: str) -> list[Term]:
    """The rules of every hosted game, for the title's Rules entry: the first game's terms as
    they are, each other game's with its name after the term's ("Gold (Mini Rogue)"), so that
    terms of one name in two games stay apart; a term's own name still finds it. Best matches
    first, whichever game they are of."""
    first, *others = hosted()
    found = list(first.help.glossary(query))
    for game in others:
        try:
            title = games.load(game.name).info.long_name
        except (games.UnknownGame, TypeError):  # a hosted game with no rules: its terms as named
            found += game.help.glossary(query)
            continue
        found += [replace(term, name=f"{term.name} ({title})", aliases=(term.name, *term.aliases),
                          see=tuple(f"{see} ({title})" for see in term.see))
                  for term in game.help.glossary(query)]
    if query.strip():
        found.sort(key=lambda term: term.rank(query))  # stable: each game's order within a rank
    return found


def menu() -> tuple[MenuEntry, ...]:
    """The games' title menu entries: every game's "play" entries, then every game's
    "tools"."""
    entries = [entry for game in hosted() for entry in game.menu]
    return (tuple(entry for entry in entries if entry.section == "play")
            + tuple(entry for entry in entries if entry.section == "tools"))
