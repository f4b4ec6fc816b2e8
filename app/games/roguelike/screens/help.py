"""Help for Rogue Like Roguelike's screens: the keys of the screen, the map's legend and the
game's own glossary, in the app's rules screen."""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen

from app.games.roguelike import glossary
from engine.roguelike import LEGEND


def legend_text() -> Text:
    text = Text()
    for glyph, meaning in LEGEND:
        text.append(f"{glyph}  ", style="bold")
        text.append(f"{meaning}\n")
    text.rstrip()
    return text


def open_help(screen: Screen) -> None:
    """Show help over `screen`."""
    from app.screens.rules import RulesScreen, screen_keys

    screen.app.push_screen(RulesScreen(screen_keys(screen), legend=legend_text(),
                                       glossary=glossary.search))
