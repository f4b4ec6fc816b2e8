"""OpenAPI links: which answer's values another route takes (a published map's id to its board,
a submitted run's id to its page...). Clients may follow them, and Schemathesis's stateful tests
chain calls along them, reaching the routes that need something to exist first.

    app.openapi = with_links(app.openapi)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

API = "/api/v1"

# (path, method, status) -> {link name: (target path, target method, parameters)}
LINKS: dict[tuple[str, str, str], dict[str, tuple[str, str, dict[str, str]]]] = {
    (API + "/maps", "post", "201"): {
        "map": (API + "/maps/{ref}", "get", {"ref": "$response.body#/id"}),
        "map_file": (API + "/maps/{ref}/file", "get", {"ref": "$response.body#/share_code"}),
        "board": (API + "/maps/{ref}/leaderboard", "get", {"ref": "$response.body#/id"}),
        "records": (API + "/maps/{ref}/records", "get", {"ref": "$response.body#/id"}),
        "hide": (API + "/admin/maps/{ref}/hide", "post", {"ref": "$response.body#/id"}),
        "vote": (API + "/maps/{ref}/vote", "put", {"ref": "$response.body#/id"}),
        "tags": (API + "/maps/{ref}/tags", "put", {"ref": "$response.body#/share_code"}),
    },
    (API + "/maps", "get", "200"): {
        "first_map": (API + "/maps/{ref}", "get", {"ref": "$response.body#/items/0/id"}),
        "first_board": (API + "/maps/{ref}/leaderboard", "get",
                        {"ref": "$response.body#/items/0/share_code"}),
    },
    (API + "/maps/{ref}/leaderboard", "get", "200"): {
        "first_run": (API + "/runs/{run_id}", "get", {"run_id": "$response.body#/items/0/run"}),
        "first_run_file": (API + "/runs/{run_id}/file", "get",
                           {"run_id": "$response.body#/items/0/run"}),
    },
    (API + "/runs", "post", "202"): {
        "run": (API + "/runs/{run_id}", "get", {"run_id": "$response.body#/id"}),
        "run_file": (API + "/runs/{run_id}/file", "get", {"run_id": "$response.body#/id"}),
        "remove": (API + "/admin/runs/{run_id}/remove", "post",
                   {"run_id": "$response.body#/id"}),
    },
    (API + "/games/{game}/boards", "get", "200"): {
        "first_board": (API + "/games/{game}/boards/{board}/leaderboard", "get",
                        {"game": "$response.body#/game",
                         "board": "$response.body#/items/0/board"}),
    },
    (API + "/weekly", "get", "200"): {
        "weekly_map": (API + "/maps/{ref}", "get", {"ref": "$response.body#/map/id"}),
    },
    (API + "/players", "post", "201"): {
        "ban": (API + "/admin/players/{name}/ban", "post", {"name": "$response.body#/name"}),
    },
}


def add_links(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with LINKS in its answers (by operationId, which FastAPI makes per route)."""
    paths = schema.get("paths", {})
    for (path, method, status), links in LINKS.items():
        answer = paths[path][method]["responses"][status]
        answer["links"] = {
            name: {"operationId": paths[target][target_method]["operationId"],
                   "parameters": parameters}
            for name, (target, target_method, parameters) in links.items()}
    return schema


def with_links(openapi: Callable[[], dict[str, Any]]) -> Callable[[], dict[str, Any]]:
    """FastAPI's `app.openapi`, with the links added (once: FastAPI keeps the schema)."""
    done: list[dict[str, Any]] = []

    def schema() -> dict[str, Any]:
        if not done:
            done.append(add_links(openapi()))
        return done[0]

    return schema
