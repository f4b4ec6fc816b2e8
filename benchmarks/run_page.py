"""A run page (/runs/{id}) of a 2,000-action Card Rogue run (or --actions N, up to the server's
cap of 20,000): its first answer, which replays the run and draws the step, and its cached
answers, medians of several; and the memory one replay holds (tracemalloc, measured apart).

Run: .venv/bin/python benchmarks/run_page.py [--actions 20000] [--repeat 7] [--cached 200]

The server is the real app (server.app.create_app on a throw-away SQLite file) driven in-process
through Starlette's TestClient, so the figures are the route's own work without a network. The
run is the bundled speed-maze clear with turns ended at its start until it has 2,000 actions,
verified by the server's own verifier. For the first answer the app's two caches (replays and
drawn steps) are emptied before each request; the cached answers ask for the same step again,
then for each of 200 steps already drawn, by the page and by the script's JSON route, and
last for 20 steps not drawn yet (their views are worked out from the replay's kept games).
Target (issue 32): under 100 ms once cached. The load average is printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fastapi.testclient import TestClient  # noqa: E402

from server import run_pages  # noqa: E402
from server.app import Settings, create_app  # noqa: E402
from server.limits import Rate  # noqa: E402
from server.verification import replay_for_watching  # noqa: E402
from server.verifier import verify_all  # noqa: E402

ACTIONS = 2000
MAP = "speed-maze"


def long_run(actions: int) -> tuple[str, dict, dict]:
    """The map's text, its clear, and a run of ACTIONS actions on it (a slower clear)."""
    text = (ROOT / "campaigns" / "challenges" / f"{MAP}.toml").read_text(encoding="utf-8")
    clear = json.loads((ROOT / "tests" / "clears" / f"{MAP}.run.json").read_text("utf-8"))
    run = dict(clear)
    run["actions"] = [{"do": "end_turn"}] * (actions - len(clear["actions"])) + clear["actions"]
    run.pop("claimed", None)
    return text, clear, run


def median_ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:8.2f} ms (min {min(times) * 1000:.2f}, n={len(times)})"


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=ACTIONS, help="the run's length")
    parser.add_argument("--repeat", type=int, default=7, help="first answers to time")
    parser.add_argument("--cached", type=int, default=200, help="cached answers to time")
    options = parser.parse_args()
    actions = options.actions
    text, clear, run = long_run(actions)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'server.db'}"
        config = Settings(database=url, verify_in_process=False, per_address=Rate(0),
                          per_token=Rate(0))
        app = create_app(config)
        with TestClient(app) as client:
            def register(name: str) -> dict[str, str]:
                token = client.post("/api/v1/players", json={"name": name}).json()["token"]
                return {"Authorization": f"Bearer {token}"}

            answer = client.post("/api/v1/maps", json={"map": text, "clear": clear},
                                 headers=register("Author"))
            assert answer.status_code == 201, answer.text
            run_id = client.post("/api/v1/runs", json=run, headers=register("Long")).json()["id"]
            verify_all(app.state.engine, config.budget)
            assert client.get(f"/api/v1/runs/{run_id}").json()["status"] == "verified"
            page = f"/runs/{run_id}?step={actions // 2}"

            def empty_caches() -> None:
                app.state.replays = run_pages.Lru(run_pages.REPLAY_STEPS, lambda seen: seen.total + 1)
                app.state.drawn = run_pages.Lru(run_pages.DRAWN)

            first = []
            for _ in range(options.repeat):
                empty_caches()
                first.append(timed(lambda: client.get(page)))
            replay_only = [timed(lambda: replay_for_watching(run, text))
                           for _ in range(options.repeat)]
            client.get(page)
            same = [timed(lambda: client.get(page)) for _ in range(options.cached)]
            steps = range(0, actions, max(1, actions // options.cached))
            for step in steps:
                client.get(f"/runs/{run_id}?step={step}")
            pages, script = [], []
            for step in steps:
                start = time.perf_counter()
                client.get(f"/runs/{run_id}?step={step}")
                pages.append(time.perf_counter() - start)
                start = time.perf_counter()
                client.get(f"/runs/{run_id}/steps/{step}", params={"since": step})
                script.append(time.perf_counter() - start)
            # Steps never drawn, of a replay already kept: each view is worked out afresh.
            fresh = []
            for step in range(actions // 40 + 1, actions, actions // 20):
                start = time.perf_counter()
                client.get(f"/runs/{run_id}/steps/{step}", params={"since": step})
                fresh.append(time.perf_counter() - start)
            size = len(client.get(page).content)
    tracemalloc.start()
    held = replay_for_watching(run, text)
    memory = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del held
    print(f"run page of a {actions:,}-action Card Rogue run ({MAP}), step {actions // 2}, "
          f"{size / 1024:.0f} KB of HTML")
    print(f"  first answer (replay and draw)     {median_ms(first)}")
    print(f"    of which the replay alone        {median_ms(replay_only)}")
    print(f"  one replay holds                   {memory / 1e6:8.1f} MB")
    print(f"  cached, the same step again        {median_ms(same)}")
    print(f"  cached, {len(pages)} steps by the page      {median_ms(pages)}")
    print(f"  cached, {len(script)} steps by the script   {median_ms(script)}")
    print(f"  {len(fresh)} steps never drawn, by the script {median_ms(fresh)}")
    print(f"  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
