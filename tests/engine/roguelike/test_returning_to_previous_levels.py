"""Returning to previous levels: the level is as it was drawn; its rooms roll encounters again,
keeping only even rolls and only their monsters. The Level Teleporter trap sends the rogue up."""

from __future__ import annotations

from engine.roguelike.actions import Action
from engine.roguelike.paper import Trap
from tests.engine.roguelike.support import check_map, created


def _on_level_two(seed: int):
    state = created(seed)
    state.place.landmarks.append("down")
    state.apply(Action("descend"))
    state.apply(Action("raise", names=("stab", "jump")))
    state.apply(Action("ability", name="sneak"))
    return state


def test_going_up_finds_the_level_as_it_was() -> None:
    state = _on_level_two(3)
    first = state.levels[0]
    drawn = [list(p.squares) for p in first.places]
    state.apply(Action("ascend"))
    assert state.depth == 1 and [list(p.squares) for p in state.level.places] == drawn
    assert state.level.visits == 2


def test_rooms_on_a_revisited_level_roll_again_with_monsters_only() -> None:
    for seed in range(40):
        state = created(seed)
        level = state.level
        door = state.place.doors[0]
        while not state.level.doors[door].open and not state.is_over:
            state.apply(Action("open", door=door) if not level.doors[door].locked
                        else Action("force", door=door))
        if state.is_over or level.doors[door].false:
            continue
        corridor = state.here
        room_doors = [d for d in state.place.doors if level.doors[d].inner == corridor]
        if not room_doors:
            continue
        level.doors[room_doors[0]].locked = False
        state.apply(Action("open", door=room_doors[0]))
        room = state.place
        if room.kind != "room" or room.monsters or room.trap:
            continue
        room.landmarks.append("down")
        level.reached["down"] = room.id
        state.apply(Action("descend"))
        state.apply(Action("raise", names=("stab", "jump")))
        state.apply(Action("ability", name="sneak"))
        events = state.apply(Action("ascend"))
        rolls = [e.data for e in events if e.kind == "encounter"]
        assert len(rolls) == 1, "arriving back in the room rolls its encounter again"
        if rolls[0]["roll"] % 2:
            assert rolls[0]["ignored"]
        else:
            assert all(kind == "monster" for _, _, kind in rolls[0]["parts"])
        check_map(state)
        return
    raise AssertionError("no seed reached a quiet room")


def test_the_level_teleporter_sends_the_rogue_up() -> None:
    state = _on_level_two(5)
    state.place.trap = Trap("level_teleporter", "B", 0, "0d", "teleport_up")
    events = state.apply(Action("spring"))
    moved = next(e for e in events if e.kind == "teleported").data
    assert moved["level"] == 1 and state.depth == 1 and state.here == moved["place"]
    check_map(state)
