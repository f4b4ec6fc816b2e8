"""The Dungeon Master's guide: doors, corridors, rooms, secret doors and special features.

Where the rulebook leaves a choice to the Dungeon Master, the policy here makes it from the
level's seeded stream "dm:<level>", always over candidates listed in a fixed order, so that a run
replays exactly (docs/rules-decisions.md, "Rogue Like Roguelike").
"""

from __future__ import annotations

from typing import Any

from engine.core.dice import Dice
from engine.roguelike.paper import LEFT, RIGHT, STEPS, Level, Place, Square, step
from engine.roguelike.tables import roll_on, tables

Candidate = tuple[Square, str]  # a room square and the wall side a door would go on


def room_shape_rows(area: int) -> list[int]:
    """A room of exactly `area` squares as rows: as square as it can be, the last row short."""
    width = 1
    while width * width < area:
        width += 1
    rows = [width] * (area // width)
    if area % width:
        rows.append(area % width)
    return rows


def distance(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def way_on(level: Level) -> Square:
    """Where the level's way on is marked: the down staircase, or the Amulet's chamber."""
    return level.landmarks.get("down") or level.landmarks["amulet"]


def reach_landmarks(level: Level, place: Place) -> list[str]:
    """Join to `place` every landmark not yet reached that lies on it or right beside it. A mark
    beside it is drawn on the place's square next to it: the place keeps exactly the squares
    rolled for it (a room is its 2d6 squares, no more)."""
    reached = []
    own = set(place.squares)
    for name, square in sorted(level.landmarks.items()):
        if name in level.reached:
            continue
        beside = [step(square, d) for d in STEPS if step(square, d) in own]
        if square in own or (beside and level.is_rock(square)):
            if square not in own:
                level.landmarks[name] = beside[0]
            level.reached[name] = place.id
            place.landmarks.append(name)
            reached.append(name)
    return reached


def _landmark_squares(level: Level) -> set[Square]:
    return {sq for name, sq in level.landmarks.items() if name not in level.reached}


def door_candidates(level: Level, place: Place) -> list[Candidate]:
    """Wall spots of a place where a door can go: the square beyond is rock on the sheet, not a
    landmark, and not beside another door."""
    marks = _landmark_squares(level)
    out = []
    for square in sorted(place.squares):
        for direction in "NESW":
            spot = step(square, direction)
            if not level.is_rock(spot) or spot in marks:
                continue
            if any(level.door_at(step(spot, d)) is not None for d in STEPS):
                continue
            out.append((square, direction))
    return out


def _leads_nowhere(level: Level, spot: Square, direction: str) -> bool:
    """A door whose far side is off the sheet or already drawn on is a false door."""
    beyond = step(spot, direction)
    if not level.inside(beyond):
        return True
    other = level.place_at(beyond)
    if other is None:
        return level.at(beyond) != 0  # rock leads on; a door already drawn there does not
    return level.places[other].kind == "room"


def draw_doors(dice: Dice, key: str, level: Level, place: Place, candidates: list[Candidate],
               count: int, *, secret: bool) -> int:
    """Draw up to `count` doors on the place's walls, picked from the candidates by the stream.
    Secret doors are only put where they can lead somewhere. Returns how many were drawn."""
    drawn = 0
    pool = list(candidates)
    while drawn < count and pool:
        square, direction = pool.pop(dice.below(key, len(pool)))
        spot = step(square, direction)
        if not level.is_rock(spot) or any(level.door_at(step(spot, d)) is not None for d in STEPS):
            continue
        false = _leads_nowhere(level, spot, direction)
        if secret and false:
            continue
        level.add_door(spot, direction, place.id, secret=secret, false=false)
        drawn += 1
    return drawn


def draw_corridor(dice: Dice, level: Level, door_id: int) -> tuple[Place | None, dict[str, Any]]:
    """A corridor 2d6 squares long from an opened door, ending in a new door. It goes straight
    while it can and otherwise turns; it never steps closer to the way on while a step that does
    not is open (the rulebook asks the Dungeon Master to lead corridors away from the down
    staircase). Meeting an older corridor, it joins it and stops. None if nothing fits: then
    the door was a false door."""
    key = f"dm:{level.number}"
    door = level.doors[door_id]
    length = sum(dice.roll(key) for _ in range(tables()["corridor"]["length_dice"]))
    goal = way_on(level)
    marks = _landmark_squares(level) - {goal}
    squares: list[Square] = []
    direction = door.facing
    here = door.square
    joined: int | None = None
    for _ in range(length):
        turns = sorted((LEFT[direction], RIGHT[direction]),
                       key=lambda d: (-distance(step(here, d), goal), d))
        ordered = [direction] + turns
        away = [d for d in ordered if distance(step(here, d), goal) >= distance(here, goal)]
        ordered = away + [d for d in ordered if d not in away]
        chosen = None
        for option in ordered:
            spot = step(here, option)
            other = level.place_at(spot)
            if other is not None and level.places[other].kind == "corridor" \
                    and other != door.inner:
                joined = other
                break
            if level.is_rock(spot) and spot not in marks and spot != goal:
                chosen = option
                break
        if chosen is None:
            break
        direction = chosen
        here = step(here, direction)
        squares.append(here)
    info: dict[str, Any] = {"table": "corridor_length", "roll": length, "drawn": len(squares)}
    if joined is not None:
        # The corridors meet: the new squares become part of the older corridor.
        corridor = level.places[joined]
        for square in squares:
            corridor.squares.append(square)
            level.put(square, corridor.id + 1)
        corridor.doors.append(door.id)
        door.outer = corridor.id
        info["joins"] = joined
        reach_landmarks(level, corridor)
        return corridor, info
    if not squares:
        door.false = True
        return None, info
    corridor = level.add_place("corridor", squares)
    corridor.entrance = door.id
    corridor.doors.append(door.id)
    door.outer = corridor.id
    reach_landmarks(level, corridor)
    end = None
    for option in (direction, LEFT[direction], RIGHT[direction]):
        spot = step(here, option)
        if level.is_rock(spot) and spot not in _landmark_squares(level) \
                and not any(level.door_at(step(spot, d)) is not None for d in STEPS):
            end = (spot, option)
            break
    if end is not None:
        level.add_door(end[0], end[1], corridor.id, false=_leads_nowhere(level, *end))
    else:
        info["dead_end"] = True
    return corridor, info


def room_placements(level: Level, door_square: Square, facing: str, area: int) -> list[list[Square]]:
    """Every way to draw a room of `area` squares behind a door, on rock only, first row against
    the door, in a fixed order: shapes from squarest to longest, then left to right."""
    out = []
    lateral_dir = "E" if facing in "NS" else "S"
    for width in range(1, area + 1):
        rows = [width] * (area // width) + ([area % width] if area % width else [])
        if len(rows) > 6 or width > 8:
            continue
        for offset in range(width):
            squares = []
            for depth, row_width in enumerate(rows):
                for lateral in range(row_width):
                    r, c = door_square
                    dr, dc = STEPS[facing]
                    lr, lc = STEPS[lateral_dir]
                    squares.append((r + dr * (depth + 1) + lr * (lateral - offset),
                                    c + dc * (depth + 1) + lc * (lateral - offset)))
            if all(level.is_rock(sq) for sq in squares):
                out.append(squares)
    out.sort(key=lambda s: _squareness(s))
    return out


def _squareness(squares: list[Square]) -> int:
    rows = {r for r, _ in squares}
    cols = {c for _, c in squares}
    return abs(len(rows) - len(cols))


def draw_room(dice: Dice, level: Level, door_id: int) -> tuple[Place | None, list[dict[str, Any]]]:
    """A new room behind a corridor's end door: area, exits, secret doors and feature. None if
    no room of the rolled area fits: the door was a false door."""
    key = f"dm:{level.number}"
    data = tables()
    door = level.doors[door_id]
    area = sum(dice.roll(key) for _ in range(data["room"]["area_dice"]))
    log: list[dict[str, Any]] = [{"table": "room_area", "roll": area}]
    placements = room_placements(level, door.square, door.facing, area)
    best = [p for p in placements if _squareness(p) == _squareness(placements[0])] if placements else []
    if not best:
        door.false = True
        return None, log
    room = level.add_place("room", best[dice.below(key, len(best))])
    room.entrance = door.id
    room.doors.append(door.id)
    door.outer = room.id
    exits = dice.roll(key)
    drawn = draw_doors(dice, key, level, room, door_candidates(level, room), exits - 1, secret=False)
    secret_count, _ = roll_on(dice, key, data["secret_doors"]["rows"])
    draw_doors(dice, key, level, room, door_candidates(level, room), secret_count,
                         secret=True)
    feature, feature_roll = roll_on(dice, key, data["features"]["rows"], count=2)
    room.feature = feature
    if feature in ("chasm", "cliff"):
        room.crossed = False
        if level.number == 1:
            # The first level teaches: the Dungeon Master draws the chasm or cliff with a way
            # round it (the first exits on this side), keeping at least one exit beyond it.
            near = data["first_level"]["near_side_exits"]
            room.near = room.doors[1:1 + near] if drawn > near else []
    # The secret doors roll stays off the log the rogue hears: the Dungeon Master pencils secret
    # doors on his own copy of the map, and a count would tell the rogue to search here.
    log += [{"table": "room_exits", "roll": exits, "drawn": drawn + 1},
            {"table": "features", "roll": feature_roll, "result": feature}]
    reach_landmarks(level, room)
    return room, log


def frontier(level: Level) -> list[int]:
    """Doors that may still lead somewhere new: not yet opened (or locked), not known false,
    hidden ones included. Empty means the level has no way on left to explore."""
    return [d.id for d in level.doors if not d.open and not d.false]
