"""A new-game form built from a game's option specs (`rules.info.options`, those of one
`setup` for a game started in more than one way), for a game that does not write its own: a
field per option (a number, a choice, boxes to tick, a line of text) with its label, default
and range, the seats of a game at a table (app/widgets/seats.py), and the seed. Each field's problem is the engine's own
words (new_game's ValueError), shown beside it; nothing starts until every one is fixed. The
form hands the play screen the keywords new_game took, as a run's `setup()` gives them, and a
game at a table its seats too (who plays each, a person or the computer at a level).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Static

from app.registry import Help
from app.screens.rules import show_help
from app.seats import Seat
from app.seeds import fresh_seed
from app.widgets.checkbox import FormCheckbox, MarkedCheckbox, TickedChoices
from app.widgets.choices import Choice, Choices
from app.widgets.seats import SeatsField
from app.widgets.seed_note import seed_problem
from engine.core import MAX_SEED, OptionSpec, Rules, shown

WHOLE_NUMBER = re.compile(r"-?[0-9]+")
# What a field's reader gives for a field left blank whose option has no default: leave it out.
LEFT_OUT = object()


def option_field(spec: OptionSpec, value: Any) -> Widget:
    """The field for one option, showing `value` (its default, or what a game starts it at)."""
    field_id = f"option-{spec.name}"
    if spec.kind == "bool":
        return FormCheckbox(spec.label, value=bool(value), id=field_id)
    labelled = [(choice, spec.choice_label(choice)) for choice in spec.choices]
    if spec.kind == "choice" and spec.many:
        return TickedChoices(labelled, value or (), id=field_id)
    if spec.kind == "choice":
        return Choices(*(Choice(words, value=choice == value, name=choice)
                         for choice, words in labelled), id=field_id)
    return Input("" if value is None else str(value), placeholder=hint(spec), id=field_id,
                 max_length=200)


def label(spec: OptionSpec) -> str:
    """A field's label, with a number's range."""
    if spec.kind == "int" and spec.min is not None and spec.max is not None:
        return f"{spec.label} ({spec.min} to {spec.max})"
    return spec.label


def hint(spec: OptionSpec) -> str:
    """What a typed field takes, for its placeholder."""
    if spec.kind != "int":
        return spec.help
    if spec.min is not None and spec.max is not None:
        return f"a whole number from {spec.min} to {spec.max}"
    return "a whole number"


class OptionsForm(Screen[None]):
    """The form. Ctrl+S (or Enter in a typed field, or the Start button) starts the game on the
    play screen `play` makes: play(setup) from new_game's keywords, or for a game at a table
    (GameInfo.seated) play(setup, seats), its `players` being the seats' names. `seats` starts
    the seats (when playing again: the same table), `seat_colours` colours their labels.
    `setup` picks the options of one way of starting the game; `initial` starts fields at
    values of the game's choosing (a default of its form, not new_game's); `note` is a line of
    the game's own under the seats; `blank_is_empty` seats players by name (SeatsField);
    `seeds` are seeds the game offers by name (Mini Rogue's daily dungeon), the first chosen
    at first, beside a seed of the player's own."""

    EXTRA_KEYS = (("↑ ↓ Tab", "Move between the fields"), ("← →", "Change a choice"),
                  ("← → Space", "Turn a box on or off"))
    AUTO_FOCUS = "#form *"  # the first field, not the scrolling form

    BINDINGS = [
        Binding("down", "focus_next", show=False, id="options_form_next_field"),
        Binding("up", "focus_previous", show=False, id="options_form_previous_field"),
        Binding("ctrl+s", "start", "Start", id="options_form_start", tooltip="Start the game"),
        Binding("escape", "back", "Back", id="options_form_back", tooltip="Back to the title"),
        Binding("f1,question_mark", "help", "Help", id="options_form_help",
                tooltip="Keys and the terms of the game"),
    ]

    DEFAULT_CSS = """
    OptionsForm {
        align: center middle;
    }
    OptionsForm #form {
        width: 68;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    OptionsForm Label {
        text-style: bold;
        margin: 1 0 0 0;
    }
    OptionsForm .problem {
        color: $error;
        height: auto;
        display: none;
    }
    OptionsForm .problem.-said {
        display: block;
    }
    OptionsForm #seed-row {
        height: auto;
        margin: 1 0 0 0;
    }
    OptionsForm #seed-row Label {
        width: 8;
        margin: 0;
    }
    OptionsForm #seed {
        width: 1fr;
    }
    OptionsForm #start {
        margin: 1 0;
    }
    OptionsForm #note {
        color: $text-muted;
        margin: 1 0 0 0;
    }
    """

    def __init__(self, rules: Rules, play: Callable[..., Screen[Any]], help: Help | None = None,
                 *, seats: Sequence[Seat] = (), seat_colours: Sequence[str] = (),
                 setup: str = "", initial: Mapping[str, Any] | None = None, note: str = "",
                 blank_is_empty: bool = False,
                 seeds: Sequence[tuple[str, int]] = ()) -> None:
        super().__init__()
        self.rules = rules
        self.play = play
        self.help = help
        self.initial_seats = tuple(seats)
        self.seat_colours = tuple(seat_colours)
        self.setup_name = setup
        self.initial = dict(initial or {})
        self.note = note
        self.blank_is_empty = blank_is_empty
        self.named_seeds = tuple(seeds)

    @property
    def specs(self) -> tuple[OptionSpec, ...]:
        """The options of this form's setup."""
        return tuple(spec for spec in self.rules.info.options
                     if spec.setup in ("", self.setup_name))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form") as form:
            kind = f"{self.setup_name} game" if self.setup_name else "game"
            form.border_title = f"A new {kind} of {self.rules.info.long_name}"
            form.border_subtitle = "Ctrl+S starts · Esc goes back"
            if self.rules.info.seated:
                yield SeatsField(self.rules.info, self.initial_seats, self.seat_colours,
                                 id="seats", blank_is_empty=self.blank_is_empty)
                yield Static(id="problem-players", classes="problem")
            if self.note:
                yield Static(Text(self.note), id="note")
            for spec in self.specs:
                if spec.kind != "bool":  # a box to tick carries its own label
                    yield Label(Text(label(spec)))
                yield option_field(spec, self.initial.get(spec.name, spec.default))
                yield Static(id=f"problem-{spec.name}", classes="problem")
            yield from self.seed_fields()
            yield Static(id="problem-seed", classes="problem")
            yield Static(id="problem", classes="problem")
            yield Button("Start the game", id="start", variant="primary", compact=True)
        yield Footer()

    def seed_fields(self) -> ComposeResult:
        # Any text is kept on show: a letter is explained, not silently dropped.
        if not self.named_seeds:
            with Horizontal(id="seed-row"):
                yield Label(Text("Seed"))
                yield Input(placeholder="empty: a random one", id="seed", max_length=30,
                            compact=True)
            return
        yield Label(Text("Seed"))
        yield Choices(*(Choice(Text(words), value=n == 0, name=f"named-{n}")
                        for n, (words, _) in enumerate(self.named_seeds)),
                      Choice("A seed of your own, to share", name="own"), id="seed-choice",
                      classes="-stacked")
        yield Input(placeholder="Seed: a whole number, such as 2026 (empty: a random one)",
                    id="seed", max_length=30)

    # -- reading the fields

    def typed(self, spec: OptionSpec) -> object:
        """The value of an option's field, LEFT_OUT, or a ValueError saying why a typed number
        cannot be read."""
        field = self.query_one(f"#option-{spec.name}")
        if isinstance(field, MarkedCheckbox):
            return field.value
        if isinstance(field, TickedChoices):
            return field.selected
        if isinstance(field, Choices):
            return LEFT_OUT if field.chosen is None else field.chosen
        assert isinstance(field, Input)
        text = field.value.strip() if spec.kind == "int" else field.value
        if not text and spec.default is None:
            return LEFT_OUT
        if spec.kind != "int":
            return text
        if not WHOLE_NUMBER.fullmatch(text) or len(text) > 30:
            return ValueError(f"{spec.label} is a whole number: type only the digits 0 to 9")
        return int(text)

    def seed(self) -> int | ValueError:
        if self.named_seeds:
            chosen = self.query_one("#seed-choice", Choices).chosen or ""
            if chosen.startswith("named-"):
                return self.named_seeds[int(chosen.removeprefix("named-"))][1]
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return fresh_seed()
        if problem := seed_problem(text):
            return ValueError(problem)
        if int(text) > MAX_SEED:  # said here: the engine's words would repeat a long number
            return ValueError(f"The seed is a number from 0 to {MAX_SEED}.")
        return int(text)

    def seats(self) -> list[Seat]:
        """The seats taken (none for a game without a table)."""
        if not self.rules.info.seated:
            return []
        return self.query_one("#seats", SeatsField).seats()

    def setup(self) -> dict[str, Any] | None:
        """new_game's keywords, or None after saying beside each field what is wrong with it:
        the table is tried in the engine, then each option and the seed alone at that table,
        then all of them together. A field is tried with seed 0, which every game takes."""
        problems: dict[str, str] = {}
        options: dict[str, Any] = {}
        seats = self.seats()
        table = {"players": [seat.name for seat in seats]} if self.rules.info.seated else {}
        if table and (problem := self.query_one("#seats", SeatsField).problem(
                self.refusal(seed=0, **table))):
            problems["players"] = problem
        for spec in self.specs:
            if spec.solo and len(seats) > 1:
                continue  # its field stays, for when the table is one player again
            value = self.typed(spec)
            if isinstance(value, ValueError):
                problems[spec.name] = str(value)
            elif value is not LEFT_OUT:
                options[spec.name] = value
                if "players" not in problems and (
                        problem := self.refusal(seed=0, **table, **{spec.name: value})):
                    problems[spec.name] = problem
        seed = self.seed()
        if isinstance(seed, ValueError):
            problems["seed"] = str(seed)
        elif "players" not in problems and (problem := self.refusal(seed=seed, **table)):
            problems["seed"] = problem
        whole = "" if problems else self.refusal(seed=seed, **table, **options)
        for name in (*table, *(spec.name for spec in self.specs), "seed"):
            self.say(f"#problem-{name}", problems.get(name, ""))
        self.say("#problem", whole)
        if problems or whole:
            return None
        return {"seed": seed, **table, **options}

    def refusal(self, **setup: Any) -> str:
        """The engine's words for why new_game refuses `setup`, else ""."""
        try:
            self.rules.new_game(**setup)
        except ValueError as error:
            words = shown(str(error))
            return words[:1].upper() + words[1:] + ("" if words.endswith(".") else ".")
        return ""

    # -- keys

    def action_start(self) -> None:
        setup = self.setup()
        if setup is None:
            return
        if self.rules.info.seated:
            self.app.switch_screen(self.play(setup, self.seats()))
        else:
            self.app.switch_screen(self.play(setup))

    def on_input_changed(self, event: Input.Changed) -> None:
        """A letter in the seed is explained at once, as it is typed."""
        if event.input.id == "seed":
            self.say("#problem-seed", seed_problem(event.value))
            if event.value and self.named_seeds:  # typing a seed means playing it
                self.query_one("#seed-choice", Choices).choose("own")

    def say(self, where: str, problem: str) -> None:
        """Show a problem line (a line without one takes no room)."""
        line = self.query_one(where, Static)
        line.update(Text(problem))
        line.set_class(bool(problem), "-said")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()

    def action_focus_next(self) -> None:
        self.focus_next()

    def action_focus_previous(self) -> None:
        self.focus_previous()

    def action_help(self) -> None:
        if self.help is not None:
            show_help(self, self.help)

    def action_back(self) -> None:
        self.app.pop_screen()
