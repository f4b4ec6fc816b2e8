"""The first level teaches (issue 34; docs/rules-decisions.md, "The first level"): it is drawn on
a smaller sheet, so the stairs down are a few rooms away, and the Dungeon Master draws a chasm
or cliff there with a way round it (its first exit on the near side) while another exit stays
beyond. Later levels keep the full sheet and the chasm before every other exit."""

from __future__ import annotations

import pytest

from engine.roguelike import RULES, Action
from engine.roguelike.paper import Level
from engine.roguelike.state import State
from engine.roguelike.tables import tables
from tests.engine.roguelike.support import balance, created, random_play

BEYOND = "the room is not crossed yet: that door is beyond"


def chasm_rooms(level: Level) -> list:
    return [p for p in level.places if p.kind == "room" and p.feature in ("chasm", "cliff")]


def test_the_first_level_is_on_its_own_smaller_sheet_and_the_second_on_the_full_one() -> None:
    first, full = tables()["first_level"], tables()["paper"]
    assert (first["width"], first["height"]) < (full["width"], full["height"])
    module = balance()
    for seed in range(30):
        state, _, _ = module.play(seed, module.BUILDS["stealth+stab"])
        assert (state.levels[0].width, state.levels[0].height) == (first["width"], first["height"])
        for level in state.levels[1:]:
            assert (level.width, level.height) == (full["width"], full["height"])


@pytest.mark.parametrize("seed", range(0, 200, 40))
def test_a_chasm_or_cliff_on_the_first_level_has_a_way_round(seed: int) -> None:
    """Random play over many games: every chasm or cliff room of level 1 with two exits or more
    besides its entrance has its first one on the near side (it may be opened uncrossed) and
    the others beyond; one with fewer, and every such room deeper down, has none near."""
    met = []

    def check(state: State) -> None:
        for number, level in enumerate(state.levels, start=1):
            for room in chasm_rooms(level):
                exits = [d for d in room.doors[1:] if not level.doors[d].secret]
                near = exits[:1] if number == 1 and len(exits) >= 2 else []
                assert room.near == near, (seed, number, room.id)
                if near:
                    met.append(room.id)
        place = state.place
        if state.phase == "play" and place.near and not place.crossed and not state.awake() \
                and place.trap is None and not place.in_chasm:
            door = place.near[0]
            assert state.why_illegal(Action("open", door=door)) != BEYOND
            far = [d for d in place.doors if place.beyond(d)]
            assert far and state.why_illegal(Action("open", door=far[0])) == BEYOND
            shown = {d.door for d in state.view(0).place.doors if d.beyond}  # what the screen marks
            assert shown == {d for d in far if state.level.doors[d].visible}

    for offset in range(40):
        random_play(seed + offset, bound=400, check=check)
    assert met, f"seeds {seed}..{seed + 39}: no chasm or cliff with a way round to check"


def test_every_first_level_leads_down() -> None:
    """A rogue kept unhurt, playing the careful player's choices, always finds the stairs down
    of the first level: it has a way on whatever the dice draw."""
    module = balance()
    build = module.BUILDS["stealth+stab"]
    for seed in range(40):
        state, searched = RULES.new_game(seed=seed), set()
        while state.depth == 1 and len(state.history) < 400:
            state.rogue.hp = state.rogue.max_hp = 99  # no fight or fall ends the walk
            action = module.careful_action(state, build, searched)
            assert action is not None and state.legal_actions(), seed
            where = (state.depth, state.level.visits, state.here)
            events = state.apply(action)
            if action.kind == "search" and any(e.kind == "check" and e.data["passed"]
                                               for e in events):
                searched.add(where)
        assert state.depth == 2, (seed, len(state.history))


def test_the_first_level_is_the_same_for_the_same_seed() -> None:
    for seed in (1, 77, 2024):
        assert created(seed).levels[0] == created(seed).levels[0]
        assert created(seed).fingerprint() == created(seed).fingerprint()
