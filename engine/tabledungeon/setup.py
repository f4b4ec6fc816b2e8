"""SETUP and the class sheets: choosing classes in turn order, then building every deck.

Each player's standard deck is split as the rulebook says: the class's removed suit goes to the
shared loot deck; the action pile gets every card ranked 1 to 6 plus one J, Q and K; the XP pile
gets the rest. The top ten action cards are looked at: royals stay, the others move to the XP
pile. Both piles are shuffled, and everyone draws a hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.tabledungeon import drawing, encounter
from engine.tabledungeon.actions import Action
from engine.tabledungeon.cards import RANK, ROYALS, SUITS, is_royal, suit_cards

if TYPE_CHECKING:
    from engine.tabledungeon.state import State


def why_not_pick(state: State, action: Action) -> str | None:
    if action.name not in state.data.classes:
        return f"{action.name!r} is not a class; choose one of {', '.join(state.data.classes)}"
    return None


def pick(state: State, action: Action, events: list[Event]) -> None:
    seat = state.seats[state.current]
    seat.class_id = action.name
    events.append(Event("picked", {"seat": state.current, "class": action.name}))
    waiting = [n for n, s in enumerate(state.seats) if s.class_id is None]
    if waiting:
        state.current = waiting[0]
        return
    build_table(state, events)
    encounter.start_round(state, events)


def split_deck(class_id: str, state: State) -> tuple[list[str], list[str], list[str]]:
    """(removed suit, action pile, XP pile) of one fresh deck, before any shuffle."""
    sheet = state.data.classes[class_id]
    removed = suit_cards(sheet.removes)
    action: list[str] = []
    xp: list[str] = []
    for suit in SUITS:
        if suit == sheet.removes:
            continue
        for code in suit_cards(suit):
            low = RANK[code] <= state.data.action_top_rank
            royal_in = suit == sheet.royal_suit and code[:-1] in ROYALS
            (action if low or royal_in else xp).append(code)
    return removed, action, xp


def build_table(state: State, events: list[Event]) -> None:
    data = state.data
    loot: list[str] = []
    for number, seat in enumerate(state.seats):
        assert seat.class_id is not None
        removed, action, xp = split_deck(seat.class_id, state)
        loot += removed
        key = f"deck:{number}"
        state.dice.shuffle(key, action)
        peek = action[:data.setup_peek]
        kept = [c for c in peek if is_royal(c)]
        xp += [c for c in peek if not is_royal(c)]
        action = kept + action[data.setup_peek:]
        state.dice.shuffle(key, action)
        state.dice.shuffle(key, xp)
        seat.action, seat.xp = action, xp
        seat.health = seat.max_health = data.start_health
        events.append(Event("deck_built", {"seat": number, "action_pile": len(action),
                                           "xp_pile": len(xp), "xp_top": xp[0] if xp else None}))
    state.dice.shuffle("loot", loot)
    state.loot_deck = loot
    events.append(Event("loot_deck", {"cards": len(loot)}))
    for number in range(len(state.seats)):
        drawing.draw_to_hand(state, number, events)
