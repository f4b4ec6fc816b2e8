"""Issue 38, "every rulebook, exactly": each test is named after the rulebook's words it holds
the engine to, and plays through `apply`."""

from __future__ import annotations

from engine.roguelike.actions import RogueAction
from engine.roguelike.character import Item
from engine.roguelike.paper import Monster
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
