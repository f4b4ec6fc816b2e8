"""A checkbox that reads without colour: Textual's draws "▐X▌" ticked or not (only the colour
of the X differs), so a player without colour could not tell them apart."""

from __future__ import annotations

from textual.widgets import Checkbox


class MarkedCheckbox(Checkbox):
    """A Checkbox whose X shows only when it is ticked: "▐X▌" on, "▐ ▌" off."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "X" if self.value else " "
