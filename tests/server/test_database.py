"""The database under the server: migrations, and verification that counts each run once."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from server import store
from server.app import Settings, create_app
from server.db import connect, head_revision, migrate, writing
from server.schema import entries, metadata, players, runs
from server.verification import Outcome, verify_run
from server.verifier import verify_all
from tests.server.conftest import Api, challenge, make_api
from tests.server.sqlite_template import migrated_sqlite
from tests.server.support import slower


def test_migrations_build_exactly_the_schema(empty_database: str) -> None:
    engine = connect(empty_database)  # every migration runs
    try:
        migrate(engine)  # and again: nothing left to do
        with engine.connect() as conn:
            ours = MigrationContext.configure(conn, opts={"include_name": lambda name, kind, _:
                                                         kind != "table" or not
                                                         name.startswith("procrastinate")})
            assert compare_metadata(ours, metadata) == []
            version = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
            queue = conn.exec_driver_sql("SELECT to_regclass('procrastinate_jobs')").scalar() \
                if conn.dialect.name == "postgresql" else None
        assert version == head_revision()
        # PostgreSQL gets the verification queue's tables too.
        assert (queue is not None) == empty_database.startswith("postgresql")
    finally:
        engine.dispose()


def test_the_score_counts_are_built_from_the_boards_on_upgrade(api: Api) -> None:
    published = api.publish("speed-maze", api.register("Ann"))
    for n, extra in enumerate((1, 1, 2)):
        api.submit(slower(challenge("speed-maze")[1], extra, n), api.register(f"p{n}"))
    api.settle()
    # As a database from before the counts per score, then before the counts per move count.
    for before in ("0002", "0004"):
        migrate(api.engine, before, down=True)
        migrate(api.engine)
        board = api.board(published["id"])
        assert [i["rank"] for i in board["items"]] == [1, 2, 2, 4] and board["total"] == 4


def test_maps_published_before_ratings_get_theirs_on_upgrade(api: Api) -> None:
    published = api.publish("golem-forge", api.register("Ann"))
    migrate(api.engine, "0005", down=True)  # as a database from before the ratings
    migrate(api.engine)
    assert api.client.get(f"/api/v1/maps/{published['id']}").json()["difficulty"] == "hard"


def test_names_registered_before_name_keys_keep_theirs_on_upgrade(api: Api) -> None:
    migrate(api.engine, "0007", down=True)  # before names were compared without case
    with writing(api.engine) as conn:
        for n, name in enumerate(("Ann", "ANN", "Bo")):
            conn.execute(players.insert().values(name=name, token_hash=f"h{n}",
                                                 created_at=store.now()))
    migrate(api.engine)
    with api.engine.connect() as conn:
        keys = dict(conn.execute(select(players.c.name, players.c.name_key)).all())
    assert keys["Ann"] == "ann" and keys["Bo"] == "bo" and keys["ANN"].startswith("ann\t")
    # Both keep their names; a new look-alike is refused, and both can still be found.
    assert api.client.post("/api/v1/players", json={"name": "aNN"}).status_code == 409
    assert api.client.post("/api/v1/players", json={"name": "Cy"}).status_code == 201


def test_names_registered_before_skeletons_keep_theirs_on_upgrade(api: Api) -> None:
    migrate(api.engine, "0010", down=True)  # before look-alike names were compared
    with writing(api.engine) as conn:
        for n, name in enumerate(("Alice", "\u0410lice", "Bo")):  # the second, Cyrillic А
            conn.execute(players.insert().values(name=name, name_key=store.name_key(name),
                                                 token_hash=f"h{n}", created_at=store.now()))
    migrate(api.engine)
    with api.engine.connect() as conn:
        looks = dict(conn.execute(select(players.c.name, players.c.name_skeleton)).all())
    assert looks["\u0410lice"] == looks["Alice"] + "\t2" and "\t" not in looks["Bo"]
    # Both keep their names; a new look-alike is refused, another name is not.
    answer = api.client.post("/api/v1/players", json={"name": "Alic\u0435"})
    assert answer.status_code == 409 and "'Alice'" in answer.json()["error"]["message"]
    assert api.client.post("/api/v1/players", json={"name": "Cy"}).status_code == 201


def test_runs_verified_before_the_copy_check_are_originals_after_upgrade(api: Api) -> None:
    published = api.publish("speed-maze", api.register("Ann"))
    original = api.submit(slower(challenge("speed-maze")[1], 1), api.register("Bo"))
    api.settle()
    migrate(api.engine, "0009", down=True)  # as a database from before the copy check
    migrate(api.engine)
    with api.engine.connect() as conn:
        keys = conn.execute(select(runs.c.actions_key).order_by(runs.c.id)).scalars().all()
    assert len(keys) == 2 and all(keys) and keys[0] != keys[1]  # the clear and Bo's run
    stolen = api.client.get(f"/api/v1/runs/{original}/file").json()
    copied = api.submit(stolen, api.register("Mallory"))
    api.settle()
    run = api.run(copied)
    assert (run["status"], run["reason"]) == ("refused", "copied_run")
    assert [i["player"] for i in api.board(published["id"])["items"]] == ["Ann", "Bo"]


def test_a_run_whose_verifier_died_is_verified_again_once(api: Api) -> None:
    ann = api.register("Ann")
    published = api.publish("speed-maze", ann)
    run_id = api.submit(slower(challenge("speed-maze")[1], 1), api.register("Bo"))
    with writing(api.engine) as conn:
        claim = store.claim_next(conn, lease=60)
    assert claim is not None and claim.run_id == run_id
    # The verifier that took it dies here. While its lease holds, nobody else takes the run...
    assert verify_all(api.engine, api.budget, lease=60) == 0
    assert api.run(run_id)["status"] == "queued"
    # ...and once it has run out, the run is taken again and verified.
    assert verify_all(api.engine, api.budget, lease=0) == 1
    assert api.run(run_id)["status"] == "verified"
    # The dead verifier's late verdict changes nothing: verdicts are recorded once.
    late = verify_run(claim.document, challenge("speed-maze")[0], api.budget)
    with writing(api.engine) as conn:
        assert store.record_outcome(conn, run_id, late) is False
    with api.engine.connect() as conn:
        assert conn.execute(select(runs.c.attempts).where(runs.c.id == run_id)).scalar() == 2
        on_board = conn.execute(select(func.count()).select_from(entries).where(
            entries.c.run_id == run_id)).scalar()
    assert on_board == 1
    assert api.client.get(f"/api/v1/maps/{published['id']}").json()["plays"] == 2


def test_a_refusal_is_recorded_once_too(api: Api) -> None:
    run_id = api.submit({"not": "a run"}, api.register("Ann"))
    with writing(api.engine) as conn:
        assert store.record_outcome(conn, run_id, Outcome(False, "bad_run", "no")) is True
        assert store.record_outcome(conn, run_id, Outcome(True, moves=1, turns=1)) is False
    assert api.run(run_id)["status"] == "refused"


def test_the_server_verifies_in_its_own_process(database: str) -> None:
    engine = connect(database)
    try:
        app = create_app(Settings(database=database, verify_in_process=True), engine=engine)
        with TestClient(app) as client:
            api = Api(client, engine, Settings(database=database).budget)
            ann = api.register("Ann")
            api.publish("speed-maze", ann)
            run_id = api.submit(slower(challenge("speed-maze")[1], 1), api.register("Bo"))
            deadline = time.monotonic() + 60  # a bound on waiting, not a measurement
            while api.run(run_id)["status"] == "queued" and time.monotonic() < deadline:
                time.sleep(0.05)
            assert api.run(run_id)["status"] == "verified"
            assert api.run(run_id)["rank"] == 2
    finally:
        engine.dispose()


def test_an_sqlite_server_verifies_runs_claimed_before_it_stopped(
        tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    url = migrated_sqlite(tmp_path / "server.db", tmp_path_factory)
    for api in make_api(url):
        api.publish("speed-maze", api.register("Ann"))
        run_id = api.submit(slower(challenge("speed-maze")[1], 1), api.register("Bo"))
        with writing(api.engine) as conn:  # a verifier takes it, and the server stops
            assert store.claim_next(conn, lease=3600) is not None
    engine = connect(url)
    try:
        app = create_app(Settings(database=url, verify_in_process=True), engine=engine)
        with TestClient(app) as client:
            deadline = time.monotonic() + 60  # far less than the lease: a bound, not a timing
            while client.get(f"/api/v1/runs/{run_id}").json()["status"] == "queued" \
                    and time.monotonic() < deadline:
                time.sleep(0.05)
            assert client.get(f"/api/v1/runs/{run_id}").json()["status"] == "verified"
    finally:
        engine.dispose()


def test_the_server_verifies_a_mini_rogue_run_in_its_own_process(
        tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    from tests.server.minirogue_runs import seed_board, won

    url = migrated_sqlite(tmp_path / "server.db", tmp_path_factory)
    engine = connect(url)
    try:
        app = create_app(Settings(database=url, verify_in_process=True), engine=engine)
        with TestClient(app) as client:
            api = Api(client, engine, Settings(database=url).budget)
            run_id = api.submit(won(), api.register("Ann"))
            deadline = time.monotonic() + 60  # a bound on waiting, not a measurement
            while api.run(run_id)["status"] == "queued" and time.monotonic() < deadline:
                time.sleep(0.05)
            assert (api.run(run_id)["status"], api.run(run_id)["rank"]) == ("verified", 1)
            page = client.get(f"/api/v1/games/minirogue/boards/{seed_board(won())}"
                              "/leaderboard").json()
            assert page["total"] == 1
    finally:
        engine.dispose()


def test_a_database_away_or_locked_answers_503_with_retry_after(
        tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: Any) -> None:
    """Finding 8: database trouble is 503 with Retry-After, and /healthz says why."""
    from tests.server.postgres import free_port

    def check(engine: Any, why: str, write: bool) -> None:
        app = create_app(Settings(database=str(engine.url), verify_in_process=False),
                         engine=engine)
        with TestClient(app) as client:
            health = client.get("/healthz")
            if not write:
                assert health.status_code == 503 and int(health.headers["Retry-After"]) >= 1
                assert health.json() == {"status": "unavailable", "why": why}
                answer = client.get("/api/v1/maps")
            else:
                answer = client.post("/api/v1/players", json={"name": "Ann"})
            assert answer.status_code == 503, answer.text
            assert int(answer.headers["Retry-After"]) >= 1
            error = answer.json()["error"]
            assert error["code"] == "database_unavailable" and error["message"].startswith(why)

    # PostgreSQL that does not answer (nothing listens on the port).
    away = connect(f"postgresql://nobody@127.0.0.1:{free_port()}/nothing", upgrade=False)
    try:
        check(away, "the database does not answer", write=False)
    finally:
        away.dispose()
    # SQLite locked by another writer for longer than the (shortened) busy timeout.
    monkeypatch.setattr("server.db.SQLITE_BUSY_MS", 50)
    url = migrated_sqlite(tmp_path / "server.db", tmp_path_factory)
    engine = connect(url)
    holder = sqlite3.connect(tmp_path / "server.db", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        check(engine, "the database is locked by another writer", write=True)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        engine.dispose()
