"""Two runs with the same actions sent at nearly the same time: the earlier submission is the
original, whichever verifier finishes first (docs/server.md, "Copied runs")."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from server import store
from server.db import writing
from server.verifier import verify_one
from tests.server.conftest import Api, challenge, make_api
from tests.server.support import WAIT, slower


def twins(api: Api, *cy_before: dict[str, Any]) -> tuple[int, int, str]:
    """Bo's run and Cy's run of the same actions, Bo's sent first, and the map's id; Cy sends
    the `cy_before` runs first, each verified at once."""
    published = api.publish("speed-maze", api.register("Ann"))
    run = slower(challenge("speed-maze")[1], 1)
    bo, cy = api.register("Bo"), api.register("Cy")
    for own in cy_before:
        assert verify_one(api.engine, api.submit(own, cy), api.budget)
    first = api.submit(run, bo)
    second = api.submit({**run, "player": "Cy"}, cy)
    return first, second, published["id"]


def assert_original_is_the_first(api: Api, first: int, second: int, map_id: str) -> None:
    assert api.run(first)["status"] == "verified"
    copy = api.run(second)
    assert (copy["status"], copy["reason"], copy["rank"]) == ("refused", "copied_run", None)
    assert f"run {first} by Bo" in copy["message"]
    board = api.board(map_id)
    assert [(i["player"], i["first"]) for i in board["items"]] == [("Ann", True), ("Bo", True)]
    assert api.client.get(f"/api/v1/maps/{map_id}").json()["plays"] == 2


def test_the_earlier_run_is_the_original_when_the_later_is_verified_first(api: Api) -> None:
    first, second, map_id = twins(api)
    # Two workers: the one with the later run finishes first.
    assert verify_one(api.engine, second, api.budget)
    assert api.run(second)["status"] == "verified"
    assert verify_one(api.engine, first, api.budget)
    assert_original_is_the_first(api, first, second, map_id)


def test_the_later_run_demoted_leaves_its_players_best_other_run(api: Api) -> None:
    own = slower(challenge("speed-maze")[1], 3)
    first, second, map_id = twins(api, own)
    assert verify_one(api.engine, second, api.budget)
    assert [i["player"] for i in api.board(map_id)["items"]] == ["Ann", "Cy"]
    assert verify_one(api.engine, first, api.budget)
    items = api.board(map_id)["items"]
    best = items[0]["moves"]  # the author's clear; Bo's is one move slower, Cy's own three
    assert [(i["player"], i["moves"]) for i in items] == [
        ("Ann", best), ("Bo", best + 1), ("Cy", best + 3)]
    assert api.client.get(f"/api/v1/maps/{map_id}").json()["plays"] == 3


@pytest.fixture
def pg_api(postgres: Any) -> Any:
    yield from make_api(postgres.new_migrated_database())


def test_two_verdicts_at_the_same_moment_take_turns(pg_api: Api) -> None:
    """On PostgreSQL two verifiers record the verdicts at once: the later run's commits last,
    yet the earlier run is still the original (they wait for each other)."""
    api = pg_api
    first, second, map_id = twins(api)
    from server.verification import verify_run

    with writing(api.engine) as conn:
        text = store.map_text(conn, map_id)
        documents = {run: store.run_by_id(conn, run).document for run in (first, second)}  # type: ignore[union-attr]
    verdicts = {run: verify_run(documents[run], text, api.budget) for run in documents}
    done = threading.Event()

    def record_first() -> None:
        with writing(api.engine) as conn:
            store.record_outcome(conn, first, verdicts[first])
        done.set()

    with writing(api.engine) as conn:  # the later run's verdict, not yet committed
        assert store.record_outcome(conn, second, verdicts[second])
        other = threading.Thread(target=record_first)
        other.start()
        deadline = time.monotonic() + WAIT
        while not waiting_for_advisory_lock(api):
            assert not done.is_set(), "the earlier run's verdict did not wait for the later's"
            assert time.monotonic() < deadline
            time.sleep(0.05)
    other.join(timeout=WAIT)
    assert_original_is_the_first(api, first, second, map_id)


def waiting_for_advisory_lock(api: Api) -> bool:
    with api.engine.connect() as conn:
        from sqlalchemy import text

        return bool(conn.execute(text(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        )).scalar())


def test_a_mini_rogue_copy_verified_first_gives_way_to_the_original(api: Api) -> None:
    from tests.server.minirogue_runs import by_score, seed_board

    best, lower = by_score()[0], by_score()[1]
    ann, mallory = api.register("Ann"), api.register("Mallory")
    own = api.submit(lower, mallory)  # Mallory's own, lower score
    assert verify_one(api.engine, own, api.budget)
    first = api.submit(best, ann)
    copy = api.submit({**best, "player": "Mallory"}, mallory)
    assert verify_one(api.engine, copy, api.budget)
    assert verify_one(api.engine, first, api.budget)
    refused = api.run(copy)
    assert (refused["status"], refused["reason"]) == ("refused", "copied_run")
    assert f"run {first} by Ann" in refused["message"]
    items = api.client.get(f"/api/v1/games/minirogue/boards/{seed_board(best)}/leaderboard"
                           ).json()["items"]
    assert [(i["player"], i["run"]) for i in items] == [("Ann", first), ("Mallory", own)]
