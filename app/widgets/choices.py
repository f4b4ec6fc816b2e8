"""A form's choice of one among a few, all on show: a dot marks the one chosen (not colour
alone), and the arrows choose as they move. Up and Down go on to the form's other fields."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import RadioButton, RadioSet


class Choice(RadioButton):
    """A radio button whose dot shows only when it is the one chosen. Its `name` is the value
    chosen."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "●" if self.value else " "


class Choices(RadioSet):
    """The choices: Left and Right choose as they move (Enter and Space choose too), starting
    from the one chosen; Up and Down move to the form's other fields, not through the
    choices."""

    BINDINGS = [
        Binding("right", "choose(1)", "Next choice", show=False, id="choice_next"),
        Binding("left", "choose(-1)", "Previous choice", show=False, id="choice_previous"),
        Binding("down", "screen.focus_next", show=False, id="choice_next_field"),
        Binding("up", "screen.focus_previous", show=False, id="choice_previous_field"),
    ]

    DEFAULT_CSS = """
    Choices {
        width: 100%;
        layout: horizontal;
    }
    Choices.-stacked {
        layout: vertical;
    }
    """

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

    @property
    def chosen(self) -> str | None:
        """The value chosen (its button's name), or None."""
        button = self.pressed_button
        return button.name if button is not None else None

    def choose(self, value: str) -> None:
        for button in self.query(Choice):
            if button.name == value:
                button.value = True


__all__ = ["Choice", "Choices"]
