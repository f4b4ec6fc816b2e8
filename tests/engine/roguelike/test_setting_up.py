"""Setting up a level: a 2d6 room in a corner with the up staircase and 1d6-3 (at least 1)
inward doors; the down staircase two squares from the opposite corner; the terminal and the
shop in the other corners."""

from __future__ import annotations

import pytest

from engine.core.dice import Dice
from engine.roguelike.setting_up import OPPOSITE, corner_square, inward, set_up_level
from engine.roguelike.tables import tables


@pytest.mark.parametrize("number", [1, 2])
@pytest.mark.parametrize("seed", range(40))
def test_a_new_level_is_laid_out_as_the_rulebook_says(seed: int, number: int) -> None:
    """Every level the same way; the first on its own, smaller sheet (the first level)."""
    dice = Dice(seed)
    level, log = set_up_level(dice, number)
    sheet = tables()["first_level" if number == 1 else "paper"]
    width, height = sheet["width"], sheet["height"]
    assert (level.width, level.height) == (width, height)
    room = level.places[0]
    area = log[0]["roll"]
    assert 2 <= area <= 12 and len(room.squares) == area
    assert corner_square(level.corner, width, height, 0) in room.squares
    assert level.reached["up"] == 0 and "up" in room.landmarks
    doors = [level.doors[d] for d in room.doors]
    wanted = max(1, log[1]["roll"] - 3)
    assert log[1]["result"] == wanted
    assert 1 <= len(doors) <= wanted
    assert all(d.facing in inward(level.corner) and not d.secret for d in doors)
    far = OPPOSITE[level.corner]
    assert level.landmarks["down"] == corner_square(far, width, height, 2)
    others = {corner_square(c, width, height, 2) for c in ("NW", "NE", "SE", "SW")
              if c not in (level.corner, far)}
    assert {level.landmarks["terminal"], level.landmarks["shop"]} == others


def test_the_last_level_keeps_the_amulet_where_the_stairs_would_be() -> None:
    level, _ = set_up_level(Dice(3), tables()["paper"]["levels"])
    assert "down" not in level.landmarks and "amulet" in level.landmarks


def test_set_up_is_the_same_for_the_same_seed() -> None:
    a, _ = set_up_level(Dice(9), 2)
    b, _ = set_up_level(Dice(9), 2)
    assert a == b
