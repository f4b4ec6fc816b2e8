"""LEVELING UP, and the XP pile moves it shares with a royal's play.

After an ace is drawn, every living player gains max health and health, then sorts the top cards
of their XP pile one by one: into the discard pile (soon in the hand) or to the pile's bottom.
Each card is sorted once: a pile of fewer than three cards gives fewer moves. A player who
played a royal may make one move: top XP card to the bottom, a hand card to the bottom, or top
XP card to the discard pile; or decline.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.tabledungeon.actions import Action

if TYPE_CHECKING:
    from engine.tabledungeon.state import State


def level_up(state: State, events: list[Event]) -> None:
    data = state.data
    state.level += 1
    events.append(Event("level_up", {"level": state.level}))
    for number in state.living():
        seat = state.seats[number]
        seat.max_health += data.level_up_max_health
        seat.health = min(seat.max_health, seat.health + data.level_up_heal)
        events.append(Event("grew", {"seat": number, "health": seat.health,
                                     "max_health": seat.max_health}))
        state.pending.append(("level", number))


def cards_to_sort(state: State, number: int) -> int:
    """How many top XP cards a level up sorts: three, or the whole pile when it holds fewer."""
    return min(state.data.level_up_xp_cards, len(state.seats[number].xp))


def can_choose(state: State, kind: str, number: int) -> bool:
    """Whether a waiting decision has any move at all (an empty XP pile leaves none)."""
    seat = state.seats[number]
    if not seat.alive:
        return False
    return bool(seat.xp) or (kind == "royal" and bool(seat.hand))


def why_not(state: State, action: Action, waiting: str) -> str | None:
    seat = state.seats[state.current]
    if action.kind in ("xp_to_bottom", "xp_to_discard"):
        return None if seat.xp else "your XP pile is empty"
    if action.kind in ("hand_to_xp", "decline"):
        if waiting != "royal":
            return "on a level up, sort the top XP card: to the discard pile or the bottom"
        if action.kind == "decline":
            return None
        return None if action.card in seat.hand else f"{action.card} is not in your hand"
    if waiting == "royal":
        return "you played a royal: make one XP pile move, or decline"
    return "you levelled up: sort the top XP card to the discard pile or the bottom"


def act(state: State, action: Action, events: list[Event]) -> None:
    number = state.current
    seat = state.seats[number]
    if action.kind == "decline":
        events.append(Event("declined", {"seat": number}))
    elif action.kind == "hand_to_xp":
        code = action.card or ""
        seat.hand.remove(code)
        seat.xp.append(code)
        # The card came from a hidden hand and lies under the pile: events name no hidden card.
        events.append(Event("hand_to_xp", {"seat": number,
                                           "xp_top": seat.xp[0] if seat.xp else None}))
    elif action.kind == "xp_to_bottom":
        code = seat.xp.pop(0)
        seat.xp.append(code)
        events.append(Event("xp_to_bottom", {"seat": number, "card": code,
                                             "xp_top": seat.xp[0] if seat.xp else None}))
    else:
        code = seat.xp.pop(0)
        seat.discard.append(code)
        events.append(Event("xp_to_discard", {"seat": number, "card": code,
                                              "xp_top": seat.xp[0] if seat.xp else None}))
    if state.pending[0][0] == "level":
        state.to_sort -= 1
    if state.to_sort == 0:
        state.pending.pop(0)
    state.advance(events)
