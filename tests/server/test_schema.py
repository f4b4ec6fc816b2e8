"""Schemathesis fuzzes the API from its own OpenAPI schema: no request, however odd, gets a
500, and every answer matches what the schema declares (status, content type, body)."""

from __future__ import annotations

from collections.abc import Iterator
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
from server.limits import Rate
from tests.hypothesis_profiles import examples
from tests.server.conftest import challenge

TOKEN: dict[str, str] = {}


@pytest.fixture(scope="module")
def live_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder: Path = tmp_path_factory.mktemp("schema")
    app = create_app(Settings(database=f"sqlite:///{folder / 'server.db'}",
                              per_address=Rate(0), per_token=Rate(0)))
    with TestClient(app) as client:
        token = client.post("/api/v1/players", json={"name": "Fuzz"}).json()["token"]
        TOKEN["Authorization"] = f"Bearer {token}"
        text, clear = challenge("speed-maze")  # something to find, rank and report
        assert client.post("/api/v1/maps", json={"map": text, "clear": clear},
                           headers=TOKEN).status_code == 201
        yield schemathesis.openapi.from_asgi("/openapi.json", app)


schema = schemathesis.pytest.from_fixture("live_schema")


@schema.parametrize()
@settings(max_examples=examples(30), deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error_and_every_answer_matches_the_schema(case: Any) -> None:
    # Moderation routes get the player's token too: they must answer 403, as declared.
    case.call_and_validate(headers=TOKEN, checks=[
        not_a_server_error, status_code_conformance, content_type_conformance,
        response_schema_conformance])
