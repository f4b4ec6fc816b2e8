"""The rogue's actions: small frozen values with a kind and the named arguments that kind takes.

Stored as {"do": kind, ...args}; parsing is strict, so one play has one spelling: an unknown kind,
a missing or extra argument or a wrong type raises ValueError.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# kind -> the arguments it takes
KINDS: dict[str, tuple[str, ...]] = {
    "choose_skill": ("name",),
    "raise": ("names",),
    "ability": ("name",),
    "open": ("door",),
    "pick": ("door",),
    "force": ("door",),
    "go": ("door",),
    "search": (),
    "hack": (),
    "descend": (),
    "ascend": (),
    "take_amulet": (),
    "attack": ("monster",),
    "shoot": ("monster", "item"),
    "zap": ("monster", "item"),
    "befriend": ("monster",),
    "sneak": (),
    "flee": (),
    "disable": (),
    "spring": (),
    "cross": (),
    "climb": (),
    "pray": (),
    "drink": (),
    "eat": ("index",),
    "use": ("item",),
    "wear": ("item", "name"),
    "buy": ("index",),
    "sell": ("item",),
    "attack_shopkeeper": (),
    "reveal": ("index",),
}
INT_ARGS = ("door", "monster", "item", "index")
MAX_NAME = 32


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    door: int | None = None
    monster: int | None = None
    item: int | None = None
    index: int | None = None
    name: str | None = None
    names: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.kind}
        for arg in KINDS[self.kind]:
            value = getattr(self, arg)
            out[arg] = list(value) if arg == "names" else value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        if not isinstance(data, dict):
            raise ValueError("an action must be a table")
        kind = data.get("do")
        if not isinstance(kind, str) or kind not in KINDS:
            raise ValueError(f"unknown action {kind!r}")
        wanted = set(KINDS[kind])
        given = set(data) - {"do"}
        if given != wanted:
            extra, missing = sorted(given - wanted), sorted(wanted - given)
            raise ValueError(f"{kind}: " + "; ".join(
                ([f"takes no {', '.join(extra)}"] if extra else [])
                + ([f"needs {', '.join(missing)}"] if missing else [])))
        args: dict[str, Any] = {}
        for arg in wanted:
            value = data[arg]
            if arg in INT_ARGS:
                if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10**6:
                    raise ValueError(f"{kind}: {arg} must be a small whole number")
            elif arg == "name":
                if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
                    raise ValueError(f"{kind}: name must be a short string")
            elif arg == "names":
                if not (isinstance(value, list) and len(value) == 2
                        and all(isinstance(v, str) and 0 < len(v) <= MAX_NAME for v in value)):
                    raise ValueError(f"{kind}: names must be two short strings")
                value = tuple(value)
            args[arg] = value
        return cls(kind, **args)

    def __str__(self) -> str:
        return " ".join([self.kind] + [f"{k}={v}" for k, v in self.to_dict().items() if k != "do"])
