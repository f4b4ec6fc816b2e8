"""A checkbox that reads without colour: Textual's draws "▐X▌" ticked or not (only the colour
of the X differs), so a player without colour could not tell them apart. Textual's
SelectionList draws its marks the same way, so a list of choices is a box per choice here."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.widgets import Checkbox


class MarkedCheckbox(Checkbox):
    """A Checkbox whose X shows only when it is ticked: "▐X▌" on, "▐ ▌" off."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "X" if self.value else " "


class FormCheckbox(MarkedCheckbox):
    """A form's box: Left and Right turn it on or off too, as they change the form's choices
    (app/widgets/choices.py)."""

    BINDINGS = [
        Binding("left,right", "toggle_button", show=False, id="checkbox_toggle_arrows"),
    ]


def choice_id(prefix: str, choice: str) -> str:
    """A widget id for one choice: what an id cannot hold (the ':' of "slay:golem") as '-'."""
    return f"{prefix}-{re.sub(r'[^A-Za-z0-9_-]', '-', choice)}"


class TickedChoices(Container):
    """A box to tick for each of `choices` (any number of them), each with its label, two to a
    row: the form's field for an option whose value is a list of choices. Its boxes' ids are
    its own id and the choice (choice_id)."""

    DEFAULT_CSS = """
    TickedChoices {
        height: auto;
        layout: grid;
        grid-size: 2;
        grid-rows: 1;
        grid-columns: auto 1fr;
    }
    TickedChoices MarkedCheckbox {
        padding: 0;
        width: 100%;
    }
    """

    def __init__(self, choices: Sequence[tuple[str, str]], ticked: Iterable[str] = (),
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices = tuple(choices)  # (choice, label)
        self.initially = set(ticked)

    def compose(self) -> ComposeResult:
        for choice, label in self.choices:
            yield MarkedCheckbox(label, value=choice in self.initially,
                                 id=choice_id(self.id or "choice", choice), compact=True)

    @property
    def selected(self) -> list[str]:
        """The choices ticked, in their order."""
        boxes = self.query(MarkedCheckbox)
        return [choice for (choice, _), box in zip(self.choices, boxes, strict=True)
                if box.value]
