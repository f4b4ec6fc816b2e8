"""Mini Rogue in words for the app: services.words.minirogue's sentences (shared with the
server's run pages), the log's as Rich Text."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from app.words import styled
from engine.core import Event
from services.words import minirogue as told
from services.words.minirogue import (
    DIFFICULTIES,
    PURPOSES,
    WAITING,
    action_label,
    cause_text,
    plural,
    room_name,
    spell_name,
)

__all__ = ["DIFFICULTIES", "PURPOSES", "WAITING", "Narrator", "action_label", "cause_text",
           "plural", "room_name", "spell_name"]


class Narrator(told.Narrator):
    """Mini Rogue's narrator with its lines as Rich Text, for the app's logs."""

    def lines(self, events: Iterable[Event]) -> list[Text]:  # type: ignore[override]
        return [styled(line) for line in super().lines(events)]
