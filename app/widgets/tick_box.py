"""A checkbox that reads without colour: "[x]" when on, "[ ]" when off. Textual's Checkbox
draws the same mark both ways and tells them apart by colour alone."""

from __future__ import annotations

from textual.widgets import Checkbox


class TickBox(Checkbox):
    """A Checkbox whose mark is "[x]" when on and "[ ]" when off."""

    # The whole mark is the inner part, so it is drawn in one style; the sides would be drawn
    # in the button's background colour and could vanish.
    BUTTON_LEFT = ""
    BUTTON_RIGHT = ""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "[x]" if self.value else "[ ]"
