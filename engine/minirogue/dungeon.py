"""THE DUNGEON: five levels of areas 1 to 14, and the room cards laid out in each area.

Each area's six room cards are shuffled from their own dice stream ("deal:<area>") and laid in
columns of 1, 2, 1 and 2 cards. The boss is a fifth column in the last area of each level; it is
worked out from where the hero stands, so a fall through a pit that lands in a level's last area
brings its boss, and one that lands elsewhere leaves the old boss behind.
"""

from __future__ import annotations

from engine.core.dice import Dice
from engine.minirogue.tables import Tables

BOSS = "boss"


def is_last_area(t: Tables, area: int) -> bool:
    return t.level_of(area).areas[-1] == area


def deal(t: Tables, dice: Dice, area: int) -> list[list[str]]:
    """Shuffle the room cards and lay them out in columns (PREPARE PHASE)."""
    cards = list(t.room_cards)
    dice.shuffle(f"deal:{area}", cards)
    columns, at = [], 0
    for size in t.columns:
        columns.append(cards[at:at + size])
        at += size
    return columns


def columns_here(t: Tables, layout: list[list[str]], area: int) -> list[list[str]]:
    """The columns to play in this area: the dealt ones, plus the boss in a level's last area."""
    if is_last_area(t, area):
        return [*layout, [BOSS]]
    return layout


def landing(t: Tables, area: int) -> int | None:
    """Where a pit drops the hero from `area`, or None on the last level."""
    return t.pit_landing.get(area)


def level_number(t: Tables, area: int) -> int:
    return t.level_of(area).number
