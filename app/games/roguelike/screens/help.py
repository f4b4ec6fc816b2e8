"""Help for Rogue Like Roguelike's screens: the keys of the screen, the map's legend and the
game's own glossary (app/games/roguelike/glossary.py), in the app's rules screen."""

from __future__ import annotations

from textual.screen import Screen

from app.games.roguelike import glossary
from app.screens.rules import show_help


def open_help(screen: Screen) -> None:
    """Show help over `screen`."""
    show_help(screen, glossary.HELP)
