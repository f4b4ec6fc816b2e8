"""Limits on what one client can ask of the server: body size and request rate.

Both are plain ASGI middleware in front of the API, so an oversized or too-frequent request
costs a few dictionary lookups and never reaches a route or the database.

Rates are token buckets, per client address and per API token: a client may burst up to the
bucket's size, then goes at the refill rate; past that it gets 429 with Retry-After (whole
seconds until a request would be let through). Buckets live in the server's memory, one set per
process.
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
import time
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server import defaults

MAX_BODY_BYTES = defaults.MAX_BODY_BYTES


@dataclass(frozen=True)
class Rate:
    """`requests` per `seconds`, with bursts of up to `requests`. requests=0: no limit."""

    requests: int
    seconds: float = 60.0

    @classmethod
    def parse(cls, text: str) -> Rate:
        """'600/60' (requests per seconds), '600' (per minute) or '0' (no limit)."""
        count, _, per = text.partition("/")
        rate = cls(int(count), float(per) if per else 60.0)
        if rate.requests < 0 or rate.seconds <= 0:
            raise ValueError(text)
        return rate


PER_ADDRESS = Rate(*defaults.PER_ADDRESS)
PER_TOKEN = Rate(*defaults.PER_TOKEN)


class Buckets:
    """Token buckets by key; `take` says how long to wait (0: go ahead)."""

    def __init__(self, rate: Rate, clock: Any = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        if self.rate.requests == 0:
            return 0.0
        per_second = self.rate.requests / self.rate.seconds
        with self._lock:
            at = self.clock()
            tokens, since = self._buckets.get(key, (float(self.rate.requests), at))
            tokens = min(float(self.rate.requests), tokens + (at - since) * per_second)
            if tokens >= 1:
                self._buckets[key] = (tokens - 1, at)
                wait = 0.0
            else:
                self._buckets[key] = (tokens, at)
                wait = (1 - tokens) / per_second
            if len(self._buckets) > 100_000:  # forget the full buckets: they are the default
                self._buckets = {k: v for k, v in self._buckets.items()
                                 if v[0] + (at - v[1]) * per_second < self.rate.requests}
        return wait


# Paths that answer JSON; every other path is a web page, and gets its refusal as a page.
JSON_PATHS = ("/api/", "/healthz", "/openapi.json", "/docs", "/redoc")


async def _error(send: Send, status: int, code: str, message: str,
                 headers: list[tuple[bytes, bytes]] | None = None, *, page: bool = False
                 ) -> None:
    if page:  # our own words only, nothing from the request
        body = (f"<!doctype html><meta charset=utf-8><title>Card Rogue community</title>"
                f"<p>{message[:1].upper()}{message[1:]}.</p>").encode()
        kind = b"text/html; charset=utf-8"
    else:
        body = json.dumps({"error": {"code": code, "message": message}}).encode()
        kind = b"application/json"
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", kind), (b"content-length", str(len(body)).encode()),
        *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


def bearer_token(authorization: bytes) -> bytes | None:
    """The token an Authorization header carries, read as the routes read it (app._token:
    "Bearer", in any case, then the token without the spaces around it), so the per-token
    bucket is the token's however the header is padded; None without one."""
    scheme, _, token = authorization.partition(b" ")
    token = token.strip()
    if scheme.lower() != b"bearer" or not token:
        return None
    return token


def _strict_json_refusal(body: bytes) -> str | None:
    """Why a JSON body is refused by the one strict reader that `cardrogue verify` uses too
    (engine.core.runs.parse_json: UTF-8 without a byte order mark, no key twice, no NaN,
    Infinity or overflowing number, no NUL or lone surrogate in a text); None if it reads."""
    from engine.core.runs import RunError, parse_json

    try:
        parse_json(body)
    except RunError as error:
        return f"the body is not JSON that the server reads: {error.message}"
    return None


class Limits:
    """ASGI middleware: 413 for bodies over `max_body` bytes, 429 past either rate."""

    def __init__(self, app: ASGIApp, *, max_body: int = MAX_BODY_BYTES,
                 per_address: Rate = PER_ADDRESS, per_token: Rate = PER_TOKEN) -> None:
        self.app = app
        self.max_body = max_body
        self.addresses = Buckets(per_address)
        self.tokens = Buckets(per_token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        client = scope.get("client")
        waits = [self.addresses.take(client[0] if client else "?")]
        token = bearer_token(headers.get(b"authorization", b""))
        if token is not None:
            waits.append(self.tokens.take(hashlib.sha256(token).hexdigest()))
        wait = max(waits)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            await _error(send, 429, "too_many_requests", f"too many requests; try again in "
                         f"{seconds} s", [(b"retry-after", str(seconds).encode())],
                         page=not str(scope.get("path", "")).startswith(JSON_PATHS))
            return
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _error(send, 413, "too_large", f"a request body is at most "
                         f"{self.max_body:,} bytes")
            return
        # Without a length (chunked), read up to the limit before the route sees anything.
        chunks: list[bytes] = []
        size = 0
        if scope.get("method") in ("POST", "PUT", "PATCH"):
            more = True
            while more:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body:
                    await _error(send, 413, "too_large", f"a request body is at most "
                                 f"{self.max_body:,} bytes")
                    return
                chunks.append(chunk)
                more = message.get("more_body", False)
            body = b"".join(chunks)
            if body and b"json" in headers.get(b"content-type", b"").lower():
                refusal = _strict_json_refusal(body)
                if refusal is not None:
                    await _error(send, 400, "bad_json", refusal)
                    return
            sent = False

            async def replay() -> Message:
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            await self.app(scope, replay, send)
            return
        await self.app(scope, receive, send)


# Pages load only what this server serves (their style is inline); nothing may frame them.
# The API's interactive docs (/docs, /redoc) load FastAPI's script and style from its CDN.
CSP = ("default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "img-src 'self' data: https://fastapi.tiangolo.com; worker-src blob:; "
            "frame-ancestors 'none'; base-uri 'none'")


class SecurityHeaders:
    """ASGI middleware: every answer says nosniff, may not be framed, and carries a CSP."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = str(scope.get("path", "")).startswith(("/docs", "/redoc"))
        extra = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                 (b"content-security-policy", (DOCS_CSP if docs else CSP).encode()),
                 (b"referrer-policy", b"same-origin")]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)
