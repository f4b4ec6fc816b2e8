"""Shops: 1d rolls on the 3d stock table plus 1d3 Identify scrolls, all uncursed. A levelled roll
that comes up gold is a mimic, and the Amulet of Yendor on an A level roll is a fake."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from engine.core.dice import Dice
from engine.roguelike.loot import loot_roll, make_item
from engine.roguelike.tables import look_up, roll_dice, roll_on, tables


def spell_roll(dice: Dice, key: str) -> str:
    data = tables()["spells"]
    return look_up(data["rows"], dice.roll(key, data["sides"]))


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
