"""Setting up a level: the first room in a corner with its up staircase and doors, the down
staircase in the opposite corner, and the terminal and the shop in the other two."""

from __future__ import annotations

from typing import Any

from engine.core.dice import Dice
from engine.roguelike.dungeon_master import (
    door_candidates,
    draw_doors,
    reach_landmarks,
    room_shape_rows,
)
from engine.roguelike.paper import Level, Square
from engine.roguelike.tables import tables

CORNERS = ("NW", "NE", "SE", "SW")
OPPOSITE = {"NW": "SE", "SE": "NW", "NE": "SW", "SW": "NE"}


def corner_square(corner: str, width: int, height: int, inset: int) -> Square:
    row = inset if corner[0] == "N" else height - 1 - inset
    col = inset if corner[1] == "W" else width - 1 - inset
    return row, col


def inward(corner: str) -> tuple[str, str]:
    """The two directions that face into the sheet from a corner."""
    return ("S" if corner[0] == "N" else "N"), ("E" if corner[1] == "W" else "W")


def set_up_level(dice: Dice, number: int) -> tuple[Level, list[dict[str, Any]]]:
    """A fresh sheet for dungeon level `number`, with its first room drawn. Returns the level and
    what the Dungeon Master rolled, for the log."""
    paper = tables()["paper"]
    setup = tables()["setup"]
    sheet = tables()["first_level"] if number == 1 else paper  # the first level is shorter
    width, height, inset = sheet["width"], sheet["height"], paper["landmark_inset"]
    key = f"dm:{number}"
    corner = CORNERS[dice.below(key, 4)]
    far = OPPOSITE[corner]
    others = [c for c in CORNERS if c not in (corner, far)]
    if dice.below(key, 2):
        others.reverse()
    last = number >= paper["levels"]
    landmarks = {
        "up": corner_square(corner, width, height, 0),
        "amulet" if last else "down": corner_square(far, width, height, inset),
        "terminal": corner_square(others[0], width, height, inset),
        "shop": corner_square(others[1], width, height, inset),
    }
    level = Level(number, width, height, corner, landmarks, [0] * (width * height))
    # The first room: 2d6 squares, filled row by row from the corner.
    area = sum(dice.roll(key) for _ in range(setup["start_room_dice"]))
    rows = room_shape_rows(area)
    squares = []
    for depth, row_width in enumerate(rows):
        for lateral in range(row_width):
            r = depth if corner[0] == "N" else height - 1 - depth
            c = lateral if corner[1] == "W" else width - 1 - lateral
            squares.append((r, c))
    room = level.add_place("room", squares)
    room.entrance = None
    reach_landmarks(level, room)
    doors_roll = dice.roll(key)
    wanted = max(setup["start_doors_minimum"], doors_roll - setup["start_doors_minus"])
    candidates = [c for c in door_candidates(level, room) if c[1] in inward(corner)]
    draw_doors(dice, key, level, room, candidates, wanted, secret=False)
    level.see_place(room)
    log = [{"table": "first_room_area", "roll": area},
           {"table": "first_room_doors", "roll": doors_roll, "result": wanted}]
    return level, log
