"""Boss Monster card: fixed health and damage by level; gold, XP and an item when it falls; the
level 5 boss holds the Og's Blood."""

from __future__ import annotations

import pytest

from tests.engine.minirogue.support import PLAIN, act, first, game, kinds

BOSSES = [(2, "Undead Giant", 10, 3, 2, 2), (4, "Skeleton Lord", 15, 5, 2, 3),
          (7, "Undead Lord", 20, 7, 3, 4), (10, "Serpent Demon", 25, 9, 3, 5),
          (14, "Og's Remains", 30, 12, 0, 0)]


def before_boss(area: int, **rolls: list[int]):
    state = game(area=area, deals={area: PLAIN}, **rolls)
    state.column = 4
    state.hero.hp = 20
    return state


@pytest.mark.parametrize(("area", "name", "hp", "damage", "gold", "xp"), BOSSES)
def test_each_levels_boss_waits_in_its_last_area(area, name, hp, damage, gold, xp) -> None:
    state = before_boss(area, attack=[2])
    assert state.view().columns[4].rooms[0].room == "boss"
    fight = first(act(state, "enter 0"), "fight_begins")
    assert (fight["name"], fight["hp"], fight["damage"]) == (name, hp, damage)


@pytest.mark.parametrize(("area", "name", "hp", "damage", "gold", "xp"), BOSSES[:4])
def test_a_boss_gives_gold_xp_and_an_item_then_the_hero_delves(area, name, hp, damage, gold,
                                                               xp) -> None:
    state = before_boss(area, attack=[3], item=[1])
    state.hero.gold = 0
    act(state, "enter 0")
    state.fight.hp = 1
    events = act(state, "strike")
    assert first(events, "foe_defeated")["foe"] == "boss"
    assert state.hero.gold == gold and state.bosses_defeated == 1
    assert first(events, "item_found")["item"] == "armor" and state.hero.armor == 1
    assert state.area == area + 1 and state.pending == "room"


def test_the_og_s_remains_falling_wins_the_game() -> None:
    state = before_boss(14, attack=[3])
    act(state, "enter 0")
    state.fight.hp = 1
    events = act(state, "strike")
    assert kinds(events)[-1] == "game_over"
    assert first(events, "game_over") == {"outcome": "won", "cause": "ogs_blood", "area": 14}
    assert state.outcome == "won" and state.returns() == [1] and state.legal_actions() == []


def test_a_bosss_found_spell_with_full_slots_waits_before_delving() -> None:
    state = before_boss(2, attack=[3], item=[3])
    state.hero.spells = ["ice", "ice"]
    act(state, "enter 0")
    state.fight.hp = 1
    act(state, "strike")
    assert state.pending == "found_spell" and state.area == 2
    act(state, "replace ice")
    assert state.area == 3 and sorted(state.hero.spells) == ["fire", "ice"]
