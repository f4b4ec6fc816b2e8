"""A new Mini Rogue delve: the difficulty, the Dungeon Keys variant, and the dungeon: today's
daily dungeon (the same for everyone today, worked out on this computer, so its board is this
computer's), the community server's daily dungeon (its seed published by the server when the
day starts, ranked on the server's board of the day), or a seed the player types to share."""

from __future__ import annotations

import datetime

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, RadioButton, RadioSet, Static

from app.games.minirogue import glossary
from app.games.minirogue.records import Setup
from app.games.minirogue.words import DIFFICULTIES as DIFFICULTY_NAMES
from app.screens.rules import show_help
from app.widgets.checkbox import MarkedCheckbox
from app.widgets.seed_note import seed_problem as digits_only
from engine.minirogue import DIFFICULTIES, setup_problem
from services import clock

DEFAULT_DIFFICULTY = "normal"  # the rulebook's advice for a first delve


def utc_today() -> datetime.date:
    """The daily dungeon's day: the UTC date, so everyone plays the same dungeon at once."""
    return clock.today()


def seed_problem(text: str) -> str | None:
    """Why a typed seed cannot be used, or None (the engine says which seeds it takes)."""
    if not text.strip():
        return "Type a seed (a whole number, such as 2026), or choose today's daily dungeon."
    if letters := digits_only(text, blank_allowed=False):  # said as in every game
        return letters
    problem = setup_problem(int(text), "normal", False)
    return f"The {problem}." if problem else None


class Choice(RadioButton):
    """A radio button whose dot shows only when it is the one chosen, so the choice reads
    without colour too."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "●" if self.value else " "


class Choices(RadioSet):
    """A radio set whose Left and Right arrows choose as they move (Enter and Space choose
    too), starting from the one chosen. Up and Down go on to the form's other fields, as in
    the rest of the form, rather than through the choices."""

    BINDINGS = [
        Binding("right", "choose(1)", "Next choice", show=False,
                id="minirogue_choice_next"),
        Binding("left", "choose(-1)", "Previous choice", show=False,
                id="minirogue_choice_previous"),
        Binding("down", "screen.focus_next", show=False, id="minirogue_choice_next_field"),
        Binding("up", "screen.focus_previous", show=False,
                id="minirogue_choice_previous_field"),
    ]

    def on_mount(self) -> None:
        self.call_later(self.start_at_choice)  # after RadioSet's own mount finds the choice

    def start_at_choice(self) -> None:
        if self.pressed_index >= 0:
            self._selected = self.pressed_index

    def action_choose(self, step: int) -> None:
        if step > 0:
            self.action_next_button()
        else:
            self.action_previous_button()
        self.action_toggle_button()


class KeysBox(MarkedCheckbox):
    """The Dungeon Keys box: Left and Right turn it on or off as they change the form's other
    choices (Space and Enter too)."""

    BINDINGS = [
        Binding("left,right", "toggle_button", show=False, id="minirogue_keys_toggle"),
    ]


class MiniRogueNewGameScreen(Screen[None]):
    """The form. Ctrl+S (or Enter in the seed box, or the Start button) starts the delve."""

    EXTRA_KEYS = (("↑ ↓ Tab", "Move between the fields"),
                  ("← →", "Change the difficulty, or the dungeon"),
                  ("← → Space", "Turn Dungeon Keys on or off"))

    BINDINGS = [
        Binding("down", "focus_next", show=False, id="minirogue_new_next_field"),
        Binding("up", "focus_previous", show=False, id="minirogue_new_previous_field"),
        Binding("ctrl+s", "start", "Start", id="minirogue_new_start", tooltip="Start the delve"),
        Binding("escape", "back", "Back", id="minirogue_new_back", tooltip="Back to the title"),
        Binding("ctrl+b", "boards", "Boards", id="minirogue_new_boards",
                tooltip="Today's board and every board played here"),
        Binding("f1,question_mark", "help", "Help", id="minirogue_new_help",
                tooltip="Keys and the terms of Mini Rogue"),
    ]

    DEFAULT_CSS = """
    MiniRogueNewGameScreen {
        align: center middle;
    }
    MiniRogueNewGameScreen #form {
        width: 68;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    MiniRogueNewGameScreen Label {
        text-style: bold;
    }
    MiniRogueNewGameScreen #dungeon-label {
        margin: 1 0 0 0;
    }
    MiniRogueNewGameScreen RadioSet {
        width: 100%;
        layout: horizontal;
    }
    MiniRogueNewGameScreen #dungeon {
        layout: vertical;
    }
    MiniRogueNewGameScreen #problem {
        color: $error;
        height: auto;
    }
    /* A full button (its border shows it is one, even without colour); no margin, so at 80x24
       the form keeps a line for the seed's problem without scrolling. */
    MiniRogueNewGameScreen #start {
        margin: 0;
    }
    """

    def __init__(self, today: datetime.date | None = None) -> None:
        super().__init__()
        self.today = today or utc_today()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form") as form:
            form.border_title = "Mini Rogue: a new delve"
            yield Label(Text("Difficulty"))
            with Choices(id="difficulty"):
                for name in DIFFICULTIES:
                    yield Choice(DIFFICULTY_NAMES[name], value=name == DEFAULT_DIFFICULTY,
                                 name=name)
            yield KeysBox("Dungeon Keys: a key from a trap room on each level", id="keys")
            yield Label(Text("Dungeon"), id="dungeon-label")
            with Choices(id="dungeon"):
                yield Choice(f"Today's daily dungeon ({self.today.isoformat()}), this computer's "
                             "board", value=True,
                             name="daily")
                yield Choice("The server's daily dungeon, on its board of the day",
                             name="server")
                yield Choice("A seed of your own, to share", name="seed")
            # Letters are kept on show, not dropped, so the note under the box is clear.
            yield Input(placeholder="Seed: a whole number, such as 2026", id="seed",
                        max_length=20)
            yield Static(id="problem")
            yield Button("Start", id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#difficulty", RadioSet).focus()

    def action_focus_next(self) -> None:
        self.focus_next()

    def action_focus_previous(self) -> None:
        self.focus_previous()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value:  # typing a seed means playing it
            self.query_one("#dungeon", RadioSet).query(RadioButton).last().value = True
        # Said as soon as a letter is typed, not only at Start.
        self.query_one("#problem", Static).update(
            Text(digits_only(event.value, blank_allowed=False)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def how_played(self) -> tuple[str, bool]:
        """The difficulty and the Dungeon Keys variant chosen."""
        chosen = self.query_one("#difficulty", RadioSet).pressed_button
        difficulty = chosen.name if chosen is not None and chosen.name else DEFAULT_DIFFICULTY
        return difficulty, self.query_one("#keys", MarkedCheckbox).value

    def setup(self) -> Setup | None:
        """The delve the form describes, or None after saying what is wrong."""
        difficulty, keys = self.how_played()
        dungeon = self.query_one("#dungeon", RadioSet).pressed_button
        if dungeon is None or dungeon.name == "daily":
            return Setup.daily(self.today, difficulty, keys)
        text = self.query_one("#seed", Input).value
        problem = seed_problem(text)
        if problem:
            self.query_one("#problem", Static).update(Text(problem))
            self.query_one("#seed", Input).focus()
            return None
        return Setup(int(text), difficulty, keys)

    def action_start(self) -> None:
        dungeon = self.query_one("#dungeon", RadioSet).pressed_button
        if dungeon is not None and dungeon.name == "server":
            self.query_one("#problem", Static).update(Text("Asking the server for its daily "
                                                           "dungeon…"))
            self.fetch_server_daily(*self.how_played())
            return
        setup = self.setup()
        if setup is not None:
            self.start(setup)

    def start(self, setup: Setup) -> None:
        from app.games.minirogue.screens.play import MiniRogueScreen

        if self.is_attached:
            self.app.switch_screen(MiniRogueScreen(setup))

    @work(thread=True, exclusive=True, group="server-daily")
    def fetch_server_daily(self, difficulty: str, keys: bool) -> None:
        """Today's seed from the community server (its own, published when the day starts);
        the delve ranks there on the day's board. A failure is said under the form."""
        from engine.core import shown
        from engine.minirogue import GAME
        from services import community

        try:
            server = community.server_url(None)
            seed = community.Client(server, timeout=10.0).daily(GAME)["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
                raise community.CommunityError("the server sent no seed for its daily dungeon")
        except community.CommunityError as error:
            line = f"The server's daily dungeon is not to be had: {shown(str(error))}"
            self.app.call_from_thread(self.say_problem, line)
            return
        self.app.call_from_thread(self.start, Setup(seed, difficulty, keys))

    def say_problem(self, line: str) -> None:
        if self.is_attached:
            self.query_one("#problem", Static).update(Text(line))

    def action_boards(self) -> None:
        from app.games.minirogue.screens.boards import MiniRogueBoardsScreen

        self.app.push_screen(MiniRogueBoardsScreen(self.today))

    def action_help(self) -> None:
        show_help(self, glossary.HELP)

    def action_back(self) -> None:
        self.app.pop_screen()
