"""A real community server on a free loopback port, in a thread of the test process (uvicorn,
SQLite, verifying in-process), for the clients' tests: the command line and the app talk to it
over HTTP as they would to any server. The `server` fixture (shared through tests/conftest.py)
starts one per test, on a database already at the newest revision, and stops it afterwards."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from server.app import Settings, create_app
from server.limits import Rate
from tests.server.sqlite_template import migrated_sqlite
from tests.support import free_port


class LiveServer:
    def __init__(self, database: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = Settings(database=f"sqlite:///{database}", per_address=Rate(0),
                          per_token=Rate(0))
        self.server = uvicorn.Server(uvicorn.Config(create_app(config), host="127.0.0.1",
                                                    port=self.port, log_level="error"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


@pytest.fixture
def server(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    migrated_sqlite(tmp_path / "server.db", tmp_path_factory)
    live = LiveServer(tmp_path / "server.db")
    live.start()
    yield live
    live.stop()
