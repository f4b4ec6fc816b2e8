"""Character creation: pick the two skills the rogue starts with at 2d6, and optionally a seed.

The two picks are the game's own first decisions ("choose_skill" actions): once the second is
picked, the game is set up from the seed and the play screen takes over.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from app.games.roguelike import glossary
from app.games.roguelike.words import name
from app.screens.rules import show_help
from app.seeds import fresh_seed
from app.widgets.marked_options import MarkedOptionList
from app.widgets.seed_note import seed_problem
from engine.core import Event, IllegalAction
from engine.roguelike import MAX_SEED, RULES, Action, skill_names

INTRO = ("You are a rogue with nothing to your name, at the gate of the Dungeon of Chaos. Ten "
         "shifting levels below lies the Amulet of Yendor. Every skill starts at 1d6: choose "
         "the two you are best at (2d6). The computer is your Dungeon Master.")


class CreateScreen(Screen[None]):
    """Two skills from the list, and a seed (blank: a random one)."""

    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", id="roguelike_create_help",
                tooltip="Keys and the rules of Rogue Like Roguelike"),
        Binding("escape", "back", "Back", id="roguelike_create_back"),
        Binding("ctrl+s", "focus_seed", "Seed", id="roguelike_create_seed",
                tooltip="Type a seed to draw the same dungeon again"),
    ]

    DEFAULT_CSS = """
    CreateScreen { align: center middle; }
    CreateScreen #create-box { width: 64; max-width: 100%; height: auto; max-height: 100%; }
    CreateScreen #create-title { text-style: bold; color: $accent; text-align: center; }
    CreateScreen #intro { margin: 1 0; color: $text-muted; }
    CreateScreen #skills { height: auto; max-height: 9; border: round $panel; }
    CreateScreen.tall #skills { max-height: 15; }
    CreateScreen #chosen { margin: 0 1; }
    CreateScreen #seed-note { margin: 0 1; color: $warning; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="create-box"):
            yield Static("Rogue Like Roguelike: a new rogue", id="create-title")
            yield Static(INTRO, id="intro")
            yield MarkedOptionList(*self._options(), id="skills")
            yield Static(id="chosen")
            yield Input(placeholder="Seed (leave blank for a random dungeon)", id="seed",
                        max_length=len(str(MAX_SEED)))
            yield Static(id="seed-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#skills", OptionList).focus()
        self._say()

    def on_resize(self) -> None:
        self.set_class(self.size.height >= 32, "tall")

    def _options(self) -> list[Option]:
        out = []
        for skill in skill_names():
            mark = "2d6" if skill in self.chosen else "1d6"
            out.append(Option(Text(f"{mark}  {name(skill)}"), id=skill))
        return out

    def _say(self) -> None:
        if self.chosen:
            left = 2 - len(self.chosen)
            text = f"At 2d6: {', '.join(name(s) for s in self.chosen)}. Choose {left} more."
        else:
            text = "Choose two skills with the arrows and Enter."
        self.query_one("#chosen", Static).update(text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        skill = event.option_id or ""
        if skill in self.chosen:
            self.chosen.remove(skill)
        else:
            self.chosen.append(skill)
        if len(self.chosen) == 2:
            self.start()
            return
        self.refresh_skills()

    def refresh_skills(self) -> None:
        """The skill list's 1d6/2d6 marks and the line under it, after a pick changed."""
        options = self.query_one("#skills", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        options.add_options(self._options())
        options.highlighted = highlighted
        self._say()

    def seed_problem(self) -> str:
        """What is wrong with the seed typed, or "" (letters are kept on show, not dropped,
        so the player sees what the note is about)."""
        return seed_problem(self.query_one("#seed", Input).value)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "seed":
            self.query_one("#seed-note", Static).update(self.seed_problem())

    def start(self) -> None:
        if problem := self.seed_problem():  # the second skill waits until the seed is fixed
            self.chosen.pop()
            self.notify(problem, severity="error", markup=False)
            self.refresh_skills()
            self.query_one("#seed", Input).focus()
            return
        text = self.query_one("#seed", Input).value.strip()
        seed = int(text) if text else fresh_seed(1 << 32)
        try:
            state = RULES.new_game(seed=seed)
            events: list[Event] = []
            for skill in self.chosen:
                events += state.apply(Action("choose_skill", name=skill))
        except (ValueError, IllegalAction) as error:
            self.chosen.pop()
            self.notify(str(error), severity="error", markup=False)
            self.refresh_skills()
            return
        from app.games.roguelike.screens.play import PlayScreen

        self.app.switch_screen(PlayScreen(state, events))

    def action_focus_seed(self) -> None:
        self.query_one("#seed", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#skills", OptionList).focus()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        show_help(self, glossary.HELP)
