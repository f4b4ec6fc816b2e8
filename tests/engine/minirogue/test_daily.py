"""The daily dungeon: one seed per calendar day, from the ISO date alone."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path

import pytest

from engine.minirogue import RULES, daily_seed

pytestmark = pytest.mark.clock

ROOT = Path(__file__).resolve().parents[3]


def test_a_day_has_one_seed_however_it_is_written() -> None:
    day = datetime.date(2026, 11, 22)
    seed = daily_seed(day)
    assert seed == daily_seed("2026-11-22") == daily_seed(datetime.datetime(2026, 11, 22, 23, 59))
    assert 0 <= seed < 1 << 64


def test_the_seed_is_fixed_for_everyone() -> None:
    # A golden value: the daily seed must never change, or shared boards would split.
    assert daily_seed("2026-01-01") == daily_seed(datetime.date(2026, 1, 1))
    code = "from engine.minirogue import daily_seed; print(daily_seed('2026-01-01'))"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=ROOT, env={"PYTHONHASHSEED": "99", "PATH": ""})
    assert int(other.stdout) == daily_seed("2026-01-01") == 10234163920302989013


def test_each_day_of_a_year_has_its_own_dungeon() -> None:
    start = datetime.date(2027, 1, 1)
    seeds = {daily_seed(start + datetime.timedelta(days=n)) for n in range(365)}
    assert len(seeds) == 365


def test_a_daily_seed_starts_a_game() -> None:
    state = RULES.new_game(seed=daily_seed("2026-11-22"), difficulty="hard")
    assert state.legal_actions()


@pytest.mark.parametrize("bad", ["22/11/2026", "2026-13-01", "", 20261122])
def test_what_is_not_a_date_is_refused(bad) -> None:
    with pytest.raises(ValueError):
        daily_seed(bad)
