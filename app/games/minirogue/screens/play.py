"""The Mini Rogue table: the dungeon card on top, the room columns, the fight and its dice and
the log on the left, the character card and the choices on the right.

Every choice is one of the engine's legal actions, listed with a key: press it, or move to it
and press Enter. The engine applies it and says what happened (events); the log tells it in
words and the widgets redraw the new view. There is no undo: chance decides.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option

from app.games.minirogue import glossary
from app.games.minirogue.around import around_lines
from app.games.minirogue.records import Setup, Standing, finish
from app.games.minirogue.tips import tips
from app.games.minirogue.widgets.tabletop import CharacterCard, DicePanel, DungeonTrack, RoomColumns
from app.games.minirogue.words import WAITING, Narrator, action_label
from app.screens.rules import show_help
from app.widgets.event_log import EventLog
from app.widgets.hanging import Hanging
from app.widgets.marked_options import MarkedOptionList
from engine.core import Event
from engine.minirogue import RULES, State, View

# The keys of the choices, in order: digits first, then letters (never q, which quits).
CHOICE_KEYS = "123456789abcdefgijklmnoprstuvwxyz"


class MiniRogueScreen(Screen[None]):
    """One delve, from the first room to the Og's Blood or a death."""

    BINDINGS = [
        *(Binding(key, f"pick({n})", "Choose", show=n == 0, id=f"minirogue_pick_{key}",
                  key_display="1-9 a-z" if n == 0 else None,
                  tooltip="Take the choice with this key" if n == 0 else "")
          for n, key in enumerate(CHOICE_KEYS)),
        Binding("enter", "pick_highlighted", "Do it", id="minirogue_do",
                tooltip="Take the highlighted choice"),
        Binding("f1,question_mark", "help", "Help", id="minirogue_help",
                tooltip="Keys and the terms of Mini Rogue"),
        Binding("escape", "leave", "Leave", id="minirogue_leave",
                tooltip="Leave the delve (a delve left unfinished is not kept)"),
        Binding("q", "quit_app", "Quit", id="minirogue_quit",
                tooltip="Quit Card Rogue (a delve left unfinished is not kept)"),
    ]

    # Keys the help lists besides the bindings (the choices list's own).
    EXTRA_KEYS: tuple[tuple[str, str], ...] = (("↑ ↓ Enter", "Move through the choices and take the highlighted one"),
                  ("Tab", "Move to the log, to scroll it with the arrows"))

    DEFAULT_CSS = """
    MiniRogueScreen #table {
        height: 1fr;
    }
    MiniRogueScreen #left {
        width: 1fr;
    }
    MiniRogueScreen #right {
        width: 30;
    }
    MiniRogueScreen #log {
        height: 1fr;
        border: round $primary;
        border-title-color: $text;
    }
    MiniRogueScreen #choices {
        height: 1fr;
        border: round $accent;
        border-title-color: $text;
        padding: 0;
    }
    """

    def __init__(self, setup: Setup, player: str | None = None) -> None:
        super().__init__()
        self.setup = setup
        self.player = player
        self.state: State = RULES.new_game(seed=setup.seed, difficulty=setup.difficulty,
                                           dungeon_keys=setup.dungeon_keys)
        self.narrator = Narrator()
        self.legal: list[dict] = []  # the legal actions on show, in key order
        self.standing: Standing | None = None

    def compose(self) -> ComposeResult:
        yield DungeonTrack(id="track")
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield RoomColumns(id="rooms")
                yield DicePanel(id="dice")
                yield EventLog(id="log")
            with Vertical(id="right"):
                yield CharacterCard(id="card")
                yield MarkedOptionList(id="choices")
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#log", EventLog)
        log.border_title = "What happened"
        where = self.setup.title
        log.add([Text(f"{where}. Good luck: there is no undo.", style="dim"),
                 *self.narrator.lines(self.state.start_events), *tips(self.state.view(0))])
        self.redraw()
        self.query_one("#choices", OptionList).focus()

    # -- drawing

    def redraw(self) -> None:
        view = self.state.view(0)
        self.query_one("#track", DungeonTrack).show(view)
        self.query_one("#rooms", RoomColumns).show(view)
        self.query_one("#dice", DicePanel).show(view)
        self.query_one("#card", CharacterCard).show(view)
        self.show_choices(view)

    def show_choices(self, view: View) -> None:
        choices = self.query_one("#choices", OptionList)
        choices.border_title = WAITING.get(view.pending, "")
        self.legal = [dict(pairs) for pairs in view.legal][:len(CHOICE_KEYS)]
        choices.clear_options()
        for key, action in zip(CHOICE_KEYS, self.legal, strict=False):
            label = Hanging(Text(f"{key} ", style="bold"), Text(action_label(action, view)))
            choices.add_option(Option(label))
        if self.legal:
            choices.highlighted = 0

    # -- playing

    def play(self, index: int) -> None:
        if not 0 <= index < len(self.legal) or self.state.is_over:
            return
        action = RULES.parse_action(self.legal[index])
        happened: list[Event] = self.state.apply(action)
        self.query_one("#log", EventLog).add([*self.narrator.lines(happened),
                                              *tips(self.state.view(0))])
        self.redraw()
        if self.state.is_over:
            self.finished()

    def finished(self) -> None:
        from app.games.minirogue.screens.results import MiniRogueResultsScreen

        self.standing = finish(self.state, self.setup, self.player)
        def closed(_: None) -> None:
            self.app.pop_screen()  # the results close to the title

        self.app.push_screen(MiniRogueResultsScreen(self.state.view(0), self.setup,
                                                    self.standing), closed)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.play(event.option_index)

    def action_pick(self, index: int) -> None:
        if not 0 <= index < len(self.legal) and not self.state.is_over:
            self.notify(f"{CHOICE_KEYS[index]} is not a choice now.", markup=False, timeout=3)
            return
        self.play(index)

    def action_pick_highlighted(self) -> None:
        highlighted = self.query_one("#choices", OptionList).highlighted
        if highlighted is not None:
            self.play(highlighted)

    def around(self) -> list[str]:  # plain mode's "what is around me" (app/plain.py)
        return around_lines(self)

    def action_help(self) -> None:
        show_help(self, glossary.HELP)

    def action_leave(self) -> None:
        self.ask_first("Leave this delve? It is not kept.", "Leave", self.app.pop_screen)

    def action_quit_app(self) -> None:
        self.ask_first("Quit Card Rogue? This delve is not kept.", "Quit", self.app.exit)

    def ask_first(self, question: str, answer: str, then: Callable[[], object]) -> None:
        """Do `then` at once when the delve is over, else once the player confirms: a delve
        has begun once its first rooms are dealt, before the first choice too (as the other
        games ask once a game is under way)."""
        if self.state.is_over:
            then()
            return
        from app.screens.dialogs import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(ConfirmScreen(question, answer), answered)
