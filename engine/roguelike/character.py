"""Character creation and the skill dice pools.

The hero is always a rogue: every skill starts at 1d6, two chosen skills at 2d6, and 6 hit points.
A skill check rolls the skill's dice plus any bonus dice; every 5 or 6 is a success, and the check
passes with as many successes as the dungeon level's Difficulty.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.roguelike.actions import Action
from engine.roguelike.tables import tables

if TYPE_CHECKING:
    from engine.roguelike.state import State

SUCCESS_FACE = 5  # a die showing 5 or 6 is a success


def skill_names() -> list[str]:
    return list(tables()["character"]["skills"])


@dataclass
class Item:
    """Something the rogue carries or a shop sells. `charges` counts wand charges or arrows;
    `count` stacks torches, rations and lockpicks bought together."""

    name: str
    status: str = "uncursed"
    identified: bool = True
    colour: str = ""
    dice: str = ""
    charges: int = 0
    armour: int = 0
    bonus_skill: str = ""
    spell: str = ""
    rusty: bool = False
    cast_on_level: int = 0  # a spellbook's spell is ready once per level
    value: int = 0  # what a shop asks for one; it buys it back for a tenth

    def status_dice(self) -> int:
        """Cursed items work with a die less, blessed ones with a die more."""
        return {"cursed": -1, "blessed": 1}.get(self.status, 0)


@dataclass
class Rogue:
    skills: dict[str, int]
    hp: int
    max_hp: int
    lockpicks: int
    chosen: list[str] = field(default_factory=list)  # the 2d6 skills picked at creation
    level: int = 1
    gold: int = 0
    items: list[Item] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    diseased: bool = False
    disease_clock: int = 0  # actions since the last point of disease damage
    pet: dict[str, Any] | None = None
    # Timed and per-level bonus dice: {"all": n} applies to every check.
    level_bonus: dict[str, int] = field(default_factory=dict)
    timed_bonus: int = 0  # +1 (luck) or -1 (confusion) die ...
    timed_left: int = 0  # ... for this many more actions
    luck_used: bool = False
    protection: int = 0  # damage taken is reduced by this much for the level

    def bonus_dice(self, skill: str) -> int:
        bonus = self.level_bonus.get("all", 0) + self.level_bonus.get(skill, 0)
        if self.timed_left > 0:
            bonus += self.timed_bonus
        bonus += sum(_best_of_each_kind(self.items, lambda i: (
            1 + i.status_dice() if i.bonus_skill == skill else 0)))
        if skill == "stealth" and "sneak" in self.abilities:
            bonus += tables()["levelling"]["bonus_dice"]
        return bonus

    def armour(self) -> int:
        """Protection plus one worn piece of each kind (helmet, shield, ...), the best of it:
        a second helmet in the pack adds nothing."""
        return self.protection + sum(_best_of_each_kind(self.items, lambda i: (
            max(0, i.armour + i.status_dice() - (1 if i.rusty else 0)) if i.armour else 0)))


def _best_of_each_kind(items: list[Item], worth: Callable[[Item], int]) -> list[int]:
    """What each kind of worn thing gives: the best of the rogue's pieces of that kind."""
    best: dict[str, int] = {}
    for item in items:
        value = worth(item)
        if value:
            best[item.name] = max(best.get(item.name, value), value)
    return list(best.values())


def new_rogue() -> Rogue:
    data = tables()["character"]
    return Rogue(skills={name: data["starting_dice"] for name in data["skills"]},
                 hp=data["starting_hp"], max_hp=data["starting_hp"],
                 lockpicks=data["starting_lockpicks"])


def roll_pool(dice: Dice, key: str, count: int) -> tuple[list[int], int]:
    faces = [dice.roll(key) for _ in range(max(0, count))]
    return faces, sum(1 for face in faces if face >= SUCCESS_FACE)


def skill_check(dice: Dice, rogue: Rogue, skill: str, needed: int, extra: int = 0) -> dict[str, Any]:
    """Roll the pool for `skill`; a failed check is rolled again once per level with Luck.
    Returns the event data: the skill, the dice, the successes, how many were needed, the
    face a die needs to be a success (success_on), passed."""
    pool = rogue.skills[skill] + rogue.bonus_dice(skill) + extra
    faces, successes = roll_pool(dice, "check", pool)
    data: dict[str, Any] = {"skill": skill, "dice": faces, "successes": successes,
                            "needed": needed, "success_on": SUCCESS_FACE,
                            "passed": successes >= needed}
    if not data["passed"] and "luck" in rogue.abilities and not rogue.luck_used:
        rogue.luck_used = True
        faces, successes = roll_pool(dice, "check", pool)
        data.update(reroll=faces, successes=successes, passed=successes >= needed)
    return data


def choice_problem(rogue: Rogue, a: Action) -> str | None:
    """Why `a` is not a choice of a 2d6 skill still open at creation; None if it is."""
    if a.kind != "choose_skill":
        return "first choose your two 2d6 skills"
    if a.name not in rogue.skills:
        return f"{a.name} is not a skill"
    return f"{a.name} is already chosen" if a.name in rogue.chosen else None


def choose_skill(state: State, a: Action) -> list[Event]:
    """One skill starts at 2d6; with the last one chosen, play begins on the first level."""
    assert a.name is not None  # why_illegal checked the kind's arguments
    data = tables()["character"]
    state.rogue.chosen.append(a.name)
    state.rogue.skills[a.name] = data["chosen_dice"]
    events = [Event("skill_chosen", {"skill": a.name, "dice": data["chosen_dice"]})]
    if len(state.rogue.chosen) == data["chosen_skills"]:
        state.phase = "play"
        events = events + state.opening + [Event("entered", state.where())]
    return events
