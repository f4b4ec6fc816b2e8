"""The rogue's two best skills: the game's own first decisions ("choose_skill" actions), taken
after the shared new-game form (app/screens/options_form.py) has set the game up from its seed.
Ctrl+O on the form lists the daily descents, today's first (app/screens/past_dailies.py); the
form opened on one offers that day's seed and says where the game goes (a past day's: the
archive board, unranked).

The skills offered are the engine's legal actions of a new game; once the second is picked,
both are played and the play screen takes over.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.games.roguelike import glossary
from app.games.roguelike.words import SKILL_USES, name
from app.screens.options_form import OptionsForm
from app.screens.rules import show_help
from app.widgets.marked_options import MarkedOptionList
from engine.core import Event, IllegalAction
from engine.roguelike import RULES, Action
from services.dailies import DayDungeon

SEED_NOTE = ("The seed draws the dungeon: the same seed, the same dungeon. Next, you choose "
             "the rogue's two best skills.")
INTRO = ("You are a rogue with nothing to your name, at the gate of the Dungeon of Chaos. Ten "
         "shifting levels below lies the Amulet of Yendor. Every skill starts at 1d6: choose "
         "the two you are best at (2d6). The computer is your Dungeon Master.")


def new_rogue(dungeon: DayDungeon | None = None) -> Screen[None]:
    """The shared new-game form for the game's setup (its seed), then the two skills; on a
    day's daily descent, that day's seed."""
    return NewRogueForm(dungeon)


class NewRogueForm(OptionsForm):
    """The form, with the daily descents a key away."""

    BINDINGS = [
        Binding("ctrl+o", "dailies", "Daily descent", id="roguelike_create_dailies",
                tooltip="Today's daily descent, or a past day's on its archive board"),
    ]

    def __init__(self, dungeon: DayDungeon | None = None) -> None:
        self.dungeon = dungeon
        if dungeon is None:
            super().__init__(RULES, SkillsScreen, glossary.HELP, note=SEED_NOTE)
            return
        super().__init__(RULES, self.skills, glossary.HELP, note=f"{dungeon.where}. {SEED_NOTE}",
                         seeds=((f"The daily descent of {dungeon.day}", dungeon.seed),))

    def skills(self, setup: dict[str, Any]) -> Screen[None]:
        """The skills, then play; on the day's seed the game goes on the day's board here (the
        server's daily goes on its seed's board here: the server places it on its own)."""
        dungeon = self.dungeon
        on_day = dungeon is not None and not dungeon.server and setup["seed"] == dungeon.seed
        return SkillsScreen(setup, dungeon.board if on_day and dungeon is not None else None)

    def action_dailies(self) -> None:
        from app.screens.past_dailies import PastDailiesScreen

        def chosen(dungeon: DayDungeon | None) -> None:
            if dungeon is not None and self.is_attached:
                self.app.switch_screen(NewRogueForm(dungeon))

        self.app.push_screen(PastDailiesScreen(RULES.name), chosen)


class SkillsScreen(Screen[None]):
    """Two skills from the list the engine offers, for the game `setup` (new_game's keywords)
    starts."""

    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", id="roguelike_create_help",
                tooltip="Keys and the rules of Rogue Like Roguelike"),
        Binding("escape", "back", "Back", id="roguelike_create_back"),
    ]

    DEFAULT_CSS = """
    SkillsScreen { align: center middle; }
    SkillsScreen #create-box { width: 64; max-width: 100%; height: auto; max-height: 100%; }
    SkillsScreen #create-title { text-style: bold; color: $accent; text-align: center; }
    SkillsScreen #intro { margin: 1 0; color: $text-muted; }
    SkillsScreen #skills { height: auto; max-height: 9; border: round $panel; }
    SkillsScreen.tall #skills { max-height: 15; }
    SkillsScreen #chosen { margin: 0 1; }
    """

    def __init__(self, setup: dict[str, Any], board: str | None = None) -> None:
        super().__init__()
        self.setup = setup
        self.board = board  # the board its run goes on; None: the one its GameInfo names
        self.chosen: list[str] = []
        # The engine's offer: what a new game takes as its first decisions.
        self.skills = [action.name or "" for action in RULES.new_game(**setup).legal_actions()
                       if action.kind == "choose_skill"]

    def compose(self) -> ComposeResult:
        with Vertical(id="create-box"):
            yield Static("Rogue Like Roguelike: a new rogue", id="create-title")
            yield Static(f"{INTRO} Seed {self.setup['seed']}.", id="intro")
            yield MarkedOptionList(*self._options(), id="skills")
            yield Static(id="chosen")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#skills", OptionList).focus()
        self._say()

    def on_resize(self) -> None:
        self.set_class(self.size.height >= 32, "tall")

    def _options(self) -> list[Option]:
        out = []
        for skill in self.skills:
            mark = "2d6" if skill in self.chosen else "1d6"
            use = SKILL_USES.get(skill)
            out.append(Option(Text(f"{mark}  {name(skill)}" + (f": {use}" if use else "")),
                              id=skill))
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

    def start(self) -> None:
        """Play the two picks on a fresh game; the engine takes them or says why not."""
        state = RULES.new_game(**self.setup)
        events: list[Event] = []
        try:
            for skill in self.chosen:
                events += state.apply(Action("choose_skill", name=skill))
        except IllegalAction as refusal:
            self.chosen.pop()
            self.notify(refusal.reason, severity="error", markup=False)
            self.refresh_skills()
            return
        from app.games.roguelike.screens.play import PlayScreen

        self.app.switch_screen(PlayScreen(state, events, self.board))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        show_help(self, glossary.HELP)
