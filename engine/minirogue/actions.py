"""Mini Rogue's actions: one small frozen value per decision, with a kind and named arguments.

    enter(row)         take the room in this row of the current column (0 is the top card)
    reroll(die)        roll a critical die again and add the new face (COMBAT, step 3)
    feat(die, pay)     reroll any die once per attack, paying "hp" or "xp" (FEATS)
    strike             deal the dice's damage (COMBAT, step 5)
    cast(spell)        use a spell: in the spell step of a fight, or heal before a room
    pass               use no spell now / leave a found spell behind
    choose(face)       pick the event result after a successful skill check
    replace(spell)     give up a held spell for the one just found
    buy(item), sell(item), leave    at the merchant
    rest(option)       one resting option

Stored as {"do": kind, ...arguments}. Parsing is strict: an unknown kind or field, a missing
argument, a wrong type or an unknown name is a ValueError, so each play has one spelling.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.minirogue.tables import SPELLS, tables

PAYMENTS = ("hp", "xp")
MAX_INDEX = 64  # rows, dice and faces are small; bigger numbers are not actions of this game

# The arguments each kind takes, and the type of each argument.
KINDS: dict[str, tuple[str, ...]] = {
    "enter": ("row",),
    "reroll": ("die",),
    "feat": ("die", "pay"),
    "strike": (),
    "cast": ("spell",),
    "pass": (),
    "choose": ("face",),
    "replace": ("spell",),
    "buy": ("item",),
    "sell": ("item",),
    "leave": (),
    "rest": ("option",),
}
INT_FIELDS = ("row", "die", "face")
STR_FIELDS = ("pay", "spell", "item", "option")
FIELDS = INT_FIELDS + STR_FIELDS


@cache
def _names(field: str) -> tuple[str, ...]:
    """The words a text argument may hold (fixed by the bundled tables, so worked out once)."""
    if field == "pay":
        return PAYMENTS
    if field == "spell":
        return SPELLS
    t = tables()
    if field == "item":
        return tuple(w for w in t.wares if w != "spell") + SPELLS
    return tuple(t.resting)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    row: int | None = None
    die: int | None = None
    face: int | None = None
    pay: str | None = None
    spell: str | None = None
    item: str | None = None
    option: str | None = None

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem:
            raise ValueError(problem)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.kind}
        for name in KINDS[self.kind]:
            out[name] = getattr(self, name)
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Parse a stored action strictly: anything unexpected raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("an action must be an object")
        kind = data.get("do")
        if not isinstance(kind, str) or kind not in KINDS:
            raise ValueError(f"unknown action {_short(kind)}; actions are {', '.join(KINDS)}")
        extra = sorted(set(data) - {"do", *KINDS[kind]}, key=str)
        if extra:
            raise ValueError(f"{kind} takes no {', '.join(_short(e) for e in extra)}")
        missing = [name for name in KINDS[kind] if name not in data]
        if missing:
            raise ValueError(f"{kind} needs {', '.join(missing)}")
        return cls(kind, **{name: data[name] for name in KINDS[kind]})

    def __str__(self) -> str:
        return " ".join([self.kind, *(f"{k}={v}" for k, v in self.to_dict().items() if k != "do")])


def _problem(action: Action) -> str | None:
    if action.kind not in KINDS:
        return f"unknown action {_short(action.kind)}"
    wanted = KINDS[action.kind]
    for name in FIELDS:
        value = getattr(action, name)
        if name not in wanted:
            if value is not None:
                return f"{action.kind} takes no {name}"
            continue
        if name in INT_FIELDS:
            if not isinstance(value, int) or isinstance(value, bool):
                return f"{name} must be a whole number"
            if not 0 <= value <= MAX_INDEX:
                return f"{name} must be between 0 and {MAX_INDEX}"
        elif not isinstance(value, str) or value not in _names(name):
            return f"{name} must be one of {', '.join(_names(name))}"
    return None


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int too long to turn into text
        return "a number too long to show"
    return text if len(text) <= 40 else text[:37] + "..."
