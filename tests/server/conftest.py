"""Fixtures for the server's tests: the API on SQLite and on a real PostgreSQL.

`database` is parametrised over both: every test that uses it (through `api`) runs twice.
PostgreSQL is a real server started once per session on a free loopback port in a temporary
folder (initdb, then pg_ctl with fsync off), each test getting a fresh database on it; it is
stopped at the end. `database` is already at the newest revision (a copy of a template migrated
once per worker); `empty_database` is empty, for tests of what the migrations build. PostgreSQL
is skipped only when its programs are not installed (`.ci/run` installs them).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from server.app import Settings, create_app
from server.db import connect
from server.limits import Rate
from server.verification import Budget
from server.verifier import verify_all
from tests.server.postgres import Postgres, running_postgres
from tests.server.sqlite_template import migrated_sqlite

ROOT = Path(__file__).resolve().parents[2]
CHALLENGES = ROOT / "campaigns" / "challenges"
CLEARS = ROOT / "tests" / "clears"


def challenge(name: str) -> tuple[str, dict[str, Any]]:
    """A bundled challenge map's text and its recorded clear."""
    return ((CHALLENGES / f"{name}.toml").read_text(encoding="utf-8"),
            json.loads((CLEARS / f"{name}.run.json").read_text(encoding="utf-8")))


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    with running_postgres() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path,
             tmp_path_factory: pytest.TempPathFactory) -> str:
    """A fresh database URL at the newest revision, on each kind of database."""
    if request.param == "sqlite":
        return migrated_sqlite(tmp_path / "server.db", tmp_path_factory)
    return request.getfixturevalue("postgres").new_migrated_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database URL on each kind of database: `connect` runs every migration."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.db'}"
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The environment for a `cardrogue` process, with its own data folder."""
    return {**os.environ, "CARDROGUE_DATA_DIR": str(tmp_path / "data")}


@dataclass
class Api:
    """A test client on the API, with the engine for driving verification by hand."""

    client: TestClient
    engine: Engine
    budget: Budget

    def register(self, name: str) -> dict[str, str]:
        answer = self.client.post("/api/v1/players", json={"name": name})
        assert answer.status_code == 201, answer.text
        return {"Authorization": f"Bearer {answer.json()['token']}"}

    def publish(self, name: str, headers: dict[str, str]) -> dict[str, Any]:
        text, clear = challenge(name)
        answer = self.client.post("/api/v1/maps", json={"map": text, "clear": clear},
                                  headers=headers)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def submit(self, document: Any, headers: dict[str, str]) -> int:
        answer = self.client.post("/api/v1/runs", json=document, headers=headers)
        assert answer.status_code == 202, answer.text
        assert answer.json()["status"] == "queued"
        return int(answer.json()["id"])

    def settle(self) -> int:
        """Verify every queued run, as the verifier would."""
        return verify_all(self.engine, self.budget)

    def run(self, run_id: int) -> dict[str, Any]:
        answer = self.client.get(f"/api/v1/runs/{run_id}")
        assert answer.status_code == 200, answer.text
        return answer.json()

    def board(self, ref: str, **params: Any) -> dict[str, Any]:
        answer = self.client.get(f"/api/v1/maps/{ref}/leaderboard", params=params)
        assert answer.status_code == 200, answer.text
        return answer.json()


def make_api(url: str, **settings: Any) -> Iterator[Api]:
    engine = connect(url)
    options: dict[str, Any] = {"verify_in_process": False, "per_address": Rate(0),
                               "per_token": Rate(0)}
    options.update(settings)
    config = Settings(database=url, **options)
    try:
        with TestClient(create_app(config, engine=engine)) as client:
            yield Api(client, engine, config.budget)
    finally:
        engine.dispose()


def check_score_counts(engine: Engine) -> None:
    """board_scores and board_moves must hold exactly the entries on the boards, score by
    score and move count by move count."""
    from sqlalchemy import false, func, select

    from server.schema import board_moves, board_scores, entries

    for table in (board_scores, board_moves):
        key = [entries.c[column.name] for column in table.primary_key.columns]
        with engine.connect() as conn:
            on_boards = {tuple(row[:-1]): row[-1] for row in conn.execute(
                select(*key, func.count()).where(entries.c.removed == false()).group_by(*key))}
            counted = {tuple(row[:-1]): row[-1] for row in conn.execute(
                select(table).where(table.c.entries != 0))}
        assert counted == on_boards, table.name


@pytest.fixture
def api(database: str) -> Iterator[Api]:
    for ready in make_api(database):
        yield ready
        check_score_counts(ready.engine)
