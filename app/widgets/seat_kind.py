"""Who plays a seat at a table: a person, the computer at a level, or (where a game allows) no
one. Used by every game played around one keyboard."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static


class SeatKind(Static, can_focus=True):
    """A seat's kind, one of `kinds` (shown by `labels`). Enter, Space, the arrows or a click
    change it. Unlike a button, it takes every key press, however quick."""

    BINDINGS = [
        Binding("enter,space,right", "turn(1)", "Change", id="seat_kind_next",
                tooltip="Change who plays this seat"),
        Binding("left", "turn(-1)", show=False, id="seat_kind_previous",
                tooltip="Change who plays this seat, the other way"),
    ]

    DEFAULT_CSS = """
    SeatKind {
        width: 24;
        margin: 0 0 0 1;
        padding: 0 1;
        background: $panel;
    }
    SeatKind:focus {
        background: $accent;
        text-style: bold;
    }
    """

    class Changed(Message):
        def __init__(self, kind: SeatKind) -> None:
            super().__init__()
            self.kind = kind

    def __init__(self, kind: str, kinds: Sequence[str], labels: Mapping[str, str],
                 **options: Any) -> None:
        super().__init__(**options)
        self.kinds = tuple(kinds)
        self.labels = labels
        self.kind = kind

    def render(self) -> Text:
        return Text(f"◂ {self.labels[self.kind]} ▸")

    def action_turn(self, step: int) -> None:
        self.kind = self.kinds[(self.kinds.index(self.kind) + step) % len(self.kinds)]
        self.refresh()
        self.post_message(self.Changed(self))

    def on_click(self) -> None:
        self.action_turn(1)
