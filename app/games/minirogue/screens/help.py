"""Help for Mini Rogue's screens (F1 or ?): the keys of the screen and the game's own glossary
(app/games/minirogue/glossary.py), in the app's rules screen."""

from __future__ import annotations

from textual.screen import Screen

from app.games.minirogue import glossary
from app.screens.rules import show_help


def open_help(screen: Screen) -> None:
    """Show help over `screen`."""
    show_help(screen, glossary.HELP)
