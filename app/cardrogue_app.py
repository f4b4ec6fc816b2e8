"""The Textual app: owns the screens and decides what each menu choice does."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol, runtime_checkable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from app.games.cardrogue import glossary
from app.player import player_name
from app.screens.rules import RulesScreen, screen_keys
from app.screens.title import TitleScreen
from engine.core import shown


@runtime_checkable
class HoldsGame(Protocol):
    """A screen that holds a game says whether one is in progress (started, not over), so the
    app's quit asks first whatever screen is on top of it."""

    def game_in_progress(self) -> bool: ...


class CardRogueApp(App[None]):
    """Card Rogue in the terminal."""

    TITLE = "Card Rogue"

    # Ids let users remap keys through Textual's keymap without us renaming actions.
    BINDINGS = [
        Binding("q", "quit", "Quit", id="quit", tooltip="Quit Card Rogue"),
        Binding("f1,question_mark", "show_help", "Help", id="help",
                tooltip="Keys and the rules reference"),
    ]

    def __init__(self, open_path: Path | None = None, *, replay_path: Path | None = None,
                 replay_map: Path | None = None, edit: bool = False,
                 edit_path: Path | None = None) -> None:
        super().__init__()
        # `cardrogue edit [FILE]`: open the editor once the app starts (a new map without FILE).
        self.edit_at_start = edit
        self.edit_path = edit_path
        self.open_at_start = open_path
        # `cardrogue replay RUN [--map FILE]`: the run to watch once the app starts.
        self.replay_at_start = replay_path
        self.replay_map = replay_map

    def get_default_screen(self) -> Screen:
        # The title screen is the bottom of the stack, so popping screens always lands on it.
        return TitleScreen()

    def on_mount(self) -> None:
        # After the first frame: finding the data folder is not free, and no key comes sooner.
        self.call_after_refresh(self.apply_keymap)
        self.call_after_refresh(self.send_outbox)
        if self.open_at_start is not None:
            self.open_path(self.open_at_start)
        if self.replay_at_start is not None:
            # `cardrogue replay RUN` is about that run: closing the viewer ends the app.
            self.open_run_file(self.replay_at_start, self.replay_map,
                               closed=lambda _: self.exit())
        if self.edit_at_start:
            if self.edit_path is None:
                self.open_editor_start()
            else:
                self.open_editor(self.edit_path)

    def apply_keymap(self) -> None:
        """The player's own keys from keymap.toml, if there is one (see app/keymap.py)."""
        from app.keymap import keymap_path, load_keymap

        keymap, problems = load_keymap(keymap_path())
        if keymap:
            self.set_keymap(keymap)
        for problem in problems:
            self.notify(shown(problem), title="Your keymap", severity="warning", markup=False,
                        timeout=10)

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
        yield SystemCommand("High scores", "Each map's local leaderboard, your best and your rank",
                            self.show_high_scores)
        yield SystemCommand("Watch a run file", "Open a run file in the replay viewer",
                            self.ask_run_file)
        commands = getattr(screen, "palette_commands", None)
        if commands is not None:
            yield from commands()

    def action_show_help(self, start: str | None = None) -> None:
        if isinstance(self.screen, RulesScreen):  # F1 or ? again closes it
            self.screen.dismiss(None)
            return
        legend = getattr(self.screen, "legend_text", None)
        self.push_screen(RulesScreen(screen_keys(self.screen), start=start,
                                     legend=legend() if legend is not None else None,
                                     glossary=getattr(self.screen, "glossary", glossary.search)))

    async def action_quit(self) -> None:
        from app.screens.dialogs import ConfirmScreen

        # Any game in the stack, even under the help: quitting would end it.
        playing = [s for s in self.screen_stack
                   if isinstance(s, HoldsGame) and s.game_in_progress()]
        if playing and not isinstance(self.screen, ConfirmScreen):
            # Card Rogue's runs are saved to continue (KEEPS_PROGRESS); other games are lost.
            keeping = [s for s in playing if getattr(s, "KEEPS_PROGRESS", False)]
            question = ("Quit Card Rogue? Your run is kept: Continue picks it up."
                        if len(keeping) == len(playing)
                        else "Quit Card Rogue? The game in progress is not kept.")
            self.push_screen(ConfirmScreen(question, "Quit"),
                             lambda yes: self._quit_keeping(keeping) if yes else None)
            return
        from app.games.cardrogue.screens.editor import EditorScreen

        unsaved = [s for s in self.screen_stack if isinstance(s, EditorScreen) and s.unsaved]
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
        if entry.id == "quit":
            self.exit()
        elif entry.id == "continue":
            self.continue_saved()
        elif entry.id in ("story", "challenges"):
            from app.games.cardrogue.screens.campaigns import MapListScreen

            self.push_screen(MapListScreen("campaign" if entry.id == "story" else "challenge"))
        elif entry.id == "classic":
            from app.games.cardrogue.screens.classic import NewGameScreen

            self.push_screen(NewGameScreen())
        elif entry.id == "minirogue":
            from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen

            self.push_screen(MiniRogueNewGameScreen())
        elif entry.id == "tabledungeon":
            from app.games.tabledungeon.screens.new_game import NewTableScreen

            self.push_screen(NewTableScreen())
        elif entry.id == "community":
            from app.games.cardrogue.screens.community import CommunityScreen

            self.push_screen(CommunityScreen())
        elif entry.id == "settings":
            from app.screens.settings import SettingsScreen

            self.push_screen(SettingsScreen())
        elif entry.id == "scores":
            self.show_high_scores()
        elif entry.id == "rules":
            self.push_screen(RulesScreen(screen_keys(self.screen), start="Standard turn sequence",
                                         glossary=glossary.search))
        elif entry.id == "editor":
            self.open_editor_start()
        elif entry.id == "roguelike":
            from app.games.roguelike.screens.create import CreateScreen as RoguelikeCreateScreen

            self.push_screen(RoguelikeCreateScreen())
        elif not entry.ready:
            self.notify(f"{entry.label} is not available yet.", title="Coming soon")

    def continue_saved(self) -> None:
        """Pick up the campaign left half-way last, or say in one line why it cannot be."""
        from app.games.cardrogue import saves

        saved = saves.latest()
        if saved is None:
            self.notify("No campaign is waiting to be continued.", markup=False)
            return
        self.continue_from(saved.path)

    def continue_from(self, path: Path) -> None:
        """Pick up the run saved in `path`, or say in one line why it cannot be."""
        from app.games.cardrogue import saves
        from app.games.cardrogue.screens.play import PlayScreen

        try:
            session = saves.resume(path)
        except saves.SaveError as error:
            self.notify(str(error), title="This run cannot continue", severity="error",
                        markup=False, timeout=10)
            return
        screen = PlayScreen(session)
        self.push_screen(screen)
        screen.welcome_back()

    def open_editor(self, path: Path | None = None) -> None:
        """The grid editor on `path`, or on a new one-level challenge."""
        from app.games.cardrogue.screens.editor import open_editor

        open_editor(self, path)

    def open_editor_start(self) -> None:
        """The editor's first screen: the user's maps to open, and "New map…"."""
        from app.games.cardrogue.screens.new_map import EditorStartScreen

        self.push_screen(EditorStartScreen())

    # -- high scores and replays

    def show_high_scores(self, select: str | None = None) -> None:
        from app.games.cardrogue.screens.scores import HighScoresScreen

        self.push_screen(HighScoresScreen(select))

    def ask_run_file(self) -> None:
        from app.screens.watch import OpenRunScreen

        self.push_screen(OpenRunScreen(),
                         lambda path: self.open_run_file(path) if path is not None else None)

    def open_run_file(self, path: Path, map_file: Path | None = None,
                      closed: Callable[[None], None] | None = None) -> None:
        """Watch the run in `path` (its map found by id, or `map_file`), or show why not;
        `closed` is called when the viewer (or the refusal) is closed."""
        from app.games.cardrogue.screens.replay import open_card_rogue_run
        from app.run_viewers import viewer_for

        opener = viewer_for(path)  # another game's run has its own viewer
        if opener is not None:
            opener(self, path, closed)
            return
        open_card_rogue_run(self, path, closed, map_file)

    # -- opening maps

    def open_path(self, path: Path) -> None:
        """Play the map in `path`, or show why it cannot be played."""
        from app.games.cardrogue import maplist

        self.open_entry(maplist.open_file(Path(path)))

    def open_entry(self, entry) -> None:
        if not entry.playable:
            from app.games.cardrogue.screens.problems import ProblemsScreen

            self.push_screen(ProblemsScreen(str(entry.path), entry.report))
            return
        from app.games.cardrogue import saves
        from engine.cardrogue import map_id

        saved = saves.saved_for(map_id(entry.spec))
        if saved is None:
            self.play(entry.spec, entry.path)
            return
        # A run of this map is waiting: starting afresh would replace it, so ask first.
        from app.screens.dialogs import Choice, ChooseScreen
        from app.words import plural

        choices = [
            Choice("Continue", "continue",
                   f"level {saved.level} of {saved.levels}, {plural(saved.moves, 'move')}"),
            Choice("Start again", "again", "replaces the saved run once the new run is saved"),
        ]

        def chosen(choice: str | None) -> None:
            if choice == "continue":
                self.continue_from(saved.path)
            elif choice == "again":
                self.play(entry.spec, entry.path)

        self.push_screen(ChooseScreen(f"{saved.title}: a run is saved", choices), chosen)

    def play(self, spec, source: Path | None = None, character: str | None = None) -> None:
        """Start a run of `spec`: choose the hero if the map offers a choice, then its story."""
        if character is not None:
            self._start(spec, source, character)
            return
        from app.games.cardrogue.screens.play import choose_hero

        choose_hero(self, spec, lambda hero: self._start(spec, source, hero))

    def _start(self, spec, source: Path | None, character: str | None) -> None:
        from app.games.cardrogue.screens.play import PlayScreen
        from app.games.cardrogue.session import Session

        try:
            session = Session(spec, character, player_name(), source)
        except ValueError as error:
            self.notify(shown(str(error)), title="This map cannot start", severity="error",
                        markup=False)
            return
        screen = PlayScreen(session)
        self.push_screen(screen)
        screen.show_story()
