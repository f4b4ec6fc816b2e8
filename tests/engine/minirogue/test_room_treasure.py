"""Treasure card: 1 gold, or 2 after a monster fell in this area; on a 5 or 6 an item."""

from __future__ import annotations

import pytest

from tests.engine.minirogue.support import act, deal, every, first, game, kinds

TREASURE_FIRST = deal("treasure", "monster merchant", "resting", "event trap")
MONSTER_FIRST = deal("monster", "treasure merchant", "resting", "event trap")


def test_treasure_without_a_kill_gives_1_gold_and_a_low_roll_no_item() -> None:
    state = game(deals={1: TREASURE_FIRST}, treasure=[4])
    events = act(state, "enter 0")
    assert first(events, "gain") == {"stat": "gold", "amount": 1, "before": 3, "after": 4,
                                     "source": "treasure"}
    assert first(events, "treasure_roll") == {"roll": 4, "item": False}
    assert "item_found" not in kinds(events) and state.column == 1


def test_treasure_after_a_kill_gives_2_gold() -> None:
    state = game(deals={1: MONSTER_FIRST}, monster_hp=[1], attack=[6], critical=[2], treasure=[1])
    act(state, "enter 0", "reroll 0", "strike")  # 2 health, 8 damage
    events = act(state, "enter 0")
    assert first(events, "gain")["amount"] == 2 and state.hero.gold == 5


@pytest.mark.parametrize(("face", "stat", "before", "after"), [(1, "armor", 0, 1), (2, "xp", 0, 2)])
def test_a_5_or_more_finds_an_item(face: int, stat: str, before: int, after: int) -> None:
    state = game(deals={1: TREASURE_FIRST}, treasure=[5], item=[face])
    events = act(state, "enter 0")
    assert first(events, "item_found")["roll"] == face
    assert getattr(state.hero, stat) == after


@pytest.mark.parametrize(("face", "spell"), [(3, "fire"), (4, "ice"), (5, "poison"), (6, "heal")])
def test_spells_go_to_a_free_slot_and_the_same_spell_twice_is_fine(face: int, spell: str) -> None:
    state = game(deals={1: TREASURE_FIRST}, treasure=[6], item=[face])
    state.hero.spells = [spell]
    act(state, "enter 0")
    assert state.hero.spells == [spell, spell]


def test_a_third_spell_waits_for_the_hero_to_give_one_up() -> None:
    state = game(deals={1: TREASURE_FIRST}, treasure=[5], item=[3])
    state.hero.spells = ["ice", "heal"]
    act(state, "enter 0")
    assert state.pending == "found_spell" and state.view().found_spell == "fire"
    assert {a.to_dict()["do"] for a in state.legal_actions()} == {"replace", "pass"}
    events = act(state, "replace ice")
    assert first(events, "spell_replaced") == {"dropped": "ice", "kept": "fire",
                                               "spells": ["heal", "fire"]}
    assert state.pending == "room" and state.column == 1


def test_a_found_spell_may_be_left_behind() -> None:
    state = game(deals={1: TREASURE_FIRST}, treasure=[5], item=[3])
    state.hero.spells = ["ice", "heal"]
    events = act(state, "enter 0", "pass")
    assert every(events, "spell_left") == [{"spell": "fire"}]
    assert state.hero.spells == ["ice", "heal"]


def test_gold_never_passes_10() -> None:
    state = game(deals={1: TREASURE_FIRST}, treasure=[1])
    state.hero.gold = 10
    act(state, "enter 0")
    assert state.hero.gold == 10
