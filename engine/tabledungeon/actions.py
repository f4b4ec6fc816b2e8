"""Table Dungeon's actions: one decision of the seat that must act, small and serialisable.

    {"do": "pick", "name": "wizard"}     choose a class (setup, in turn order)
    {"do": "play", "card": "7S"}         lay a card face down against the enemy
    {"do": "pass"}                       no card to play (an empty hand)
    {"do": "use", "card": "KD"}          use a one-use item (the royal loot card that is it)
    {"do": "xp_to_bottom"}               top XP card to the bottom of the XP pile
    {"do": "xp_to_discard"}              top XP card to the discard pile
    {"do": "hand_to_xp", "card": "2H"}   a card from hand to the bottom of the XP pile
    {"do": "decline"}                    after a royal, make no XP pile move

The action never names its seat: the state's current_player makes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.tabledungeon.cards import RANK

# kind -> the field it carries ("card", "name" or none). Any other field is refused, so each
# decision has exactly one spelling in a run.
FIELDS: dict[str, str | None] = {
    "pick": "name", "play": "card", "pass": None, "use": "card",
    "xp_to_bottom": None, "xp_to_discard": None, "hand_to_xp": "card", "decline": None,
}


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    card: str | None = None
    name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.kind}
        if self.card is not None:
            out["card"] = self.card
        if self.name is not None:
            out["name"] = self.name
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Parse a stored action strictly: anything unexpected raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("an action must be an object")
        kind = data.get("do")
        if not isinstance(kind, str) or kind not in FIELDS:
            raise ValueError(f"unknown action {kind!r}" if isinstance(kind, str)
                             else "an action needs a 'do' name")
        wanted = FIELDS[kind]
        extra = sorted(set(data) - {"do"} - ({wanted} if wanted else set()))
        if extra:
            raise ValueError(f"{kind} takes no {', '.join(extra)}")
        if wanted is not None and wanted not in data:
            raise ValueError(f"{kind} needs a {wanted}")
        value = data.get(wanted) if wanted else None
        if wanted == "card" and not (isinstance(value, str) and value in RANK):
            raise ValueError(f"{value!r} is not a card (like \"7S\" or \"QH\")")
        if wanted == "name" and not (isinstance(value, str) and 0 < len(value) <= 32):
            raise ValueError("name must be a short string")
        return cls(kind, card=value if wanted == "card" else None,
                   name=value if wanted == "name" else None)

    def __str__(self) -> str:
        extra = self.card or self.name
        return f"{self.kind} {extra}" if extra else self.kind
