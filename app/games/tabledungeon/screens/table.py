"""The Table Dungeon table at one keyboard: the enemy, every player, the hand of the person at
the keyboard with its numbered choices, and a log that tells each card in words.

Hot seat: the screen draws only the view of the seat at the keyboard. When the turn passes to
another person, the table is covered ("Pass the keyboard to ...") until they press Enter.
Computer seats act on their own after COMPUTER_DELAY seconds, so people can follow them in
the log. Every choice is one engine action; the engine takes it or says why not.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from app.games.tabledungeon import glossary
from app.games.tabledungeon.around import around_lines, cards_in_words, choice_lines
from app.games.tabledungeon.screens.results import ResultsScreen
from app.games.tabledungeon.session import TableSession, save_run
from app.games.tabledungeon.tips import tips
from app.games.tabledungeon.widgets.panels import (
    enemy_text,
    hand_text,
    players_text,
    status_text,
)
from app.games.tabledungeon.words import describe, name_of
from app.glossary import Term
from app.plain import DRAWING_CLASS, FRAME_CLASS, is_plain
from app.screens.dialogs import ConfirmScreen
from engine.tabledungeon import Action

# How long a computer seat waits before it acts, in seconds: long enough to read its move in
# the log. Tests set it to 0.
COMPUTER_DELAY = 0.7
CHOICE_KEYS = 9  # choices 1 to 9 have a digit key


def ask_to_quit(app: App) -> None:
    """Quit the app once the player confirms: the game in play is not kept."""
    app.push_screen(ConfirmScreen("Quit Card Rogue? The game in progress is not kept.", "Quit"),
                    lambda yes: app.exit() if yes else None)


class CoverScreen(Screen[None]):
    """Covers the whole table while the keyboard changes hands: nothing of the game shows."""

    BINDINGS = [
        Binding("enter", "ready", "I am here", id="td_cover_ready",
                tooltip="Show the table to the player named on the cover"),
        Binding("q", "quit_app", "Quit", id="td_cover_quit", tooltip="Quit Card Rogue"),
    ]

    DEFAULT_CSS = """
    CoverScreen {
        align: center middle;
        background: $background;
    }
    CoverScreen #cover {
        width: auto;
        max-width: 90%;
        height: auto;
        border: round $accent;
        padding: 1 3;
        text-align: center;
    }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        text = Text("Pass the keyboard to ")
        text.append(self.player_name, style="bold")
        text.append(" — press Enter when ready")
        yield Static(text, id="cover")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)

    def action_quit_app(self) -> None:
        ask_to_quit(self.app)


SELECT_GROUP = Binding.Group("Select", compact=True)


class TableScreen(Screen[None]):
    """A game of Table Dungeon for 2 to 4 seats at one keyboard."""

    BINDINGS = [
        Binding("1", "choose(0)", "Choose", key_display="1-9", id="td_choose_1",
                tooltip="Make the numbered choice"),
        *(Binding(str(n), f"choose({n - 1})", show=False, id=f"td_choose_{n}")
          for n in range(2, CHOICE_KEYS + 1)),
        # One group: the footer shows "←→ Select" while the help names each key on its own line.
        Binding("left", "select(-1)", "Select", id="td_select_left",
                tooltip="Select the choice to the left", group=SELECT_GROUP),
        Binding("right", "select(1)", "Select", id="td_select_right",
                tooltip="Select the choice to the right", group=SELECT_GROUP),
        Binding("enter", "do_selected", "Do it", id="td_do", tooltip="Make the selected choice"),
        Binding("escape", "leave", "Leave", id="td_leave", tooltip="Leave the table"),
        # Before the app's own q: a game in play is not quit by one stray key.
        Binding("q", "quit_app", "Quit", id="td_quit", tooltip="Quit Card Rogue"),
    ]

    DEFAULT_CSS = """
    /* The ←→ group spaced like the footer's other keys: "←→ Select". */
    TableScreen Footer KeyGroup.-compact {
        margin: 0 0 0 1;
    }
    TableScreen Footer FooterLabel {
        margin: 0 0 0 1;
    }
    TableScreen #status {
        height: auto;
        background: $panel;
        padding: 0 1;
    }
    TableScreen #enemy {
        height: auto;
        border-left: thick $error;
        padding: 0 1;
        margin: 0 0 1 0;
    }
    TableScreen #players {
        height: auto;
        padding: 0 1;
    }
    TableScreen #hand {
        height: auto;
        min-height: 2;
        background: $boost;
        padding: 0 1;
        margin: 1 0 0 0;
    }
    TableScreen #note {
        height: auto;
        padding: 0 1;
        color: $warning;
    }
    TableScreen #log {
        height: 1fr;
        border-top: solid $panel;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;  /* lines are wrapped left of the scrollbar, before it shows */
    }
    """

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self.selected = 0
        self.timer: Timer | None = None
        self.computer_waiting = False  # a computer's move is on its way
        self.covered = False  # the cover is up
        self.finished = False

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        # Plain mode hides the panels (app/plain.py): F2 says them, `around`.
        yield Static(id="enemy", classes=DRAWING_CLASS)
        yield Static(id="players", classes=DRAWING_CLASS)
        yield Static(id="hand", classes=DRAWING_CLASS)
        yield Static(id="note")
        # min_width 0: a line is wrapped to the room left of the scrollbar, never wider.
        log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=0,
                      classes=FRAME_CLASS)
        log.can_focus = False  # the arrows and Enter belong to the choices; the log follows
        yield log
        yield Footer()

    def on_mount(self) -> None:
        self.log_lines(Text(f"A table of {len(self.session.seats)} sits down. Each player picks "
                            "a class in turn.", style="dim"))
        self.refresh_table()  # what comes next starts when the screen shows: on_screen_resume
        self.say_choices()

    def around(self) -> list[str]:  # plain mode's "what is around me" (app/plain.py)
        return around_lines(self)

    def glossary(self, query: str) -> list[Term]:
        """The help screen's entries (F1): Table Dungeon's, not Card Rogue's."""
        return glossary.search(query)

    # ------------------------------------------------------------------ drawing

    def choices(self) -> list[Action]:
        return self.session.legal()

    def refresh_table(self) -> None:
        """Draw everything from the keyboard seat's view."""
        session = self.session
        view = session.view()
        choices = self.choices()
        self.selected = min(self.selected, max(len(choices) - 1, 0))
        waiting = session.needs_handover()
        status = self.query_one("#status", Static)
        status.update(status_text(view, session.seed, self.width_of(status)))
        self.query_one("#enemy", Static).update(enemy_text(view))
        self.query_one("#players", Static).update(players_text(view))
        hidden = name_of(view, session.current) if waiting and session.current is not None \
            else None
        panel = self.query_one("#hand", Static)
        panel.update(hand_text(view, choices, self.selected, hidden, self.width_of(panel)))

    def width_of(self, panel: Static) -> int:
        """The room for text in a panel (one column of padding each side)."""
        return panel.content_size.width or self.app.size.width - 2  # before the first layout

    def on_resize(self) -> None:
        self.refresh_table()  # the status and the choices are laid out for the panels' width

    def log_lines(self, *lines: Text) -> None:
        log = self.query_one("#log", RichLog)
        plain = is_plain(self.app)
        for line in lines:
            # A screen reader reads a suit sign badly or not at all: plain mode says the card.
            log.write(Text(cards_in_words(line.plain), style=line.style) if plain else line)

    def say_choices(self) -> None:
        """Plain mode draws no hand: when it is a person's turn, the log says their hand and
        the numbered choices, as F2 does."""
        if is_plain(self.app) and self.choices():
            self.log_lines(*(Text(line) for line in choice_lines(self)))

    def note(self, text: str) -> None:
        self.query_one("#note", Static).update(Text(text))

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> None:
        result = self.session.act(action)
        if isinstance(result, str):  # refused: the engine's reason, nothing changed
            self.note(f"Not allowed: {result}")
            return
        self.note("")
        view = self.session.view()
        self.log_lines(*(line for e in result if (line := describe(e, view)) is not None))
        self.refresh_table()
        self.log_lines(*tips(view, self.choices()))
        self.say_choices()
        self.after_change()

    def after_change(self) -> None:
        """What comes next: the end, the cover for the next person, or a computer's move."""
        session = self.session
        if session.state.is_over:
            self.finish()
        elif session.needs_handover():
            self.cover()
        elif session.computer_to_act() and not self.computer_waiting:
            self.computer_waiting = True
            if COMPUTER_DELAY > 0:
                self.timer = self.set_timer(COMPUTER_DELAY, self.computer_turn)
            else:  # Textual's timers cannot wait 0 seconds
                self.call_later(self.computer_turn)

    def computer_turn(self) -> None:
        self.timer = None
        self.computer_waiting = False
        # The computer waits while the table is left, or while a dialog or the help is open
        # over it: on_screen_resume sends it on.
        if self.is_attached and self.app.screen is self and self.session.computer_to_act():
            self.act(self.session.computer_move())

    def on_screen_resume(self) -> None:
        if not self.covered:
            self.after_change()

    def cover(self) -> None:
        if self.covered:
            return
        self.covered = True
        seat = self.session.current
        assert seat is not None
        self.app.push_screen(CoverScreen(name_of(self.session.view(), seat)), self.uncovered)

    def uncovered(self, _: None = None) -> None:
        self.covered = False
        self.session.take_keyboard()
        self.selected = 0
        self.refresh_table()
        self.log_lines(*tips(self.session.view(), self.choices()))
        self.say_choices()
        self.after_change()

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        saved = save_run(self.session)
        end = next((e for e in reversed(self.session.log) if e.kind == "game_over"), None)
        self.app.push_screen(ResultsScreen(self.session.view(), end, self.session.seed, saved),
                             self.after_results)

    def after_results(self, choice: str | None) -> None:
        if choice == "again":
            from app.games.tabledungeon.hosting import new_game

            self.app.switch_screen(new_game(self.session.seats))
        else:
            self.dismiss(None)

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A table of computers alone has no choices to make: their keys leave the footer."""
        if action in ("choose", "select", "do_selected"):
            return bool(self.session.humans())
        return True

    def action_choose(self, index: int) -> None:
        choices = self.choices()
        if not choices:
            self.note("It is not your turn: wait for the computer." if
                      self.session.computer_to_act() else "Nothing to choose now.")
            return
        if index >= len(choices):
            self.note(f"There are only {len(choices)} choices.")
            return
        self.selected = 0
        self.act(choices[index])

    def action_select(self, step: int) -> None:
        choices = self.choices()
        if choices:
            self.selected = (self.selected + step) % len(choices)
            self.refresh_table()

    def action_do_selected(self) -> None:
        self.action_choose(self.selected)

    def game_in_progress(self) -> bool:
        """Quitting asks first while the game is on, even from the help (app.HoldsGame)."""
        return not self.session.state.is_over

    def action_leave(self) -> None:
        if self.session.state.is_over:
            self.dismiss(None)
            return
        self.app.push_screen(ConfirmScreen("Leave this table? The game is not kept.", "Leave"),
                             lambda yes: self.leave() if yes else None)

    def action_quit_app(self) -> None:
        if self.session.state.is_over:
            self.app.exit()
            return
        ask_to_quit(self.app)

    def leave(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.dismiss(None)
