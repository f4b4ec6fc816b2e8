"""EXPERIENCE POINTS AND RANKS: XP unlocks dice. Reaching a rank's threshold unlocks one more
die and starts the count again with what is left over; at the top rank a gain turns into health
instead. Losing XP below zero gives a rank (and its die) back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.minirogue.tables import Tables

if TYPE_CHECKING:
    from engine.minirogue.character import Hero


def dice_count(hero: Hero, t: Tables) -> int:
    return t.dice_per_rank[hero.rank - 1]


def total_xp(hero: Hero, t: Tables) -> int:
    """All the XP the hero has earned and kept: the ranks reached plus the count towards the next."""
    return sum(t.xp_to_next_rank[: hero.rank - 1]) + hero.xp


def gain_xp(hero: Hero, t: Tables, amount: int, events: list[Event], source: str) -> None:
    if hero.rank >= t.max_rank:
        # The top rank turns a gain of any size into a little health (rulebook: 1 HP).
        before = hero.hp
        hero.hp = min(t.max_stats["hp"], hero.hp + t.top_rank_hp_per_gain)
        events.append(Event("gain", {"stat": "hp", "amount": t.top_rank_hp_per_gain,
                                     "before": before, "after": hero.hp, "source": source,
                                     "instead_of_xp": amount}))
        return
    before_rank, before_xp = hero.rank, hero.xp
    hero.xp += amount
    # A gain is at most a few points and each rank needs 6 or more, but stay bounded anyway.
    while hero.rank < t.max_rank and hero.xp >= t.xp_to_next_rank[hero.rank - 1]:
        hero.xp -= t.xp_to_next_rank[hero.rank - 1]
        hero.rank += 1
        events.append(Event("rank_up", {"rank": hero.rank, "dice": dice_count(hero, t)}))
    if hero.rank >= t.max_rank:
        hero.xp = 0  # what is left over past the top rank has nowhere to go
    events.append(Event("gain", {"stat": "xp", "amount": amount, "before": before_xp,
                                 "after": hero.xp, "rank_before": before_rank,
                                 "rank": hero.rank, "source": source}))


def lose_xp(hero: Hero, t: Tables, amount: int, events: list[Event], source: str) -> None:
    before_rank, before_xp = hero.rank, hero.xp
    for _ in range(amount):
        if hero.xp > 0:
            hero.xp -= 1
        elif hero.rank > 1:
            hero.rank -= 1
            hero.xp = t.xp_to_next_rank[hero.rank - 1] - 1
            events.append(Event("rank_down", {"rank": hero.rank, "dice": dice_count(hero, t)}))
        else:
            break
    events.append(Event("loss", {"stat": "xp", "amount": amount, "before": before_xp,
                                 "after": hero.xp, "rank_before": before_rank,
                                 "rank": hero.rank, "source": source}))
