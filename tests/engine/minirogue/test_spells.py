"""Spells: fire, ice and poison in a fight's spell step; healing there or before a room."""

from __future__ import annotations

import pytest

from engine.core.protocol import IllegalAction
from tests.engine.minirogue.support import PLAIN, act, every, first, game, kinds, parse


def in_fight(spells: list[str], **rolls: list[int]):
    state = game(area=5, deals={5: PLAIN}, monster_hp=[6], **rolls)  # Undead Knight, 11 health
    state.hero.hp, state.hero.spells = 10, list(spells)
    act(state, "enter 0")
    return state


def test_the_spell_step_comes_after_the_strike_and_takes_one_spell() -> None:
    state = in_fight(["fire", "ice"], attack=[2])
    act(state, "strike")
    assert state.pending == "spell"
    assert {a.to_dict()["do"] for a in state.legal_actions()} == {"cast", "pass"}
    with pytest.raises(IllegalAction, match="cannot strike now"):
        state.apply(parse("strike"))


def test_fire_deals_8() -> None:
    state = in_fight(["fire"], attack=[2])
    events = act(state, "strike", "cast fire")
    assert first(events, "spell_damage") == {"spell": "fire", "damage": 8, "hp_before": 9,
                                             "hp": 1}
    assert state.hero.spells == []


def test_fire_can_finish_the_monster_before_it_strikes_back() -> None:
    state = in_fight(["fire"], attack=[4])
    events = act(state, "strike", "cast fire")
    assert "counter_attack" not in kinds(events) and first(events, "foe_defeated")


def test_ice_stops_one_counter_attack() -> None:
    state = in_fight(["ice"], attack=[2, 2, 2])
    events = act(state, "strike", "cast ice")
    assert "frozen" in kinds(events) and "counter_attack" not in kinds(events)
    assert state.hero.hp == 10
    events = act(state, "strike")  # no spell left: the next counter-attack lands
    assert first(events, "counter_attack")["taken"] == 6


def test_poison_deals_5_now_and_5_more_at_every_later_strike() -> None:
    state = in_fight(["poison"], attack=[1, 1])
    state.fight.hp = 30
    first_turn = act(state, "strike", "cast poison")
    assert first(first_turn, "spell_damage")["hp"] == 25
    strike = first(act(state, "strike"), "strike")
    assert (strike["damage"], strike["poison"], strike["hp"]) == (0, 5, 20)


def test_poison_spells_stack_each_adds_5_per_turn() -> None:
    """Poison Spell: "for the remainder of the Combat sequence, inflict 5 extra damage per
    turn". Two poisons cast in one fight add 5 each, so 10 at every later strike."""
    state = in_fight(["poison", "poison"], attack=[1, 1, 1])
    state.hero.hp, state.fight.hp = 20, 40
    act(state, "strike", "cast poison")  # 35
    strike = first(act(state, "strike"), "strike")
    assert (strike["poison"], strike["hp"]) == (5, 30)
    act(state, "cast poison")  # 25
    strike = first(act(state, "strike"), "strike")
    assert (strike["poison"], strike["hp"]) == (10, 15)
    assert state.view().foe.poisons == 2


def test_healing_in_a_fight_gives_8_health_up_to_the_cap() -> None:
    state = in_fight(["heal"], attack=[2])
    events = act(state, "strike", "cast heal")
    assert every(events, "gain")[0] == {"stat": "hp", "amount": 8, "before": 10, "after": 18,
                                        "source": "heal"}
    state.hero.hp = 18
    state.hero.spells = ["heal"]
    act(state, "strike", "cast heal")
    assert state.hero.hp <= 20


def test_healing_before_a_room_and_nothing_else_outside_fights() -> None:
    state = game(deals={1: PLAIN})
    state.hero.spells = ["heal", "fire"]
    assert parse("cast heal") in state.legal_actions()
    assert parse("cast fire") not in state.legal_actions()
    assert state.why_illegal(parse("cast fire")) == \
        "outside a fight only the healing spell can be cast"
    act(state, "cast heal")
    assert state.hero.hp == 13 and state.hero.spells == ["fire"] and state.pending == "room"


def test_passing_the_spell_step_keeps_the_spell() -> None:
    state = in_fight(["fire"], attack=[2])
    events = act(state, "strike", "pass")
    assert "no_spell" in kinds(events) and state.hero.spells == ["fire"]
