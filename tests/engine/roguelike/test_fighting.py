"""Fighting (part of "The Game"): attacks are skill checks against the Difficulty, weapons set the
damage dice, monsters answer each round; sneaking, fleeing, wands, bows and pets."""

from __future__ import annotations

from engine.roguelike.actions import Action
from engine.roguelike.character import Item
from engine.roguelike.paper import Monster
from engine.roguelike.tables import difficulty
from tests.engine.roguelike.support import created


def _fight(seed: int = 7, hp: int = 30, tags=("edible",)):
    state = created(seed)
    state.rogue.hp = state.rogue.max_hp = 99
    state.place.monsters.append(Monster("tiger", "B", hp, "3d", list(tags)))
    return state


def test_a_fight_bars_everything_but_fighting_and_items() -> None:
    state = _fight()
    assert state.view(0).pending == "fight"
    assert state.why_illegal(Action("search")) == "monsters bar the way: fight, sneak past or flee"
    assert {a.kind for a in state.legal_actions()} <= {"attack", "sneak", "flee", "use", "shoot", "zap"}


def test_an_attack_is_a_stab_check_and_a_hit_rolls_the_weapon() -> None:
    state = _fight()
    state.rogue.items.append(Item("sword", dice="3d"))
    for _ in range(30):
        events = state.apply(Action("attack", monster=0))
        check = events[0].data
        assert check["skill"] == "stab" and check["needed"] == difficulty(1)
        wounds = [e.data for e in events if e.kind == "wounded"]
        assert bool(wounds) == check["passed"]
        if wounds:
            assert len(wounds[0]["dice"]) == 3 and wounds[0]["damage"] == sum(wounds[0]["dice"])
        answers = [e for e in events if e.kind == "monster_attack"]
        assert len(answers) == (1 if state.place.monsters else 0)
        if not state.place.monsters:
            break
    assert not state.place.monsters
    assert state.place.corpses == [{"name": "tiger", "diseased": False}]


def test_a_bow_uses_archery_and_an_arrow() -> None:
    state = _fight()
    state.rogue.items.append(Item("bow", dice="1d", charges=1))
    events = state.apply(Action("shoot", monster=0, item=0))
    assert events[0].data["skill"] == "archery" and state.rogue.items[0].charges == 0
    assert state.why_illegal(Action("shoot", monster=0, item=0)) == "you have no arrows"


def test_a_fireball_needs_magic_and_hits_every_monster() -> None:
    for seed in range(30):
        state = _fight(seed)
        state.place.monsters.append(Monster("fox", "E", 50, "1d-2", []))
        state.rogue.items.append(Item("wand_of_fireball", dice="4d", charges=3, identified=False))
        events = state.apply(Action("zap", monster=0, item=0))
        assert events[0].data["skill"] == "magic" and state.rogue.items[0].identified
        if events[0].data["passed"]:
            assert sum(1 for e in events if e.kind == "wounded") == 2
            return
    raise AssertionError("no fireball hit in 30 seeds")


def test_sneaking_lets_the_rogue_walk_on_and_a_relentless_foe_does_not() -> None:
    state = _fight(tags=("relentless",))
    assert state.why_illegal(Action("sneak")) == "a relentless foe will not let you slip away"
    for seed in range(30):
        state = _fight(seed)
        events = state.apply(Action("sneak"))
        if events[0].data["passed"]:
            assert state.view(0).pending == "explore" and state.place.monsters
            return
    raise AssertionError("no sneak passed in 30 seeds")


def test_fleeing_goes_back_the_way_the_rogue_came() -> None:
    state = _fight()
    assert state.why_illegal(Action("flee")) == "there is nowhere to flee to"


def test_medusa_petrifies() -> None:
    for seed in range(40):
        state = _fight(seed)
        state.place.monsters = [Monster("medusa", "A", 40, "0d", ["petrifies"])]
        events = state.apply(Action("sneak"))
        if any(e.kind == "petrified" for e in events):
            assert state.outcome == "dead"
            return
    raise AssertionError("medusa never hit in 40 seeds")


def test_a_befriended_creature_fights_for_the_rogue() -> None:
    for seed in range(40):
        state = _fight(seed, tags=("trainable",))
        state.rogue.abilities.append("animal_friendship")
        state.place.monsters.append(Monster("fox", "E", 60, "1d-2", []))
        events = state.apply(Action("befriend", monster=0))
        if state.rogue.pet:
            assert events[0].data["roll"] >= 5
            assert state.why_illegal(Action("befriend", monster=0)) == "you already have a pet"
            events = state.apply(Action("attack", monster=0))
            assert any(e.kind == "wounded" and e.data["by"] == "tiger" for e in events)
            return
    raise AssertionError("no creature befriended in 40 seeds")
