"""THE END OF THE GAME: the hero wins by beating the boss of the last area, and dies when health
reaches 0 (or, in the Dungeon Keys variant, at a level's door without its key)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.minirogue.state import State

WON = "won"
DEAD = "dead"


def die(state: State, events: list[Event], cause: str) -> None:
    state.outcome, state.cause, state.pending = DEAD, cause, "over"
    state.fight = None
    events.append(Event("game_over", {"outcome": DEAD, "cause": cause, "area": state.area}))


def win(state: State, events: list[Event]) -> None:
    state.outcome, state.cause, state.pending = WON, "ogs_blood", "over"
    state.fight = None
    events.append(Event("game_over", {"outcome": WON, "cause": "ogs_blood", "area": state.area}))


def check_death(state: State, events: list[Event], cause: str) -> bool:
    """End the game if the hero has no health left; True when it ended."""
    if state.hero.hp > 0:
        return False
    die(state, events, cause)
    return True
