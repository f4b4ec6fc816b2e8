"""Using what the rogue carries (Loot): potions, the usable wands, scrolls and spellbooks, the
bag of tricks, rations. Using an item identifies it; magic fails in an antimagic room."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.roguelike.actions import Action
from engine.roguelike.character import Item
from engine.roguelike.combat import monsters_turn
from engine.roguelike.encounters import spawn
from engine.roguelike.loot import collect_loot, is_magic
from engine.roguelike.spells import cast
from engine.roguelike.tables import roll_dice, tables

if TYPE_CHECKING:
    from engine.roguelike.state import State

SPELL_ITEMS = ("scroll", "spellbook", "bag_of_tricks")  # magic that needs no identifying
USABLE = ("cureall_potion", "scroll", "spellbook", "wand_of_luck", "wand_of_invisibility",
          "bag_of_tricks", "fake_amulet", "rations")  # besides every potion


def use_problem(state: State, item: Item | None) -> str | None:
    if item is None:
        return "you carry no such item"
    if not (item.name.startswith("potion_") or item.name in USABLE):
        return f"{item.name.replace('_', ' ')} is not something to use"
    if (is_magic(item.name) or item.name in SPELL_ITEMS) and state.place.feature == "antimagic":
        return "magic does not work in this room"
    if item.name == "spellbook" and item.cast_on_level == state.depth:
        return "you have cast that spell on this level already"
    if item.name == "wand_of_invisibility" and item.cast_on_level == state.depth:
        return "the wand needs a new level to work again"
    return None


GARMENT = "cloak_or_boots"  # the C level loot "Regular cloak or boots (choice)", not yet chosen
GARMENTS = ("cloak", "boots")


def wear_problem(item: Item | None, choice: str | None) -> str | None:
    if item is None:
        return "you carry no such item"
    if item.name != GARMENT:
        return f"{item.name.replace('_', ' ')} is already what it is"
    return None if choice in GARMENTS else "choose the cloak or the boots"


def wear(state: State, a: Action) -> list[Event]:
    """The rogue's choice of the regular cloak or boots he found: the item becomes that one."""
    assert a.item is not None and a.name is not None  # why_illegal checked the arguments
    state.rogue.items[a.item].name = a.name
    return [Event("garment_chosen", {"item": a.name})]


def use(state: State, a: Action) -> list[Event]:
    assert a.item is not None  # why_illegal checked the kind's arguments
    item = state.rogue.items[a.item]
    item.identified = True
    events = [Event("used", {"item": item.name})]
    consumed, effects = _take_effect(state, item)
    events += effects
    if consumed:
        state.rogue.items.pop(a.item)
    events += collect_loot(state)
    if state.awake():
        events += monsters_turn(state)
    return events


def _take_effect(state: State, item: Item) -> tuple[bool, list[Event]]:
    """What using `item` does: whether it is used up, and the events."""
    rogue, name, key = state.rogue, item.name, "rogue"
    events: list[Event] = []
    if name in ("potion_of_healing", "potion_of_major_healing"):
        amount, _ = roll_dice(state.dice, key, item.dice, item.status_dice())
        events += state.heal(amount, name)
    elif name == "potion_of_full_healing":
        events += state.heal(rogue.max_hp, name)
    elif name in ("potion_of_poison", "potion_of_greater_poison"):
        amount, faces = roll_dice(state.dice, key, item.dice, item.status_dice())
        rogue.hp -= amount
        events.append(Event("hurt", {"by": name, "cause": "poison", "dice": faces,
                                     "damage": amount, "hp": rogue.hp}))
    elif name == "cureall_potion":
        rogue.diseased, rogue.disease_clock = False, 0
        events.append(Event("cured", {}))
    elif name in ("potion_of_confusion", "wand_of_luck"):
        rogue.timed_bonus = -1 if name == "potion_of_confusion" else 1
        rogue.timed_left = tables()["loot"]["timed_actions"]
    elif name == "wand_of_invisibility":
        item.cast_on_level = state.depth
        if state.awake():
            state.place.sneaked = True
            events.append(Event("sneaked", {}))
        return False, events
    elif name == "bag_of_tricks":
        for letter in ("E", "D", "C", "B", "A"):
            events.append(spawn(state, state.place, letter, "loot"))
    elif name == "fake_amulet":
        events.append(Event("fake_amulet", {}))
    elif name == "rations":
        events += state.heal(tables()["eating"]["heal"], name)
    elif name in ("scroll", "spellbook"):
        item.cast_on_level = state.depth
        return name == "scroll", events + cast(state, item.spell)
    return True, events
