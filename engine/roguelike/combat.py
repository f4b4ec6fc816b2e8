"""Fighting (The Game; the special abilities of Leveling Up): the rogue attacks with a Stab check
and his best blade, shoots or throws, zaps a wand, befriends a beast, sneaks past or flees. Then
the pet bites and every monster still awake attacks with the level's Difficulty in dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.roguelike.actions import Action
from engine.roguelike.character import SUCCESS_FACE, Item, roll_pool
from engine.roguelike.encounters import make_monster
from engine.roguelike.exploring import enter
from engine.roguelike.loot import collect_loot
from engine.roguelike.tables import difficulty, parse_dice, roll_dice, tables

if TYPE_CHECKING:
    from engine.roguelike.state import State

FIGHT_KINDS = ("attack", "shoot", "zap", "befriend", "sneak", "flee")
WEAPONS = ("dagger", "spear", "sword")
THROWN = ("dagger", "spear")


def fight_problem(state: State, a: Action, item: Item | None) -> str | None:
    """Why `a` is not allowed where monsters may face the rogue; None if it is. While they are
    awake only a fight, sneaking past or fleeing will do."""
    place = state.place
    monster = None
    if a.monster is not None:
        if not state.awake():
            return "there is no monster facing you"
        if a.monster >= len(place.monsters):
            return "there is no such monster facing you"
        monster = place.monsters[a.monster]
    if not state.awake():
        return "nothing here to fight"
    if a.kind not in FIGHT_KINDS:
        return "monsters bar the way: fight, sneak past or flee"
    relentless = any("relentless" in m.tags for m in place.monsters)
    if a.kind in ("sneak", "flee") and relentless:
        return "a relentless foe will not let you slip away"
    if a.kind == "flee" and state.came_from is None:
        return "there is nowhere to flee to"
    if a.kind == "befriend":
        if "animal_friendship" not in state.rogue.abilities:
            return "you need Animal Friendship"
        if state.rogue.pet is not None:
            return "you already have a pet"
        assert monster is not None  # befriend takes a monster, looked up above
        return None if "trainable" in monster.tags else "that creature cannot be trained"
    if a.kind not in ("shoot", "zap"):
        return None
    assert item is not None  # shoot and zap take an item; the state looked it up
    return _missile_problem(state, a.kind, item)


def _missile_problem(state: State, kind: str, item: Item) -> str | None:
    if kind == "shoot":
        if item.name == "bow":
            return None if item.charges > 0 else "you have no arrows"
        return None if item.name in THROWN else "you cannot shoot or throw that"
    if not item.name.startswith("wand_of_") or item.name in ("wand_of_luck", "wand_of_invisibility"):
        return "that is not an attacking wand"
    if state.place.feature == "antimagic":
        return "magic does not work in this room"
    return None if item.charges > 0 else "the wand is out of charges"


def _dice_count(item: Item) -> int:
    return parse_dice(item.dice)[0] + item.status_dice() - (1 if item.rusty else 0)


def _weapon(state: State) -> Item | None:
    """The best blade for Stab; None (the knife) when no weapon carried beats it, as a
    cursed or rusted dagger does not."""
    weapons = [item for item in state.rogue.items if item.name in WEAPONS]
    best = max(weapons, key=_dice_count, default=None)
    knife = parse_dice(tables()["combat"]["knife"])[0]
    return best if best is not None and _dice_count(best) > knife else None


def _damage_dice(item: Item | None) -> tuple[str, int]:
    if item is None:
        return tables()["combat"]["knife"], 0
    return item.dice, item.status_dice() - (1 if item.rusty else 0)


def attack(state: State, a: Action) -> list[Event]:
    assert a.monster is not None  # why_illegal checked the kind's arguments
    return _strike(state, a.monster, "stab", _weapon(state), ranged=False)


def attack_shopkeeper(state: State, a: Action) -> list[Event]:
    """"If attacked, the shopkeeper is a fearsome opponent": he comes out to fight with the
    rulebook's numbers (tables.toml), as any monster of the place, and takes the first stab."""
    place = state.place
    place.keeper = "hostile"
    place.monsters.append(make_monster(tables()["monsters"]["shopkeeper"], "A"))
    place.sneaked = False
    events = [Event("shopkeeper_attacked", {})]
    return events + _strike(state, len(place.monsters) - 1, "stab", _weapon(state), ranged=False)


def shoot(state: State, a: Action) -> list[Event]:
    assert a.monster is not None and a.item is not None  # why_illegal checked both
    item = state.rogue.items[a.item]
    if item.name == "bow":
        item.charges -= 1
        return _strike(state, a.monster, "archery", item, ranged=True)
    return _strike(state, a.monster, "throw", item, ranged=True)


def _strike(state: State, target: int, skill: str, weapon: Item | None,
            ranged: bool) -> list[Event]:
    place, rogue = state.place, state.rogue
    monster = place.monsters[target]
    bonus = tables()["levelling"]["bonus_dice"]
    aimed = ranged and "bullseye_attack_roll" in rogue.abilities
    passed, event = state.check(skill, bonus if aimed else 0)
    events = [event]
    if passed:
        dice_text, extra = _damage_dice(weapon)
        if "sneak_attack" in rogue.abilities and not place.fought:
            extra += bonus
        if "hamstring" in rogue.abilities and "humanoid" in monster.tags:
            extra += bonus
        if ranged and "bullseye_damage" in rogue.abilities:
            extra += bonus
        events += wound(state, target, dice_text, extra, skill)
    return events + monsters_turn(state)


def wound(state: State, target: int, dice_text: str, extra: int, by: str) -> list[Event]:
    """Roll damage against the monster `target` of the rogue's place; a slain one may leave a
    corpse to eat."""
    place = state.place
    monster = place.monsters[target]
    amount, faces = roll_dice(state.dice, "rogue", dice_text, extra)
    monster.hp -= amount
    events = [Event("wounded", {"monster": monster.name, "by": by, "dice": faces,
                                "damage": amount, "hp": max(0, monster.hp)})]
    if monster.hp <= 0:
        place.monsters.pop(target)
        edible = "edible" in monster.tags or (
            "humanoid" in monster.tags and "cannibal" in state.rogue.abilities)
        if edible:
            place.corpses.append({"name": monster.name, "diseased": "diseased" in monster.tags})
        events.append(Event("slain", {"monster": monster.name}))
        if monster.name == "shopkeeper":
            events += _shop_unguarded(state)
    return events


def _shop_unguarded(state: State) -> list[Event]:
    """The rulebook stops at the fight; we say what winning it gives: the wares are the rogue's
    to take at the price tables.toml sets (nothing), and nobody is left to buy from him."""
    place = state.place
    place.keeper = "slain"
    for ware in place.stock:
        ware["price"] = tables()["shop"]["keeper_slain_price"]
    return [Event("shop_unguarded", {"wares": len(place.stock)})]


def zap(state: State, a: Action) -> list[Event]:
    assert a.monster is not None and a.item is not None  # why_illegal checked both
    item = state.rogue.items[a.item]
    item.charges -= 1
    item.identified = True
    passed, event = state.check("magic")
    events = [event]
    if passed:
        extra = item.status_dice()
        if "magic_item_affinity" in state.rogue.abilities:
            extra += tables()["levelling"]["bonus_dice"]
        targets = range(len(state.place.monsters) - 1, -1, -1) \
            if item.name == "wand_of_fireball" else [a.monster]
        for target in targets:
            events += wound(state, target, item.dice, extra, item.name)
    return events + monsters_turn(state)


def befriend(state: State, a: Action) -> list[Event]:
    assert a.monster is not None  # why_illegal checked the kind's arguments
    roll, needed = state.dice.roll("rogue"), tables()["combat"]["befriend_on"]
    events = [Event("befriend", {"roll": roll, "needed": needed, "passed": roll >= needed})]
    if roll >= needed:
        monster = state.place.monsters.pop(a.monster)
        state.rogue.pet = {"name": monster.name, "damage": monster.damage}
    return events + monsters_turn(state)


def sneak(state: State, a: Action) -> list[Event]:
    passed, event = state.check("stealth")
    if passed:
        state.place.sneaked = True
        return [event, Event("sneaked", {})]
    return [event] + monsters_turn(state)


def flee(state: State, a: Action) -> list[Event]:
    passed, event = state.check("run")
    if passed:
        back = state.came_from
        assert back is not None
        state.place.fought = True
        return [event, Event("fled", {})] + enter(state, back)
    return [event] + monsters_turn(state)


def monsters_turn(state: State) -> list[Event]:
    """The pet bites first, then every monster still awake attacks: it rolls its dice (the
    level's Difficulty unless it has its own) and, like every action, needs the Difficulty's
    successes to hit."""
    place, rogue = state.place, state.rogue
    events: list[Event] = []
    if rogue.pet is not None and place.monsters and not place.sneaked:
        events += wound(state, 0, rogue.pet["damage"], 0, rogue.pet["name"])
    if not state.awake():
        return events + collect_loot(state)
    place.fought = True
    key = f"fight:{state.depth}"
    needed = difficulty(state.depth)
    for monster in list(place.monsters):
        faces, successes = roll_pool(state.dice, key, monster.attack_dice or difficulty(state.depth))
        hit = successes >= needed
        events.append(Event("monster_attack", {"monster": monster.name, "dice": faces, "hit": hit,
                                               "successes": successes, "needed": needed,
                                               "success_on": SUCCESS_FACE}))
        if not hit:
            continue
        if "petrifies" in monster.tags:
            rogue.hp = 0
            events.append(Event("petrified", {"monster": monster.name}))
            break
        events += state.hurt(monster.damage, monster.name, "monster", key)
        if "infects" in monster.tags:
            rogue.diseased = True
        if rogue.hp <= 0:
            break
    return events
