"""Monster card: health is the area plus one die; damage and XP by level; the treasure after it
pays more."""

from __future__ import annotations

import pytest

from tests.engine.minirogue.support import PLAIN, act, first, game

MONSTERS = [(1, "Undead Soldier", 2, 1), (3, "Skeleton", 4, 1), (5, "Undead Knight", 6, 2),
            (8, "Serpent Knight", 8, 2), (11, "Og's Sanctum Guard", 10, 3)]


@pytest.mark.parametrize(("area", "name", "damage", "xp"), MONSTERS)
def test_each_levels_monster(area: int, name: str, damage: int, xp: int) -> None:
    state = game(area=area, deals={area: PLAIN}, monster_hp=[2], attack=[6],
                 critical=[6, 6, 2])
    fight = first(act(state, "enter 0"), "fight_begins")
    assert (fight["name"], fight["hp"], fight["damage"]) == (name, area + 2, damage)
    act(state, "reroll 0", "reroll 0", "reroll 0", "strike")  # 6 + 6 + 6 + 2 = 20
    assert state.monsters_defeated == 1 and state.hero.xp == xp


def test_the_fight_is_to_the_death_round_after_round() -> None:
    state = game(deals={1: PLAIN}, monster_hp=[6], attack=[2, 2, 2, 2])  # 7 health
    state.hero.hp = 20
    act(state, "enter 0", "strike", "strike", "strike")
    assert state.fight.round == 4 and state.fight.hp == 1 and state.hero.hp == 14
    act(state, "strike")
    assert state.fight is None and state.column == 1
