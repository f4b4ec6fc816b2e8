"""COMBAT: the attack phase (misses, criticals, the strike), the defence phase (armour), and the
rulebook's examples, through real actions with rigged dice."""

from __future__ import annotations

import pytest

from engine.core.protocol import IllegalAction
from tests.engine.minirogue.support import PLAIN, act, every, first, game, parse


def fight_in_area(area: int, hp_roll: int, rank: int = 1, **rolls: list[int]):
    state = game(area=area, deals={area: PLAIN}, monster_hp=[hp_roll], **rolls)
    state.hero.rank = rank
    state.hero.hp = 20
    return state


def test_a_monster_in_area_12_with_a_roll_of_3_has_15_health() -> None:
    state = fight_in_area(12, 3, attack=[2])
    events = act(state, "enter 0")
    assert first(events, "monster_health") == {"area": 12, "faces": [3], "hp": 15}
    assert first(events, "fight_begins") == {"foe": "monster", "name": "Og's Sanctum Guard",
                                             "level": 5, "hp": 15, "damage": 10}


def test_rulebook_example_a_rerolled_critical_that_misses_leaves_only_the_5() -> None:
    # Three dice: 1, 5 and 6. The 1 misses; the 6 is rolled again and comes up 1: only 5 hits.
    state = fight_in_area(12, 3, rank=3, attack=[1, 5, 6], critical=[1])
    roll = first(act(state, "enter 0"), "attack_roll")
    assert roll == {"round": 1, "faces": [1, 5, 6], "misses": 1, "criticals": 1}
    assert [a.to_dict() for a in state.legal_actions() if a.kind == "reroll"] == \
        [{"do": "reroll", "die": 2}]
    reroll = first(act(state, "reroll 2"), "critical_reroll")
    assert reroll == {"die": 2, "roll": 1, "value": 0, "missed": True}
    strike = first(act(state, "strike"), "strike")
    assert (strike["damage"], strike["hp_before"], strike["hp"]) == (5, 15, 10)


def test_rulebook_example_a_rerolled_critical_of_3_adds_up_to_14() -> None:
    state = fight_in_area(12, 3, rank=3, attack=[1, 5, 6], critical=[3])
    act(state, "enter 0", "reroll 2")
    strike = first(act(state, "strike"), "strike")
    assert strike["dice"] == [0, 5, 9] and strike["damage"] == 14 and strike["hp"] == 1


def test_criticals_chain_while_they_keep_coming_up_6() -> None:
    state = fight_in_area(12, 6, attack=[6], critical=[6, 6, 2])
    act(state, "enter 0", "reroll 0", "reroll 0", "reroll 0")
    assert state.fight.dice[0].value == 20
    with pytest.raises(IllegalAction, match="no critical"):
        state.apply(parse("reroll 0"))  # a 2 is no critical


def test_rulebook_example_armour_2_against_a_level_3_monster_takes_4() -> None:
    state = fight_in_area(5, 6, attack=[2, 3])  # 11 health, 2 damage dealt
    state.hero.armor = 2
    events = act(state, "enter 0", "strike")
    assert first(events, "counter_attack") == {"name": "Undead Knight", "damage": 6,
                                               "blocked": 2, "taken": 4}
    assert state.hero.hp == 16
    # ... and a new attack phase begins with a fresh roll.
    assert every(events, "attack_roll")[-1]["round"] == 2
    assert state.pending == "attack"


def test_armour_above_the_damage_blocks_it_all() -> None:
    state = fight_in_area(1, 6, attack=[2, 2])
    state.hero.armor = 5
    events = act(state, "enter 0", "strike")
    assert first(events, "counter_attack")["taken"] == 0 and state.hero.hp == 20


def test_beating_a_monster_gives_its_level_xp_and_ends_the_room() -> None:
    state = fight_in_area(3, 1, attack=[4])  # level 2 Skeleton, 4 health
    events = act(state, "enter 0", "strike")
    assert first(events, "foe_defeated") == {"foe": "monster", "name": "Skeleton", "rounds": 1}
    assert state.hero.xp == 1 and state.pending == "room" and state.column == 1


def test_the_hero_dies_when_the_counter_attack_takes_the_last_health() -> None:
    state = fight_in_area(8, 6, attack=[2])  # Serpent Knight: 8 damage
    state.hero.hp = 8
    events = act(state, "enter 0", "strike")
    assert first(events, "game_over") == {"outcome": "dead", "cause": "monster", "area": 8}
    assert state.is_over and state.outcome == "dead" and state.legal_actions() == []


def test_strike_is_the_only_way_on_when_nothing_can_be_rerolled() -> None:
    state = fight_in_area(1, 1, attack=[3], feat=[4])
    state.hero.hp, state.hero.xp = 5, 0
    act(state, "enter 0", "feat 0 hp")  # the one die has had its feat, and no 6 shows
    assert [a.kind for a in state.legal_actions()] == ["strike"]


def test_missed_dice_come_back_at_the_next_attack_phase() -> None:
    state = fight_in_area(5, 6, rank=2, attack=[1, 1, 4, 4])
    events = act(state, "enter 0", "strike")
    assert first(events, "strike")["damage"] == 0
    assert every(events, "attack_roll")[-1]["faces"] == [4, 4]
