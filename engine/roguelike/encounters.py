"""Encounters, and the monsters and traps of each level letter, E (weakest) to A."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.roguelike.loot import LETTER_VALUE, gold_amount, item_name, loot_roll, make_item
from engine.roguelike.paper import Monster, Place, Trap
from engine.roguelike.tables import look_up, roll_on, tables

if TYPE_CHECKING:
    from engine.roguelike.state import State

LETTERS = ("E", "D", "C", "B", "A")


def letter_up(letter: str) -> str:
    """One letter stronger (the Squeaky Board); A stays A."""
    return LETTERS[min(len(LETTERS) - 1, LETTERS.index(letter) + 1)]


def letters_at(level: int) -> tuple[str, ...]:
    """The level letters a room of dungeon level `level` can meet (1d6 + level on the
    encounter table), weakest first: what the screen shows as the level's letters."""
    rows = tables()["encounters"]["rows"]
    met = {part[1] for roll in range(1 + level, 7 + level) for part in look_up(rows, roll)}
    return tuple(letter for letter in LETTERS if letter in met)


def roll_encounter(dice: Dice, key: str, level: int) -> tuple[list[list[Any]], int]:
    """1d6 + dungeon level on the encounter table: the parts [count, letter, kind] and the roll."""
    rows = tables()["encounters"]["rows"]
    roll = dice.roll(key) + level
    return look_up(rows, roll), roll


def make_monster(entry: dict[str, Any], letter: str) -> Monster:
    return Monster(entry["name"], letter, entry["hp"], entry["damage"], list(entry["tags"]),
                   entry.get("attack_dice", 0))


def roll_monster(dice: Dice, key: str, letter: str) -> tuple[Monster, int]:
    entry, roll = roll_on(dice, key, tables()["monsters"][letter])
    return make_monster(entry, letter), roll


def roll_trap(dice: Dice, key: str, letter: str) -> tuple[Trap, int]:
    # The rulebook has no A level traps; the encounter table never asks for one.
    entry, roll = roll_on(dice, key, tables()["traps"][letter])
    return Trap(entry["name"], letter, entry["attack_dice"], entry["damage"], entry["effect"]), roll


def encounters(state: State, place: Place, revisit: bool) -> list[Event]:
    """Roll the encounters of a room entered (twice in a Monster HQ). On a revisit an odd roll
    meets nothing and an even one only its monsters, as the rulebook says."""
    key = f"dm:{state.depth}"
    times = 2 if place.feature == "monster_hq" else 1
    events = []
    for _ in range(times):
        parts, roll = roll_encounter(state.dice, key, state.depth)
        if revisit and (roll % 2 == 1):
            events.append(Event("encounter", {"roll": roll, "ignored": True}))
            continue
        if revisit:
            parts = [part for part in parts if part[2] == "monster"]
        events.append(Event("encounter", {"roll": roll, "parts": parts}))
        # The squeaky board levels up every monster of the next encounter that has any.
        squeaky = state.squeaky and any(kind == "monster" for _, _, kind in parts)
        state.squeaky = state.squeaky and not squeaky
        for count, letter, kind in parts:
            if squeaky and kind == "monster":
                letter = letter_up(letter)
            for _ in range(count):
                events.append(spawn(state, place, letter, kind))
    return events


def spawn(state: State, place: Place, letter: str, kind: str) -> Event:
    """Put one `kind` ("monster", "trap" or "loot") of level `letter` in `place`."""
    key = f"dm:{state.depth}"
    if kind == "monster":
        monster, roll = roll_monster(state.dice, key, letter)
        if letter == "A":
            state.a_monsters_met += 1
        place.monsters.append(monster)
        return Event("monster", {"letter": letter, "roll": roll, "name": monster.name,
                                 "hp": monster.hp})
    if kind == "trap":
        trap, roll = roll_trap(state.dice, key, letter)
        place.trap = trap
        return Event("trap", {"letter": letter, "roll": roll, "name": trap.name})
    bonus = state.a_monsters_met * tables()["loot"]["a_level_bonus_per_monster"]
    entry, roll = loot_roll(state.dice, key, letter, bonus)
    if entry["name"] == "gold":
        place.gold += gold_amount(state.dice, key, entry)
        return Event("loot", {"letter": letter, "roll": roll, "name": "gold", "gold": place.gold})
    item = make_item(state.dice, key, entry, state.colours)
    item.value = LETTER_VALUE[letter]
    place.loot.append(item)
    if not item.identified:
        # The roll would name it on the letter's table: magic loot is introduced by its colour.
        return Event("loot", {"letter": letter, "name": item_name(item), "status": "unknown"})
    return Event("loot", {"letter": letter, "roll": roll, "name": item_name(item),
                          "status": item.status})
