"""Schemathesis fuzzes the API from its own OpenAPI schema: no request, however odd, gets a
500, and every answer matches what the schema declares (status, content type, body)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from server.app import Settings, create_app
from server.db import connect
from server.limits import Rate
from tests.hypothesis_profiles import examples
from tests.server.conftest import challenge
from tests.server.sqlite_template import migrated_sqlite

TOKEN: dict[str, str] = {}
FRESH: list[Callable[[], None]] = []  # gives the server a fresh database of its own


@pytest.fixture(scope="module")
def live_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder: Path = tmp_path_factory.mktemp("schema")
    app = create_app(Settings(database=migrated_sqlite(folder / "server.db", tmp_path_factory),
                              per_address=Rate(0), per_token=Rate(0)))
    databases = itertools.count()

    def fresh() -> None:
        """A new database, with the fuzzer's player and something to find, rank and report
        (the routes read the engine from app.state; the verifier thread keeps its own)."""
        engine = connect(migrated_sqlite(folder / f"server{next(databases)}.db",
                                         tmp_path_factory))
        used, app.state.engine = app.state.engine, engine
        app.state.verifier.engine = engine
        used.dispose()
        client = TestClient(app)
        token = client.post("/api/v1/players", json={"name": "Fuzz"}).json()["token"]
        TOKEN["Authorization"] = f"Bearer {token}"
        text, clear = challenge("speed-maze")
        assert client.post("/api/v1/maps", json={"map": text, "clear": clear},
                           headers=TOKEN).status_code == 201

    with TestClient(app):
        fresh()
        FRESH[:] = [fresh]
        yield schemathesis.openapi.from_asgi("/openapi.json", app)


schema = schemathesis.pytest.from_fixture("live_schema")
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@schema.parametrize()
@settings(max_examples=examples(30), deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error_and_every_answer_matches_the_schema(case: Any) -> None:
    # Moderation routes get the player's token too: they must answer 403, as declared.
    case.call_and_validate(headers=TOKEN, checks=CHECKS)


def test_sequences_along_the_schemas_links(live_schema: Any) -> None:
    """Stateful: Schemathesis chains calls along the schema's links (server/links.py), so the
    routes that need a map, a run or a player get real ones (a run just sent, its file, the
    board of a map just published...), and every answer still matches the schema."""
    machine = live_schema.as_state_machine()
    # Schemathesis infers a few links itself; these come from the schema's own.
    assert {"POST /api/v1/maps -> 201", "POST /api/v1/runs -> 202",
            "GET /api/v1/maps/{ref}/leaderboard -> 200"} <= set(machine.bundles)

    class WithToken(machine):  # type: ignore[misc, valid-type]
        def setup(self) -> None:
            # Each scenario on an empty server, so that a scenario replayed (to shrink a
            # failure) finds what it found the first time: a name free, a map unpublished.
            FRESH[0]()

        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"headers": TOKEN}

        def validate_response(self, response: Any, case: Any, additional_checks: Any = None,
                              **kwargs: Any) -> None:
            case.validate_response(response, checks=CHECKS, transport_kwargs=kwargs)

    WithToken.run(settings=settings(max_examples=examples(15), stateful_step_count=6,
                                    deadline=None, suppress_health_check=list(HealthCheck)))
