"""Helpers for the server's tests: runs changed on purpose, a moderator's credentials, the
real `cardrogue server` and `cardrogue worker` commands run as processes, and maps published on
a live server (for the clients' tests too)."""

from __future__ import annotations

import copy
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx2 as httpx

from server import store
from services import community
from tests.server.conftest import challenge

if TYPE_CHECKING:
    from tests.server.conftest import Api
    from tests.server.live import LiveServer


def slower(document: dict[str, Any], extra: int, variant: int = 0) -> dict[str, Any]:
    """The same clear with `extra` turns ended at the start of its turn number `variant`:
    `extra` more moves and turns. Runs of equal extras but other variants score the same and
    are not copies of each other (their actions differ)."""
    slow = copy.deepcopy(document)
    actions = slow["actions"]
    starts = [0] + [n + 1 for n, action in enumerate(actions) if action == {"do": "end_turn"}]
    at = starts[variant]
    slow["actions"] = actions[:at] + [{"do": "end_turn"}] * extra + actions[at:]
    slow.pop("claimed", None)
    return slow


def make_moderator(api: Api, name: str) -> dict[str, str]:
    """The Authorization header of a new moderator."""
    with api.engine.begin() as conn:
        token = store.create_player(conn, name, role="moderator")
    return {"Authorization": f"Bearer {token}"}


# ---------------------------------------------------------------------- the real commands

CARDROGUE = Path(sys.executable).parent / "cardrogue"
WAIT = 60.0  # a bound on waiting for a process, not a measurement


@contextmanager
def running(*args: str, env: dict[str, str], **popen: Any) -> Iterator[subprocess.Popen[str]]:
    """`cardrogue ARGS` as a process for the block; interrupted (then killed) at its end.
    `popen`: more of subprocess.Popen's arguments."""
    process = subprocess.Popen([str(CARDROGUE), *args], text=True, env=env,
                               **{"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **popen})
    try:
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def serve(port: int, *extra: str, env: dict[str, str], **popen: Any) -> Any:
    return running("server", "--host", "127.0.0.1", "--port", str(port), *extra, env=env,
                   **popen)


def wait_until_up(client: httpx.Client, process: subprocess.Popen[str]) -> None:
    """Wait until the server answers /healthz; fail if it stops or never does."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server stopped: {process.stderr.read()}")  # type: ignore[union-attr]
        try:
            if client.get("/healthz").status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise AssertionError("the server did not come up")


def wait_for_text(path: Path, text: str, process: subprocess.Popen[str]) -> None:
    """Wait until the file a process writes to holds `text`; fail if it stops first."""
    deadline = time.monotonic() + WAIT
    while text not in path.read_text(encoding="utf-8", errors="replace"):
        assert process.poll() is None, f"it stopped: {path.read_text(encoding='utf-8')}"
        assert time.monotonic() < deadline, f"{text!r} never came: {path.read_text()}"
        time.sleep(0.1)


def settled(client: httpx.Client, run_id: int) -> dict[str, Any]:
    """The run once the worker has verified it (no longer queued)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        run = client.get(f"/api/v1/runs/{run_id}").json()
        if run["status"] != "queued":
            return run
        time.sleep(0.1)
    raise AssertionError(f"run {run_id} was never verified")


# ---------------------------------------------------------------------- a live server's content

def publish(server: LiveServer, name: str, author: str = "Author",
            title: str | None = None, slower_by: int = 0) -> dict[str, Any]:
    """Publish the bundled challenge `name` with its clear on a live server, as a new player
    `author`; `title` replaces the map's title when given. With `slower_by`, the clear is that
    many moves longer than the best, so a player who then plays the best route has a run of
    their own, not a copy of the clear (which is refused)."""
    client = community.Client(server.url)
    client.register(author)
    text, clear = challenge(name)
    if title is not None:
        start = text.index('title = "') + len('title = "')
        text = text[:start] + title + text[text.index('"', start):]
    return client.publish(text, slower(clear, slower_by) if slower_by else clear)
