"""The title screen: the game's name, a line about it, the main menu, and, with a community
server set, a line about the week's featured map ("This week: ..."), asked for in a worker so
the screen never waits for the server."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.containers import Center, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app import registry
from app.registry import HostedGame, MenuEntry, Waiting
from app.widgets.marked_options import MarkedOptionList


def open_high_scores(app: App) -> None:
    from app.screens.scores import show_high_scores

    show_high_scores(app)


def open_community(app: App) -> None:
    from app.screens.community import CommunityScreen

    app.push_screen(CommunityScreen())


# The shell's own entries, after every game's (app/registry.py); the app decides what those
# without `open` do. The high scores and the Community list every ranked game's boards.
SHELL_MENU: tuple[MenuEntry, ...] = (
    MenuEntry("scores", "High scores", ready=True, open=open_high_scores, section="shell"),
    MenuEntry("community", "Community", ready=True, open=open_community, section="shell"),
    MenuEntry("rules", "Rules", ready=True, section="shell"),
    MenuEntry("settings", "Settings", ready=True, section="shell"),
    MenuEntry("quit", "Quit", ready=True, section="shell"),
)

# Offered first when a hosted game was left half-way (its `waiting`); it opens through `resume`.
CONTINUE = "continue"


def menu() -> tuple[MenuEntry, ...]:
    """The title menu: every hosted game's entries, then the shell's."""
    return registry.menu() + SHELL_MENU


def waiting_of(game: HostedGame) -> Waiting | None:
    """The game `game` left half-way, if any (a data folder that cannot be read has none)."""
    try:
        return game.waiting()
    except OSError:
        return None


TAGLINE = "Flip the dungeon one card at a time, and fight your way down."
WEEKLY_TIMEOUT_S = 5.0


def weekly_line() -> str:
    """A line about the community server's map of the week ("This week: Poison Race by Ann,
    code K7Q2M"), or why there is none; "" when no server is set. Everything the server sent
    is shown as it is, never as markup or control characters. Asks the server: call it in a
    worker."""
    from engine.core import shown
    from services import community

    try:
        server = community.server_url(None)
    except community.CommunityError:
        return ""  # playing offline: nothing to say
    try:
        week = community.Client(server, timeout=WEEKLY_TIMEOUT_S).weekly()
    except community.CommunityError as error:
        if error.code == "no_weekly_map":
            return "This week: no map is featured on the server yet."
        return f"This week's map could not be had: {shown(error.message)}"
    featured = week.get("map")
    if not isinstance(featured, dict):
        return "This week's map could not be had: the server sent no map."
    return (f"This week: {shown(str(featured.get('title', '?')))[:60]} by "
            f"{shown(str(featured.get('author', '?')))[:40]}, code "
            f"{shown(str(featured.get('share_code', '?')))[:16]}")


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
    #weekly {
        width: 100%;
        text-align: center;
        color: $text-muted;
        margin: 1 0 0 0;
        display: none;
    }
    #weekly.shown {
        display: block;
    }
    #menu {
        width: auto;
        min-width: 34;
        max-width: 100%;
        height: auto;
        border: round $primary;
        padding: 0 1 0 0;  /* on the left each entry has its own, for the highlight's mark */
    }
    """

    # Listed in the help with the bindings: the menu's own keys.
    EXTRA_KEYS = (("↑ ↓", "Move through the menu"), ("Enter", "Choose the highlighted entry"))

    # The help from the title (F1, or the Rules entry) holds the rules of every hosted game.
    glossary = staticmethod(registry.every_games_terms)

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
                yield MarkedOptionList(*(Option(entry.prompt, id=entry.id) for entry in menu()),
                                       id="menu")
            yield Static(id="weekly")
        yield Footer()

    def on_mount(self) -> None:
        self.ask_for_the_weekly_map()

    @work(thread=True, exclusive=True, group="weekly")
    def ask_for_the_weekly_map(self) -> None:
        line = weekly_line()
        if line:
            self.app.call_from_thread(self.show_weekly, line)

    def show_weekly(self, line: str) -> None:
        if self.is_attached:
            box = self.query_one("#weekly", Static)
            box.update(Text(line))
            box.add_class("shown")

    @property
    def menu(self) -> OptionList:
        return self.query_one("#menu", OptionList)

    def on_screen_resume(self) -> None:
        # After the frame: finding the data folder is not free, and no key comes sooner.
        self.call_after_refresh(self.offer_continue)

    def offer_continue(self) -> None:
        """Put "Continue" first in the menu while a game waits half-way, else take it out."""
        self.waiting = next(filter(None, map(waiting_of, registry.hosted())), None)
        entries = menu()
        options = [Option(entry.prompt, id=entry.id) for entry in entries]
        if self.waiting is not None:
            options.insert(0, Option(self.waiting.prompt, id=CONTINUE))
        menu_list = self.menu
        shown = [menu_list.get_option_at_index(i).id for i in range(menu_list.option_count)]
        if self.waiting is None and shown == [entry.id for entry in entries]:
            return  # nothing to continue, and nothing offered: leave the list as it is
        menu_list.set_options(options)
        # Back on the title, the cursor is on the entry the player chose (else on the first).
        ids = [option.id for option in options]
        menu_list.highlighted = ids.index(self.chosen) if self.chosen in ids else 0

    chosen: str | None = None  # the id of the entry chosen last
    waiting: Waiting | None = None  # the game offered to continue

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.chosen = event.option_id
        if event.option_id == CONTINUE and self.waiting is not None:
            entry = MenuEntry(CONTINUE, "Continue", ready=True, open=self.waiting.resume,
                              section="shell")
        else:
            entry = next(entry for entry in menu() if entry.id == event.option_id)
        self.post_message(self.EntryChosen(entry))
