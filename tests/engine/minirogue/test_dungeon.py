"""THE DUNGEON: five levels over areas 1 to 14, room cards dealt in columns of 1, 2, 1 and 2,
the boss as a fifth column in each level's last area, the pit's landing areas."""

from __future__ import annotations

from engine.core.dice import Dice
from engine.minirogue import RULES
from engine.minirogue.dungeon import columns_here, deal, is_last_area
from engine.minirogue.tables import tables
from tests.engine.minirogue.support import PLAIN, game


def test_five_levels_of_two_to_four_areas_cover_areas_1_to_14_in_order() -> None:
    t = tables()
    assert [lv.number for lv in t.levels] == [1, 2, 3, 4, 5]
    areas = [a for lv in t.levels for a in lv.areas]
    assert areas == list(range(1, 15)) and t.last_area == 14
    assert all(2 <= len(lv.areas) <= 4 for lv in t.levels)
    assert t.level_of(5).name == "The Undead Catacombs" and t.levels[2].areas == (5, 6, 7)


def test_every_deal_lays_the_six_room_cards_in_columns_of_1_2_1_2() -> None:
    t = tables()
    for seed in range(50):
        layout = deal(t, Dice(seed), 1)
        assert [len(c) for c in layout] == [1, 2, 1, 2]
        assert sorted(r for c in layout for r in c) == sorted(t.room_cards)


def test_the_deal_comes_from_the_seed() -> None:
    t = tables()
    assert deal(t, Dice(3), 4) == deal(t, Dice(3), 4)
    assert len({tuple(map(tuple, deal(t, Dice(seed), 1))) for seed in range(30)}) > 10


def test_the_boss_is_a_fifth_column_only_in_a_levels_last_area() -> None:
    t = tables()
    last = {2, 4, 7, 10, 14}
    for area in range(1, 15):
        assert is_last_area(t, area) is (area in last)
        assert len(columns_here(t, PLAIN_LAYOUT, area)) == (5 if area in last else 4)


PLAIN_LAYOUT = [["monster"], ["treasure", "merchant"], ["resting"], ["event", "trap"]]


def test_each_pit_lands_one_level_down_in_the_same_place_or_the_rows_end() -> None:
    t = tables()
    for area, landing in t.pit_landing.items():
        assert t.level_of(landing).number == t.level_of(area).number + 1
        here, there = t.level_of(area).areas, t.level_of(landing).areas
        assert there.index(landing) == min(here.index(area), len(there) - 1)
    assert t.pit_landing[10] == 13 and all(a not in t.pit_landing for a in range(11, 15))


def test_cards_ahead_lie_face_down_and_the_boss_face_up() -> None:
    state = game(area=2, deals={2: PLAIN})
    columns = state.view().columns
    assert [r.room for r in columns[0].rooms] == ["monster"]
    assert all(r.room is None for c in columns[1:4] for r in c.rooms)
    assert [r.room for r in columns[4].rooms] == ["boss"]


def test_a_new_game_starts_in_area_1_before_the_first_column() -> None:
    state = RULES.new_game(seed=5)
    view = state.view()
    assert (view.level, view.area, view.column, view.pending) == (1, 1, 0, "room")
    assert view.levels[0].areas == (1, 2)
    # The set-up's own events, for a log or a replay viewer: the first area and its first column.
    assert [e.kind for e in state.start_events] == ["area_begins", "column_revealed"]
    assert state.start_events[1].data == {"column": 0, "rooms": [state.layout[0][0]]}
