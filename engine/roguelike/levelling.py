"""Levelling up: each dungeon level gone down is a rogue level. Two skills +1d6 or one +2d6 (to
at most 6d6), +1d6 hit points, and one special ability."""

from __future__ import annotations

from engine.roguelike.character import Rogue
from engine.roguelike.tables import tables


def abilities() -> list[str]:
    return list(tables()["levelling"]["abilities"])


def raise_problem(rogue: Rogue, names: tuple[str, ...]) -> str | None:
    """Why raising these skills is not allowed, or None. (a, b): +1d6 each; (a, a): +2d6."""
    if len(names) != 2:
        return "name two skills (the same one twice for +2d6)"
    cap = tables()["character"]["max_skill_dice"]
    for name in dict.fromkeys(names):  # in the order given, so the reason never varies
        if name not in rogue.skills:
            return f"{name} is not a skill"
        if rogue.skills[name] + names.count(name) > cap:
            return f"{name} cannot go past {cap}d6"
    return None


def raise_options(rogue: Rogue) -> list[tuple[str, str]]:
    names = sorted(rogue.skills)
    return [(a, b) for i, a in enumerate(names) for b in names[i:]
            if raise_problem(rogue, (a, b)) is None]
