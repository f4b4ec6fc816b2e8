"""WIN/LOSE CONDITIONS: the fourth ace ends the game and the living players tally their loot
points (the most points wins; a tie shares the win); if everyone dies, everyone loses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.tabledungeon.cards import RANK, is_royal

if TYPE_CHECKING:
    from engine.tabledungeon.state import State


def four_aces(state: State, events: list[Event]) -> None:
    tally = [points(state, n) if s.alive else 0 for n, s in enumerate(state.seats)]
    best = max(tally[n] for n in state.living())
    state.winners = [n for n in state.living() if tally[n] == best]
    state.outcome = "won"
    state.phase = "over"
    state.pending = []
    events.append(Event("game_over", {"outcome": "won", "points": tally,
                                      "winners": list(state.winners), "score": best}))


def everyone_dead(state: State, events: list[Event]) -> None:
    state.winners = []
    state.outcome = "lost"
    state.phase = "over"
    state.pending = []
    events.append(Event("game_over", {"outcome": "lost", "points": [0] * len(state.seats),
                                      "winners": [], "score": 0}))


def points(state: State, number: int) -> int:
    """Loot points: the rank of every points card (royals are items and score nothing)."""
    total = 0
    for code in state.seats[number].loot:
        if not is_royal(code):
            total += RANK[code]
    return total
