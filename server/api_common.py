"""What the API's routes share: the error they raise, the player a token names (a FastAPI
dependency), the page size and the map a reference names."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Header, Query, Request
from sqlalchemy import Engine

from server import store
from server.db import reading_statements

MAX_LIMIT = 100


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers


def engine_of(request: Request) -> Engine:
    return request.app.state.engine


def _token(authorization: str | None) -> str:
    if not authorization:
        raise ApiError(401, "no_token", "this needs a token: Authorization: Bearer <token> "
                       "(register with POST /api/v1/players)")
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "no_token", "give the token as Authorization: Bearer <token>")
    return token.strip()


def token_holder(request: Request,
                 authorization: Annotated[str | None, Header()] = None) -> Any:
    """The player whose token the request carries, banned or not (401 without one)."""
    token = _token(authorization)
    with reading_statements(engine_of(request)) as conn:  # one statement: no BEGIN needed
        found = store.player_by_token(conn, token)
    if found is None:
        raise ApiError(401, "bad_token", "this token is not known here")
    return found


def token_holder_if_any(request: Request,
                        authorization: Annotated[str | None, Header()] = None) -> Any:
    """The player whose token the request carries, or None when it carries none (for reads
    that a token only narrows: "maps I have not played")."""
    return None if authorization is None else token_holder(request, authorization)


def player(found: Annotated[Any, Depends(token_holder)]) -> Any:
    """The player whose token the request carries (401 without one, 403 if banned)."""
    if found.banned_at is not None:
        raise ApiError(403, "banned", "this player is banned")
    return found


def moderator(who: Annotated[Any, Depends(player)]) -> Any:
    if who.role != "moderator":
        raise ApiError(403, "not_moderator", "only a moderator may do this")
    return who


Player = Annotated[Any, Depends(player)]
Moderator = Annotated[Any, Depends(moderator)]
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT)]


def no_map() -> ApiError:
    return ApiError(404, "unknown_map", "no map here has this id or share code")


def map_or_404(conn: Any, ref: str, include_hidden: bool = False) -> Any:
    row = store.map_by_ref(conn, ref, include_hidden=include_hidden)
    if row is None:
        raise no_map()
    return row


