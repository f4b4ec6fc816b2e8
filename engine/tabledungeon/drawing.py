"""DRAWING FROM THE ACTION PILE: refill the hand to five; an empty action pile is rebuilt from
the hand and the discard pile, after the XP pile feeds the discard pile as many cards as the
enemy level."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.tabledungeon.state import State


def draw_to_hand(state: State, number: int, events: list[Event]) -> None:
    seat = state.seats[number]
    size = state.data.hand_size
    drawn = 0
    while len(seat.hand) < size and seat.action:
        seat.hand.append(seat.action.pop(0))
        drawn += 1
    if len(seat.hand) < size:
        # The pile ran out: rebuild it once. The loop above is bounded by the pile's size, and
        # the rebuild happens at most once per call, so drawing always ends.
        fed = seat.xp[:state.level]
        del seat.xp[:state.level]
        seat.discard += fed
        pool = seat.hand + seat.discard
        seat.hand, seat.discard = [], []
        state.dice.shuffle(f"rebuild:{number}", pool)
        seat.action = pool
        events.append(Event("action_pile_rebuilt", {"seat": number, "xp_fed": fed,
                                                    "action_pile": len(pool)}))
        drawn = 0
        while len(seat.hand) < size and seat.action:
            seat.hand.append(seat.action.pop(0))
            drawn += 1
    if drawn:
        events.append(Event("drew", {"seat": number, "cards": drawn,
                                     "action_pile": len(seat.action)}))
