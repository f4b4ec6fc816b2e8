"""The Drowned Archive, the Mage's campaign: two real routes on every level, and the bolt needed
where the story says so."""

from __future__ import annotations

import pytest

from engine.cardrogue.maps import load_map
from engine.cardrogue.solver import search
from tests.content.coverage import CAMPAIGNS
from tests.content.routes import level_starts, route_totals

ARCHIVE = CAMPAIGNS / "the-drowned-archive.toml"

# Two real routes on each level, from the state the author clear leaves as the level begins:
# (how many of the clear's actions on this level the route shares first, then the decision
# that starts it). A long way round is spelled out whole: begun only, the fewest moves would
# turn back to the short way.
ARCHIVE_ROUTES = {
    "reading-room": [(0, "move:E"),  # past the goblin
                     (0, "move:S " * 8 + "move:E " * 8)],  # round the room
    "card-catalogue": [(0, "move:E"),  # past the rat and the kobold
                       (0, "move:S " * 8 + "move:E " * 9)],  # round the drawers
    "bindery": [(0, "move:E"),  # past the imp
                (0, "move:S " * 9 + "move:E " * 9)],  # round by the drying racks
    "bat-gallery": [(10, "attack:E"),  # the staff for the first bat, the bolt for the second
                    (9, "end_turn move:E cast:E")],  # rest the bolt for the first
    "tide-cellar": [(17, "attack:S"),  # the staff for the goblin
                    (17, "cast:S")],  # the bolt
    "lantern-hall": [(0, "move:E"),  # past the kobold
                     (0, "move:S " * 9 + "move:E " * 11)],  # the long clear side
    "flooded-stair": [(0, "move:E"),  # past the drowned rat
                      (0, "move:S " * 11 + "move:E " * 12)],  # down and round the hall
    "orrins-vault": [(0, "move:E"),  # straight to the basilisk
                     (2, "end_turn flip:S move:S")],  # the helm in the alcove first
}

# The levels whose story says the bolt is needed, and the fewest moves without it.
BOLT_NEEDED = {"card-catalogue": 17, "bindery": 38, "flooded-stair": 30}


def test_every_archive_level_has_two_routes():
    assert list(ARCHIVE_ROUTES) == [level.id for level in load_map(ARCHIVE).levels]


@pytest.mark.parametrize("index", range(len(ARCHIVE_ROUTES)), ids=list(ARCHIVE_ROUTES))
def test_archive_level_has_two_routes_in_different_move_counts(index):
    start, clear_actions = level_starts(ARCHIVE)[index]
    level = load_map(ARCHIVE).levels[index]
    totals = route_totals(start, clear_actions, ARCHIVE_ROUTES[level.id])
    assert len(set(totals)) == len(totals)
    assert min(totals) == level.par


@pytest.mark.parametrize("level_id", BOLT_NEEDED)
def test_par_needs_the_bolt(level_id):
    # The solver, never casting, proves the level takes more than par: the staff alone is not
    # lucky enough, and the long way round is longer.
    levels = [level.id for level in load_map(ARCHIVE).levels]
    index = levels.index(level_id)
    start, _ = level_starts(ARCHIVE)[index]
    found = search(start, level_only=True, without=("cast",))
    assert found.proved and found.solution is not None
    assert found.solution.moves == BOLT_NEEDED[level_id]
    assert found.solution.moves > load_map(ARCHIVE).levels[index].par
