"""Issue 38, "every rulebook, exactly": each test is named after the rulebook's words it holds
the engine to, and plays through `apply`."""

from __future__ import annotations

from engine.roguelike.actions import RogueAction
from engine.roguelike.character import Item
from engine.roguelike.game import RogueState
from engine.roguelike.levelling import abilities
from engine.roguelike.paper import Monster
from engine.roguelike.tables import difficulty
from tests.roguelike.support import created


def _fight(seed: int, *items: Item):
    state = created(seed)
    state.rogue.hp = state.rogue.max_hp = 99
    state.rogue.items.extend(items)
    state.place.monsters.append(Monster("tiger", "B", 500, "0d", []))
    return state


def _hit_dice(state) -> int:
    """How many damage dice the rogue's first successful Stab rolls."""
    for _ in range(60):
        events = state.apply(RogueAction("attack", monster=0))
        if events[0].data["passed"]:
            return len(next(e for e in events if e.kind == "wounded").data["dice"])
    raise AssertionError("no Stab passed in 60 tries")


def test_cursed_minus_1d_never_leaves_stab_without_dice() -> None:
    """A cursed (or rusted) dagger is worse than the knife every rogue carries: he stabs with
    the knife, 1d, not with the dagger's 0 dice."""
    assert _hit_dice(_fight(3, Item("dagger", dice="1d", status="cursed"))) == 1
    assert _hit_dice(_fight(4, Item("dagger", dice="1d", rusty=True))) == 1
    assert _hit_dice(_fight(5, Item("dagger", dice="1d", status="cursed"),
                            Item("sword", dice="3d"))) == 3


def test_helmet_minus_1_damage_counts_once_however_many_are_carried() -> None:
    """Helmet: -1 damage. Three helmets in the pack still make one worn helmet."""
    helmets = [Item("helmet", armour=1) for _ in range(3)]
    state = _fight(6, *helmets, Item("shield", armour=3))
    state.place.monsters[0] = Monster("ogre", "B", 500, "6", [])  # always 6 damage
    for _ in range(60):
        events = state.apply(RogueAction("sneak"))
        hurt = [e.data for e in events if e.kind == "hurt"]
        if hurt:
            assert hurt[0]["damage"] == 6 - 1 - 3  # one helmet, one shield
            return
        state.place.sneaked = False
    raise AssertionError("the monster never hit in 60 rounds")


def _on_level(number: int, seed: int = 2) -> RogueState:
    """A rogue with Stealth and Run at 2d6 who went straight down to `number`, raising only
    those: Search, Hack, Stab, Lockpick, Jump and Climb stay at 1d6."""
    state = created(seed, ("stealth", "run"))
    while state.depth < number:
        state.place.landmarks.append("down")
        state.apply(RogueAction("descend"))
        state.apply(RogueAction("raise", names=("stealth", "run")))
        state.apply(RogueAction("ability", name=abilities()[state.depth]))
    assert difficulty(state.depth) == 2 and state.rogue.skills["search"] == 1
    return state


def test_difficulty_2_against_a_1d6_search_is_no_dead_level_behind_secret_doors() -> None:
    """From level 4 a 1d6 Search or Hack can never pass. When every door left is secret, a
    search (which he cannot pass) still finds the hidden way on: the level is never dead."""
    state = _on_level(4)
    for door in state.level.doors:
        door.secret, door.found = True, False
    assert "down" not in state.place.landmarks
    events = state.apply(RogueAction("search"))
    assert any(e.kind == "hidden_way_found" for e in events), [e.kind for e in events]
    assert state.why_illegal(RogueAction("descend")) is None


def test_difficulty_2_against_a_1d6_stab_is_no_dead_level_behind_locked_doors() -> None:
    """Out of lockpicks, with a 1d6 Stab, a locked door can never be forced from level 4."""
    state = _on_level(4, seed=3)
    state.rogue.lockpicks = 0
    for door in state.level.doors:
        door.locked = True
    events = state.apply(RogueAction("search"))
    assert any(e.kind == "hidden_way_found" for e in events), [e.kind for e in events]


def test_a_door_the_rogue_can_still_open_keeps_the_level_alive() -> None:
    state = _on_level(4, seed=3)
    state.rogue.skills["search"] = 2  # Search can pass again: no free way on
    for door in state.level.doors:
        door.secret, door.found = True, False
    for _ in range(20):
        events = state.apply(RogueAction("search"))
        assert not any(e.kind == "hidden_way_found" for e in events)
        if any(e.kind == "secret_doors_found" and e.data["doors"] for e in events):
            return
    raise AssertionError("no search passed in 20 tries")


def test_chasm_requires_climbing_out_and_a_climb_that_cannot_pass_climbs_back() -> None:
    """Falling into a chasm requires climbing out; with a 1d6 Climb against Difficulty 2 no
    roll can do it, so the rogue climbs back out where he fell in (the far side stays closed)."""
    state = _on_level(4)
    state.place.feature, state.place.crossed, state.place.in_chasm = "chasm", False, True
    events = state.apply(RogueAction("climb"))
    assert [e.kind for e in events] == ["climbed_back"]
    assert not state.place.in_chasm and not state.place.crossed
