"""Daily dungeons on the server: the day's seed is the server's own and is published only when the
day starts; a run counts on the day's board if sent before the day ends plus a grace hour, and
goes to the day's archive board after; past days stay playable; streaks of days in a row, across
a month boundary, and broken by a missed day. Every date here is set on the one clock."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from sqlalchemy import insert

from engine.minirogue import daily_seed
from server.db import migrate
from server.schema import scored_boards
from services import clock
from tests.server.conftest import Api
from tests.server.minirogue_runs import daily, server_seed

pytestmark = pytest.mark.clock

DAILY = "/api/v1/games/minirogue/daily"
UTC = datetime.UTC


def at(day: datetime.date, hour: int = 0, minute: int = 0, second: int = 0
       ) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(hour, minute, second), tzinfo=UTC)


def sent_at(api: Api, when: datetime.datetime, run: dict[str, Any], who: dict[str, str]) -> int:
    """Submit `run` with the clock at `when`: that is when the server says it was sent."""
    with clock.frozen(when):
        return api.submit(run, who)


def seed_at(api: Api, day: datetime.date) -> int:
    with clock.frozen(at(day, 12)):
        return server_seed(api.client, day)


def different_dailies(seed: int, day: datetime.date, count: int) -> list[dict[str, Any]]:
    """`count` runs of the day's dungeon with different actions (two alike would be a copy:
    the seed is drawn afresh each test, so a fixed choice of players could repeat a run)."""
    found: dict[str, dict[str, Any]] = {}
    for policy in range(200):
        run = daily(seed, day, policy=policy)
        found.setdefault(repr(run["actions"]), run)
        if len(found) == count:
            return list(found.values())
    raise AssertionError("no runs different enough")


def streaks(api: Api, name: str, when: datetime.datetime) -> list[tuple[int, int, str | None]]:
    with clock.frozen(when):
        answer = api.client.get(f"/api/v1/players/{name}")
    assert answer.status_code == 200, answer.text
    return [(s["current"], s["longest"], s["last"]) for s in answer.json()["streaks"]]


def test_a_days_seed_is_not_served_before_the_day_starts(api: Api) -> None:
    day = datetime.date(2026, 11, 22)
    tomorrow = day + datetime.timedelta(days=1)
    with clock.frozen(at(day, 23, 59, 59)):
        early = api.client.get(DAILY, params={"day": tomorrow.isoformat()})
        today = api.client.get(DAILY).json()
    assert early.status_code == 404 and early.json()["error"]["code"] == "not_yet"
    assert "00:00 UTC" in early.json()["error"]["message"]
    assert (today["day"], today["board"], today["archive"], today["open"]) == \
        ("2026-11-22", "daily:2026-11-22", "archive:2026-11-22", True)
    assert datetime.datetime.fromisoformat(today["closes"]) == at(tomorrow, 1)  # a grace hour
    with clock.frozen(at(tomorrow)):
        published = api.client.get(DAILY, params={"day": tomorrow.isoformat()})
        again = api.client.get(DAILY).json()
    assert published.status_code == 200 and again == published.json()
    seed = published.json()["seed"]
    # The server's own draw: not the offline daily's seed, which anyone can work out.
    assert seed not in (daily_seed(tomorrow), today["seed"])
    # A past day keeps its seed, and its board is closed.
    with clock.frozen(at(day + datetime.timedelta(days=5))):
        past = api.client.get(DAILY, params={"day": day.isoformat()}).json()
    assert (past["seed"], past["open"]) == (today["seed"], False)


def test_bad_days_and_games_are_refused_with_a_reason(api: Api) -> None:
    for path, params, status, code in [
            (DAILY, {"day": "2026-13-45"}, 422, "bad_day"),
            (DAILY, {"day": "tomorrow"}, 422, "bad_request"),
            ("/api/v1/games/cardrogue/daily", {}, 404, "no_daily"),
            ("/api/v1/games/nosuchgame/daily", {}, 404, "no_daily"),
            ("/api/v1/players/Nobody", {}, 404, "no_player")]:
        answer = api.client.get(path, params=params)
        assert (answer.status_code, answer.json()["error"]["code"]) == (status, code), path
        assert answer.json()["error"]["message"]


def test_a_run_sent_within_the_grace_hour_counts_and_a_later_one_is_archived(
        api: Api) -> None:
    day = datetime.date(2026, 11, 22)
    seed = seed_at(api, day)
    ann, bo, cy = api.register("Ann"), api.register("Bo"), api.register("Cy")
    first, second, third = different_dailies(seed, day, 3)
    runs = {
        "Ann": sent_at(api, at(day, 18), first, ann),
        "Bo": sent_at(api, at(day + datetime.timedelta(days=1), 0, 59, 59), second, bo),
        "Cy": sent_at(api, at(day + datetime.timedelta(days=1), 1), third, cy),
    }
    with clock.frozen(at(day + datetime.timedelta(days=3))):  # verified days later
        api.settle()
    placed = {name: api.run(run_id)["board"] for name, run_id in runs.items()}
    assert placed == {"Ann": "daily:2026-11-22", "Bo": "daily:2026-11-22",
                      "Cy": "archive:2026-11-22"}
    listed = api.client.get("/api/v1/games/minirogue/boards",
                            params={"kind": "archive"}).json()["items"]
    assert [(b["board"], b["kind"], b["day"], b["seed"], b["entries"]) for b in listed] == \
        [("archive:2026-11-22", "archive", "2026-11-22", seed, 1)]
    board = api.client.get("/api/v1/games/minirogue/boards/archive:2026-11-22/leaderboard")
    assert [item["player"] for item in board.json()["items"]] == ["Cy"]


def test_a_past_daily_is_played_from_the_archive(api: Api) -> None:
    """A day nobody asked for while it ran is drawn when first asked for later; its runs go
    to its archive board, never on the day's board, and count for no streak."""
    day = datetime.date(2026, 10, 3)
    later = at(datetime.date(2026, 11, 20), 9)
    with clock.frozen(later):
        seed = server_seed(api.client, day)
    run_id = sent_at(api, later, daily(seed, day), api.register("Dee"))
    api.settle()
    assert api.run(run_id)["board"] == "archive:2026-10-03"
    assert streaks(api, "Dee", later) == []


def test_streaks_run_across_a_month_boundary_and_stop_at_a_missed_day(api: Api) -> None:
    ann = api.register("Ann")
    days = [datetime.date(2027, 1, 30) + datetime.timedelta(days=n) for n in range(3)]
    assert [d.month for d in days] == [1, 1, 2]
    for n, day in enumerate(days):
        # The last one is sent in the grace hour after its day: it still counts on it.
        when = at(day, 20) if n < 2 else at(day + datetime.timedelta(days=1), 0, 30)
        sent_at(api, when, daily(seed_at(api, day), day, policy=n), ann)
    api.settle()
    feb_1, feb_2 = days[2], days[2] + datetime.timedelta(days=1)
    assert streaks(api, "Ann", at(feb_1, 23)) == [(3, 3, "2027-02-01")]
    # Not played yet today: the streak still stands until today is over.
    assert streaks(api, "Ann", at(feb_2, 23)) == [(3, 3, "2027-02-01")]
    feb_3 = feb_2 + datetime.timedelta(days=1)
    assert streaks(api, "Ann", at(feb_3, 8)) == [(0, 3, "2027-02-01")]  # Feb 2 was missed
    sent_at(api, at(feb_3, 9), daily(seed_at(api, feb_3), feb_3), ann)
    api.settle()
    assert streaks(api, "Ann", at(feb_3, 10)) == [(1, 3, "2027-02-03")]
    with clock.frozen(at(feb_3, 10)):
        page = api.client.get("/players/Ann").text
    assert "Daily streaks" in page and "Mini Rogue: 1 day in a row now, 3 days at most" in page


def test_days_played_before_the_servers_own_seeds_keep_theirs_on_upgrade(api: Api) -> None:
    """A database from before 0016 had daily boards of the seeds worked out from the date:
    those days keep them, so their boards' runs stay theirs and they can be played again."""
    old = datetime.date(2026, 11, 1)
    migrate(api.engine, "0015", down=True)
    with api.engine.begin() as conn:
        conn.execute(insert(scored_boards).values(
            game="minirogue", board=f"daily:{old.isoformat()}", rules_version=1, kind="daily",
            entries=1))
    migrate(api.engine)
    when = at(datetime.date(2026, 11, 20), 9)
    with clock.frozen(when):
        answer = api.client.get(DAILY, params={"day": old.isoformat()}).json()
        newer = server_seed(api.client, datetime.date(2026, 11, 19))
    assert answer["seed"] == daily_seed(old) and newer != daily_seed(datetime.date(2026, 11, 19))
    run_id = sent_at(api, when, daily(daily_seed(old), old), api.register("Eve"))
    api.settle()
    assert api.run(run_id)["board"] == f"archive:{old.isoformat()}"
