"""The editor's forms: the base form, map properties, level properties and play from here. The
legend entry's form is in legend_form.py, the card palette in card_palette.py, and the fields
they all read in fields.py.

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
from textual.widgets import (
    Button,
    Input,
    OptionList,
    Select,
    SelectionList,
    Static,
    TextArea,
)
from textual.widgets.option_list import Option

from app.games.cardrogue.editor import cards
from app.games.cardrogue.editor.fields import (
    MAX_HINTS,
    FormError,
    card_label,
    changed_fields,
    keep_order,
    labelled,
    number_text,
    read_hints,
    read_int,
    read_line,
    read_text,
    selected_value,
)
from app.games.cardrogue.editor.model import MAP, MAX_SIDE, MapModel
from app.widgets.marked_options import MarkedOptionList

ResultType = TypeVar("ResultType")

LEVEL_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


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
        yield MarkedOptionList(id="items", classes="picked")
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
        yield labelled("Seed", Input(number_text(model.field(MAP, "seed")), id="seed",
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
            yield labelled(key.capitalize(), Input(number_text(model.field(level, key)),
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
            MarkedOptionList(id="goals", classes="picked"),
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
            yield labelled(f"Starting {key}", Input(number_text(model.field(level, key)),
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
