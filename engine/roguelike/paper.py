"""The Dungeon Master's copy of a level: a sheet of squares with rooms, corridors and doors.

Every square is rock (0), part of a place (a room or a corridor: place id + 1) or a door
(-(door id + 1)). A door sits on its own square next to the place it was drawn on (`inner`) and
faces away from it; `outer` is the place behind it once drawn. The landmarks (the stairs, the
terminal, the shop, the Amulet's chamber on the last level) are squares marked on the sheet
before play; one becomes part of the first place drawn on it or beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.roguelike.character import Item

Square = tuple[int, int]
STEPS: dict[str, Square] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT = {v: k for k, v in LEFT.items()}


def step(square: Square, direction: str) -> Square:
    dr, dc = STEPS[direction]
    return square[0] + dr, square[1] + dc


@dataclass
class Door:
    id: int
    square: Square
    facing: str  # the way from `inner` through the door
    inner: int
    outer: int | None = None
    secret: bool = False
    found: bool = False
    false: bool = False  # opens onto rock or the edge of the paper
    locked: bool | None = None  # None until the rogue first tries it
    open: bool = False

    @property
    def visible(self) -> bool:
        return not self.secret or self.found


@dataclass
class Monster:
    name: str
    letter: str
    hp: int
    damage: str
    tags: list[str]
    attack_dice: int = 0  # 0: the level's Difficulty


@dataclass
class Trap:
    name: str
    letter: str
    attack_dice: int
    damage: str
    effect: str


@dataclass
class Place:
    id: int
    kind: str  # "room" or "corridor"
    squares: list[Square]
    doors: list[int] = field(default_factory=list)
    feature: str = "empty"
    landmarks: list[str] = field(default_factory=list)
    monsters: list[Monster] = field(default_factory=list)
    sneaked: bool = False  # the monsters here have not noticed the rogue
    corpses: list[dict[str, Any]] = field(default_factory=list)  # {"name", "diseased"}
    loot: list[Item] = field(default_factory=list)  # taken once no monster is awake here
    gold: int = 0
    fought: bool = False  # the monsters here have had a turn (ends Sneak Attack's surprise)
    rolled_visit: int = 0  # the visit of its level when its encounters were last rolled
    trap: Trap | None = None
    crossed: bool = True  # a chasm or cliff room still to be crossed
    near: list[int] = field(default_factory=list)  # its exits on this side of the chasm or cliff
    in_chasm: bool = False
    fountain_used: bool = False
    stock: list[dict[str, Any]] = field(default_factory=list)  # a shop's wares
    stocked: bool = False  # a shop's stock is rolled once, when first reached
    entrance: int | None = None  # the door the rogue first came in by
    keeper: str = "trading"  # a shop's keeper: "trading", "hostile" once attacked, or "slain"

    def beyond(self, door_id: int) -> bool:
        """Whether the door is on the far side of a chasm or cliff not crossed yet."""
        return not self.crossed and door_id != self.entrance and door_id not in self.near


@dataclass
class Level:
    number: int
    width: int
    height: int
    corner: str  # the start corner: "NW", "NE", "SW" or "SE"
    landmarks: dict[str, Square]
    grid: list[int]
    places: list[Place] = field(default_factory=list)
    doors: list[Door] = field(default_factory=list)
    seen: set[int] = field(default_factory=set)
    reached: dict[str, int] = field(default_factory=dict)  # landmark -> place id
    visits: int = 1  # times the rogue has arrived on this level; rooms restock on a revisit
    hacked: bool = False

    def inside(self, square: Square) -> bool:
        return 0 <= square[0] < self.height and 0 <= square[1] < self.width

    def at(self, square: Square) -> int:
        return self.grid[square[0] * self.width + square[1]]

    def put(self, square: Square, value: int) -> None:
        self.grid[square[0] * self.width + square[1]] = value

    def is_rock(self, square: Square) -> bool:
        return self.inside(square) and self.at(square) == 0

    def place_at(self, square: Square) -> int | None:
        value = self.at(square) if self.inside(square) else 0
        return value - 1 if value > 0 else None

    def door_at(self, square: Square) -> int | None:
        value = self.at(square) if self.inside(square) else 0
        return -value - 1 if value < 0 else None

    def add_place(self, kind: str, squares: list[Square]) -> Place:
        place = Place(len(self.places), kind, list(squares))
        self.places.append(place)
        for square in squares:
            self.put(square, place.id + 1)
        return place

    def add_door(self, square: Square, facing: str, inner: int, **flags: Any) -> Door:
        door = Door(len(self.doors), square, facing, inner, **flags)
        self.doors.append(door)
        self.places[inner].doors.append(door.id)
        self.put(square, -(door.id + 1))
        return door

    def see(self, squares: list[Square]) -> None:
        """Mark squares and the ring of squares around them as seen (walls show once seen)."""
        for r, c in squares:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if self.inside((r + dr, c + dc)):
                        self.seen.add((r + dr) * self.width + c + dc)

    def see_place(self, place: Place) -> None:
        self.see(place.squares)


def discovered(level: Level, place: Place) -> bool:
    """A place the rogue has drawn on his map (a forgotten level's places are not)."""
    r, c = place.squares[0]
    return r * level.width + c in level.seen
