"""Rogue Like Roguelike's daily descent on the server (issue 33): the same rules as Mini Rogue's
daily dungeon, from its GameInfo alone. Its seed is the server's own and is published only when
the day starts; a game sent before the day ends plus the grace hour ranks on the day's board (in
points, as its GameInfo declares), a later one and a past day's go on the archive board; the
day's board has its web page and counts for streaks. Every date here is set on the one clock;
each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from engine.core.dice import Dice
from engine.roguelike import RULES, record_run
from engine.roguelike.boards import daily_seed
from services import clock
from tests.server.conftest import Api

pytestmark = pytest.mark.clock

GAME = "roguelike"
DAILY = f"/api/v1/games/{GAME}/daily"
DAY = datetime.date(2027, 1, 31)  # the last day of a month: the next is another month's
NEXT = DAY + datetime.timedelta(days=1)


def at(day: datetime.date, hour: int = 0, minute: int = 0, second: int = 0
       ) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(hour, minute, second),
                                     tzinfo=datetime.UTC)


def seed_of(api: Api, day: datetime.date, when: datetime.datetime) -> int:
    with clock.frozen(when):
        answer = api.client.get(DAILY, params={"day": day.isoformat()})
    assert answer.status_code == 200, answer.text
    return int(answer.json()["seed"])


def descents(seed: int, day: datetime.date, count: int) -> list[dict[str, Any]]:
    """`count` finished games of `seed` with different actions (two alike would be refused as
    a copy), by random players, recorded on `day`."""
    found: dict[str, dict[str, Any]] = {}
    for policy in range(100):
        state = RULES.new_game(seed=seed)
        chooser = Dice(policy, {})
        for _ in range(5000):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[chooser.below("player", len(legal))])
        assert state.is_over
        run = record_run(state, "Recorder", recorded=f"{day.isoformat()}T09:00:00Z").to_dict()
        found.setdefault(repr(run["actions"]), run)
        if len(found) == count:
            return list(found.values())
    raise AssertionError("no games different enough")


def sent_at(api: Api, when: datetime.datetime, run: dict[str, Any], name: str) -> int:
    who = api.register(name)
    with clock.frozen(when):
        return api.submit(run, who)


def test_the_descents_seed_is_the_servers_and_not_served_before_its_day(api: Api) -> None:
    with clock.frozen(at(DAY, 23, 59, 59)):
        early = api.client.get(DAILY, params={"day": NEXT.isoformat()})
        today = api.client.get(DAILY).json()
    assert early.status_code == 404 and early.json()["error"]["code"] == "not_yet"
    assert (today["day"], today["board"], today["archive"], today["open"]) == \
        (DAY.isoformat(), f"daily:{DAY}", f"archive:{DAY}", True)
    assert datetime.datetime.fromisoformat(today["closes"]) == at(NEXT, 1)  # a grace hour
    seed = seed_of(api, NEXT, at(NEXT))
    assert seed not in (today["seed"], daily_seed(NEXT))  # not the offline daily's
    # Mini Rogue's daily of the same day is another seed: each game has its own.
    with clock.frozen(at(NEXT)):
        other = api.client.get("/api/v1/games/minirogue/daily").json()["seed"]
    assert other != seed


def test_a_game_in_the_grace_hour_ranks_on_the_day_and_a_later_one_is_archived(
        api: Api) -> None:
    seed = seed_of(api, DAY, at(DAY, 8))
    first, second, third = descents(seed, DAY, 3)
    runs = {
        "Ann": sent_at(api, at(DAY, 23, 59, 59), first, "Ann"),
        "Bo": sent_at(api, at(NEXT, 0, 59, 59), second, "Bo"),
        "Cy": sent_at(api, at(NEXT, 1), third, "Cy"),
    }
    with clock.frozen(at(NEXT, 5)):  # verified hours later: when it was sent is what counts
        api.settle()
    placed = {name: (api.run(run_id)["status"], api.run(run_id)["board"])
              for name, run_id in runs.items()}
    assert placed == {"Ann": ("verified", f"daily:{DAY}"), "Bo": ("verified", f"daily:{DAY}"),
                      "Cy": ("verified", f"archive:{DAY}")}
    board = api.client.get(f"/api/v1/games/{GAME}/boards/daily:{DAY}/leaderboard").json()
    scores = sorted(((first, "Ann"), (second, "Bo")),
                    key=lambda pair: -pair[0]["claimed"]["score"])
    assert [item["score"] for item in board["items"]] == \
        [run["claimed"]["score"] for run, _ in scores]  # in points, highest first
    archive = api.client.get(f"/api/v1/games/{GAME}/boards/archive:{DAY}/leaderboard").json()
    assert [item["player"] for item in archive["items"]] == ["Cy"]
    with clock.frozen(at(NEXT, 12)):
        streaks = api.client.get("/api/v1/players/Bo").json()["streaks"]
    assert [(s["game"], s["current"], s["last"]) for s in streaks] == [(GAME, 1, DAY.isoformat())]


def test_a_past_descent_is_played_from_the_archive(api: Api) -> None:
    later = at(DAY + datetime.timedelta(days=9), 9)
    seed = seed_of(api, DAY, later)  # nobody asked on the day: drawn now
    [run] = descents(seed, DAY, 1)
    run_id = sent_at(api, later, run, "Dee")
    api.settle()
    assert api.run(run_id)["board"] == f"archive:{DAY}"


def test_the_descents_board_has_a_web_page_with_names_escaped(api: Api) -> None:
    seed = seed_of(api, DAY, at(DAY, 8))
    [run] = descents(seed, DAY, 1)
    name = "Ann<b>"
    who = api.register(name)
    with clock.frozen(at(DAY, 10)):
        api.submit(run, who)
    api.settle()
    page = api.client.get(f"/games/{GAME}/boards/daily:{DAY}")
    assert page.status_code == 200
    assert f"Daily descent of {DAY}" in page.text and "Rogue Like Roguelike" in page.text
    assert "Ann&lt;b&gt;" in page.text and "Ann<b>" not in page.text
    listed = api.client.get(f"/games/{GAME}").text
    assert f"Daily descent of {DAY}</a>" in listed
    missing = api.client.get(f"/games/{GAME}/boards/daily:2027-02-31")
    assert missing.status_code == 404
