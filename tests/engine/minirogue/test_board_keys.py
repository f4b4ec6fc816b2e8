"""Mini Rogue's boards (engine/minirogue/boards.py), as its GameInfo gives them to the app, the
CLI and the server: a delve of a day's daily seed ranks on that day's board when it was played or
sent near that day; any other delve on its seed's board."""

from __future__ import annotations

import datetime
from dataclasses import replace

from engine.minirogue import RULES, daily_seed
from engine.minirogue.runs import Run

DAY = datetime.date(2026, 12, 4)
INFO = RULES.info


def delve(seed: int, recorded: str = "") -> Run:
    return Run(game="minirogue", rules_version=RULES.rules_version, seed=seed,
               difficulty="hard", dungeon_keys=True, player="Ann", actions=(),
               recorded=recorded)


def test_a_daily_delve_ranks_on_its_days_board_when_played_near_that_day() -> None:
    run = delve(daily_seed(DAY), "2026-12-04T21:00:00Z")
    assert INFO.board_of(run) == "daily:2026-12-04"
    assert INFO.board_of(replace(run, recorded="2026-12-05T00:10:00Z")) == "daily:2026-12-04"
    assert INFO.board_of(replace(run, recorded="2026-12-20T10:00:00Z")) == "seed:" + \
        f"{daily_seed(DAY)}:hard:keys"


def test_the_day_it_was_sent_finds_the_day_and_bounds_it() -> None:
    undated = delve(daily_seed(DAY))
    assert INFO.board_of(undated) == f"seed:{daily_seed(DAY)}:hard:keys"
    assert INFO.board_of(undated, "2026-12-05") == "daily:2026-12-04"
    # A run that says it was played after the day it was sent cannot claim that later day.
    later = delve(daily_seed(DAY), "2026-12-04T09:00:00Z")
    assert INFO.board_of(later, "2026-12-02") == f"seed:{daily_seed(DAY)}:hard:keys"


def test_a_board_key_says_what_it_is_and_has_a_title() -> None:
    assert INFO.board_facts("daily:2026-12-04") == {
        "kind": "daily", "day": "2026-12-04", "seed": daily_seed(DAY), "difficulty": None,
        "dungeon_keys": None}
    assert INFO.board_facts("seed:7:hard:plain") == {
        "kind": "seed", "day": None, "seed": 7, "difficulty": "hard", "dungeon_keys": False}
    for key in ("seed:07:hard:plain", "seed:7:nightmare:keys", "daily:2026-13-45",
                f"seed:{1 << 64}:hard:keys", "anything"):
        assert INFO.board_facts(key) is None, key
    assert INFO.board_title("daily:2026-12-04") == "Daily dungeon of 2026-12-04"
    assert INFO.board_title("seed:7:hard:keys") == "Seed 7, Hard, Dungeon Keys"
