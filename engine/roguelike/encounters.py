"""Encounters, and the monsters and traps of each level letter, E (weakest) to A."""

from __future__ import annotations

from typing import Any

from engine.core.dice import Dice
from engine.roguelike.paper import Monster, Trap
from engine.roguelike.tables import look_up, roll_on, tables

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
