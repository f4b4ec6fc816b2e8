"""First-time tips: one line in the log the first time a player meets something the rules
allow but a newcomer would not guess. Each is shown once per player (services.settings keeps
which were seen) and Settings turns them all off."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from services.settings import take_tip

if TYPE_CHECKING:
    from engine.cardrogue import View

WALK_ON = "cardrogue.walk_on"
WALK_ON_TEXT = ("Tip: a turn that has only moved may walk on: follow the face-up path with the "
                "arrows, then end the turn.")


def level_tip(view: View) -> Text | None:
    """The tip for a story level that begins with a face-up path (where walking on pays), the
    first time a player meets one; None otherwise."""
    if view.mode != "story" or view.outcome is not None or view.level_moves:
        return None  # only as a story level begins
    if not any(c.face == "revealed" and c.card is None for c in view.cells):  # a bare path
        return None
    return Text(WALK_ON_TEXT, style="italic") if take_tip(WALK_ON) else None
