"""The Textual app: owns the screens and decides what each menu choice does."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from app.screens.help import HelpScreen
from app.screens.title import TitleScreen


class CardRogueApp(App[None]):
    """Card Rogue in the terminal."""

    TITLE = "Card Rogue"

    # Ids let users remap keys through Textual's keymap without us renaming actions.
    BINDINGS = [
        Binding("q", "quit", "Quit", id="quit", tooltip="Quit Card Rogue."),
        Binding("f1,question_mark", "show_help", "Help", id="help", tooltip="List the keys."),
    ]

    def get_default_screen(self) -> Screen:
        # The title screen is the bottom of the stack, so popping screens always lands on it.
        return TitleScreen()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "List the keys", self.action_show_help)

    def action_show_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):  # one help screen at a time
            self.push_screen(HelpScreen())

    def on_title_screen_entry_chosen(self, message: TitleScreen.EntryChosen) -> None:
        entry = message.entry
        if entry.id == "quit":
            self.exit()
        elif not entry.ready:
            self.notify(f"{entry.label} is not available yet.", title="Coming soon")
