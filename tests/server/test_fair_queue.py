"""A fair verification queue: one player may have so many runs waiting, and waiting runs are
verified round-robin by player (store.waiting_lane), on SQLite and PostgreSQL, and by a real
`cardrogue worker` taking the queue's jobs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import psycopg
import pytest

from server.verifier import verify_next
from tests.server.conftest import Api, challenge, make_api
from tests.server.support import WAIT, running, serve, settled, slower, wait_until_up
from tests.support import free_port

CLEAR = challenge("speed-maze")[1]


@pytest.fixture
def api(database: str) -> Iterator[Api]:
    yield from make_api(database, waiting_per_player=3)


def own_run(player: int, n: int) -> dict[str, Any]:
    """The n-th run of player number `player`: no two alike, so none is a copy."""
    return slower(CLEAR, n + 1, player)


def test_one_player_may_have_so_many_runs_waiting(api: Api) -> None:
    api.publish("speed-maze", api.register("Author"))
    bo, cy = api.register("Bo"), api.register("Cy")
    waiting = [api.submit(own_run(0, n), bo) for n in range(3)]
    answer = api.client.post("/api/v1/runs", json=own_run(0, 3), headers=bo)
    assert answer.status_code == 429, answer.text
    assert answer.json()["error"]["code"] == "too_many_waiting"
    assert int(answer.headers["Retry-After"]) > 0
    # A run sent again is answered as before, and other players are not held back.
    again = api.client.post("/api/v1/runs", json=own_run(0, 1), headers=bo)
    assert (again.status_code, again.json()["id"]) == (202, waiting[1])
    api.submit(own_run(1, 0), cy)
    assert api.settle() == 4
    api.submit(own_run(0, 3), bo)


def test_waiting_runs_are_verified_round_robin_by_player(database: str) -> None:
    for api in make_api(database, waiting_per_player=0):
        api.publish("speed-maze", api.register("Author"))
        bo, cy, di = api.register("Bo"), api.register("Cy"), api.register("Di")
        # Bo sends five runs, then Cy two and Di one: each player's first goes before
        # anyone's second.
        b = [api.submit(own_run(0, n), bo) for n in range(5)]
        c = [api.submit(own_run(1, n), cy) for n in range(2)]
        d = [api.submit(own_run(2, 0), di)]
        assert taken(api, 8) == [b[0], c[0], d[0], b[1], c[1], b[2], b[3], b[4]]
        # Bo sends four more; once two are verified, Cy's two take turns with Bo's others
        # (not both ahead of them: the verifiers are at Bo's third run by then).
        b = [api.submit(own_run(0, n), bo) for n in range(5, 9)]
        assert taken(api, 2) == b[:2]
        c = [api.submit(own_run(1, n), cy) for n in range(2, 4)]
        assert taken(api, 4) == [b[2], c[0], b[3], c[1]]


def taken(api: Api, count: int) -> list[int]:
    """The runs the verifier takes next, one at a time, in the order it takes them."""
    order = []
    for _ in range(count):
        before = queued(api)
        assert verify_next(api.engine, api.budget)
        (done,) = before - queued(api)
        order.append(done)
    return order


def queued(api: Api) -> set[int]:
    from sqlalchemy import select

    from server.schema import runs

    with api.engine.connect() as conn:
        return set(conn.execute(select(runs.c.id).where(runs.c.status == "queued")).scalars())


def test_a_worker_takes_the_queue_round_robin(env: dict[str, str], postgres: Any) -> None:
    url = postgres.new_migrated_database()
    port = free_port()
    with serve(port, "--database", url, "--workers", env=env) as server, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, server)

        def player(name: str) -> dict[str, str]:
            answer = client.post("/api/v1/players", json={"name": name})
            return {"Authorization": f"Bearer {answer.json()['token']}"}

        text, clear = challenge("speed-maze")
        client.post("/api/v1/maps", json={"map": text, "clear": clear}, headers=player("Ann"))
        bo, cy = player("Bo"), player("Cy")
        b = [client.post("/api/v1/runs", json=own_run(0, n), headers=bo).json()["id"]
             for n in range(4)]
        c = [client.post("/api/v1/runs", json=own_run(1, n), headers=cy).json()["id"]
             for n in range(2)]
        with running("worker", "--database", url, "--concurrency", "1", env=env):
            assert all(settled(client, run)["status"] == "verified" for run in b + c)
        with psycopg.connect(url) as conn:
            order = [row[0] for row in conn.execute(
                "SELECT id FROM runs WHERE id = ANY(%s) ORDER BY verified_at", (b + c,))]
        assert order == [b[0], c[0], b[1], c[1], b[2], b[3]]


def test_two_runs_sent_at_once_cannot_both_take_the_last_waiting_place(postgres: Any) -> None:
    """Found in review: on PostgreSQL two submissions could both count the same waiting runs and
    go over the cap. The second now waits for the first and is refused."""
    import threading
    import time

    from sqlalchemy import select

    from server import store
    from server.db import writing
    from server.schema import players

    url = postgres.new_migrated_database()
    for api in make_api(url, waiting_per_player=0):
        api.publish("speed-maze", api.register("Author"))
        api.register("Bo")
        with api.engine.connect() as conn:
            bo = conn.execute(select(players.c.id).where(players.c.name == "Bo")).scalar_one()
        for n in range(2):
            with writing(api.engine) as conn:
                store.submit_run(conn, bo, own_run(0, n), None, None, 3)
        second: list[object] = []

        def send_second(engine: Any, player: int, answers: list[object]) -> None:
            try:
                with writing(engine) as conn:
                    answers.append(store.submit_run(conn, player, own_run(0, 3), None, None, 3))
            except store.TooManyWaiting as refused:
                answers.append(refused)

        with api.engine.connect() as first, first.begin():
            store.submit_run(first, bo, own_run(0, 2), None, None, 3)  # the third: not committed
            thread = threading.Thread(target=send_second, args=(api.engine, bo, second))
            thread.start()
            deadline = time.monotonic() + WAIT
            # Until the second submission either finished or waits on a lock (the fix).
            while thread.is_alive() and not waiting_on_a_lock(url):
                assert time.monotonic() < deadline, "the second submission neither ended nor waited"
                thread.join(0.05)  # wakes at once when the submission ends
        thread.join(WAIT)
        assert len(second) == 1 and isinstance(second[0], store.TooManyWaiting), second
        assert len(queued(api)) == 3


def waiting_on_a_lock(url: str) -> bool:
    with psycopg.connect(url) as conn:
        return bool(conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                                 "current_database() AND wait_event_type = 'Lock'").fetchone()[0])
