"""Shops: 1d rolls on the 3d stock table plus 1d3 Identify scrolls, all uncursed. A levelled roll
that comes up gold is a mimic, and the Amulet of Yendor on an A level roll is a fake."""

from __future__ import annotations

import copy
from dataclasses import asdict, fields
from typing import TYPE_CHECKING, Any

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.roguelike.actions import Action
from engine.roguelike.character import Item
from engine.roguelike.encounters import make_monster
from engine.roguelike.loot import item_name, loot_roll, make_item
from engine.roguelike.tables import look_up, roll_dice, roll_on, tables

if TYPE_CHECKING:
    from engine.roguelike.state import State


def spell_roll(dice: Dice, key: str) -> str:
    data = tables()["spells"]
    spell: str = look_up(data["rows"], dice.roll(key, data["sides"]))
    return spell


def roll_stock(dice: Dice, key: str, colours: dict[str, str]) -> list[dict[str, Any]]:
    """The wares: each {"item": item fields, "price": gp, "count": n, "mimic": bool}, and
    "each": true when the price is for one of the count. A mimic's item has its "guise"."""
    data = tables()["shop"]
    stock: list[dict[str, Any]] = []
    rolls, _ = roll_dice(dice, key, data["stock_rolls_dice"])
    for _ in range(rolls):
        entry, _roll = roll_on(dice, key, data["rows"], count=3)
        kind, price = entry["kind"], entry["price"]
        ware: dict[str, Any] = {"price": price, "count": 1, "mimic": False}
        if kind == "loot":
            found, _ = loot_roll(dice, key, entry["letter"])
            if found["name"] == "gold":
                # A mimic, dressed as another ware of its letter (one more roll; gold again:
                # the table's first thing that is not gold).
                ware["mimic"] = True
                guise, _ = loot_roll(dice, key, entry["letter"])
                if guise["name"] == "gold":
                    guise = next(row["result"] for row in tables()["loot"][entry["letter"]]
                                 if row["result"]["name"] != "gold")
                ware["item"] = {"name": "mimic",
                                "guise": asdict(make_item(dice, key, guise, colours,
                                                          with_status=False))}
            else:
                item = make_item(dice, key, found, colours, with_status=False)
                if item.name == "amulet_of_yendor":
                    item.name = "fake_amulet"  # shown as the Amulet until identified
                    item.identified = False
                ware["item"] = asdict(item)
        elif kind in ("scroll", "spellbook"):
            ware["item"] = {"name": kind, "spell": spell_roll(dice, key)}
        else:
            if "count" in entry:
                ware["count"], _ = roll_dice(dice, key, entry["count"])
                ware["each"] = entry.get("each", False)  # sold one at a time at the price
            ware["item"] = {"name": kind, "armour": entry.get("armour", 0),
                            "bonus_skill": entry.get("bonus_skill", "")}
        stock.append(ware)
    scrolls, _ = roll_dice(dice, key, data["identify_scrolls_dice"])
    for _ in range(scrolls):
        stock.append({"price": data["identify_price"], "count": 1, "mimic": False,
                      "item": {"name": "scroll", "spell": "identify"}})
    return stock


def problem(state: State, a: Action, item: Item | None) -> str | None:
    """Why buying or selling is not allowed here; None if it is."""
    place = state.place
    if "shop" in place.landmarks and place.keeper == "hostile":
        return "the shopkeeper is fighting you"
    if a.kind == "attack_shopkeeper":
        if "shop" not in place.landmarks:
            return "there is no shopkeeper here"
        return None if place.keeper == "trading" else "the shopkeeper is dead"
    if a.kind == "buy":
        if "shop" not in place.landmarks or a.index is None or a.index >= len(place.stock):
            return "the shop has no such ware"
        price = place.stock[a.index]["price"]
        return f"you need {price} gold" if state.rogue.gold < price else None
    if "shop" not in place.landmarks:
        return "there is no shop here"
    if place.keeper == "slain":
        return "nobody is left to buy it"
    if item is not None and item.status == "cursed":
        return "a curse binds it to you: pray at an altar to lift it"
    return None if item is not None and item.value // tables()["shop"]["sell_divisor"] > 0 \
        else "the shop will not buy that"


def buy(state: State, a: Action) -> list[Event]:
    assert a.index is not None  # why_illegal checked the kind's arguments
    place, rogue = state.place, state.rogue
    ware = place.stock[a.index]
    if ware["mimic"]:
        # It attacks when touched, before any gold changes hands.
        place.stock.pop(a.index)
        place.monsters.append(make_monster(tables()["monsters"]["mimic"], "C"))
        place.fought = True
        return [Event("mimic", {})]
    each = ware.get("each", False)
    count = 1 if each else ware["count"]
    if each and ware["count"] > 1:
        ware["count"] -= 1
    else:
        place.stock.pop(a.index)
    price = ware["price"]
    events: list[Event] = []
    if "master_barterer" in rogue.abilities:
        roll = state.dice.roll("rogue")
        if roll >= 5:
            price -= price // tables()["shop"]["barter_discount_divisor"]
        events.append(Event("barter", {"roll": roll, "price": price}))
    rogue.gold -= price
    fields_ = {f.name for f in fields(Item)}
    item = Item(**{k: v for k, v in ware["item"].items() if k in fields_})
    item.value = ware["price"]
    if item.name == "lockpicks":
        rogue.lockpicks += count
    else:
        for _ in range(count):
            rogue.items.append(copy.copy(item))
    return events + [Event("bought", {"item": item_name(item), "count": count,
                                      "price": price, "gold": rogue.gold})]


def sell(state: State, a: Action) -> list[Event]:
    assert a.item is not None  # why_illegal checked the kind's arguments
    item = state.rogue.items.pop(a.item)
    gain = item.value // tables()["shop"]["sell_divisor"]
    state.rogue.gold += gain
    return [Event("sold", {"item": item_name(item), "gold": gain})]
