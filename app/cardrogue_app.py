"""The Textual app: owns the screens and decides what each menu choice does."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Protocol, runtime_checkable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from app import registry
from app.plain import PLAIN_CSS, describe_around, follow_focus, is_plain, set_plain
from app.screens.rules import RulesScreen, show_help
from app.screens.title import TitleScreen, open_high_scores
from app.themes import FOCUS_CSS, install_themes, terminal_colours_for
from engine.core import shown


@runtime_checkable
class HoldsGame(Protocol):
    """A screen that holds a game says whether one is in progress (started, not over), so the
    app's quit asks first whatever screen is on top of it."""

    def game_in_progress(self) -> bool: ...


@runtime_checkable
class HoldsUnsavedWork(Protocol):
    """A screen with unsaved changes (the editor's map) makes the app's quit ask first."""

    unsaved: bool


class CardRogueApp(App[None]):
    """Card Rogue in the terminal."""

    TITLE = "Card Rogue"
    CSS = FOCUS_CSS + PLAIN_CSS

    # Ids let users remap keys through Textual's keymap without us renaming actions.
    BINDINGS = [
        Binding("q", "quit", "Quit", id="quit", tooltip="Quit Card Rogue"),
        Binding("f1,question_mark", "show_help", "Help", id="help",
                tooltip="Keys and the rules reference"),
        # In the footer only where it works: plain mode, on a screen that says its surroundings.
        Binding("f2", "around", "Around", id="around",
                tooltip="Say what is around you, in the log (plain mode)"),
    ]

    def __init__(self, start: Callable[[App], None] | None = None, *,
                 replay_path: Path | None = None, replay_map: Path | None = None,
                 plain: bool | None = None) -> None:
        super().__init__()
        # What to open once the app starts (`cardrogue play FILE`, `cardrogue edit`), if anything.
        self.at_start = start
        # `cardrogue replay RUN [--map FILE]`: the run to watch once the app starts.
        self.replay_at_start = replay_path
        self.replay_map = replay_map
        from services.settings import load_settings

        settings = load_settings()
        install_themes(self, settings.theme)
        terminal_colours_for(self)
        # Plain mode (app/plain.py): `cardrogue --plain`, or the setting.
        self.plain_at_start = settings.plain if plain is None else plain

    def watch_theme(self) -> None:
        terminal_colours_for(self)

    async def on_event(self, event: events.Event) -> None:
        await super().on_event(event)
        if isinstance(event, (events.Key, events.Resize)) and is_plain(self):
            self.call_after_refresh(follow_focus, self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "around":
            return is_plain(self) and hasattr(self.screen, "around")
        return True

    def action_around(self) -> None:
        if not describe_around(self):
            self.notify("Nothing here to describe: F2 speaks in a game.", markup=False)

    def get_default_screen(self) -> Screen:
        # The title screen is the bottom of the stack, so popping screens always lands on it.
        return TitleScreen()

    def on_mount(self) -> None:
        if self.plain_at_start:
            set_plain(self, True)
        # After the first frame: finding the data folder is not free, and no key comes sooner.
        self.call_after_refresh(self.apply_keymap)
        self.call_after_refresh(self.send_outbox)
        self.call_after_refresh(self.report_unhosted)
        if self.at_start is not None:
            self.at_start(self)
        if self.replay_at_start is not None:
            # `cardrogue replay RUN` is about that run: closing the viewer ends the app.
            self.open_run_file(self.replay_at_start, self.replay_map,
                               closed=lambda _: self.exit())

    def watch_app_focus(self, focus: bool) -> None:
        """In a browser (`cardrogue web`) the app starts blurred until the page has the focus,
        and a screen composed meanwhile skips its auto focus: the title's menu would take no
        arrow key. When the app gets the focus, a screen with nothing focused gets its own."""
        if not focus or self.screen.focused is not None:
            return
        screen = self.screen
        selector = self.AUTO_FOCUS if screen.AUTO_FOCUS is None else screen.AUTO_FOCUS
        if selector:  # "" is a screen's choice to focus nothing (the board takes the keys)
            focusable = [widget for widget in screen.query(selector) if widget.focusable]
            if focusable:
                screen.set_focus(focusable[0])

    def apply_keymap(self) -> None:
        """The player's own keys from keymap.toml, if there is one (see app/keymap.py)."""
        from app.keymap import keymap_path, load_keymap

        keymap, problems = load_keymap(keymap_path())
        if keymap:
            self.set_keymap(keymap)
        for problem in problems:
            self.notify(shown(problem), title="Your keymap", severity="warning", markup=False,
                        timeout=10)

    def report_unhosted(self) -> None:
        """Say why a game installed from elsewhere is not on the menu (its screens would not
        load): in words, never a traceback."""
        for problem in registry.problems():
            self.notify(shown(problem), title="An installed game", severity="warning",
                        markup=False, timeout=10)

    def send_outbox(self) -> None:
        """Runs left waiting in the outbox (the network was down) go out in the background."""
        from services import community

        try:
            if not community.waiting():
                return
        except community.CommunityError:
            return
        self.run_worker(self._send_outbox, thread=True, group="outbox", exclusive=True)

    def _send_outbox(self) -> None:
        from services import community

        try:
            client = community.Client(community.server_url(None))
            if community.stored_login(client.server) is None:
                return  # sent once the player logs in or submits again
            community.login_or_register(client, "")
            sent = [s for s in community.flush(client) if s.run_id is not None]
        except community.CommunityError:
            return  # still offline: they wait for the next time
        if sent:
            self.call_from_thread(self.notify, f"{len(sent)} run(s) from the outbox sent to "
                                  f"{client.server}.", markup=False)

    # -- help and the palette

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Rules reference", "Look up a rule, or list the keys",
                            self.action_show_help)
        yield SystemCommand("High scores", "Every ranked game's local boards, your best and "
                            "your rank", partial(open_high_scores, self))
        for game in registry.hosted():
            for command in game.commands:
                yield SystemCommand(command.title, command.help, partial(command.run, self))
        yield SystemCommand("Watch a run file", "Open a run file in the replay viewer",
                            self.ask_run_file)
        commands = getattr(screen, "palette_commands", None)
        if commands is not None:
            yield from commands()

    def action_show_help(self, start: str | None = None) -> None:
        if isinstance(self.screen, RulesScreen):  # F1 or ? again closes it
            self.screen.dismiss(None)
            return
        show_help(self.screen, registry.home().help, start)

    async def action_quit(self) -> None:
        from app.screens.dialogs import ConfirmScreen

        # Any game in the stack, even under the help: quitting would end it.
        playing = [s for s in self.screen_stack
                   if isinstance(s, HoldsGame) and s.game_in_progress()]
        if playing and not isinstance(self.screen, ConfirmScreen):
            # A screen whose runs are saved to continue says so (KEEPS_PROGRESS); others are lost.
            keeping = [s for s in playing if getattr(s, "KEEPS_PROGRESS", False)]
            question = ("Quit Card Rogue? Your run is kept: Continue picks it up."
                        if len(keeping) == len(playing)
                        else "Quit Card Rogue? The game in progress is not kept.")
            self.push_screen(ConfirmScreen(question, "Quit"),
                             lambda yes: self._quit_keeping(keeping) if yes else None)
            return
        unsaved = [s for s in self.screen_stack if isinstance(s, HoldsUnsavedWork) and s.unsaved]
        if unsaved and not isinstance(self.screen, ConfirmScreen):
            self.push_screen(ConfirmScreen("Quit Card Rogue? The map being edited has unsaved "
                                           "changes.", "Quit"),
                             lambda yes: self.exit() if yes else None)
            return
        self.exit()

    def _quit_keeping(self, keeping: list) -> None:
        """Quit once every run to keep is saved; a run that cannot be saved keeps the app open."""
        if all(screen.keep_progress() for screen in keeping):
            self.exit()

    # -- the title menu

    def on_title_screen_entry_chosen(self, message: TitleScreen.EntryChosen) -> None:
        entry = message.entry
        if entry.open is not None:  # a game's entry, or Continue
            entry.open(self)
        elif entry.id == "quit":
            self.exit()
        elif entry.id == "settings":
            from app.screens.settings import SettingsScreen

            self.push_screen(SettingsScreen())
        elif entry.id == "rules":
            self.action_show_help(registry.home().help.first_term)
        elif not entry.ready:
            self.notify(f"{entry.label} is not available yet.", title="Coming soon")

    # -- replays

    def ask_run_file(self) -> None:
        from app.screens.watch import ask_run_file

        self.push_screen(ask_run_file(),
                         lambda path: self.open_run_file(path) if path is not None else None)

    def open_run_file(self, path: Path, map_file: Path | None = None,
                      closed: Callable[[None], None] | None = None) -> None:
        """Watch the run in `path` (its map found by id, or `map_file`), or show why not;
        `closed` is called when the viewer (or the refusal) is closed."""
        from app.screens.watch import watch_run_file

        watch_run_file(self, path, map_file, closed)
