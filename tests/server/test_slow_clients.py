"""Slow and greedy clients against a real `cardrogue server` process (server/connections.py):
headers and bodies that never end are cut off, and one address cannot hold every connection."""

from __future__ import annotations

import resource
import socket

import httpx2 as httpx
import pytest

from tests.server.support import WAIT, serve, wait_until_up
from tests.support import free_port

DEADLINE = 20.0  # seconds: far past the timeouts the servers below are given


def read_until_closed(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection; fails at the deadline."""
    connection.settimeout(DEADLINE)
    received = b""
    try:
        while chunk := connection.recv(65536):
            received += chunk
    except TimeoutError:
        raise AssertionError(f"the server kept the connection open (got {received!r})") from None
    except ConnectionResetError:
        pass
    return received


def test_headers_that_never_end_get_408_and_the_connection_closed(env: dict[str, str]) -> None:
    port = free_port()
    with serve(port, "--header-timeout", "1", env=env) as server, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, server)
        with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as idle, \
                socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as slow:
            slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            assert read_until_closed(slow).startswith(b"HTTP/1.1 408")
            assert read_until_closed(idle) == b""  # it asked nothing: closed unanswered
        with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as huge:
            huge.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 100_000)
            assert read_until_closed(huge).startswith(b"HTTP/1.1 431")
        # A client that is not slow is served, two requests on one connection.
        assert [client.get("/healthz").status_code for _ in range(2)] == [200, 200]


def test_a_body_that_never_ends_has_its_connection_closed(env: dict[str, str]) -> None:
    port = free_port()
    with serve(port, "--body-timeout", "1", env=env) as server, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=WAIT) as client:
        wait_until_up(client, server)
        with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as slow:
            slow.sendall(b"POST /api/v1/players HTTP/1.1\r\nHost: x\r\nContent-Type: "
                         b"application/json\r\nContent-Length: 100\r\n\r\n{\"na")
            assert b"201" not in read_until_closed(slow)
        answer = client.post("/api/v1/players", json={"name": "Ann"})
        assert answer.status_code == 201, answer.text


def can_use_a_second_loopback_address() -> bool:
    """127.0.0.2 is loopback on Linux; other systems have only 127.0.0.1 unless set up."""
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.2", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not can_use_a_second_loopback_address(),
                    reason="needs 127.0.0.2 as a second loopback address (Linux has it)")
def test_one_address_cannot_hold_every_connection(env: dict[str, str]) -> None:
    def few_files() -> None:  # so that the slow clients below would use up all of them
        resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128))

    port = free_port()
    with serve(port, "--connections-per-address", "4", "--header-timeout", "60", env=env,
               preexec_fn=few_files) as server, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=DEADLINE) as client:
        wait_until_up(client, server)
        # 200 connections from another loopback address, each with half a request.
        slow = []
        try:
            for _ in range(200):
                connection = socket.create_connection(("127.0.0.1", port), timeout=DEADLINE,
                                                      source_address=("127.0.0.2", 0))
                slow.append(connection)
                connection.sendall(b"GET /healthz HTTP/1.1\r\n")
            assert read_until_closed(slow[-1]).startswith(b"HTTP/1.1 503")
            # Everyone else is still served, on a new connection.
            assert httpx.get(f"http://127.0.0.1:{port}/healthz",
                             timeout=DEADLINE).status_code == 200
            # The four the address holds are served once their requests are whole; the fifth
            # was refused.
            for connection in slow[:4]:
                connection.sendall(b"Host: x\r\nConnection: close\r\n\r\n")
                assert read_until_closed(connection).startswith(b"HTTP/1.1 200")
            assert read_until_closed(slow[4]).startswith(b"HTTP/1.1 503")
        finally:
            for connection in slow:
                connection.close()
