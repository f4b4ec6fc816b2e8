"""Loot: each level letter's table, the cursed/blessed status, and the colours magic items go by
until identified (shuffled for every game, as the rulebook asks on repeated playthroughs)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.roguelike.character import Item
from engine.roguelike.tables import look_up, parse_dice, roll_dice, tables

if TYPE_CHECKING:
    from engine.roguelike.state import State

MAGIC_PREFIXES = ("potion_", "wand_", "cureall")
LETTER_VALUE = {"E": 10, "D": 20, "C": 30, "B": 40, "A": 50}  # the shop's price per loot letter


def is_magic(name: str) -> bool:
    return name.startswith(MAGIC_PREFIXES)


def colour_map(dice: Dice) -> dict[str, str]:
    """Which colour each magic item shows in this game: the rulebook's colours, shuffled."""
    data = tables()["loot"]
    names = sorted({row["result"]["name"] for letter in ("E", "D", "C", "B", "A")
                    for row in data[letter] if "colour" in row["result"]})
    colours = list(data["colours"])
    dice.shuffle("colours", colours)
    return {name: colours[i % len(colours)] for i, name in enumerate(names)}


def loot_roll(dice: Dice, key: str, letter: str, bonus: int = 0) -> tuple[dict[str, Any], int]:
    roll = dice.roll(key) + (bonus if letter == "A" else 0)
    return look_up(tables()["loot"][letter], roll), roll


def make_item(dice: Dice, key: str, entry: dict[str, Any], colours: dict[str, str],
              with_status: bool = True) -> Item:
    """An item from a loot entry. Magic items are unidentified and have a status roll."""
    name = entry["name"]
    status = "uncursed"
    if with_status:
        status = look_up(tables()["loot"]["status"], dice.roll(key))
    charges = 0
    if "charges" in entry:
        charges, _ = roll_dice(dice, key, entry["charges"])
    return Item(name=name, status=status, identified=not is_magic(name),
                colour=colours.get(name, ""), dice=entry.get("dice", ""), charges=charges,
                armour=entry.get("armour", 0), bonus_skill=entry.get("bonus_skill", ""))


def gold_amount(dice: Dice, key: str, entry: dict[str, Any]) -> int:
    amount, _ = roll_dice(dice, key, entry["dice"])
    return amount


def dice_count(text: str) -> int:
    return parse_dice(text)[0]


def unidentified(name: str, colour: str) -> str:
    """What an unidentified magic item is called: its colour and whether it is a wand or a
    potion ("teal_potion"), never a word of its real name."""
    return f"{colour}_{'wand' if name.startswith('wand_') else 'potion'}"


def item_name(item: Item) -> str:
    """What the rogue calls `item`: a fake Amulet passes for the real one until identified."""
    if item.name == "fake_amulet" and not item.identified:
        return "amulet_of_yendor"
    return item.name if item.identified else unidentified(item.name, item.colour)


def collect_loot(state: State) -> list[Event]:
    """The rogue picks up his place's gold and loot once no monster or trap is in the way;
    the Amulet of Yendor wins the game."""
    place = state.place
    if state.awake() or place.trap is not None or not (place.loot or place.gold):
        return []
    events = []
    if place.gold:
        state.rogue.gold += place.gold
        events.append(Event("gold_taken", {"gold": place.gold, "total": state.rogue.gold}))
        place.gold = 0
    for item in place.loot:
        if item.name == "amulet_of_yendor":
            state.amulet = True
            state.outcome = "won"
            events.append(Event("amulet_found", {"level": state.depth}))
        else:
            state.rogue.items.append(item)
            events.append(Event("item_taken", {"item": item_name(item)}))
    place.loot = []
    return events
