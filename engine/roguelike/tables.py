"""Every table of the rulebook, read once from data/tables.toml.

A table is a list of rows {from, to, result}; `look_up` finds the row a roll falls in. Dice
expressions such as "2d+3" or "1d3" are parsed here, and rolled with the game's seeded dice.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from importlib import resources
from typing import Any

from engine.core.dice import Dice

_DICE = re.compile(r"(\d+)d(\d*)([+-]\d+)?|(\d+)")


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    text = resources.files("engine.roguelike").joinpath("data/tables.toml").read_text("utf-8")
    return tomllib.loads(text)


def look_up(rows: list[dict[str, Any]], roll: int) -> Any:
    """The result of the row whose range holds `roll`; rolls past either end take that end."""
    roll = max(rows[0]["from"], min(rows[-1]["to"], roll))
    for row in rows:
        if row["from"] <= roll <= row["to"]:
            return row["result"]
    raise LookupError(f"no row for {roll}")


def table_sides(rows: list[dict[str, Any]]) -> tuple[int, int]:
    return rows[0]["from"], rows[-1]["to"]


def parse_dice(text: str) -> tuple[int, int, int]:
    """"2d+3" -> (2, 6, 3); "1d3" -> (1, 3, 0); "4" -> (0, 6, 4). Bad text raises ValueError."""
    match = _DICE.fullmatch(text)
    if match is None:
        raise ValueError(f"bad dice expression {text!r}")
    if match.group(4) is not None:
        return 0, 6, int(match.group(4))
    return int(match.group(1)), int(match.group(2) or 6), int(match.group(3) or 0)


def roll_dice(dice: Dice, key: str, text: str, extra_dice: int = 0) -> tuple[int, list[int]]:
    """Roll a dice expression (with extra dice, which may be negative); never below 0."""
    count, sides, plus = parse_dice(text)
    faces = [dice.roll(key, sides) for _ in range(max(0, count + extra_dice))]
    return max(0, sum(faces) + plus), faces


def roll_on(dice: Dice, key: str, rows: list[dict[str, Any]], count: int = 1, sides: int = 6,
            plus: int = 0) -> tuple[Any, int]:
    """Roll `count`d`sides`+plus and look the total up in `rows`: (result, total)."""
    total = sum(dice.roll(key, sides) for _ in range(count)) + plus
    return look_up(rows, total), total


def difficulty(level: int) -> int:
    successes: int = look_up(tables()["difficulty"]["rows"], level)
    return successes
