"""CHARACTER STATS: the hero's armour, health, gold, food, experience, rank and spells.

No stat ever passes the highest value printed on the character card, and none goes below 0.
XP changes go through experience.py, which knows about ranks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.protocol import Event
from engine.minirogue import experience
from engine.minirogue.tables import Start, Tables


@dataclass(slots=True)
class Hero:
    armor: int
    hp: int
    gold: int
    food: int
    rank: int = 1
    xp: int = 0  # XP earned towards the next rank (the die on the XP track)
    spells: list[str] = field(default_factory=list)

    @classmethod
    def starting(cls, start: Start) -> Hero:
        return cls(armor=start.armor, hp=start.hp, gold=start.gold, food=start.food)

    def clone(self) -> Hero:
        return Hero(self.armor, self.hp, self.gold, self.food, self.rank, self.xp,
                    list(self.spells))

    def as_tuple(self) -> tuple[int, int, int, int, int, int, tuple[str, ...]]:
        return (self.armor, self.hp, self.gold, self.food, self.rank, self.xp,
                tuple(self.spells))


def gain(hero: Hero, t: Tables, stat: str, amount: int, events: list[Event], source: str) -> None:
    """Add to a stat, up to its cap."""
    if stat == "xp":
        experience.gain_xp(hero, t, amount, events, source)
        return
    before = getattr(hero, stat)
    after = min(t.max_stats[stat], before + amount)
    setattr(hero, stat, after)
    events.append(Event("gain", {"stat": stat, "amount": amount, "before": before,
                                 "after": after, "source": source}))


def can_lose(hero: Hero, t: Tables, stat: str, amount: int) -> bool:
    """Whether the hero holds enough of a stat to pay this loss in full."""
    if stat == "xp":
        return experience.total_xp(hero, t) >= amount
    if stat == "hp":
        return True  # health can always be lost: that is how heroes die
    held: int = getattr(hero, stat)  # armor, gold or food
    return held >= amount


def lose(hero: Hero, t: Tables, stat: str, amount: int, events: list[Event], source: str) -> None:
    """Take from a stat, down to 0."""
    if stat == "xp":
        experience.lose_xp(hero, t, amount, events, source)
        return
    before = getattr(hero, stat)
    after = max(0, before - amount)
    setattr(hero, stat, after)
    events.append(Event("loss", {"stat": stat, "amount": amount, "before": before,
                                 "after": after, "source": source}))


def add_spell(hero: Hero, t: Tables, spell: str, events: list[Event], source: str) -> bool:
    """Keep a spell if a slot is free; False when the hero must choose one to give up."""
    if len(hero.spells) >= t.max_stats["spells"]:
        return False
    hero.spells.append(spell)
    events.append(Event("spell_gained", {"spell": spell, "source": source,
                                         "spells": list(hero.spells)}))
    return True
