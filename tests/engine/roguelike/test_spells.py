"""Spells: scrolls are cast once; a spellbook's spell once per level; what each spell does."""

from __future__ import annotations

import pytest

from engine.core.dice import Dice
from engine.roguelike.actions import Action
from engine.roguelike.character import Item
from engine.roguelike.paper import Monster
from engine.roguelike.shops import spell_roll
from engine.roguelike.tables import look_up, tables
from tests.engine.roguelike.support import created


def test_the_spell_table_is_rolled_on_1d10() -> None:
    dice, again = Dice(6), Dice(6)
    for _ in range(100):
        assert spell_roll(dice, "k") == look_up(tables()["spells"]["rows"], again.roll("k", 10))


def _with(spell: str, kind: str = "scroll"):
    state = created(14)
    state.rogue.items.append(Item(kind, spell=spell))
    return state


def _fight(state, hp: int = 30) -> None:
    state.place.monsters.append(Monster("tiger", "B", hp, "3d", ["edible", "trainable"]))


def test_a_scroll_is_gone_once_read() -> None:
    state = _with("protection")
    state.apply(Action("use", item=0))
    assert state.rogue.items == [] and state.rogue.protection == 1


def test_a_spellbook_casts_once_per_level() -> None:
    state = _with("jumping", "spellbook")
    state.apply(Action("use", item=0))
    assert state.rogue.level_bonus == {"jump": 1} and len(state.rogue.items) == 1
    assert state.why_illegal(Action("use", item=0)) == "you have cast that spell on this level already"
    state.place.landmarks.append("down")
    state.apply(Action("descend"))
    state.apply(Action("raise", names=("stab", "jump")))
    state.apply(Action("ability", name="sneak"))
    assert state.rogue.level_bonus == {}, "a level's bonuses end with it"
    assert state.why_illegal(Action("use", item=0)) is None


def test_cure_disease_and_identify() -> None:
    state = _with("cure_disease")
    state.rogue.diseased = True
    state.apply(Action("use", item=0))
    assert not state.rogue.diseased
    state = _with("identify")
    state.rogue.items.append(Item("potion_of_healing", dice="1d", identified=False, colour="teal"))
    state.apply(Action("use", item=0))
    assert state.rogue.items[0].identified


@pytest.mark.parametrize("spell", ["sleep", "slow_monster"])
def test_sleep_and_slow_let_the_rogue_walk_on(spell: str) -> None:
    state = _with(spell)
    _fight(state)
    state.apply(Action("use", item=0))
    assert state.view(0).pending == "explore"


def test_charm_monster_makes_a_pet() -> None:
    state = _with("charm_monster")
    _fight(state)
    state.apply(Action("use", item=0))
    assert state.rogue.pet == {"name": "tiger", "damage": "3d"} and state.place.monsters == []


def test_lifedrain_wounds_and_heals() -> None:
    state = _with("lifedrain")
    _fight(state)
    state.rogue.hp = 3
    events = state.apply(Action("use", item=0))
    wound = next(e for e in events if e.kind == "wounded").data
    assert wound["damage"] == sum(wound["dice"]) and len(wound["dice"]) == 1
    assert next(e for e in events if e.kind == "healed").data["amount"] == 1


def test_light_finds_the_secret_doors_of_the_place() -> None:
    state = _with("light")
    level = state.level
    for door in state.place.doors:
        level.doors[door].secret = True
    state.apply(Action("use", item=0))
    assert all(level.doors[d].found for d in state.place.doors)
