"""Which board a delve ranks on: a daily dungeon by its day, any other by seed, difficulty and
variant, also for a run file imported later."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest

from app.games.minirogue.records import Setup
from engine.minirogue import RULES, daily_seed, record_run

pytestmark = pytest.mark.clock

DAY = datetime.date(2026, 12, 4)


def test_a_daily_delve_ranks_on_its_days_board_whatever_its_setup() -> None:
    for difficulty, keys in (("normal", False), ("hard", True)):
        setup = Setup.daily(DAY, difficulty, keys)
        assert setup.seed == daily_seed(DAY)
        assert (setup.board, setup.title) == ("daily:2026-12-04", "Daily dungeon of 2026-12-04")


def test_a_typed_seed_ranks_with_its_difficulty_and_variant() -> None:
    assert Setup(7, "hard", True).board == "seed:7:hard:keys"
    assert Setup(7, "hard", False).board == "seed:7:hard:plain"
    assert Setup(7, "hard", True).title == "Seed 7, Hard, Dungeon Keys"


def test_a_run_file_of_the_daily_dungeon_is_known_by_its_recorded_day() -> None:
    state = RULES.new_game(seed=daily_seed(DAY), difficulty="hard")
    run = record_run(state, "Ann", recorded="2026-12-04T23:59:00Z")
    assert Setup.of_run(run) == Setup(daily_seed(DAY), "hard", False, "2026-12-04")
    # Recorded just after midnight (or in another time zone): still that day's dungeon.
    assert Setup.of_run(replace(run, recorded="2026-12-05T00:10:00Z")).day == "2026-12-04"
    # Recorded weeks later, or with no date: only its seed's board.
    assert Setup.of_run(replace(run, recorded="2026-12-20T10:00:00Z")).day is None
    assert Setup.of_run(replace(run, recorded="")).board == f"seed:{daily_seed(DAY)}:hard:plain"
