"""The weekly map: moderators queue maps, each week (Monday 00:00 UTC to the next Monday) one is
featured with a board of the runs sent that week, and the best-rated map not featured before
comes up when the queue is empty. The one clock is set, so the weeks roll over on any day."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from server import weekly as weekly_module
from services import clock
from tests.server.conftest import Api, challenge
from tests.server.support import make_moderator, slower

MONDAY = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)
LAST_SECOND = datetime(2026, 12, 13, 23, 59, 59, tzinfo=UTC)
NEXT_MONDAY = datetime(2026, 12, 14, 0, 0, tzinfo=UTC)


def weekly(api: Api, **params: str) -> dict:
    answer = api.client.get("/api/v1/weekly", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_a_week_rolls_over_the_board_closes_and_the_next_map_comes_up(api: Api) -> None:
    ann, bo, cy, di = (api.register(name) for name in ("Ann", "Bo", "Cy", "Di"))
    mod = make_moderator(api, "Mod")
    with clock.frozen(MONDAY):
        queued = api.publish("speed-maze", ann)
        rated = api.publish("poison-race", ann)
        api.publish("key-detour", ann)
        answer = api.client.post("/api/v1/admin/weekly", headers=mod, json={"map": queued["id"]})
        assert answer.status_code == 201 and answer.json()["waiting"] == 1
        assert api.client.post("/api/v1/admin/weekly", headers=bo,
                               json={"map": rated["id"]}).status_code == 403
        # Bo clears poison-race and rates it: the best-rated map for when the queue is empty.
        api.submit(slower(challenge("poison-race")[1], 1), bo)
        api.settle()
        assert api.client.put(f"/api/v1/maps/{rated['id']}/vote", headers=bo,
                              json={"rating": 5, "difficulty": "hard"}).status_code == 200
        week = weekly(api)
        assert (week["week"], week["map"]["id"], week["open"]) == ("2026-12-07", queued["id"],
                                                                   True)
        assert week["opens"].startswith("2026-12-07T00:00:00") and \
            week["closes"].startswith("2026-12-14T00:00:00")
        # Ann published (with her clear) this Monday: her clear is on the week's board.
        assert [item["player"] for item in week["items"]] == ["Ann"]
        api.submit(slower(challenge("speed-maze")[1], 2), bo)
    with clock.frozen(LAST_SECOND):
        api.submit(slower(challenge("speed-maze")[1], 1), cy)  # the week's last second
        api.settle()
        assert [item["player"] for item in weekly(api)["items"]] == ["Ann", "Cy", "Bo"]
    with clock.frozen(NEXT_MONDAY):
        api.submit(slower(challenge("speed-maze")[1], 3), di)  # too late for that week
        api.settle()
        week = weekly(api)
        # The queue is empty: the best-rated map not featured before.
        assert (week["week"], week["map"]["id"], week["items"]) == ("2026-12-14", rated["id"],
                                                                   [])
        closed = weekly(api, week="2026-12-09")  # any day of the week names it
        assert closed["open"] is False and closed["map"]["id"] == queued["id"]
        assert [item["player"] for item in closed["items"]] == ["Ann", "Cy", "Bo"]
        # Di's run is on the map's own board all the same.
        assert "Di" in [item["player"] for item in api.board(queued["id"])["items"]]
        assert "This week:" in api.client.get("/").text
    missing = api.client.get("/api/v1/weekly", params={"week": "2026-01-05"})
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_weekly_map"
    assert api.client.get("/api/v1/weekly", params={"week": "2026-13-40"}).status_code == 422


def test_no_map_no_weekly_map(api: Api) -> None:
    answer = api.client.get("/api/v1/weekly")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "no_weekly_map"


def test_the_weeks_board_is_worked_out_once_for_each_change_to_the_maps_runs(
        api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked for again with nothing changed, the board is the one worked out before; a run
    verified, a run removed or a player banned makes it worked out afresh, right away."""
    worked_out: list[str] = []
    board = weekly_module.board

    def counted(conn: Any, map_id: str, week: Any, **options: Any) -> Any:
        worked_out.append(map_id)
        return board(conn, map_id, week, **options)

    monkeypatch.setattr(weekly_module, "board", counted)
    ann, bo, cy = (api.register(name) for name in ("Ann", "Bo", "Cy"))
    mod = make_moderator(api, "Mod")

    def players() -> list[str]:
        return [item["player"] for item in weekly(api)["items"]]

    with clock.frozen(MONDAY):
        api.publish("speed-maze", ann)
        assert players() == players() == ["Ann"]
        assert len(worked_out) == 1  # asked twice, worked out once
        bos = api.submit(slower(challenge("speed-maze")[1], 1), bo)
        api.submit(slower(challenge("speed-maze")[1], 2), cy)
        api.settle()
        assert players() == players() == ["Ann", "Bo", "Cy"]
        assert len(worked_out) == 2
        assert api.client.post(f"/api/v1/admin/runs/{bos}/remove", headers=mod,
                               json={"why": "a test"}).status_code == 200
        assert players() == ["Ann", "Cy"]
        assert api.client.post("/api/v1/admin/players/Cy/ban", headers=mod,
                               json={"why": "a test"}).status_code == 200
        assert players() == players() == ["Ann"]
        assert len(worked_out) == 4


def test_a_database_from_before_the_kept_board_upgrades_with_its_maps(api: Api) -> None:
    from server.db import migrate

    with clock.frozen(MONDAY):
        api.publish("speed-maze", api.register("Ann"))
        migrate(api.engine, "0021", down=True)  # maps published before maps.runs_version
        migrate(api.engine)
        bo = api.register("Bo")
        assert [item["player"] for item in weekly(api)["items"]] == ["Ann"]
        api.submit(slower(challenge("speed-maze")[1], 1), bo)
        api.settle()
        assert [item["player"] for item in weekly(api)["items"]] == ["Ann", "Bo"]
