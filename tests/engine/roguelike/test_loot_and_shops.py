"""Loot (status, colours, each letter's table, the Amulet of Yendor) and shops (stock, the mimic,
the fake Amulet, buying and selling)."""

from __future__ import annotations

import pytest

from engine.core.dice import Dice
from engine.roguelike.actions import Action
from engine.roguelike.character import Item
from engine.roguelike.encounters import spawn
from engine.roguelike.loot import collect_loot, colour_map, loot_roll, make_item
from engine.roguelike.shops import roll_stock
from engine.roguelike.tables import look_up, tables
from tests.engine.roguelike.support import created


@pytest.mark.parametrize("letter", "EDCBA")
def test_loot_of_each_letter_comes_from_its_table(letter: str) -> None:
    dice, again = Dice(8), Dice(8)
    for _ in range(60):
        entry, roll = loot_roll(dice, "k", letter)
        assert roll == again.roll("k")
        assert entry == look_up(tables()["loot"][letter], roll)


def test_a_level_loot_rolls_higher_for_each_a_level_monster_met() -> None:
    dice, again = Dice(2), Dice(2)
    for _ in range(60):
        entry, roll = loot_roll(dice, "k", "A", bonus=2)
        assert roll == again.roll("k") + 2
        assert entry == look_up(tables()["loot"]["A"], roll)


def test_found_magic_items_are_unidentified_with_a_status_roll() -> None:
    dice, again = Dice(12), Dice(12)
    colours = colour_map(Dice(12))
    entry = {"name": "potion_of_healing", "dice": "1d", "colour": "yellow"}
    for _ in range(60):
        item = make_item(dice, "k", entry, colours)
        assert item.status == look_up(tables()["loot"]["status"], again.roll("k"))
        assert not item.identified and item.colour == colours["potion_of_healing"]


def test_item_colours_are_shuffled_from_game_to_game() -> None:
    maps = [colour_map(Dice(seed)) for seed in range(10)]
    assert all(set(m.values()) <= set(tables()["loot"]["colours"]) for m in maps)
    assert all(len(set(m.values())) == len(m) for m in maps), "two items never share a colour"
    assert len({tuple(sorted(m.items())) for m in maps}) > 1


def test_the_amulet_in_loot_wins_the_game() -> None:
    state = created(4)
    state.a_monsters_met = 5  # every A level loot roll reads 6 or more
    event = spawn(state, state.place, "A", "loot")
    assert event.data["name"] == "amulet_of_yendor"
    collect_loot(state)
    assert state.outcome == "won" and state.amulet
    assert state.score() == tables()["score"]["per_level"] + tables()["score"]["amulet"]


@pytest.mark.parametrize("seed", range(60))
def test_shop_stock_follows_the_table(seed: int) -> None:
    stock = roll_stock(Dice(seed), "shop", colour_map(Dice(seed)))
    identify = [w for w in stock if w["item"].get("spell") == "identify" and w["price"] == 10]
    assert 1 <= len(identify) <= 9
    assert 2 <= len(stock) <= 9
    prices = {row["result"]["price"] for row in tables()["shop"]["rows"]}
    for ware in stock:
        assert ware["price"] in prices | {tables()["shop"]["identify_price"]}
        assert ware["item"].get("status", "uncursed") == "uncursed"
        if ware["mimic"]:
            assert ware["item"]["name"] == "mimic"
        assert ware["item"]["name"] != "amulet_of_yendor", "a shop's Amulet is always a fake"


def test_a_gold_roll_for_shop_loot_is_a_mimic_and_an_a_level_amulet_a_fake() -> None:
    kinds = set()
    for seed in range(3000):
        for ware in roll_stock(Dice(seed), "shop", {}):
            kinds.add(ware["item"]["name"])
            if ware["item"]["name"] == "fake_amulet":
                assert ware["price"] == 50
    assert {"mimic", "fake_amulet"} <= kinds


def _shop_state():
    state = created(9)
    state.place.landmarks.append("shop")
    state.rogue.gold = 100
    state.place.stock = [
        {"price": 20, "count": 1, "mimic": False, "item": {"name": "leather_armour", "armour": 2}},
        {"price": 10, "count": 1, "mimic": True,
         "item": {"name": "mimic", "guise": {"name": "dagger", "dice": "1d"}}},
        {"price": 2, "count": 4, "mimic": False, "each": True, "item": {"name": "lockpicks"}},
    ]
    return state


def test_buying_pays_the_price_and_fills_the_pack() -> None:
    state = _shop_state()
    picks = state.rogue.lockpicks
    state.apply(Action("buy", index=2))
    assert state.rogue.lockpicks == picks + 1 and state.rogue.gold == 98
    assert state.place.stock[2]["count"] == 3
    state.apply(Action("buy", index=0))
    assert state.rogue.gold == 78 and state.rogue.items[-1].name == "leather_armour"
    assert state.rogue.armour() == 2


def test_a_mimic_attacks_when_touched() -> None:
    state = _shop_state()
    state.apply(Action("buy", index=1))
    assert [m.name for m in state.place.monsters] == ["mimic"]
    assert state.view(0).pending == "fight"
    assert state.why_illegal(Action("sneak")) == "a relentless foe will not let you slip away"


def test_the_shop_buys_for_a_tenth_and_refuses_what_it_cannot_price() -> None:
    state = _shop_state()
    state.rogue.items = [Item("sword", dice="3d", value=30), Item("cloak")]
    assert state.why_illegal(Action("sell", item=1)) == "the shop will not buy that"
    state.apply(Action("sell", item=0))
    assert state.rogue.gold == 103 and state.rogue.items == [Item("cloak")]


def test_too_little_gold_is_refused_with_the_price() -> None:
    state = _shop_state()
    state.rogue.gold = 5
    assert state.why_illegal(Action("buy", index=0)) == "you need 20 gold"
