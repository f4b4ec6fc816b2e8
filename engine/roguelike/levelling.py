"""Levelling up: each dungeon level gone down is a rogue level. Two skills +1d6 or one +2d6 (to
at most 6d6), +1d6 hit points, and one special ability."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.roguelike.actions import Action
from engine.roguelike.character import Rogue
from engine.roguelike.tables import roll_dice, tables

if TYPE_CHECKING:
    from engine.roguelike.state import State


def abilities() -> list[str]:
    return list(tables()["levelling"]["abilities"])


# One ability learnt as one of its halves, chosen when learnt: the other half is then taken.
ONE_ABILITY = (("bullseye_attack_roll", "bullseye_damage"),)


def _learnt(rogue: Rogue, name: str) -> str | None:
    """The ability the rogue already has that `name` would repeat, or None."""
    for halves in ONE_ABILITY:
        if name in halves:
            return next((held for held in halves if held in rogue.abilities), None)
    return name if name in rogue.abilities else None


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


def raise_choice_problem(rogue: Rogue, a: Action) -> str | None:
    """Why `a` is not the skills to raise on gaining a level; None if it is."""
    return "choose the skills to raise" if a.kind != "raise" else raise_problem(rogue, a.names)


def ability_problem(rogue: Rogue, a: Action) -> str | None:
    """Why `a` is not a new special ability to take; None if it is."""
    if a.kind != "ability":
        return "choose a special ability"
    if a.name not in abilities():
        return f"{a.name} is not a special ability"
    held = _learnt(rogue, a.name or "")
    return f"you already have {held.replace('_', ' ')}" if held is not None else None


def raise_skills(state: State, a: Action) -> list[Event]:
    for name in a.names:
        state.rogue.skills[name] += 1
    gain, faces = roll_dice(state.dice, "rogue", f"{tables()['levelling']['hp_dice']}d")
    state.rogue.max_hp += gain
    state.rogue.hp += gain
    state.phase = "ability"
    return [Event("skills_raised", {"skills": list(a.names)}),
            Event("hit_points_gained", {"dice": faces, "gain": gain, "hp": state.rogue.hp})]


def gain_ability(state: State, a: Action) -> list[Event]:
    assert a.name is not None  # why_illegal checked the kind's arguments
    state.rogue.abilities.append(a.name)
    state.phase = "play"
    return [Event("ability_gained", {"ability": a.name}), Event("entered", state.where())]
