"""SKILL CHECKS: one die, a success on a face no higher than the hero's rank."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.minirogue.state import State


def skill_check(state: State, events: list[Event], purpose: str) -> bool:
    face = state.roll("skill")
    success = face <= state.hero.rank
    events.append(Event("skill_check", {"roll": face, "rank": state.hero.rank,
                                        "success": success, "for": purpose}))
    return success
