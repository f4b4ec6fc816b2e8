"""Card Rogue's actions: one player decision as a small frozen value, and its strict parse.

The fields are the union of what every kind of action carries; `engine.cardrogue.state` says
which fields each kind may use (a field its kind does not use makes the action illegal).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DIRECTIONS = ("N", "E", "S", "W")
FIELDS = frozenset({"do", "dir", "card", "target", "player", "cards", "take", "name"})


@dataclass(frozen=True, slots=True)
class Action:
    """One player decision. Fields that a kind does not use stay None (or empty)."""

    kind: str
    dir: str | None = None  # N, E, S or W
    card: int | None = None  # uid of a card in hand, in a shop or equipped
    target: tuple[int, int] | None = None  # a cell (row, col)
    player: int | None = None  # another player's seat
    cards: tuple[int, ...] = ()  # several uids: cards paid with, cards given in a trade
    take: tuple[int, ...] = ()  # uids received in a trade
    name: str | None = None  # a named choice, such as a character

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.kind}
        if self.dir is not None:
            out["dir"] = self.dir
        if self.card is not None:
            out["card"] = self.card
        if self.target is not None:
            out["target"] = list(self.target)
        if self.player is not None:
            out["player"] = self.player
        if self.cards:
            out["cards"] = list(self.cards)
        if self.take:
            out["take"] = list(self.take)
        if self.name is not None:
            out["name"] = self.name
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Parse a stored action strictly: anything unexpected raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("an action must be a table")
        unknown = set(data) - FIELDS
        if unknown:
            raise ValueError(f"unknown action field(s): {', '.join(sorted(unknown))}")
        kind = data.get("do")
        if not isinstance(kind, str) or not kind:
            raise ValueError("an action needs a 'do' name")
        direction = data.get("dir")
        if direction is not None and direction not in DIRECTIONS:
            raise ValueError(f"bad direction {direction!r}")
        target = data.get("target")
        if target is not None:
            if not (isinstance(target, list) and len(target) == 2 and all(_is_int(v) for v in target)):
                raise ValueError("target must be [row, column]")
            target = (target[0], target[1])
        for name in ("card", "player"):
            if data.get(name) is not None and not _is_int(data[name]):
                raise ValueError(f"{name} must be an integer")
        lists = {}
        for name in ("cards", "take"):
            value = data.get(name, [])
            if not (isinstance(value, list) and all(_is_int(v) for v in value)):
                raise ValueError(f"{name} must be a list of integers")
            lists[name] = tuple(value)
        choice = data.get("name")
        if choice is not None and not (isinstance(choice, str) and 0 < len(choice) <= 64):
            raise ValueError("name must be a short string")
        return cls(kind, direction, data.get("card"), target, data.get("player"), **lists,
                   name=choice)

    def __str__(self) -> str:
        parts = [self.kind]
        for key, value in self.to_dict().items():
            if key != "do":
                parts.append(f"{key}={value}")
        return " ".join(parts)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["DIRECTIONS", "Action"]
