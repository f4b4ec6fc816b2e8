"""Help for Mini Rogue's screens (F1 or ?): the keys of the screen and the game's own glossary
(app/games/minirogue/glossary.py), in the app's rules screen."""

from __future__ import annotations

from textual.screen import Screen

from app.games.minirogue import glossary


def open_help(screen: Screen) -> None:
    """Show help over `screen`."""
    from app.screens.rules import RulesScreen, screen_keys

    screen.app.push_screen(RulesScreen(screen_keys(screen), glossary=glossary.search))
