"""One player at the table: their class, health and five piles of cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Seat:
    name: str
    class_id: str | None = None
    health: int = 0
    max_health: int = 0
    alive: bool = True
    hand: list[str] = field(default_factory=list)
    action: list[str] = field(default_factory=list)  # face down; index 0 is the top
    xp: list[str] = field(default_factory=list)  # face up; index 0 is the top
    discard: list[str] = field(default_factory=list)
    loot: list[str] = field(default_factory=list)  # points cards and royal items, in order drawn
    played: str | None = None  # this round's face-down card

    def clone(self) -> Seat:
        return Seat(self.name, self.class_id, self.health, self.max_health, self.alive,
                    list(self.hand), list(self.action), list(self.xp), list(self.discard),
                    list(self.loot), self.played)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "class": self.class_id, "health": self.health,
                "max_health": self.max_health, "alive": self.alive, "hand": list(self.hand),
                "action": list(self.action), "xp": list(self.xp), "discard": list(self.discard),
                "loot": list(self.loot), "played": self.played}
