"""The bundled maps at real size (issue 35): most levels are puzzles, not exercises. The figures
are counted from the files, so they stay true as maps are added or changed."""

from __future__ import annotations

from statistics import median

from engine.cardrogue.maps import load_map
from tests.content.coverage import bundled

SPECS = [load_map(path) for path in bundled()]
AREAS = [level.width * level.height for spec in SPECS for level in spec.levels]


def test_the_median_bundled_level_is_at_least_81_cells():
    assert median(AREAS) >= 81


def test_at_least_six_bundled_levels_are_144_cells_or_more():
    assert sum(area >= 144 for area in AREAS) >= 6


def test_there_are_at_least_24_challenge_maps():
    assert sum(spec.kind == "challenge" for spec in SPECS) >= 24


def test_there_are_two_story_campaigns_for_different_heroes():
    heroes = {spec.levels[0].characters for spec in SPECS if spec.kind == "campaign"}
    assert len(heroes) >= 2
