"""The registry of games: every game of the app, by the name its runs carry.

    from engine import games
    games.names()                    # ["cardrogue", "minirogue"]
    rules = games.load("cardrogue")  # its Rules (engine/core/contract.py)

Adding a game is writing its package `engine/<name>/` (with a Rules object) and adding one line
to GAMES. A game installed from elsewhere names its Rules under the `cardrogue.games` entry point
group instead (in its own pyproject.toml: `[project.entry-points."cardrogue.games"]`,
`mygame = "my_game.rules:RULES"`); a built-in name always wins. A game's package is imported only when it is loaded, so tools that touch one game do
not pay for the others.

Runs of any game are read and verified through here: the run's `game` field picks the rules,
and a game that is not installed is refused as `other_game` (engine.core.runs), never a crash.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from engine.core.contract import Rules, Verdict, refusal
from engine.core.runs import (
    GAME_NAME,
    OTHER_GAME,
    Run,
    RunError,
    RunForm,
    game_of,
    parse_document,
    read_document,
)

# name -> "module:attribute" of the game's Rules object.
GAMES: dict[str, str] = {
    "cardrogue": "engine.cardrogue.rules:RULES",
    "minirogue": "engine.minirogue.rules:RULES",
    "tabledungeon": "engine.tabledungeon.rules:RULES",
    "roguelike": "engine.roguelike.rules:RULES",
}

# Games installed as other packages: (entry point group, name -> "module:attribute"), read once.
PLUGIN_GROUP = "cardrogue.games"
_plugins: dict[str, str] | None = None
_loaded: dict[str, Rules] = {}


def plugins(group: str, built_in: Collection[str]) -> dict[str, str]:
    """name -> "module:attribute" of what other packages install under the entry point group
    `group`, by name: only names a run's `game` field may carry, and none in `built_in` (a
    built-in name always wins). The app's registry finds its games' hosting the same way."""
    return {point.name: point.value
            for point in sorted(importlib.metadata.entry_points(group=group),
                                key=lambda point: point.name)
            if GAME_NAME.fullmatch(point.name) and point.name not in built_in}


def _installed() -> dict[str, str]:
    """Every game's "module:attribute": the built-in ones, then those installed as plugins."""
    global _plugins
    if _plugins is None:
        _plugins = plugins(PLUGIN_GROUP, GAMES)
    return {**GAMES, **_plugins}


class UnknownGame(LookupError):
    """A game name that is not registered here."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"no game named {name!r} is installed here (known: "
                         f"{', '.join(names())})")


def names() -> list[str]:
    """The registered games' names: the built-in ones in registration order, then plugins."""
    return list(_installed())


def load(name: str) -> Rules:
    """The Rules of the game named `name`. Raises UnknownGame."""
    rules = _loaded.get(name)
    if rules is None:
        where = _installed().get(name) if isinstance(name, str) else None
        if where is None:
            raise UnknownGame(name)
        module, _, attribute = where.partition(":")
        try:
            rules = getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError) as exc:
            raise TypeError(f"the game {name!r} is installed but does not load ({where}: "
                            f"{exc})") from None
        if not isinstance(rules, Rules) or rules.name != name:
            raise TypeError(f"{where} is not the Rules of the game {name!r}")
        _loaded[name] = rules
    return rules


def rules_for(doc: Any) -> Rules:
    """The Rules of the game a parsed run document names. Raises RunError: bad_run if it names
    none, other_game if that game is not installed here."""
    game = game_of(doc)
    try:
        return load(game)
    except UnknownGame as exc:
        raise RunError(OTHER_GAME, str(exc)) from None


def run_from_dict(doc: Any) -> Run:
    """A parsed run document of any game, checked by its game's parser. Raises RunError."""
    return rules_for(doc).run_from_dict(doc)


def parse_run(data: bytes | str) -> Run:
    """A run of any game from its file's bytes (or text). Raises RunError."""
    return run_from_dict(parse_document(data))


def read_run(path: str | Path) -> Run:
    """A run file of any game, read and strictly parsed. Raises RunError."""
    return run_from_dict(read_document(path))


def verify(run: Mapping[str, Any] | Run, **context: Any) -> Verdict:
    """Verify a run document of any game, or a run already parsed (run_from_dict), with its
    game's rules (`context` as that game's Rules.verify takes it). A run of a game not
    installed here is refused, not raised."""
    try:
        # Every game's Run is a RunForm; anything else is a document, which rules_for checks.
        rules = load_run_game(run) if isinstance(run, RunForm) else rules_for(run)
    except RunError as exc:
        return refusal(exc)
    return rules.verify(run, **context)


def load_run_game(run: Run | RunForm) -> Rules:
    """The Rules of the game a parsed run is of. Raises RunError(other_game)."""
    try:
        return load(run.game)
    except UnknownGame as exc:
        raise RunError(OTHER_GAME, str(exc)) from None


__all__ = ["GAMES", "UnknownGame", "load", "load_run_game", "names", "parse_run", "plugins", "read_run", "rules_for",
           "run_from_dict", "verify"]
