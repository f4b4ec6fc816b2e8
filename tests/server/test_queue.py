"""The PostgreSQL verification queue with real `cardrogue server` and `cardrogue worker`
processes: a killed worker's run is verified by another, and two servers with two workers
neither lose nor double-count runs submitted at once."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2 as httpx
import psycopg
import pytest

from tests.server.conftest import Api, challenge
from tests.server.postgres import Postgres, job_status, running_postgres
from tests.server.support import (
    WAIT,
    running,
    serve,
    settled,
    slower,
    wait_for_text,
    wait_until_up,
)
from tests.support import free_port

STALLED = "3"  # seconds of silence before a worker is taken for dead


def token(client: httpx.Client, name: str) -> dict[str, str]:
    answer = client.post("/api/v1/players", json={"name": name})
    assert answer.status_code == 201, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def test_a_worker_killed_mid_job_has_its_run_verified_by_another(
        env: dict[str, str], postgres: Any) -> None:
    url = postgres.new_migrated_database()
    port = free_port()
    with serve(port, "--database", url, "--workers", env=env) as server, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, server)
        ann, bo = token(client, "Ann"), token(client, "Bo")
        text, clear = challenge("speed-maze")
        map_id = client.post("/api/v1/maps", json={"map": text, "clear": clear},
                             headers=ann).json()["id"]
        run_id = client.post("/api/v1/runs", json=slower(clear, 1), headers=bo).json()["id"]
        # Hold the run's row, so the first worker to take the job stops inside it.
        with psycopg.connect(url) as holder:
            holder.execute("SELECT 1 FROM runs WHERE id = %s FOR UPDATE", (run_id,))
            with running("worker", "--database", url, "--stalled-after", STALLED,
                         env=env) as doomed:
                deadline = time.monotonic() + WAIT
                while job_status(url, run_id) != "doing" and time.monotonic() < deadline:
                    time.sleep(0.1)
                assert job_status(url, run_id) == "doing"
                doomed.send_signal(signal.SIGKILL)
                doomed.wait(timeout=WAIT)
            holder.rollback()
        assert client.get(f"/api/v1/runs/{run_id}").json()["status"] == "queued"
        with running("worker", "--database", url, "--stalled-after", STALLED, env=env):
            run = settled(client, run_id)
        assert (run["status"], run["rank"]) == ("verified", 2)
        board = client.get(f"/api/v1/maps/{map_id}/leaderboard").json()
        assert sorted(i["player"] for i in board["items"]) == ["Ann", "Bo"]
        assert client.get(f"/api/v1/maps/{map_id}").json()["plays"] == 2


@pytest.fixture
def own_postgres() -> Iterator[Postgres]:
    """A PostgreSQL of this test's own, since the test stops and restarts it."""
    with running_postgres() as server:
        yield server


def wait_for_job(url: str, run_id: int, status: str) -> None:
    deadline = time.monotonic() + WAIT
    while job_status(url, run_id) != status:
        assert time.monotonic() < deadline, f"run {run_id}'s job never became {status}"
        time.sleep(0.1)


def test_a_worker_outlives_a_database_restart_and_verifies_what_waited(
        env: dict[str, str], own_postgres: Postgres, tmp_path: Path) -> None:
    url = own_postgres.new_database()
    port = free_port()
    log = tmp_path / "worker.log"
    with log.open("w") as worker_log, \
            serve(port, "--database", url, "--workers", env=env) as server, \
            running("worker", "--database", url, "--stalled-after", STALLED, env=env,
                    stderr=worker_log) as worker, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, server)
        ann, bo, cy = token(client, "Ann"), token(client, "Bo"), token(client, "Cy")
        text, clear = challenge("speed-maze")
        map_id = client.post("/api/v1/maps", json={"map": text, "clear": clear},
                             headers=ann).json()["id"]
        # Bo's run is accepted and its job taken; a lock on its row holds the worker inside
        # the job when the database stops.
        held = client.post("/api/v1/runs", json=slower(clear, 1), headers=bo).json()["id"]
        holder = psycopg.connect(url)
        holder.execute("SELECT 1 FROM runs WHERE id = %s FOR UPDATE", (held,))
        wait_for_job(url, held, "doing")
        own_postgres.halt()
        holder.close()
        assert client.get("/healthz").status_code == 503
        wait_for_text(log, "lost the database", worker)
        own_postgres.resume()
        wait_for_text(log, "the database answers again", worker)
        # Cy's run, accepted once the database is back, and Bo's, which waited, are both
        # verified by the same worker, with no one restarting it.
        answer = client.post("/api/v1/runs", json=slower(clear, 2), headers=cy)
        assert answer.status_code == 202, answer.text
        fresh = answer.json()["id"]
        assert [settled(client, run)["status"] for run in (held, fresh)] == ["verified"] * 2
        assert worker.poll() is None
        board = client.get(f"/api/v1/maps/{map_id}/leaderboard").json()
        assert [i["player"] for i in board["items"]] == ["Ann", "Bo", "Cy"]


def test_a_worker_started_before_the_database_waits_for_it(
        env: dict[str, str], own_postgres: Postgres, tmp_path: Path) -> None:
    url = own_postgres.new_database()
    own_postgres.halt()
    log = tmp_path / "worker.log"
    with log.open("w") as worker_log, \
            running("worker", "--database", url, "--stalled-after", STALLED, env=env,
                    stderr=worker_log) as worker:
        wait_for_text(log, "the database does not answer yet", worker)
        own_postgres.resume()
        port = free_port()
        with serve(port, "--database", url, "--workers", env=env) as server, \
                httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
            wait_until_up(client, server)
            ann, bo = token(client, "Ann"), token(client, "Bo")
            text, clear = challenge("speed-maze")
            client.post("/api/v1/maps", json={"map": text, "clear": clear}, headers=ann)
            run_id = client.post("/api/v1/runs", json=slower(clear, 1), headers=bo).json()["id"]
            assert settled(client, run_id)["status"] == "verified"
        assert worker.poll() is None


def test_a_worker_given_a_database_that_refuses_it_says_why_at_once(
        env: dict[str, str], postgres: Any) -> None:
    """A database that answers "no" (here: there is no such database) is a mistake to show,
    not an outage to wait out."""
    url = postgres.url("no_such_database")
    with running("worker", "--database", url, env=env) as worker:
        _, err = worker.communicate(timeout=WAIT)
    assert worker.returncode == 1
    assert "the database cannot be used" in err and "no_such_database" in err
    assert "Traceback" not in err and "waiting" not in err


class LostQueue:
    """A queue whose database connection is gone, as procrastinate reports it."""

    def configure_task(self, *_args: Any, **_kwargs: Any) -> LostQueue:
        return self

    def defer(self, **_kwargs: Any) -> None:
        from procrastinate.exceptions import ConnectorException

        raise ConnectorException from psycopg.OperationalError("server closed the connection")


def test_a_run_whose_job_cannot_be_queued_is_still_accepted(api: Api) -> None:
    """It is stored, and requeue_forgotten makes its job later: not a 500."""
    author = api.register("Author")
    api.publish("speed-maze", author)
    api.client.app.state.queue = LostQueue()  # type: ignore[attr-defined]
    run_id = api.submit(slower(challenge("speed-maze")[1], 1), api.register("Bo"))
    assert api.run(run_id)["status"] == "queued"


def test_two_servers_and_two_workers_count_every_run_once(env: dict[str, str],
                                                          postgres: Any) -> None:
    url = postgres.new_database()  # empty: both servers and both workers migrate it at once
    ports = [free_port(), free_port()]
    with serve(ports[0], "--database", url, "--workers", env=env) as first, \
            serve(ports[1], "--database", url, "--workers", env=env) as second, \
            running("worker", "--database", url, env=env), \
            running("worker", "--database", url, env=env), \
            httpx.Client(base_url=f"http://127.0.0.1:{ports[0]}", timeout=WAIT) as one, \
            httpx.Client(base_url=f"http://127.0.0.1:{ports[1]}", timeout=WAIT) as two:
        wait_until_up(one, first)
        wait_until_up(two, second)
        text, clear = challenge("speed-maze")
        map_id = one.post("/api/v1/maps", json={"map": text, "clear": clear},
                          headers=token(one, "Author")).json()["id"]
        players = {f"p{n}": token(one if n % 2 else two, f"p{n}") for n in range(8)}
        # Each player sends four runs of their own (no copies), alternately to each server,
        # all at once.
        jobs = [(name, n, extra, (one, two)[(n + extra) % 2])
                for n, name in enumerate(players) for extra in (3, 1, 4, 2)]

        def send(job: tuple[str, int, int, httpx.Client]) -> int:
            name, n, extra, client = job
            answer = client.post("/api/v1/runs", json=slower(clear, extra, n),
                                 headers=players[name])
            assert answer.status_code == 202, answer.text
            return int(answer.json()["id"])

        with ThreadPoolExecutor(8) as pool:
            run_ids = list(pool.map(send, jobs))
        assert len(set(run_ids)) == len(jobs)
        runs = [settled(one, run_id) for run_id in run_ids]
        assert all(run["status"] == "verified" for run in runs)
        board = two.get(f"/api/v1/maps/{map_id}/leaderboard", params={"limit": 100}).json()
        assert board["total"] == 1 + len(players)
        assert sorted(i["player"] for i in board["items"]) == sorted(["Author", *players])
        assert all(i["moves"] == 31 for i in board["items"] if i["player"] != "Author")
        assert one.get(f"/api/v1/maps/{map_id}").json()["plays"] == 1 + len(jobs)


def test_a_worker_verifies_a_mini_rogue_run_onto_its_board(env: dict[str, str],
                                                           postgres: Any) -> None:
    from tests.server.minirogue_runs import seed_board, won

    url = postgres.new_migrated_database()
    port = free_port()
    with serve(port, "--database", url, "--workers", env=env) as server, \
            running("worker", "--database", url, env=env), \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, server)
        run = won()
        run_id = client.post("/api/v1/runs", json=run, headers=token(client, "Ann")).json()["id"]
        verdict = settled(client, run_id)
        assert (verdict["status"], verdict["rank"], verdict["score"]) == \
            ("verified", 1, run["claimed"]["score"])
        board = client.get(f"/api/v1/games/minirogue/boards/{seed_board(run)}/leaderboard")
        assert [i["player"] for i in board.json()["items"]] == ["Ann"]
