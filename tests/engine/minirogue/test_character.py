"""CHARACTER STATS: no stat passes the card's printed maximum or drops below 0."""

from __future__ import annotations

from engine.minirogue.character import Hero, can_lose, gain, lose
from engine.minirogue.tables import tables


def hero(**stats: int) -> Hero:
    base = {"armor": 0, "hp": 5, "gold": 3, "food": 6}
    return Hero(**{**base, **stats})


def test_the_cards_maximums() -> None:
    assert dict(tables().max_stats) == {"armor": 5, "hp": 20, "gold": 10, "food": 6, "spells": 2}


def test_gains_stop_at_the_maximum_and_say_so() -> None:
    t, h, events = tables(), hero(hp=19, armor=5), []
    gain(h, t, "hp", 4, events, "test")
    gain(h, t, "armor", 1, events, "test")
    assert (h.hp, h.armor) == (20, 5)
    assert events[0].data == {"stat": "hp", "amount": 4, "before": 19, "after": 20,
                              "source": "test"}


def test_losses_stop_at_0() -> None:
    t, h, events = tables(), hero(gold=1), []
    lose(h, t, "gold", 3, events, "test")
    assert h.gold == 0


def test_what_can_be_lost() -> None:
    t = tables()
    assert not can_lose(hero(food=0), t, "food", 1)
    assert can_lose(hero(hp=1), t, "hp", 2)  # health is always lost, even the last of it
    assert not can_lose(hero(), t, "xp", 1)
    assert can_lose(hero(rank=2, xp=0), t, "xp", 1)  # a rank holds XP that can be lost
