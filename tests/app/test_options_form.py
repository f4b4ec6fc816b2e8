"""The shell's new-game form built from a game's option specs (app/screens/options_form.py): a
field of each kind with its default, the engine's refusals beside their fields, and the play
screen handed new_game's keywords once every field is right; for a game at a table, a row
per seat from its GameInfo, and the seats handed on with the keywords."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Input, Static

from app.screens.options_form import OptionsForm
from app.seats import EMPTY, HUMAN, Seat
from app.widgets.checkbox import MarkedCheckbox, TickedChoices
from app.widgets.choices import Choice, Choices
from app.widgets.seat_kind import SeatKind
from engine.core import GameInfo, OptionSpec

INFO = GameInfo(name="form-toy", long_name="Form Toy", options=(
    OptionSpec("size", "int", label="Size", help="how big", default=3, min=1, max=9),
    OptionSpec("colour", "choice", label="Colour", help="which", default="red",
               choices=("red", "blue")),
    OptionSpec("extras", "choice", label="Extras", help="any", default=("hat",), many=True,
               choices=("hat", "cane")),
    OptionSpec("fast", "bool", label="Fast", help="faster", default=False),
    OptionSpec("motto", "text", label="Motto", help="a motto"),
))


class FormToyRules:
    """new_game refuses a size over 9, a motto with a digit, and blue with a hat."""

    name = "form-toy"
    info = INFO

    def new_game(self, seed: int | None = None, **options: Any) -> object:
        INFO.check_options(options)
        if options.get("size", 3) > 9:
            raise ValueError("a size is at most 9")
        if any(ch.isdigit() for ch in options.get("motto", "")):
            raise ValueError("a motto has no digits")
        if options.get("colour") == "blue" and "hat" in options.get("extras", ()):
            raise ValueError("no hat goes with blue")
        return object()


class Started(Screen[None]):
    def __init__(self, setup: dict[str, Any]) -> None:
        super().__init__()
        self.setup = setup

    def compose(self) -> ComposeResult:
        yield Static("started")


class FormApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(OptionsForm(FormToyRules(), Started))  # type: ignore[arg-type]


def problem(form: OptionsForm, name: str) -> str:
    return str(form.query_one(f"#problem-{name}", Static).render())


async def test_each_option_is_a_field_of_its_kind_with_its_default() -> None:
    app = FormApp()
    async with app.run_test(size=(90, 40)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, OptionsForm)
        assert form.query_one("#option-size", Input).value == "3"
        assert form.query_one("#option-colour", Choices).chosen == "red"
        assert form.query_one("#option-extras", TickedChoices).selected == ["hat"]
        assert form.query_one("#option-fast", MarkedCheckbox).value is False
        assert form.query_one("#option-motto", Input).value == ""
        form.query_one("#option-fast", MarkedCheckbox).value = True
        form.query_one("#seed", Input).value = "12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, Started)
        # The motto was left blank and has no default: left out.
        assert app.screen.setup == {"seed": 12, "size": 3, "colour": "red", "extras": ["hat"],
                                    "fast": True}


async def test_refusals_stand_beside_their_fields_and_nothing_starts() -> None:
    app = FormApp()
    async with app.run_test(size=(90, 40)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, OptionsForm)
        form.query_one("#option-size", Input).value = "12"
        form.query_one("#option-motto", Input).value = "route 66"
        form.query_one("#seed", Input).value = "x1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert problem(form, "size") == "A size is at most 9."
        assert problem(form, "motto") == "A motto has no digits."
        assert "type only the digits" in problem(form, "seed")
        assert problem(form, "colour") == ""
        form.query_one("#option-size", Input).value = "4"
        form.query_one("#option-motto", Input).value = "onward"
        form.query_one("#seed", Input).value = ""
        form.query_one("#option-colour", Choices).choose("blue")
        await pilot.press("ctrl+s")
        await pilot.pause()
        # Each field is right alone; together the engine refuses them, under the form.
        assert app.screen is form and problem(form, "size") == ""
        assert str(form.query_one("#problem", Static).render()) == "No hat goes with blue."
        form.query_one("#option-extras-hat", MarkedCheckbox).value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, Started)
        assert isinstance(app.screen.setup["seed"], int)  # a blank seed is a random one


TABLE_INFO = GameInfo(name="table-toy", long_name="Table Toy", min_players=2, max_players=3,
                      computer_levels=("easy", "hard"), options=(
    OptionSpec("rounds", "int", label="Rounds", help="how many", default=2, min=1, max=5),
))


class TableToyRules:
    """A table of 2 or 3 different names; new_game knows nothing of who plays them."""

    name = "table-toy"
    info = TABLE_INFO

    def new_game(self, seed: int | None = None, **options: Any) -> object:
        TABLE_INFO.check_options(options)
        players = options.get("players")
        if players is None:
            raise ValueError("a table needs players")
        if not 2 <= len(players) <= 3:
            raise ValueError(f"a table seats 2 or 3, not {len(players)}")
        if len(set(players)) != len(players):
            raise ValueError("every player needs a name of their own")
        return object()


class StartedAtTable(Started):
    def __init__(self, setup: dict[str, Any], seats: list[Seat]) -> None:
        super().__init__(setup)
        self.seats = seats


class TableApp(App[None]):
    def __init__(self, seats: tuple[Seat, ...] = ()) -> None:
        super().__init__()
        self.seats = seats

    def on_mount(self) -> None:
        self.push_screen(OptionsForm(TableToyRules(), StartedAtTable,  # type: ignore[arg-type]
                                     seats=self.seats))


async def test_a_game_at_a_table_gets_a_row_per_seat_from_its_info() -> None:
    """The seats come from GameInfo alone: as many rows as max_players, each switching between
    a person, the game's computer levels and an empty seat; the play screen gets the names as
    `players` and who plays each seat."""
    app = TableApp()
    async with app.run_test(size=(90, 40)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, OptionsForm)
        assert len(form.query(".seat")) == 3
        assert "Two to three seats" in str(form.query_one("#seats-intro", Static).render())
        assert [form.query_one(f"#kind-{n}", SeatKind).kind for n in range(3)] == [
            HUMAN, HUMAN, EMPTY]
        assert form.query_one("#kind-0", SeatKind).kinds == (HUMAN, "easy", "hard", EMPTY)
        assert app.focused is form.query_one("#name-0")
        await pilot.press(*"Ann", "enter")  # Enter goes on to the next name
        assert app.focused is form.query_one("#name-1")
        await pilot.press("tab", "enter", "enter")  # seat 2: a person -> easy -> hard
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartedAtTable)
        assert app.screen.setup["players"] == ["Ann", "Computer 2"]
        assert app.screen.setup["rounds"] == 2
        assert app.screen.seats == [Seat("Ann"), Seat("Computer 2", "hard")]


async def test_the_engine_s_refusal_of_the_table_stands_under_the_seats() -> None:
    app = TableApp(seats=(Seat("Ann"), Seat("Ann", "easy")))
    async with app.run_test(size=(90, 40)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, OptionsForm)
        assert form.query_one("#name-1", Input).value == "Ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert problem(form, "players") == "Every player needs a name of their own."
        assert problem(form, "rounds") == problem(form, "seed") == ""
        form.query_one("#name-1", Input).value = ""  # the seat's own name: Computer 2
        form.query_one("#kind-0", SeatKind).action_turn(-1)  # seat 1: a person -> empty
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert problem(form, "players") == "A table seats 2 or 3, not 1."
        form.query_one("#kind-2", SeatKind).action_turn(1)  # seat 3: empty -> a person
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartedAtTable)
        assert app.screen.seats == [Seat("Computer 2", "easy"), Seat("Player 3")]


SETUPS_INFO = GameInfo(name="setups-toy", long_name="Setups Toy", min_players=1,
                       max_players=3, computer_levels=("easy",), options=(
    OptionSpec("map", "text", label="Map", help="a map", setup="story"),
    OptionSpec("perks", "choice", label="Perks for a solo player", help="any", default=(),
               choices=("luck", "slay:rat"), labels=("Good luck", "Slay the Rat"), many=True,
               setup="table", solo=True),
    OptionSpec("pace", "choice", label="Pace", help="how fast", default="slow",
               choices=("slow", "fast"), labels=("Take your time", "In a hurry")),
))


class SetupsToyRules:
    """Two ways to start: a story (map=) or a table (players=); perks for one player only."""

    name = "setups-toy"
    info = SETUPS_INFO

    def new_game(self, seed: int | None = None, **options: Any) -> object:
        SETUPS_INFO.check_options(options)
        if options.get("perks") and len(options.get("players", ())) != 1:
            raise ValueError("only a solo player has perks")
        return object()


class SetupsApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(OptionsForm(
            SetupsToyRules(), StartedAtTable, setup="table",  # type: ignore[arg-type]
            initial={"perks": ("slay:rat",)}, seats=(Seat("Ann"),), blank_is_empty=True,
            note="Perks are kept to the end."))


async def test_a_form_offers_one_setup_s_options_by_their_labels_and_seats_by_name() -> None:
    """The story's map is not asked at the table; choices read as their labels, with the
    game's own ticks; a person's seat without a name is empty (there is no "Empty seat"); and
    an option for a solo player is left out at a table of more."""
    app = SetupsApp()
    async with app.run_test(size=(90, 40)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, OptionsForm)
        assert not form.query("#option-map")
        assert str(form.query_one("#form").border_title) == "A new table game of Setups Toy"
        assert "Perks are kept" in str(form.query_one("#note", Static).render())
        rat = form.query_one("#option-perks-slay-rat", MarkedCheckbox)
        assert rat.value is True and "Slay the Rat" in str(rat.label)
        assert form.query_one("#option-perks-luck", MarkedCheckbox).value is False
        pace = form.query_one("#option-pace", Choices)
        assert [str(button.label) for button in pace.query(Choice)] == [
            "Take your time", "In a hurry"] and pace.chosen == "slow"
        assert form.query_one("#kind-1", SeatKind).kinds == (HUMAN, "easy")
        assert form.query_one("#name-1", Input).placeholder == "name (empty: no one)"
        form.query_one("#name-0", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert problem(form, "players") == "Give at least one player a name."
        form.query_one("#name-0", Input).value = "Ann"
        form.query_one("#name-1", Input).value = "ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert problem(form, "players") == "Give every player a different name."
        form.query_one("#name-1", Input).value = "Bo"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartedAtTable)
        assert app.screen.setup == {"seed": app.screen.setup["seed"], "players": ["Ann", "Bo"],
                                    "pace": "slow"}
