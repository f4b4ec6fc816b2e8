"""DRAWING LOOT: the winner of the loot draws from the shared loot deck. A points card is kept;
a royal is an item from the drawer's class sheet; an ace goes back (the deck is shuffled), the
party levels up and the drawer draws again, and the fourth ace ends the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.protocol import Event
from engine.tabledungeon import ending
from engine.tabledungeon.cards import is_ace, is_royal

if TYPE_CHECKING:
    from engine.tabledungeon.state import State


def draw(state: State, number: int, events: list[Event]) -> int:
    """Draw loot for seat `number`; returns how many level ups the aces drawn bring. Every ace
    counts towards the end, so the loop ends by the fourth ace at the latest."""
    seat = state.seats[number]
    level_ups = 0
    while state.loot_deck:
        code = state.loot_deck.pop(0)
        if not is_ace(code):
            seat.loot.append(code)
            data: dict[str, Any] = {"seat": number, "card": code}
            item = state.item_of(number, code)
            if item is not None:
                data["item"] = item.name
            events.append(Event("loot", data))
            return level_ups
        state.aces += 1
        events.append(Event("ace", {"seat": number, "card": code, "aces": state.aces}))
        if state.aces >= state.data.aces_to_end:
            state.final_ace = code  # stays face up on the table: the game is over
            ending.four_aces(state, events)
            return level_ups
        state.loot_deck.append(code)
        state.dice.shuffle("loot", state.loot_deck)
        level_ups += 1
    return level_ups


def return_newest(state: State, events: list[Event]) -> None:
    """An "if lost" effect: every living player gives back their newest points card."""
    given = False
    for number in state.living():
        seat = state.seats[number]
        for i in range(len(seat.loot) - 1, -1, -1):
            if not is_royal(seat.loot[i]):
                code = seat.loot.pop(i)
                state.loot_deck.append(code)
                given = True
                events.append(Event("loot_lost", {"seat": number, "card": code}))
                break
    if given:
        state.dice.shuffle("loot", state.loot_deck)

