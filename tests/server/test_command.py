"""The real `cardrogue server` (and `cardrogue worker`) commands, started as processes on a
free loopback port and used over HTTP as a client would."""

from __future__ import annotations

import signal
import socket
import subprocess
from pathlib import Path
from typing import Any

import httpx2 as httpx

from tests.server.conftest import challenge
from tests.server.postgres import job_status
from tests.server.support import CARDROGUE, WAIT, running, serve, settled, slower, wait_until_up
from tests.support import free_port


def cardrogue(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # In the data folder, so a relative path in a test never lands in the repository.
    folder = Path(env["CARDROGUE_DATA_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    return subprocess.run([str(CARDROGUE), *args], capture_output=True, text=True, env=env,
                          timeout=WAIT, cwd=folder)


def play_a_round(client: httpx.Client) -> tuple[str, dict[str, Any]]:
    """Register two players, publish a bundled challenge, submit a run; the map's id and the
    settled run."""
    author = client.post("/api/v1/players", json={"name": "Ann"})
    player = client.post("/api/v1/players", json={"name": "Bo"})
    assert author.status_code == player.status_code == 201
    text, clear = challenge("right-weapon")
    published = client.post("/api/v1/maps", json={"map": text, "clear": clear},
                            headers={"Authorization": f"Bearer {author.json()['token']}"})
    assert published.status_code == 201, published.text
    queued = client.post("/api/v1/runs", json=slower(clear, 1),
                         headers={"Authorization": f"Bearer {player.json()['token']}"})
    assert queued.status_code == 202
    return published.json()["id"], settled(client, queued.json()["id"])


def test_the_server_command_on_its_default_sqlite_file(env: dict[str, str]) -> None:
    port = free_port()
    with serve(port, env=env) as process, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, process)
        map_id, run = play_a_round(client)
        assert (run["status"], run["player"], run["rank"]) == ("verified", "Bo", 2)
        board = client.get(f"/api/v1/maps/{map_id}/leaderboard").json()
        assert [(i["rank"], i["player"]) for i in board["items"]] == [(1, "Ann"), (2, "Bo")]
        # A moderator made on the command line acts through the API.
        made = cardrogue("server", "admin", "moderator", "Mod", env=env)
        assert made.returncode == 0, made.stderr
        banned = client.post("/api/v1/admin/players/Bo/ban", json={"why": "test"},
                             headers={"Authorization": f"Bearer {made.stdout.strip()}"})
        assert banned.status_code == 200
        board = client.get(f"/api/v1/maps/{map_id}/leaderboard").json()
        assert [i["player"] for i in board["items"]] == ["Ann"]
        # Monitors may ask with HEAD: the same status, no body.
        for path in ("/healthz", "/", "/players/Ann", "/players/nobody"):
            head, get = client.head(path), client.get(path)
            assert (head.status_code, head.content) == (get.status_code, b""), path
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=WAIT) == 0
    assert (Path(env["CARDROGUE_DATA_DIR"]) / "server.db").is_file()


def test_a_restarted_server_keeps_its_data(env: dict[str, str]) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve(port, env=env) as process, httpx.Client(base_url=base, timeout=WAIT) as client:
        wait_until_up(client, process)
        map_id, _ = play_a_round(client)
    with serve(port, env=env) as process, httpx.Client(base_url=base, timeout=WAIT) as client:
        wait_until_up(client, process)
        assert client.get(f"/api/v1/maps/{map_id}/leaderboard").json()["total"] == 2


def test_bad_arguments_are_one_line(env: dict[str, str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = str(taken.getsockname()[1])
        for args in (["server", "--database", "mysql://x/y"], ["server", "--port", "70000"],
                     ["server", "--port", busy],
                     ["server", "--workers"],  # workers need PostgreSQL
                     ["server", "admin", "ban", "nobody", "--why", "x"],
                     ["worker", "--database", "nonsense"],
                     ["worker", "--database", "sqlite:///x.db"]):
            result = cardrogue(*args, env=env)
            assert result.returncode in (1, 2), args
            assert result.stderr.count("\n") == 1, (args, result.stderr)
            assert result.stderr.startswith("cardrogue "), (args, result.stderr)


def test_a_worker_verifies_for_a_server_on_postgresql(env: dict[str, str], postgres: Any
                                                      ) -> None:
    url = postgres.new_migrated_database()
    port = free_port()
    with serve(port, "--database", url, "--workers", env=env) as process, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, process)
        author = {"Authorization": "Bearer " + client.post(
            "/api/v1/players", json={"name": "Ann"}).json()["token"]}
        text, clear = challenge("right-weapon")  # 19 actions
        assert client.post("/api/v1/maps", json={"map": text, "clear": clear},
                           headers=author).status_code == 201
        run_id = client.post("/api/v1/runs", json=slower(clear, 1),  # 20 actions
                             headers=author).json()["id"]
        longer = client.post("/api/v1/runs", json=challenge("key-detour")[1],  # 40 actions
                             headers=author).json()["id"]
        # Queued for a worker, and none has come yet.
        assert job_status(url, run_id) == "todo"
        assert client.get(f"/api/v1/runs/{run_id}").json()["status"] == "queued"
        # The worker's own budget decides: 25 actions at most.
        with running("worker", "--database", url, "--max-actions", "25", env=env):
            assert settled(client, run_id)["status"] == "verified"
            refused = settled(client, longer)
            assert (refused["status"], refused["reason"]) == ("refused", "too_large")
            assert refused["message"].endswith("replays at most 25")


def test_the_server_options_set_the_replay_budget_and_the_rate_limits(env: dict[str, str]
                                                                      ) -> None:
    port = free_port()
    with serve(port, "--max-actions", "35", "--per-token", "3/60", env=env) as process, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, process)
        ann = {"Authorization": "Bearer " + client.post(
            "/api/v1/players", json={"name": "Ann"}).json()["token"]}
        short, long = challenge("speed-maze"), challenge("key-detour")  # 30 and 40 actions
        assert client.post("/api/v1/maps", json={"map": short[0], "clear": short[1]},
                           headers=ann).status_code == 201
        refused = client.post("/api/v1/maps", json={"map": long[0], "clear": long[1]},
                              headers=ann)
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "too_large"
        run_id = client.post("/api/v1/runs", json=long[1], headers=ann).json()["id"]
        # That was the token's third request in the minute: the fourth waits.
        limited = client.post("/api/v1/runs", json=short[1], headers=ann)
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
        run = settled(client, run_id)  # reading needs no token: not limited
        assert (run["status"], run["reason"]) == ("refused", "too_large")
    with serve(port, "--max-seconds", "0.000001", env=env) as process, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, process)
        bo = {"Authorization": "Bearer " + client.post(
            "/api/v1/players", json={"name": "Bo"}).json()["token"]}
        refused = client.post("/api/v1/maps", json={"map": short[0], "clear": short[1]},
                              headers=bo)
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "too_slow"


def test_budget_and_rate_options_out_of_range_are_usage_errors(env: dict[str, str]) -> None:
    for args in (["server", "--max-actions", "0"], ["server", "--max-seconds", "-1"],
                 ["server", "--per-token", "many"], ["server", "--per-address", "5/0"],
                 ["worker", "--database", "postgresql://x/y", "--max-actions", "1.5"],
                 ["worker", "--database", "postgresql://x/y", "--max-seconds", "inf"]):
        result = cardrogue(*args, env=env)
        assert result.returncode == 2, args
        last = result.stderr.strip().splitlines()[-1]
        assert last.startswith(f"cardrogue {args[0]}: error: argument {args[-2]}: "), last


def test_forwarded_addresses_count_only_from_a_trusted_proxy(env: dict[str, str]) -> None:
    """Finding 4: X-Forwarded-For from loopback chose the address a client is counted under."""
    def codes(client: httpx.Client, forwarded: list[str]) -> list[int]:
        return [client.get("/api/v1/maps", headers={"X-Forwarded-For": address}).status_code
                for address in forwarded]

    fresh = ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"]
    port = free_port()
    # By default no proxy is trusted: every request from here counts as this address's.
    with serve(port, "--per-address", "3/600", env=env) as process, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, process)  # one request
        assert codes(client, fresh) == [200, 200, 429, 429]
    port = free_port()
    with serve(port, "--per-address", "3/600", "--trusted-proxy", "127.0.0.0/8",
               env=env) as process, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, process)
        # Behind a trusted proxy each client is counted under its own address.
        assert codes(client, fresh) == [200, 200, 200, 200]
        assert codes(client, ["198.51.100.7"] * 4) == [200, 200, 200, 429]
    bad = cardrogue("server", "--trusted-proxy", "nowhere", env=env)
    assert bad.returncode == 2 and "not an address or a network" in bad.stderr
