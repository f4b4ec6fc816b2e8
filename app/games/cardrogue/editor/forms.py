"""The editor's forms: map properties, level properties, a legend entry, and the card palette.

Each form is a modal screen that only reads the model. OK dismisses it with what the author
changed and Escape or Cancel with None; the editor applies the result inside one stroke, so a
single undo reverts a whole form. Text that comes from a map is shown literally (Content and
rich Text, never markup).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Generic, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    OptionList,
    Select,
    SelectionList,
    Static,
    TextArea,
)
from textual.widgets.option_list import Option

from app.games.cardrogue.editor import cards
from app.games.cardrogue.editor.model import MAP, MAX_SIDE, MapModel
from engine.cardrogue import BUILTIN_GLYPHS, OVERRIDABLE

ResultType = TypeVar("ResultType")

# Control characters the schema refuses: in one-line fields, and in texts (tabs and newlines
# are allowed there).
LINE_FORBIDDEN = re.compile(r"[\x00-\x1f\x7f-\x9f]")
TEXT_FORBIDDEN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
LEVEL_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class FormError(ValueError):
    """A value the form refuses; its message is shown to the author."""


# ---------------------------------------------------------------------- reading fields

def read_int(widget: Input, label: str, low: int, high: int, required: bool = False) -> int | None:
    """The whole number in an Input (None when blank and allowed), within [low, high]."""
    text = widget.value.strip()
    if not text:
        if required:
            raise FormError(f"{label}: write a whole number from {low} to {high}.")
        return None
    try:
        value = int(text)
    except ValueError:
        raise FormError(f"{label}: {text!r} is not a whole number; write one from {low} to "
                        f"{high}.") from None
    if not low <= value <= high:
        raise FormError(f"{label}: {value} is out of range; write a whole number from {low} to "
                        f"{high}.")
    return value


def read_line(widget: Input, label: str, max_length: int, required: bool = False) -> str | None:
    text = widget.value.strip()
    if not text:
        if required:
            raise FormError(f"{label} cannot be blank.")
        return None
    if len(text) > max_length:
        raise FormError(f"{label}: at most {max_length} characters.")
    if LINE_FORBIDDEN.search(text):
        raise FormError(f"{label}: control characters are not allowed.")
    return text


def read_text(widget: TextArea, label: str, max_length: int) -> str | None:
    text = widget.text
    if not text.strip():
        return None
    if len(text) > max_length:
        raise FormError(f"{label}: at most {max_length:,} characters.")
    if TEXT_FORBIDDEN.search(text):
        raise FormError(f"{label}: control characters other than tabs are not allowed.")
    return text


MAX_HINTS = 10  # as schemas/map.schema.json allows


def read_hints(widget: TextArea) -> list[str] | None:
    """A level's hints, one a line (blank lines skipped); None when there are none."""
    hints = [line.strip() for line in widget.text.splitlines() if line.strip()]
    if len(hints) > MAX_HINTS:
        raise FormError(f"Hints: at most {MAX_HINTS}, one a line.")
    for hint in hints:
        if len(hint) > 200:
            raise FormError("Hints: at most 200 characters each.")
        if LINE_FORBIDDEN.search(hint):
            raise FormError("Hints: control characters are not allowed.")
    return hints or None


def read_faces(widget: Input, label: str) -> list[int] | None:
    """Die faces written like "5 6" or "5, 6"; None when blank."""
    words = widget.value.replace(",", " ").split()
    if not words:
        return None
    faces: list[int] = []
    for word in words:
        if word not in "123456" or len(word) != 1:
            raise FormError(f"{label}: {word!r} is not a die face; write faces 1 to 6, "
                            "like 5 6.")
        if int(word) not in faces:
            faces.append(int(word))
    return faces


def read_on_roll(widget: Input, label: str, effects: tuple[str, ...]) -> dict[str, str] | None:
    """Face effects written like "6=reroll_twice 1=miss"; None when blank."""
    words = widget.value.replace(",", " ").split()
    if not words:
        return None
    table: dict[str, str] = {}
    for word in words:
        face, _, effect = word.partition("=")
        if len(face) != 1 or face not in "123456" or effect not in effects:
            raise FormError(f"{label}: write face=effect pairs like 6=reroll_twice, with faces "
                            f"1 to 6 and effects {', '.join(effects)}.")
        table[face] = effect
    return table


def selected_value(widget: Select) -> Any:
    """A Select's value, None when it is blank."""
    return None if widget.is_blank() else widget.value


def changed_fields(model: MapModel, level: int, values: dict[str, Any]) -> dict[str, Any]:
    """The entries of `values` that differ from the model's (None meaning absent)."""
    return {key: value for key, value in values.items() if model.field(level, key) != value}


def keep_order(before: list[str], chosen: set[str], order: list[str]) -> list[str]:
    """The `chosen` values, those in `before` in its order and the rest in `order`, so an
    unchanged selection gives back an equal list."""
    kept = [value for value in before if value in chosen]
    return kept + [value for value in order if value in chosen and value not in kept]


def card_label(card_id: str) -> Text:
    """A card as the forms list it: its type (dimmed), its name, its id."""
    kind = cards.card_type(card_id) or "unknown"
    return Text.assemble((f"{kind:<9}", "dim"), cards.card_name(card_id), (f"  {card_id}", "dim"))


def labelled(label: str, *widgets: Widget, id: str | None = None, hint: str = "") -> Vertical:
    """A form row: a label, an optional dimmed hint, and the field's widgets."""
    parts: list[Widget] = [Label(Content(label), classes="field-label")]
    if hint:
        parts.append(Static(Content.styled(hint, "dim"), classes="field-hint"))
    return Vertical(*parts, *widgets, classes="field", id=id)


# ---------------------------------------------------------------------- items

class ItemsPicker(Vertical):
    """A list of item cards (a hero's starting hand): a card to choose and add, the list, and
    a button to remove the highlighted one. `items` is the list as it stands."""

    DEFAULT_CSS = "ItemsPicker { height: auto; }"

    def __init__(self, items: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.items = list(items)

    def compose(self) -> ComposeResult:
        yield Horizontal(
            Select([(card_label(c), c) for c, _ in cards.item_cards()], prompt="Choose an item",
                   id="item-choice"),
            Button("Add", id="add-item"), classes="row")
        yield OptionList(id="items", classes="picked")
        yield Button("Remove item", id="remove-item")

    def on_mount(self) -> None:
        self.show_items()

    def show_items(self) -> None:
        picked = self.query_one("#items", OptionList)
        picked.set_options([Option(card_label(item)) for item in self.items])

    @on(Button.Pressed, "#add-item")
    def add_item(self, event: Button.Pressed) -> None:
        event.stop()
        item = selected_value(self.query_one("#item-choice", Select))
        if item is None:
            self._say("Choose an item to add first.")
            return
        self.items.append(item)
        self.show_items()
        self._say("")

    def _say(self, text: str) -> None:
        if isinstance(self.screen, FormScreen):  # the picker is part of a form
            self.screen.show_message(text)

    @on(Button.Pressed, "#remove-item")
    def remove_item(self, event: Button.Pressed) -> None:
        event.stop()
        index = self.query_one("#items", OptionList).highlighted
        if index is not None and 0 <= index < len(self.items):
            del self.items[index]
            self.show_items()


def level_items(model: MapModel, level: int) -> list[str]:
    """The level's starting items, as a list of card ids."""
    items = model.field(level, "items")
    return [i for i in items if isinstance(i, str)] if isinstance(items, list) else []


# ---------------------------------------------------------------------- the base form

class FormScreen(ModalScreen[ResultType], Generic[ResultType]):
    """A dialog with a scrolling body, a message line, and OK and Cancel buttons that stay in
    view. Subclasses yield their fields from `fields` and build the result in `collect`,
    raising FormError for a value they refuse."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="form_cancel")]
    # The first field takes the keys, not the scrolling body around it.
    AUTO_FOCUS = "#body Input, #body Select, #body TextArea, #body SelectionList"

    DEFAULT_CSS = """
    FormScreen {
        align: center middle;
    }
    FormScreen #dialog {
        width: 78;
        max-width: 100%;
        height: 100%;
        max-height: 44;
        border: round $accent;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    FormScreen #body {
        height: 1fr;
    }
    FormScreen .field {
        height: auto;
        margin-bottom: 1;
    }
    FormScreen .field-label {
        text-style: bold;
    }
    FormScreen .row {
        height: auto;
    }
    FormScreen .row > Input, FormScreen .row > Select {
        width: 1fr;
    }
    FormScreen .row > Button {
        min-width: 10;
    }
    FormScreen TextArea {
        height: 6;
    }
    FormScreen SelectionList {
        height: auto;
        max-height: 10;
    }
    FormScreen OptionList.picked {
        height: auto;
        max-height: 6;
    }
    FormScreen #message {
        height: auto;
        color: $error;
        text-style: bold;
    }
    FormScreen #buttons {
        height: 3;
        align-horizontal: right;
    }
    FormScreen #buttons Button {
        margin-left: 1;
    }
    """

    heading = "Form"

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = self.heading
            with VerticalScroll(id="body"):
                yield from self.fields()
            yield Static("", id="message")
            with Horizontal(id="buttons"):
                yield Button("OK", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def fields(self) -> ComposeResult:
        yield from ()

    def collect(self) -> ResultType:
        raise NotImplementedError

    def show_message(self, text: str) -> None:
        self.query_one("#message", Static).update(Content(text))

    @on(Button.Pressed, "#ok")
    def submit(self, event: Button.Pressed | None = None) -> None:
        if event is not None:
            event.stop()
        try:
            result = self.collect()
        except FormError as problem:
            self.show_message(str(problem))
            return
        self.dismiss(result)

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------- map properties

class MapPropertiesScreen(FormScreen[dict[str, Any] | None]):
    """The map's title, author, kind, description, difficulty and seed. Dismisses with the
    changed keys ({key: new value}, None for removed) or None when cancelled."""

    heading = "Map properties"

    def __init__(self, model: MapModel) -> None:
        super().__init__()
        self.model = model

    def fields(self) -> ComposeResult:
        model = self.model
        kinds = cards.field_spec("map", "kind").choices
        kind = model.field(MAP, "kind")
        low, high = cards.number_range("map", "seed")
        yield labelled("Title", Input(model.field(MAP, "title") or "", id="title",
                                      max_length=200))
        yield labelled("Author", Input(model.field(MAP, "author") or "", id="author",
                                       max_length=200))
        yield labelled("Kind", Select([(Text(k), k) for k in kinds], allow_blank=False,
                                      value=kind if kind in kinds else kinds[-1], id="kind"))
        yield labelled("Description", TextArea(model.field(MAP, "description") or "",
                                               id="description", soft_wrap=True))
        ratings = cards.field_spec("map", "difficulty").choices
        rating = model.field(MAP, "difficulty")
        hint = "challenge maps only: shown in the list of challenges; none leaves it out"
        if rating is not None and rating not in ratings:
            hint = f"the file's rating {rating!r} is not one of {', '.join(ratings)}: choose one"
        yield labelled("Difficulty", Select([(Text(r), r) for r in ratings], prompt="none",
                                            value=rating if rating in ratings else Select.NULL,
                                            id="difficulty"), hint=hint)
        yield labelled("Seed", Input(_number_text(model.field(MAP, "seed")), id="seed",
                                     type="integer", placeholder="blank = 0"),
                       hint=f"{low} to {high}; blank leaves it out")

    def collect(self) -> dict[str, Any]:
        values = {
            "title": read_line(self.query_one("#title", Input), "Title", 200, required=True),
            "author": read_line(self.query_one("#author", Input), "Author", 200),
            "kind": self.query_one("#kind", Select).value,
            "description": read_text(self.query_one("#description", TextArea), "Description",
                                     20_000),
            "difficulty": selected_value(self.query_one("#difficulty", Select)),
            "seed": read_int(self.query_one("#seed", Input), "Seed",
                             *cards.number_range("map", "seed")),
        }
        if values["difficulty"] is not None and values["kind"] != "challenge":
            raise FormError("Difficulty: only challenge maps are rated; choose none, or make "
                            "the map a challenge.")
        return changed_fields(self.model, MAP, values)


def _number_text(value: Any) -> str:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else ""


# ---------------------------------------------------------------------- level properties

LEVEL_NUMBERS = ("health", "gold", "seed", "par")


class LevelPropertiesScreen(FormScreen[dict[str, Any] | None]):
    """A level's id, texts, characters, starting values, items, goals, exit and size.
    Dismisses with the changed keys ({key: new value}, None for removed; "width" and "height"
    only when the size changed) or None when cancelled."""

    heading = "Level properties"

    def __init__(self, model: MapModel, level: int) -> None:
        super().__init__()
        self.model = model
        self.level = level
        goals = model.field(level, "goals")
        self.goals: list[dict[str, Any]] = [dict(g) for g in goals if isinstance(g, dict)] \
            if isinstance(goals, list) else []

    def fields(self) -> ComposeResult:
        model, level = self.model, self.level
        yield labelled("Id", Input(self.text("id"), id="id", max_length=64),
                       hint="lower-case letters, digits, _ and -; unique in the map")
        yield labelled("Title", Input(self.text("title"), id="title", max_length=200))
        yield labelled("Story", TextArea(self.text("story"), id="story", soft_wrap=True),
                       hint="shown before the level starts")
        yield labelled("Epilogue", TextArea(self.text("epilogue"), id="epilogue", soft_wrap=True),
                       hint="shown when the level is complete")
        hints = model.field(level, "hints")
        yield labelled("Hints", TextArea("\n".join(h for h in hints if isinstance(h, str))
                                         if isinstance(hints, list) else "", id="hints"),
                       hint=f"one a line, up to {MAX_HINTS}: put in the log as the level starts")
        yield labelled("Characters", SelectionList[str](
            *[(Content(name), char_id, char_id in self.chosen_characters())
              for char_id, name in cards.characters()], id="characters"),
            hint="none: any character; one: that character; several: a choice")
        for key in LEVEL_NUMBERS:
            low, high = cards.number_range("level", key)
            yield labelled(key.capitalize(), Input(_number_text(model.field(level, key)),
                                                   id=key, type="integer"),
                           hint=f"{low} to {high}; blank leaves it out")
        width, height = model.size(level)
        yield labelled("Size (width x height)", Horizontal(
            Input(str(width), id="width", type="integer"),
            Input(str(height), id="height", type="integer"), classes="row"),
            hint=f"1 to {MAX_SIDE} each; cropping removes the cells outside")
        yield labelled("Starting items", ItemsPicker(level_items(model, level)),
                       hint="the hero's hand when the level starts; a card may be given twice")
        yield labelled("Goals", Horizontal(
            Select([(Text(k), k) for k in cards.GOAL_KINDS], allow_blank=False,
                   value="slay", id="goal-kind"),
            Select([], prompt="Choose a card", id="goal-card"),
            Button("Add", id="add-goal"), classes="row"),
            OptionList(id="goals", classes="picked"),
            Button("Remove goal", id="remove-goal"),
            hint="slay needs an enemy and hold an item; the others take no card")
        exit_kind = model.field(level, "exit")
        yield labelled("Exit", Select([(Text(k), k) for k in cards.EXIT_KINDS],
                                      allow_blank=False, id="exit",
                                      value=exit_kind if exit_kind in cards.EXIT_KINDS
                                      else "ladder"),
                       hint="start: leave by the start tile (last level only)")

    def text(self, key: str) -> str:
        value = self.model.field(self.level, key)
        return value if isinstance(value, str) else ""

    def on_mount(self) -> None:
        self.show_goals()
        self.offer_goal_cards("slay")

    def chosen_characters(self) -> list[str]:
        one, many = self.model.field(self.level, "character"), \
            self.model.field(self.level, "characters")
        if isinstance(one, str):
            return [one]
        return [c for c in many if isinstance(c, str)] if isinstance(many, list) else []

    # ------------------------------------------------------------------ items and goals

    def show_goals(self) -> None:
        picked = self.query_one("#goals", OptionList)
        picked.set_options([Option(goal_label(goal)) for goal in self.goals])

    def offer_goal_cards(self, kind: str) -> None:
        choice = self.query_one("#goal-card", Select)
        options = [(card_label(c), c) for c, _ in cards.goal_cards(kind)]
        choice.set_options(options)
        choice.disabled = not options

    @on(Select.Changed, "#goal-kind")
    def goal_kind_changed(self, event: Select.Changed) -> None:
        event.stop()
        if not event.select.is_blank():
            self.offer_goal_cards(str(event.value))

    @on(Button.Pressed, "#add-goal")
    def add_goal(self, event: Button.Pressed) -> None:
        event.stop()
        kind = self.query_one("#goal-kind", Select).value
        goal: dict[str, Any] = {"kind": kind}
        if kind in cards.GOALS_WITH_CARD:
            card = selected_value(self.query_one("#goal-card", Select))
            if card is None:
                self.show_message(f"A {kind} goal needs a card: choose one first.")
                return
            goal["card"] = card
        self.goals.append(goal)
        self.show_goals()
        self.show_message("")

    @on(Button.Pressed, "#remove-goal")
    def remove_goal(self, event: Button.Pressed) -> None:
        event.stop()
        index = self.query_one("#goals", OptionList).highlighted
        if index is not None and 0 <= index < len(self.goals):
            del self.goals[index]
            self.show_goals()

    # ------------------------------------------------------------------ the result

    def collect(self) -> dict[str, Any]:
        level_id = read_line(self.query_one("#id", Input), "Id", 64, required=True)
        assert level_id is not None
        if not LEVEL_ID.match(level_id):
            raise FormError("Id: use lower-case letters, digits, _ and -, starting with a "
                            "letter or digit.")
        others = {self.model.level_id(i) for i in range(self.model.level_count) if i != self.level}
        if level_id in others:
            raise FormError(f"Id: another level is already called {level_id!r}.")
        chosen = keep_order(self.chosen_characters(),
                            set(self.query_one("#characters", SelectionList).selected),
                            [char_id for char_id, _ in cards.characters()])
        values: dict[str, Any] = {
            "id": level_id,
            "title": read_line(self.query_one("#title", Input), "Title", 200),
            "story": read_text(self.query_one("#story", TextArea), "Story", 20_000),
            "epilogue": read_text(self.query_one("#epilogue", TextArea), "Epilogue", 20_000),
            "hints": read_hints(self.query_one("#hints", TextArea)),
            "character": chosen[0] if len(chosen) == 1 else None,
            "characters": chosen if len(chosen) > 1 else None,
        }
        for key in LEVEL_NUMBERS:
            values[key] = read_int(self.query_one(f"#{key}", Input), key.capitalize(),
                                   *cards.number_range("level", key))
        values["items"] = list(self.query_one(ItemsPicker).items) or None
        values["goals"] = [dict(goal) for goal in self.goals] or None
        # Absent and "ladder" mean the same; keep whichever the level has unless it changes.
        exit_kind = self.query_one("#exit", Select).value
        if exit_kind != (self.model.field(self.level, "exit") or "ladder"):
            values["exit"] = None if exit_kind == "ladder" else exit_kind
        changes = changed_fields(self.model, self.level, values)
        width = read_int(self.query_one("#width", Input), "Width", 1, MAX_SIDE, required=True)
        height = read_int(self.query_one("#height", Input), "Height", 1, MAX_SIDE, required=True)
        if (width, height) != self.model.size(self.level):
            changes["width"], changes["height"] = width, height
        return changes


class PlayFromHereScreen(FormScreen[dict[str, Any] | None]):
    """The hero's starting health, gold and items for a play-test from the cursor, the
    level's own to begin with. Dismisses with {"health", "gold", "items"} (None: the level's
    default) or None when cancelled."""

    heading = "Play-test from here"

    def __init__(self, model: MapModel, level: int) -> None:
        super().__init__()
        self.model = model
        self.level = level

    def fields(self) -> ComposeResult:
        model, level = self.model, self.level
        for key in ("health", "gold"):
            low, high = cards.number_range("level", key)
            yield labelled(f"Starting {key}", Input(_number_text(model.field(level, key)),
                                                    id=key, type="integer"),
                           hint=f"{low} to {high}; blank: the usual start")
        yield labelled("Starting items", ItemsPicker(level_items(model, level)),
                       hint="the hero's hand as the play-test starts")

    def collect(self) -> dict[str, Any]:
        values: dict[str, Any] = {
            key: read_int(self.query_one(f"#{key}", Input), f"Starting {key}",
                          *cards.number_range("level", key)) for key in ("health", "gold")}
        values["items"] = list(self.query_one(ItemsPicker).items) or None
        return values


def goal_label(goal: dict[str, Any]) -> Text:
    card = goal.get("card")
    label = Text(str(goal.get("kind")), style="bold")
    if isinstance(card, str):
        label.append(" ")
        label.append_text(Text(f"{cards.card_name(card)} ({card})"))
    return label


# ---------------------------------------------------------------------- legend entries

# Every option a legend table can hold, in the order the form shows them.
ALL_OPTIONS = ("revealed", "colour", "stock") + tuple(
    name for name in OVERRIDABLE if name not in ("revealed", "colour", "stock"))


class LegendOptionFields:
    """The option fields of a legend entry (numbers, abilities, stock, colour, revealed): made
    by `option_field` and read back by `read_option`, in the legend form and in the editor's
    inspector alike. The host is a widget or screen with an `options` dict (the entry's
    options as they are) and `query_one`."""

    options: dict[str, Any]
    query_one: Any
    compact_fields = False  # one-line fields, without borders

    def option_field(self, name: str) -> Vertical:
        spec = cards.legend_spec(name)
        value = self.options.get(name)
        label = name.replace("_", " ").capitalize()
        widgets: list[Widget]
        hint = spec.description
        compact = self.compact_fields
        if name == "revealed":
            widgets = [Checkbox("Face up from the start", value=value is True,
                                id="value-revealed", compact=compact)]
        elif spec.kind == "int":
            widgets = [Input(_number_text(value), id=f"value-{name}", type="integer",
                             placeholder=f"{spec.low} to {spec.high}", compact=compact)]
            hint = f"{spec.description} ({spec.low} to {spec.high}; blank = the card's own)"
        elif spec.kind == "bool":
            widgets = [Select([(Text("yes"), True), (Text("no"), False)],
                              prompt="the card's own", id=f"value-{name}", compact=compact,
                              value=value if isinstance(value, bool) else Select.NULL)]
        elif spec.kind == "choice":
            widgets = [Select([(Text(c), c) for c in spec.choices], prompt="from the seed",
                              id=f"value-{name}", compact=compact,
                              value=value if value in spec.choices else Select.NULL)]
        elif spec.kind == "faces":
            widgets = [Input(_faces_text(value), id=f"value-{name}", placeholder="e.g. 5 6",
                             compact=compact)]
        elif spec.kind == "chance":
            chance = value if isinstance(value, dict) else {}
            widgets = [Horizontal(
                Input(_faces_text(chance.get("on")), id=f"value-{name}-on",
                      placeholder="faces, e.g. 6", compact=compact),
                Input(_number_text(chance.get("turns")), id=f"value-{name}-turns",
                      type="integer", placeholder="turns, 1 to 20", compact=compact),
                classes="row")]
        elif spec.kind == "on_roll":
            text = " ".join(f"{face}={effect}" for face, effect in value.items()) \
                if isinstance(value, dict) else ""
            widgets = [Input(text, id=f"value-{name}", placeholder="e.g. 6=reroll_twice 1=miss",
                             compact=compact)]
        elif spec.kind == "cards":
            stock = [c for c in value if isinstance(c, str)] if isinstance(value, list) else []
            widgets = [SelectionList[str](
                *[(Content(f"{name_}  ({c})"), c, c in stock) for c, name_ in cards.stock_cards()],
                id=f"value-{name}")]
            hint = f"{spec.description} Nothing chosen: the standard stock."
        else:
            widgets = [Input(value if isinstance(value, str) else "", id=f"value-{name}",
                             max_length=spec.max_length or 0, placeholder="the card's own",
                             compact=compact)]
        return labelled(label, *widgets, id=f"opt-{name}", hint=hint)

    def read_option(self, name: str) -> Any:
        spec = cards.legend_spec(name)
        label = name.replace("_", " ").capitalize()
        if name == "revealed":
            return True if self.query_one("#value-revealed", Checkbox).value else None
        if spec.kind == "int":
            assert spec.low is not None and spec.high is not None
            return read_int(self.query_one(f"#value-{name}", Input), label, spec.low, spec.high)
        if spec.kind in ("bool", "choice"):
            return selected_value(self.query_one(f"#value-{name}", Select))
        if spec.kind == "faces":
            return read_faces(self.query_one(f"#value-{name}", Input), label)
        if spec.kind == "chance":
            faces = read_faces(self.query_one(f"#value-{name}-on", Input), f"{label} faces")
            low, high = cards.number_range("chance", "turns")
            turns = read_int(self.query_one(f"#value-{name}-turns", Input), f"{label} turns",
                             low, high)
            if faces is None and turns is None:
                return None
            if faces is None or turns is None:
                raise FormError(f"{label}: give both the faces and the turns, or neither.")
            return {"on": faces, "turns": turns}
        if spec.kind == "on_roll":
            return read_on_roll(self.query_one(f"#value-{name}", Input), label, spec.choices)
        if spec.kind == "cards":
            before = self.options.get(name)
            return keep_order(before if isinstance(before, list) else [],
                              set(self.query_one(f"#value-{name}", SelectionList).selected),
                              [c for c, _ in cards.stock_cards()]) or None
        return read_line(self.query_one(f"#value-{name}", Input), label, spec.max_length or 200)

    def read_options(self, names: list[str] | tuple[str, ...]) -> dict[str, Any]:
        """The options the author gave among `names` (blank fields left out)."""
        options: dict[str, Any] = {}
        for name in names:
            value = self.read_option(name)
            if value is not None:
                options[name] = value
        return options


class LegendEntryScreen(LegendOptionFields, FormScreen[tuple[str, Any] | None]):
    """Define or edit one legend entry of a level. Dismisses with (glyph, entry), where entry is
    the plain card id without options or a table {"card": id, ...options}, or None when
    cancelled. Only the options that mean something for the chosen card are shown."""

    heading = "Legend entry"

    def __init__(self, model: MapModel, level: int, glyph: str | None = None) -> None:
        super().__init__()
        self.model = model
        self.level = level
        self.glyph = glyph
        entry = model.legend(level).get(glyph) if glyph is not None else None
        self.card = cards.entry_card(entry)
        self.options = cards.entry_options(entry)

    def fields(self) -> ComposeResult:
        yield labelled("Glyph", Input(self.glyph or "", id="glyph", max_length=1),
                       hint="one character, not @ > . or a blank, unused on this level")
        choices = [(card_label(c), c) for group in cards.cards_by_type().values() for c, _ in group]
        if self.card is not None and cards.card_type(self.card) is None:
            choices.insert(0, (card_label(self.card), self.card))  # keep an unknown id visible
        yield labelled("Card", Select(choices, prompt="Choose a card", id="card",
                                      value=self.card if self.card is not None else Select.NULL))
        for name in ALL_OPTIONS:
            yield self.option_field(name)

    def on_mount(self) -> None:
        self.show_options_for(self.card)

    @on(Select.Changed, "#card")
    def card_changed(self, event: Select.Changed) -> None:
        event.stop()
        card_id = selected_value(event.select)
        glyph = self.query_one("#glyph", Input)
        if card_id is not None and not glyph.value:  # suggest a glyph the author may change
            glyph.value = cards.free_glyph(card_id, set(self.model.legend(self.level)))
        self.show_options_for(card_id)

    def show_options_for(self, card_id: str | None) -> None:
        wanted = set(cards.legend_options(card_id)) if card_id is not None else set()
        for name in ALL_OPTIONS:
            self.query_one(f"#opt-{name}").display = name in wanted

    def visible_options(self) -> list[str]:
        return [name for name in ALL_OPTIONS if self.query_one(f"#opt-{name}").display]

    # ------------------------------------------------------------------ the result

    def collect(self) -> tuple[str, Any]:
        glyph = self.query_one("#glyph", Input).value
        taken = set(self.model.legend(self.level)) - {self.glyph}
        # An entry that already uses a built-in glyph (a face-up ladder, say) may keep it.
        if glyph != self.glyph or glyph not in cards.RESERVED_GLYPHS:
            problem = cards.glyph_problem(glyph, taken)
            if problem:
                raise FormError(f"Glyph: {problem}")
        card = selected_value(self.query_one("#card", Select))
        if card is None:
            raise FormError("Card: choose the card this glyph places.")
        return glyph, cards.make_entry(card, self.read_options(self.visible_options()))

def _faces_text(value: Any) -> str:
    return " ".join(str(v) for v in value) if isinstance(value, list) else ""


# ---------------------------------------------------------------------- the card palette

GROUP_ORDER = ("Recent", "This level", *cards.PALETTE_GROUPS, "Other")


class CardPaletteScreen(FormScreen[tuple[str, Any] | None]):
    """Pick a card to paint, each line its glyph and name: the cards used most recently, this
    level's legend entries, then every standard card in groups (enemies, traps, items, potions,
    scrolls, tiles), narrowed by the filter. A card with a number key in the editor shows it.
    Dismisses with (glyph, None) for a legend entry and (glyph, card id) for a standard card,
    whose glyph is the level's plain entry for it if there is one, else the built-in glyph for
    start/ladder/path, else a free one; None when cancelled."""

    heading = "Cards"

    # While typing in the filter, the arrows still move through the list.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", show=False, id="palette_down"),
        Binding("up", "move(-1)", show=False, id="palette_up")]

    DEFAULT_CSS = """
    CardPaletteScreen #choices {
        height: 1fr;
    }
    """

    def __init__(self, model: MapModel, level: int, recent: Any = (),
                 keys: dict[tuple[str, Any], int] | None = None) -> None:
        """`recent`: (glyph, card) results, most recent first; `keys`: the editor's number
        key for a (glyph, card id placed)."""
        super().__init__()
        self.model = model
        self.level = level
        self.keys = keys or {}
        # Every line the palette can show: (group, text searched, label, result).
        self.entries: list[tuple[str, str, Text, tuple[str, Any]]] = []
        legend = model.legend(level)
        for glyph, card in recent:
            entry = legend.get(glyph) if card is None else card
            self.add("Recent", glyph, card, entry)
        for glyph, entry in legend.items():
            self.add("This level", glyph, None, entry)
        for kind, group in cards.cards_by_type().items():
            for card, _ in group:
                self.add(cards.palette_group(kind), self.glyph_for(card), card, card)
        self.entries.sort(key=lambda entry: GROUP_ORDER.index(entry[0]))  # stable within
        self.shown: list[tuple[str, Any] | None] = []  # each option's result; None: a heading

    def add(self, group: str, glyph: str, card: str | None, entry: Any) -> None:
        """A line: the glyph, the card's name (an entry's own name too), its id, its key."""
        card_id = cards.entry_card(entry) or "?"
        kind = cards.card_type(card_id) or "unknown"
        label = Text.assemble(("  ", ""), (glyph, "bold"), "  ", cards.card_name(card_id))
        name = entry.get("name") if isinstance(entry, dict) else None
        if isinstance(name, str):
            label.append_text(Text(f" “{name}”"))  # literal: a map's text is never markup
        label.append(f"  {card_id}", "dim")
        key = self.keys.get((glyph, card_id))
        if key is not None:
            label.append(f"  key {key}", "dim")
        # A legend entry is found by "legend", a standard card by its type.
        where = "legend" if card is None else kind
        search = f"{glyph} {card_id} {cards.card_name(card_id)} {name or ''} {where}"
        self.entries.append((group, search.lower(), label, (glyph, card)))

    def glyph_for(self, card_id: str) -> str:
        legend = self.model.legend(self.level)
        for glyph, entry in legend.items():
            if entry == card_id:
                return glyph
        for glyph, built_in in BUILTIN_GLYPHS.items():
            if built_in == card_id and glyph not in legend:
                return glyph
        return cards.glyph_for_new_entry(card_id, legend)

    def fields(self) -> ComposeResult:
        yield Input(placeholder="filter: type part of a name, id, type or glyph", id="filter")
        yield OptionList(id="choices")

    def on_mount(self) -> None:
        self.apply_filter("")
        self.query_one("#filter", Input).focus()  # typing narrows the list at once

    @on(Input.Changed, "#filter")
    def filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.apply_filter(event.value)

    def apply_filter(self, text: str) -> None:
        words = text.lower().split()
        matches = [entry for entry in self.entries if all(word in entry[1] for word in words)]

        def whole(entry: tuple[str, str, Text, tuple[str, Any]]) -> bool:
            return bool(words) and all(word in entry[1].split() for word in words)

        # Whole-word hits first, so "shop" puts the shop above the shopkeeper's debt: the
        # groups holding one first, then those hits within each group.
        best = {entry[0] for entry in matches if whole(entry)}
        matches.sort(key=lambda entry: (entry[0] not in best, GROUP_ORDER.index(entry[0]),
                                        not whole(entry)))
        options: list[Option] = []
        self.shown = []
        group = None
        for entry_group, _, label, result in matches:
            if entry_group != group:
                group = entry_group
                options.append(Option(Text(group, style="bold underline"), disabled=True))
                self.shown.append(None)
            options.append(Option(label))
            self.shown.append(result)
        choices = self.query_one("#choices", OptionList)
        choices.set_options(options)
        choices.highlighted = 1 if matches else None  # the first card, below its heading

    def action_move(self, step: int) -> None:
        choices = self.query_one("#choices", OptionList)
        if step > 0:
            choices.action_cursor_down()
        else:
            choices.action_cursor_up()

    @on(Input.Submitted, "#filter")
    def filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    @on(OptionList.OptionSelected, "#choices")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def collect(self) -> tuple[str, Any]:
        index = self.query_one("#choices", OptionList).highlighted
        result = self.shown[index] if index is not None and 0 <= index < len(self.shown) else None
        if result is None:
            raise FormError("Nothing matches the filter.")
        return result
