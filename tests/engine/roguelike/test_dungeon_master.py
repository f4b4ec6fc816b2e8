"""The Dungeon Master's guide: doors, corridors, rooms, secret doors and special features, and the
policy that makes the choices the rulebook leaves to the Dungeon Master."""

from __future__ import annotations

import copy

import pytest

from engine.core.dice import Dice
from engine.roguelike.actions import Action
from engine.roguelike.dungeon_master import (
    distance,
    draw_corridor,
    draw_room,
    frontier,
    room_placements,
    room_shape_rows,
    way_on,
)
from engine.roguelike.paper import LEFT, RIGHT, STEPS, step
from engine.roguelike.setting_up import set_up_level
from engine.roguelike.tables import look_up, tables
from tests.engine.roguelike.support import check_map, created, random_play


@pytest.mark.parametrize("area", range(2, 13))
def test_a_room_shape_has_exactly_the_rolled_area(area: int) -> None:
    assert sum(room_shape_rows(area)) == area


def test_room_placements_are_exact_on_rock_and_against_the_door() -> None:
    level, _ = set_up_level(Dice(4), 1)
    door = level.doors[0]
    for area in range(2, 13):
        for squares in room_placements(level, door.square, door.facing, area):
            assert len(set(squares)) == area
            assert all(level.is_rock(sq) for sq in squares)
            assert step(door.square, door.facing) in squares


@pytest.mark.parametrize("seed", range(30))
def test_a_new_door_is_locked_on_a_five_or_six(seed: int) -> None:
    state = created(seed)
    door = state.place.doors[0]
    expected = state.dice.clone().roll("dm:1")
    events = state.apply(Action("open", door=door))
    tried = events[0].to_dict()
    assert tried["event"] == "door_tried" and tried["roll"] == expected
    assert tried["locked"] == (expected >= 5)
    assert state.level.doors[door].open == (expected < 5)


@pytest.mark.parametrize("seed", range(60))
def test_corridors_run_2d6_squares_and_keep_away_from_the_way_on(seed: int) -> None:
    level, _ = set_up_level(Dice(seed), 1)
    before = copy.deepcopy(level)
    door = level.doors[0]
    corridor, info = draw_corridor(Dice(seed + 1000), level, door.id)
    assert 2 <= info["roll"] <= 12
    if corridor is None:
        return
    squares = corridor.squares[: info["drawn"]]
    assert len(squares) <= info["roll"]
    goal = way_on(level)
    here, direction = door.square, door.facing
    drawn = set()
    for square in squares:
        moved = next(d for d in STEPS if step(here, d) == square)
        assert moved in (direction, LEFT[direction], RIGHT[direction])
        if distance(square, goal) < distance(here, goal):
            # Closer to the way on only when no other step was open.
            for other in (direction, LEFT[direction], RIGHT[direction]):
                spot = step(here, other)
                if distance(spot, goal) >= distance(here, goal):
                    assert not before.is_rock(spot) or spot in drawn or spot in before.landmarks.values()
        drawn.add(square)
        here, direction = square, moved


@pytest.mark.parametrize("seed", range(40))
def test_a_new_room_follows_its_rolls(seed: int) -> None:
    state = random_play(seed, bound=400)
    for level in state.levels:
        for place in level.places:
            if place.kind == "room" and place.entrance is not None:
                door = level.doors[place.entrance]
                assert door.outer == place.id
                assert 2 <= len(place.squares) <= 12
                secret = [d for d in place.doors if level.doors[d].secret]
                assert len(secret) <= 2
                assert place.feature in {r["result"] for r in tables()["features"]["rows"]}


def test_draw_room_logs_the_rulebook_tables() -> None:
    for seed in range(30):
        level, _ = set_up_level(Dice(seed), 1)
        corridor, _ = draw_corridor(Dice(seed), level, level.doors[0].id)
        if corridor is None or corridor.kind != "corridor":
            continue
        end = [d for d in corridor.doors if level.doors[d].inner == corridor.id]
        if not end or level.doors[end[0]].false:
            continue
        dice = Dice(seed + 7)
        room, log = draw_room(dice, level, end[0])
        if room is None:
            continue
        rolls = {entry["table"]: entry for entry in log}
        assert rolls["room_area"]["roll"] in range(2, 13)
        assert rolls["room_exits"]["roll"] in range(1, 7)
        assert "secret_doors" not in rolls  # the Dungeon Master's own notes
        feature = rolls["features"]
        assert feature["result"] == look_up(tables()["features"]["rows"], feature["roll"])
        assert room.feature == feature["result"]
        assert rolls["room_exits"]["drawn"] <= rolls["room_exits"]["roll"]
        check_room_doors = [level.doors[d] for d in room.doors]
        assert sum(1 for d in check_room_doors if d.secret) <= 2  # the table's most


def test_secret_doors_stay_off_the_map_until_found() -> None:
    state = created(11)
    level = state.level
    room = state.place
    candidates = [(sq, d) for sq in room.squares for d in "NESW" if level.is_rock(step(sq, d))]
    square, direction = candidates[0]
    door = level.add_door(step(square, direction), direction, room.id, secret=True)
    r, c = door.square
    assert state.view(0).map_rows[r][c] == "#"
    assert all(a.door != door.id for a in state.legal_actions())
    for _ in range(200):
        events = state.apply(Action("search"))
        if door.found:
            break
    assert door.found and any(e.kind == "secret_doors_found" for e in events)
    assert state.view(0).map_rows[r][c] == "+"
    assert Action("open", door=door.id) in state.legal_actions()


def test_when_no_way_on_is_left_a_search_finds_one() -> None:
    state = created(5)
    level = state.level
    for door in level.doors:
        door.open, door.false, door.locked = True, True, False
    assert frontier(level) == []
    assert Action("descend") not in state.legal_actions()
    for _ in range(200):
        events = state.apply(Action("search"))
        if any(e.kind == "hidden_way_found" for e in events):
            break
    assert Action("descend") in state.legal_actions()
    state.apply(Action("descend"))
    assert state.depth == 2 and state.phase == "raise"


def test_the_terminal_hack_reveals_secret_doors_of_discovered_places_only() -> None:
    state = created(8)
    level = state.level
    room = state.place
    room.landmarks.append("terminal")
    spots = [(sq, d) for sq in room.squares for d in "NESW" if level.is_rock(step(sq, d))]
    near = level.add_door(step(*spots[0]), spots[0][1], room.id, secret=True)
    hidden_place = level.add_place("room", [(level.height - 1, level.width // 2)])
    far = level.add_door((level.height - 2, level.width // 2), "N", hidden_place.id, secret=True)
    for _ in range(200):
        state.apply(Action("hack"))
        if level.hacked:
            break
    assert near.found and not far.found
    check_map(state)


def _room_with(feature: str, seed: int = 10):
    state = created(seed)
    state.place.feature = feature
    return state


def test_a_cliff_must_be_climbed_before_the_other_doors() -> None:
    state = _room_with("cliff")
    place = state.place
    place.crossed = False
    other = place.doors[0]
    assert state.why_illegal(Action("open", door=other)) == \
        "the room is not crossed yet: that door is beyond"
    while not place.crossed and not state.is_over:
        events = state.apply(Action("cross"))
        check = events[0].data
        assert check["skill"] == "climb"
        if not check["passed"]:
            fall = next(e.data for e in events if e.kind == "hurt")
            assert len(fall["dice"]) == 2
    if place.crossed:
        assert state.why_illegal(Action("open", door=other)) is None


def test_falling_into_a_chasm_means_climbing_out() -> None:
    for seed in range(30):
        state = _room_with("chasm", seed)
        state.rogue.hp = state.rogue.max_hp = 99
        state.place.crossed = False
        events = state.apply(Action("cross"))
        if events[0].data["passed"]:
            continue
        assert len(next(e.data for e in events if e.kind == "hurt")["dice"]) == 3
        assert state.view(0).pending == "climb_out"
        assert [a.kind for a in state.legal_actions()] == ["climb"]
        return
    raise AssertionError("no failed jump in 30 seeds")


def test_antimagic_altar_fountain_and_cookstove() -> None:
    from engine.roguelike.character import Item

    state = _room_with("antimagic")
    state.rogue.items.append(Item("potion_of_healing", dice="1d", identified=False))
    assert state.why_illegal(Action("use", item=0)) == "magic does not work in this room"
    state = _room_with("altar")
    state.rogue.items.append(Item("helmet", armour=1, status="cursed"))
    state.apply(Action("pray"))
    assert state.rogue.items[0].status == "uncursed"
    state = _room_with("fountain")
    state.apply(Action("drink"))
    assert state.rogue.bonus_dice("stab") == 1
    assert state.why_illegal(Action("drink")) == "the fountain is dry"
    state = _room_with("cookstove")
    state.rogue.hp = 1
    state.place.corpses.append({"name": "fox", "diseased": False})
    state.apply(Action("eat", index=0))
    assert state.rogue.hp == 3 and not state.rogue.diseased
