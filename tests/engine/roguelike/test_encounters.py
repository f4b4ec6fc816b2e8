"""Encounters (1d6 + level), and the monsters and traps of each level letter E to A."""

from __future__ import annotations

import pytest

from engine.core.dice import Dice
from engine.roguelike.actions import Action
from engine.roguelike.encounters import (
    encounters,
    letter_up,
    roll_encounter,
    roll_monster,
    roll_trap,
)
from engine.roguelike.tables import difficulty, look_up, tables
from tests.engine.roguelike.support import created, random_play


@pytest.mark.parametrize("level", range(1, 11))
def test_the_encounter_roll_is_1d6_plus_the_level(level: int) -> None:
    dice, again = Dice(level), Dice(level)
    for _ in range(60):
        parts, roll = roll_encounter(dice, "k", level)
        assert roll == again.roll("k") + level
        assert parts == look_up(tables()["encounters"]["rows"], roll)


@pytest.mark.parametrize("letter", "EDCBA")
def test_monsters_of_each_letter_come_from_their_table(letter: str) -> None:
    dice, again = Dice(3), Dice(3)
    for _ in range(60):
        monster, roll = roll_monster(dice, "k", letter)
        assert roll == again.roll("k")
        entry = look_up(tables()["monsters"][letter], roll)
        assert (monster.name, monster.hp, monster.damage, monster.tags) == (
            entry["name"], entry["hp"], entry["damage"], entry["tags"])
        assert monster.letter == letter


@pytest.mark.parametrize("letter", "EDCB")
def test_traps_of_each_letter_come_from_their_table(letter: str) -> None:
    dice, again = Dice(4), Dice(4)
    for _ in range(60):
        trap, roll = roll_trap(dice, "k", letter)
        assert roll == again.roll("k")
        entry = look_up(tables()["traps"][letter], roll)
        assert (trap.name, trap.attack_dice, trap.damage, trap.effect) == (
            entry["name"], entry["attack_dice"], entry["damage"], entry["effect"])


def test_levelling_up_a_letter_goes_one_stronger_and_a_stays_a() -> None:
    # The Squeaky Board's whole encounter: tests/engine/roguelike/test_rulebook_exactly.py
    assert [letter_up(x) for x in "EDCBA"] == ["D", "C", "B", "A", "A"]


def _events(seeds):
    for seed in seeds:
        state = created(seed)
        from engine.core.dice import Dice as D
        chooser = D(seed)
        for _ in range(300):
            if state.is_over:
                break
            legal = state.legal_actions()
            events = state.apply(legal[chooser.below("player", len(legal))])
            yield state, [e.to_dict() for e in events]


def test_what_a_room_holds_is_what_its_encounter_roll_says() -> None:
    checked = 0
    for _, events in _events(range(40)):
        for i, event in enumerate(events):
            if event["event"] != "encounter" or event.get("ignored"):
                continue
            wanted = [(kind, letter) for count, letter, kind in event["parts"] for _ in range(count)]
            spawned = [(e["event"], e["letter"]) for e in events[i + 1:i + 1 + len(wanted)]]
            assert [k for k, _ in spawned] == [k for k, _ in wanted]
            checked += 1
    assert checked > 20


def test_monsters_roll_the_level_difficulty_and_need_its_successes() -> None:
    checked = 0
    for state, events in _events(range(60)):
        for event in events:
            if event["event"] == "monster_attack" and event["monster"] not in ("mimic", "shopkeeper"):
                assert len(event["dice"]) == difficulty(state.depth)
                successes = sum(1 for face in event["dice"] if face >= 5)
                assert event["hit"] == (successes >= difficulty(state.depth))
                checked += 1
    assert checked > 20


def test_a_revisited_room_ignores_odd_rolls_traps_and_loot() -> None:
    state = created(6)
    place = state.place
    for _ in range(50):
        before = (len(place.monsters), place.trap, len(place.loot), place.gold)
        events = encounters(state, place, revisit=True)
        roll = events[0].data["roll"]
        if roll % 2:
            assert events[0].data["ignored"] and len(events) == 1
        assert place.trap == before[1] and len(place.loot) == before[2] and place.gold == before[3]
        assert all(e.kind in ("encounter", "monster") for e in events)
    assert place.monsters, "even rolls still bring monsters"


def test_a_monster_hq_rolls_twice() -> None:
    state = created(1)
    place = state.place
    place.feature = "monster_hq"
    events = encounters(state, place, revisit=False)
    assert sum(1 for e in events if e.kind == "encounter") == 2


def test_random_play_meets_traps_and_their_attack_dice_follow_the_table() -> None:
    seen = 0
    for _, events in _events(range(80)):
        for event in events:
            if event["event"] == "trap_attack":
                entry = next(row["result"] for letter in "EDCB"
                             for row in tables()["traps"][letter]
                             if row["result"]["name"] == event["trap"])
                assert len(event["dice"]) == entry["attack_dice"] > 0
                seen += 1
    assert seen > 0
    random_play(1)  # the helper itself plays to the end


def _trapped(effect: str, attack_dice: int = 0, damage: str = "0d", seed: int = 3):
    from engine.roguelike.paper import Trap

    state = created(seed)
    state.rogue.hp = state.rogue.max_hp = 50
    state.place.trap = Trap("test", "C", attack_dice, damage, effect)
    return state


def test_a_trap_must_be_dealt_with_first() -> None:
    state = _trapped("")
    assert state.view(0).pending == "trap"
    assert {a.kind for a in state.legal_actions()} == {"disable", "spring"}


def test_an_autohit_trap_always_hurts_and_a_disabled_one_never() -> None:
    state = _trapped("", damage="1d+4")
    events = state.apply(Action("spring"))
    hurt = next(e.data for e in events if e.kind == "hurt")
    assert hurt["damage"] == hurt["dice"][0] + 4 and state.place.trap is None
    for seed in range(30):
        state = _trapped("", damage="1d+4", seed=seed)
        events = state.apply(Action("disable"))
        if events[0].data["passed"]:
            assert not any(e.kind == "hurt" for e in events) and state.place.trap is None
            return
    raise AssertionError("no trap disabled in 30 seeds")


def test_rust_squeaky_and_forgetfulness() -> None:
    from engine.roguelike.character import Item

    state = _trapped("rust")
    state.rogue.items = [Item("sword", dice="3d"), Item("potion_of_healing")]
    state.apply(Action("spring"))
    assert state.rogue.items[0].rusty and not state.rogue.items[1].rusty
    state = _trapped("level_up_next_monster")
    state.apply(Action("spring"))
    assert state.squeaky
    state = _trapped("forget_level")
    state.apply(Action("spring"))
    assert state.level.seen  # the rogue's own room is seen again at once
    assert "".join(state.view(0).map_rows).count(".") <= len(state.place.squares)


def test_a_teleportation_trap_moves_the_rogue_to_another_room_on_his_map() -> None:
    state = _trapped("teleport_room")
    level = state.level
    other = level.add_place("room", [(level.height // 2, level.width // 2)])
    level.see_place(other)
    events = state.apply(Action("spring"))
    assert next(e.data for e in events if e.kind == "teleported")["place"] == other.id
    assert state.here == other.id


def test_the_letters_a_level_can_meet_follow_the_encounter_table() -> None:
    from engine.roguelike.encounters import letters_at

    # 1d6 + 1 rolls 2 to 7: E monsters, traps and loot, and at 7 a D level trap.
    assert letters_at(1) == ("E", "D")
    # 1d6 + 4 rolls 5 to 10: up to 10, a C level trap and loot.
    assert letters_at(4) == ("E", "D", "C")
    # 1d6 + 10 rolls 11 to 16: C, D, B and at 16 an A level monster; no E any more.
    assert letters_at(10) == ("D", "C", "B", "A")
