"""Rogue Like Roguelike's boards (issue 33): a game ranks in points on its seed's board, or on
the day's board when its seed is the daily descent of a day near when it was played or sent;
board keys are read back strictly. The engine reads no clock: dates come with the run."""

from __future__ import annotations

from engine.core.daily_boards import day_seed
from engine.roguelike import RULES, record_run
from engine.roguelike.boards import daily_seed
from tests.engine.roguelike.support import random_play

INFO = RULES.info


def a_run(seed: int, recorded: str) -> object:
    return RULES.run_from_dict(record_run(random_play(seed), "Ann",
                                          recorded=recorded).to_dict())


def test_the_daily_descent_has_its_own_seed_each_day_and_not_mini_rogues() -> None:
    assert daily_seed("2027-01-31") != daily_seed("2027-02-01")
    assert daily_seed("2027-01-31") != day_seed("minirogue", "2027-01-31")
    assert INFO.daily is not None and INFO.daily.offline is not None
    assert INFO.daily.offline("2027-01-31") == daily_seed("2027-01-31")
    assert INFO.ranking is not None and (INFO.ranking.kind, INFO.ranking.figure) == \
        ("points", "score")


def test_a_game_of_the_days_seed_ranks_on_the_days_board_and_another_on_its_seeds() -> None:
    daily = a_run(daily_seed("2027-01-31"), "2027-01-31T23:30:00Z")
    assert INFO.board_of(daily) == "daily:2027-01-31"
    assert INFO.board_of(daily, "2027-02-01") == "daily:2027-01-31"  # sent after midnight
    assert INFO.board_of(a_run(7, "2027-01-31T10:00:00Z")) == "seed:7"
    # The day's seed played a week later is only a seed.
    late = a_run(daily_seed("2027-01-31"), "2027-02-07T10:00:00Z")
    assert INFO.board_of(late, "2027-02-07") == f"seed:{daily_seed('2027-01-31')}"


def test_board_keys_are_read_strictly_and_titled() -> None:
    assert INFO.board_facts("daily:2027-01-31") == {
        "kind": "daily", "day": "2027-01-31", "seed": daily_seed("2027-01-31")}
    assert INFO.board_facts("archive:2027-01-31")["kind"] == "archive"
    assert INFO.board_facts("seed:7") == {"kind": "seed", "day": None, "seed": 7}
    for bad in ("daily:2027-02-31", "seed:07", "seed:-1", f"seed:{1 << 64}", "seed:7:hard",
                "weekly:2027-01-31", ""):
        assert INFO.board_facts(bad) is None, bad
    assert INFO.board_title("daily:2027-01-31") == "Daily descent of 2027-01-31"
    assert INFO.board_title("archive:2027-01-31") == "Daily descent of 2027-01-31, played later"
    assert INFO.board_title("seed:7") == "Seed 7"
