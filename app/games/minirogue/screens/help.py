"""Help for Mini Rogue's screens (F1 or ?): the keys of the screen and the game's own glossary
(app/games/minirogue/glossary.py), in the app's rules screen."""

from __future__ import annotations

from textual.screen import Screen

from app.games.minirogue import glossary


def open_help(screen: Screen) -> None:
    """Show help over `screen`."""
    from app.cardrogue_app import screen_keys
    from app.games.cardrogue.screens.rules import RulesScreen

    screen.app.push_screen(RulesScreen(screen_keys(screen), glossary=glossary.search))
