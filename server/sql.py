"""What the server's table modules share about SQL itself: the dialect's insert (for ON
CONFLICT), new row ids, times as ISO text (in Python and in the database), the keyset cursors
that pages hand out, and text that both databases can store."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, CursorResult, String
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement


class BadCursor(ValueError):
    """A cursor that this server did not hand out."""


def dialect_of(conn: Connection) -> Any:
    return postgresql if conn.dialect.name == "postgresql" else sqlite


def new_id(result: CursorResult[Any]) -> int:
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def iso(value: datetime | None) -> str | None:
    """A stored time as ISO 8601 UTC, e.g. 2026-01-01T00:00:00.000000Z (SQLite hands times back
    without their zone: they were stored in UTC). isoformat, not strftime: a page of 100 board
    entries formats 100 of these, and strftime took a fifth of the route's time."""
    if value is None:
        return None
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value.isoformat(timespec="microseconds") + "Z"


class utc_iso(FunctionElement[str]):  # noqa: N801 - used like an SQL function
    """A stored time as iso() writes it, made by the database: a page of 100 entries spent
    0.3 ms formatting them in Python."""

    type = String()
    inherit_cache = True


@compiles(utc_iso, "postgresql")
def _utc_iso_postgresql(element: utc_iso, compiler: Any, **kw: Any) -> str:
    return (f"to_char({compiler.process(element.clauses, **kw)} AT TIME ZONE 'UTC', "
            """'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')""")


@compiles(utc_iso, "sqlite")
def _utc_iso_sqlite(element: utc_iso, compiler: Any, **kw: Any) -> str:
    # SQLite keeps a time as text in UTC, "2026-01-01 00:00:00.000000".
    return f"replace({compiler.process(element.clauses, **kw)}, ' ', 'T') || 'Z'"


def make_cursor(values: Sequence[Any]) -> str:
    raw = json.dumps(list(values), separators=(",", ":"), ensure_ascii=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def read_cursor(cursor: str | None, types: tuple[type, ...]) -> tuple[Any, ...] | None:
    """The values of a cursor made by make_cursor, checked against `types`."""
    if cursor is None:
        return None
    try:
        values = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (ValueError, TypeError):
        raise BadCursor(cursor) from None
    if not (isinstance(values, list) and len(values) == len(types)
            and all(type(v) is t for v, t in zip(values, types, strict=True))):
        raise BadCursor(cursor)
    if any(isinstance(v, int) and not -(1 << 62) < v < 1 << 62 for v in values):
        raise BadCursor(cursor)
    if any(isinstance(v, str) and (len(v) > 400 or _UNSTORABLE.search(v)) for v in values):
        raise BadCursor(cursor)  # no database compares a NUL or a lone surrogate
    return tuple(values)


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def safe_message(message: str | None, limit: int = 2000) -> str | None:
    """A refusal's words as they can be stored on both databases and shown anywhere: NULs,
    lone surrogates and other control characters become U+FFFD, and the text is cut to
    `limit` characters."""
    if not message:
        return None
    cleaned = "".join("\ufffd" if _UNSTORABLE.match(c) or (not c.isprintable() and c not in
                                                           "\n\t") else c
                      for c in message[:limit])
    return cleaned
