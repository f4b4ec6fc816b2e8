"""The title screen: the game's name, a line about it, and the main menu."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option


@dataclass(frozen=True)
class MenuEntry:
    """One line of the main menu. `ready` stays False until the feature behind it is built."""

    id: str
    label: str
    ready: bool = False

    @property
    def prompt(self) -> str:
        # Markup: entries not built yet say so, in a muted colour, so nobody expects them to work.
        if self.ready:
            return self.label
        return f"{self.label} [dim]— coming soon[/dim]"


MENU: tuple[MenuEntry, ...] = (
    MenuEntry("story", "Story", ready=True),
    MenuEntry("challenges", "Challenges", ready=True),
    MenuEntry("community", "Community", ready=True),
    MenuEntry("classic", "Classic game", ready=True),
    MenuEntry("minirogue", "Mini Rogue", ready=True),
    MenuEntry("tabledungeon", "Table Dungeon", ready=True),
    MenuEntry("roguelike", "Rogue Like Roguelike", ready=True),
    MenuEntry("editor", "Editor", ready=True),
    MenuEntry("scores", "High scores", ready=True),
    MenuEntry("rules", "Rules", ready=True),
    MenuEntry("settings", "Settings", ready=True),
    MenuEntry("quit", "Quit", ready=True),
)

# Offered first when a campaign was left half-way (app/saves.py).
CONTINUE = MenuEntry("continue", "Continue", ready=True)

TAGLINE = "Flip the dungeon one card at a time, and fight your way down."


class TitleScreen(Screen[None]):
    """The first screen. It only reports which entry was chosen; the app decides what follows."""

    DEFAULT_CSS = """
    TitleScreen {
        align: center middle;
    }
    #title-box {
        width: 66;
        max-width: 100%;
        height: auto;
    }
    #heading {
        width: 100%;
        text-align: center;
        text-style: bold;
        color: $accent;
        padding: 1 0;
        border: double $accent;
    }
    #tagline {
        width: 100%;
        text-align: center;
        color: $text-muted;
        margin: 1 0;
    }
    #menu {
        width: auto;
        min-width: 34;
        max-width: 100%;
        height: auto;
        border: round $primary;
        padding: 0 1;
    }
    """

    # Listed in the help with the bindings: the menu's own keys.
    EXTRA_KEYS = (("↑ ↓", "Move through the menu"), ("Enter", "Choose the highlighted entry"))

    class EntryChosen(Message):
        """Sent when the player chooses a menu entry."""

        def __init__(self, entry: MenuEntry) -> None:
            super().__init__()
            self.entry = entry

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static("Card Rogue", id="heading")
            yield Static(TAGLINE, id="tagline")
            with Center():  # a container centres its children as one block, so centre the menu alone
                yield OptionList(*(Option(entry.prompt, id=entry.id) for entry in MENU), id="menu")
        yield Footer()

    @property
    def menu(self) -> OptionList:
        return self.query_one("#menu", OptionList)

    def on_screen_resume(self) -> None:
        # After the frame: finding the data folder is not free, and no key comes sooner.
        self.call_after_refresh(self.offer_continue)

    def offer_continue(self) -> None:
        """Put "Continue" first in the menu while a campaign waits half-way, else take it out."""
        from app.games.cardrogue import saves

        try:
            saved = saves.latest()
        except OSError:
            saved = None
        options = [Option(entry.prompt, id=entry.id) for entry in MENU]
        if saved is not None:
            prompt = Text("Continue: ", style="bold")
            prompt.append(saved.title)  # author text: never markup
            if saved.levels > 1:
                prompt.append(f", level {saved.level} of {saved.levels}", style="dim")
            options.insert(0, Option(prompt, id=CONTINUE.id))
        menu = self.menu
        shown = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        if saved is None and shown == [entry.id for entry in MENU]:
            return  # nothing to continue, and nothing offered: leave the list as it is
        menu.set_options(options)
        # Back on the title, the cursor is on the entry the player chose (else on the first).
        ids = [option.id for option in options]
        menu.highlighted = ids.index(self.chosen) if self.chosen in ids else 0

    chosen: str | None = None  # the id of the entry chosen last

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.chosen = event.option_id
        entry = next(entry for entry in (CONTINUE, *MENU) if entry.id == event.option_id)
        self.post_message(self.EntryChosen(entry))
