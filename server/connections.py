"""Slow and greedy clients, held off where connections are made: uvicorn's HTTP protocol
(httptools) with deadlines and a cap per address, passed to uvicorn through its own `http`
setting, so no other server goes in front.

uvicorn closes a connection left idle after a response (`timeout_keep_alive`), but it waits
forever for the headers of a request and for its body, and takes any number of connections
from one address: 1,100 connections that sent half a request held every file descriptor and
every other client was refused. Here:

- a request's headers must all arrive within `header_seconds` of the connection (or of the
  previous response): otherwise the connection is closed, after a 408 if the request had
  begun;
- they may take at most `MAX_HEADER_BYTES`: otherwise 431 and closed;
- its body must all arrive within `body_seconds` of its headers: otherwise the connection is
  closed (the route sees the client leave);
- one address may hold `per_address` connections at once: the next is answered 503 with
  Retry-After and closed. A trusted proxy's address is exempt, since every client behind it
  shares it (the proxy limits its own clients).
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from server import defaults

MAX_HEADER_BYTES = 64 * 1024
RETRY_AFTER = 5  # seconds, when an address holds too many connections


@dataclass
class ConnectionLimits:
    """The deadlines and the cap (0 turns one off), and the open connections per address."""

    header_seconds: float = defaults.HEADER_SECONDS
    body_seconds: float = defaults.BODY_SECONDS
    per_address: int = defaults.CONNECTIONS_PER_ADDRESS
    exempt: frozenset[str] = frozenset()  # networks (trusted proxies) the cap does not count
    open: Counter[str] = field(default_factory=Counter)

    def is_exempt(self, address: str) -> bool:
        import ipaddress

        if not self.exempt:
            return False
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in ipaddress.ip_network(network) for network in self.exempt)


def _answer(status: str, code: str, message: str, extra: str = "") -> bytes:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\n{extra}connection: close\r\n\r\n").encode() + body


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol held to `limits` (one subclass per server)."""

    limits: ClassVar[ConnectionLimits]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._address: str | None = None  # counted against the cap while open
        self._deadline: asyncio.TimerHandle | None = None
        # Bytes received since a request began, until its headers are in (then None).
        self._header_bytes: int | None = 0
        self._begun = False  # whether a request has begun since the last answer

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        if address is not None and self.limits.per_address and not self.limits.is_exempt(address):
            if self.limits.open[address] >= self.limits.per_address:
                self._refuse(_answer(
                    "503 Service Unavailable", "too_many_connections",
                    f"this address holds {self.limits.per_address} connections to the server "
                    "already: close one or wait", f"retry-after: {RETRY_AFTER}\r\n"))
                return
            self.limits.open[address] += 1
            self._address = address
        self._await_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._address is not None:
            self.limits.open[self._address] -= 1
            if self.limits.open[self._address] <= 0:
                del self.limits.open[self._address]
            self._address = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._header_bytes is not None:
            self._header_bytes += len(data)
            if self._header_bytes > MAX_HEADER_BYTES:
                self._refuse(_answer("431 Request Header Fields Too Large",
                                     "headers_too_large", f"a request's headers are at "
                                     f"most {MAX_HEADER_BYTES:,} bytes"))
                return
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._header_bytes = 0
        self._begun = True

    def on_headers_complete(self) -> None:
        self._disarm()
        self._header_bytes = None
        super().on_headers_complete()
        if self.limits.body_seconds and not self.transport.is_closing():
            self._deadline = self.loop.call_later(self.limits.body_seconds, self._body_late)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def on_response_complete(self) -> None:
        pipelined = bool(self.pipeline)  # its headers are in already
        self._begun = pipelined
        super().on_response_complete()
        if not pipelined and not self.transport.is_closing():
            self._await_headers()

    def _await_headers(self) -> None:
        self._disarm()
        if self.limits.header_seconds:
            self._deadline = self.loop.call_later(self.limits.header_seconds, self._headers_late)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _headers_late(self) -> None:
        self._deadline = None
        if self.cycle is not None and not self.cycle.response_complete:
            return
        if not self._begun:  # nothing asked: no answer, as when a keep-alive runs out
            self.transport.close()
            return
        self._refuse(_answer("408 Request Timeout", "request_timeout",
                             f"the request's headers took longer than "
                             f"{self.limits.header_seconds:g} s"))

    def _body_late(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def _refuse(self, answer: bytes) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self.transport.write(answer)
            self.transport.close()


def guarded_protocol(limits: ConnectionLimits) -> type[asyncio.Protocol]:
    """The protocol class for `uvicorn.Config(http=...)`, held to `limits`."""
    return type("GuardedHttp", (GuardedHttp,), {"limits": limits})
