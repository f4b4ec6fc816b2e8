"""Helpers for Table Dungeon's screen tests."""

from __future__ import annotations

from app.cardrogue_app import CardRogueApp
from app.screens.options_form import OptionsForm
from app.screens.title import menu


async def open_new_table(app: CardRogueApp, pilot) -> None:
    """From the title: down to Table Dungeon, Enter."""
    await pilot.pause()
    position = [entry.id for entry in menu()].index("tabledungeon")
    await pilot.press("home", *["down"] * position, "enter")
    await pilot.pause()
    assert isinstance(app.screen, OptionsForm)
