"""The web host in front of the game (app/web): origins, headers, the login page, the caps and
each visitor's sandbox. The game behind it is tests/web/fake_game.py, which reports what it was
started with; the real app in a real browser is in test_web_command.py."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from app.web.host import HOST, WebHost, WebOptions, make_site, normal_origin
from app.web.sessions import Visitor, forget_old_visitors
from app.web.throttle import FORGET_S, FREE_TRIES, MAX_WAIT_S, LoginThrottle, client_key

FAKE_GAME = (sys.executable, str(Path(__file__).with_name("fake_game.py")))


@asynccontextmanager
async def hosted(options: WebOptions, clock: Callable[[], float] = time.monotonic
                 ) -> AsyncIterator[tuple[TestServer, aiohttp.ClientSession]]:
    server = TestServer(make_site(options, clock), host="127.0.0.1")  # a port from the OS
    await server.start_server()
    session = aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar())
    try:
        yield server, session
    finally:
        await session.close()
        await server.close()


def options_for(tmp_path: Path, **changes: object) -> WebOptions:
    return replace(WebOptions(visitors_dir=tmp_path / "visitors", command=FAKE_GAME), **changes)


def origin_of(server: TestServer) -> str:
    return f"http://127.0.0.1:{server.port}"


async def visit(server: TestServer, client: aiohttp.ClientSession) -> str:
    """Open the page as a new browser; returns the visitor cookie it was given."""
    async with client.get(server.make_url("/")) as response:
        assert response.status == 200
        return response.cookies["cardrogue_visitor"].value


async def open_game(server: TestServer, client: aiohttp.ClientSession, visitor: str,
                    origin: str | None = "ours") -> aiohttp.ClientWebSocketResponse:
    """The page's WebSocket, from our own origin unless told (None: no Origin at all)."""
    headers = {"Cookie": f"cardrogue_visitor={visitor}"}
    if origin is not None:
        headers["Origin"] = origin_of(server) if origin == "ours" else origin
    return await client.ws_connect(server.make_url("/ws?width=80&height=24"), headers=headers)


async def first_facts(socket: aiohttp.ClientWebSocketResponse) -> dict:
    message = await socket.receive(timeout=60)
    assert message.type == aiohttp.WSMsgType.BINARY, message
    return json.loads(message.data)


async def test_a_foreign_origin_is_refused_and_our_own_accepted(tmp_path):
    async with hosted(options_for(tmp_path)) as (server, client):
        visitor = await visit(server, client)
        for origin in ("http://evil.example", f"http://127.0.0.1:{server.port + 1}",
                       "null", "", None):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await open_game(server, client, visitor, origin=origin)
            assert refused.value.status == 403, origin
        async with client.get(server.make_url("/"),
                              headers={"Origin": "http://evil.example"}) as page:
            assert page.status == 403
        socket = await open_game(server, client, visitor)
        assert (await first_facts(socket))["sandbox"] == "1"
        await socket.close()


async def test_an_allowed_origin_may_open_the_game(tmp_path):
    options = options_for(tmp_path, allow_origins=frozenset({"https://play.example"}))
    async with hosted(options) as (server, client):
        visitor = await visit(server, client)
        socket = await open_game(server, client, visitor, origin="https://play.example:443")
        await first_facts(socket)
        await socket.close()


def test_origins_are_compared_in_one_normal_form():
    assert normal_origin("HTTPS://Play.Example:443") == "https://play.example"
    assert normal_origin("http://[::1]:8000") == "http://[::1]:8000"
    assert normal_origin("ftp://x") is None and normal_origin("null") is None
    assert normal_origin("http://x:99999") is None


async def test_every_page_says_where_it_may_load_from_and_be_framed(tmp_path):
    async with hosted(options_for(tmp_path)) as (server, client):
        for path in ("/", "/login", "/static/js/textual.js", "/nowhere"):
            async with client.get(server.make_url(path)) as response:
                policy = response.headers.get("Content-Security-Policy", "")
                assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
                assert response.headers.get("X-Content-Type-Options") == "nosniff"
        async with client.get(server.make_url("/")) as response:
            page = await response.text()
        # Every asset the page names is on our host, and is served.
        assert "https:" not in page and "http:" not in page and "//" not in page.replace(
            '"//"', "")
        for asset in ("/static/css/xterm.css", "/assets/page.css", "/assets/page.js",
                      "/static/js/textual.js", "/static/fonts/RobotoMono-VariableFont_wght.ttf"):
            assert asset in page or asset.endswith(".ttf")
            async with client.get(server.make_url(asset)) as response:
                assert response.status == 200, asset


async def test_each_visitor_is_a_guest_in_a_folder_of_their_own(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDROGUE_PLAYER", "host")
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(tmp_path / "host-data"))
    monkeypatch.setenv("CARDROGUE_SERVER", "http://127.0.0.1:9")
    options = options_for(tmp_path, community_server="http://community.example")
    async with hosted(options) as (server, client):
        first, second = await visit(server, client), await visit(server, client)
        assert first != second
        facts = []
        for visitor in (first, second):
            socket = await open_game(server, client, visitor)
            facts.append(await first_facts(socket))
            await socket.close()
    folders = [Path(fact["data_dir"]) for fact in facts]
    assert folders[0] != folders[1]
    for fact, folder, visitor in zip(facts, folders, (first, second), strict=True):
        assert folder.parent == tmp_path / "visitors" and folder.is_dir()
        assert folder.name == Visitor(visitor).key  # named by a hash, never by the cookie
        assert visitor not in str(folder)
        assert fact["cwd"] == fact["home"] == str(folder)
        assert fact["player_env"] is None and fact["user"].startswith("guest-")
        assert fact["server"] == "http://community.example"  # the host's, whatever else is set
    assert facts[0]["user"] != facts[1]["user"]


async def test_a_forged_visitor_cookie_opens_nothing(tmp_path):
    async with hosted(options_for(tmp_path)) as (server, client):
        for forged in ("../../etc", "a" * 10, ""):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await open_game(server, client, forged)
            assert refused.value.status == 403
    assert not (tmp_path / "visitors").exists() or not any((tmp_path / "visitors").iterdir())


async def test_a_visitor_past_the_cap_sees_a_polite_page(tmp_path):
    async with hosted(options_for(tmp_path, max_sessions=1)) as (server, client):
        first = await visit(server, client)
        socket = await open_game(server, client, first)
        await first_facts(socket)
        async with client.get(server.make_url("/")) as response:
            assert response.status == 503
            assert "Every table is taken" in await response.text()
        second = Visitor.new().cookie
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await open_game(server, client, second)
        assert refused.value.status == 503
        await socket.close()
        await until_free(server, client)


async def until_free(server: TestServer, client: aiohttp.ClientSession) -> None:
    deadline = time.monotonic() + 30
    while True:
        async with client.get(server.make_url("/")) as response:
            if response.status == 200:
                return
        assert time.monotonic() < deadline, "the ended game still holds its seat"
        await asyncio.sleep(0.1)


async def test_an_idle_game_is_ended_and_its_seat_freed(tmp_path):
    async with hosted(options_for(tmp_path, max_sessions=1, idle_seconds=1.0)) as (server,
                                                                                    client):
        socket = await open_game(server, client, await visit(server, client))
        await first_facts(socket)
        # No key is pressed: the host ends the game and closes the page's socket.
        message = await socket.receive(timeout=60)
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        await until_free(server, client)


async def test_keys_keep_a_game_alive_and_reach_it(tmp_path):
    """Keys half a timeout apart keep a game for five halves (longer than the timeout); then a
    whole timeout without a key ends it. The host's clock is a fake one the test moves."""
    clock = FakeClock()
    async with hosted(options_for(tmp_path, idle_seconds=1.0), clock) as (server, client):
        host = server.app[HOST]
        socket = await open_game(server, client, await visit(server, client))
        await first_facts(socket)
        for _ in range(5):
            await socket.send_str(json.dumps(["stdin", "k"]))
            message = await socket.receive(timeout=30)
            assert message.type == aiohttp.WSMsgType.BINARY and message.data == b"key:k"
            clock.now += 0.5
            await reaper_passes(host, 2)  # one pass may have begun before the clock moved
        assert len(host.sessions) == 1, "a game that had keys was ended"
        clock.now += 1.5
        message = await socket.receive(timeout=30)
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


async def reaper_passes(host: WebHost, count: int) -> None:
    """Wait until the host has looked for idle sessions `count` more times."""
    goal = host.reaper_passes + count
    deadline = time.monotonic() + 30
    while host.reaper_passes < goal:
        assert time.monotonic() < deadline, "the host stopped looking for idle sessions"
        await asyncio.sleep(0.05)


async def test_a_game_that_ends_by_itself_closes_the_page_and_frees_its_seat(tmp_path):
    crashing = (sys.executable, "-c", "raise SystemExit(3)")
    async with hosted(options_for(tmp_path, max_sessions=1, command=crashing)) as (server,
                                                                                  client):
        socket = await open_game(server, client, await visit(server, client))
        message = await socket.receive(timeout=60)
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        await until_free(server, client)


async def test_each_game_has_a_memory_ceiling(tmp_path):
    async with hosted(options_for(tmp_path, memory_bytes=512 * 1024 * 1024)) as (server,
                                                                                  client):
        socket = await open_game(server, client, await visit(server, client))
        assert (await first_facts(socket))["memory"] == 512 * 1024 * 1024
        await socket.close()


async def test_a_password_puts_a_login_page_in_front(tmp_path):
    async with hosted(options_for(tmp_path, password="open sesame")) as (server, client):
        async with client.get(server.make_url("/"), allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/login"
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await open_game(server, client, Visitor.new().cookie)
        assert refused.value.status == 403
        origin = {"Origin": origin_of(server)}
        async with client.post(server.make_url("/login"), data={"password": "wrong"},
                               headers=origin, allow_redirects=False) as response:
            assert response.status == 403 and "not right" in await response.text()
        # A login form posted from another site is refused whatever its password.
        async with client.post(server.make_url("/login"), data={"password": "open sesame"},
                               headers={"Origin": "http://evil.example"},
                               allow_redirects=False) as response:
            assert response.status == 403
        async with client.post(server.make_url("/login"), data={"password": "open sesame"},
                               headers=origin, allow_redirects=False) as response:
            assert response.status == 303
            login = response.cookies["cardrogue_auth"].value
        async with client.get(server.make_url("/"),
                              headers={"Cookie": f"cardrogue_auth={login}"}) as response:
            assert response.status == 200
            visitor = response.cookies["cardrogue_visitor"].value
        socket = await client.ws_connect(
            server.make_url("/ws"), headers={**origin, "Cookie": f"cardrogue_auth={login}; "
                                             f"cardrogue_visitor={visitor}"})
        await first_facts(socket)
        await socket.close()
        forged = login[:-1] + ("0" if login[-1] != "0" else "1")
        async with client.get(server.make_url("/"), allow_redirects=False,
                              headers={"Cookie": f"cardrogue_auth={forged}"}) as response:
            assert response.status == 303


class FakeClock:
    """Monotonic seconds that move only when a test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_wrong_passwords_wait_longer_and_longer_per_address(tmp_path):
    clock = FakeClock()
    options = options_for(tmp_path, password="open sesame", trusted_proxies=frozenset(
        {"127.0.0.1"}))
    async with hosted(options, clock) as (server, client):
        async def attempt(password: str, address: str = "203.0.113.7") -> aiohttp.ClientResponse:
            # Through a trusted proxy, so each test client has an address of its own.
            async with client.post(server.make_url("/login"), data={"password": password},
                                   headers={"Origin": origin_of(server),
                                            "X-Forwarded-For": address},
                                   allow_redirects=False) as response:
                await response.read()
                return response

        for _ in range(FREE_TRIES):
            assert (await attempt("wrong")).status == 403
        waiting = await attempt("open sesame")  # the right one waits too
        assert waiting.status == 429 and waiting.headers["Retry-After"] == "2"
        assert "wait 2 seconds" in await waiting.text()
        assert "Content-Security-Policy" in waiting.headers
        assert (await attempt("wrong", "198.51.100.1")).status == 403  # another address: free
        clock.now += 2
        assert (await attempt("wrong")).status == 403
        assert (await attempt("wrong")).headers["Retry-After"] == "4"  # twice as long
        clock.now += 4
        assert (await attempt("wrong")).status == 403
        assert (await attempt("open sesame")).headers["Retry-After"] == "8"
        clock.now += 8
        assert (await attempt("open sesame")).status == 303
        assert (await attempt("wrong")).status == 403  # a success starts the count again


async def test_wrong_token_links_wait_too(tmp_path):
    clock = FakeClock()
    async with hosted(options_for(tmp_path, token="s3cret"), clock) as (server, client):
        for _ in range(FREE_TRIES):
            async with client.get(server.make_url("/?token=wrong"),
                                  allow_redirects=False) as response:
                assert response.status == 303
        async with client.get(server.make_url("/?token=s3cret"),
                              allow_redirects=False) as response:
            assert response.status == 429 and response.headers["Retry-After"] == "2"
        clock.now += 2
        async with client.get(server.make_url("/?token=s3cret"),
                              allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/"


def test_the_throttle_caps_its_wait_forgets_quiet_clients_and_counts_ipv6_by_network():
    clock = FakeClock()
    throttle = LoginThrottle(clock)
    for _ in range(FREE_TRIES + 30):
        throttle.failed("192.0.2.1")
    assert throttle.wait("192.0.2.1") == MAX_WAIT_S
    clock.now += FORGET_S
    assert throttle.wait("192.0.2.1") == 0.0
    throttle.failed("192.0.2.1")
    assert throttle.wait("192.0.2.1") == 0.0  # a fresh start: free tries again
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff") == "2001:db8::/64"
    for number in range(FREE_TRIES):
        throttle.failed(f"2001:db8::{number + 1}")
    assert throttle.wait("2001:db8::abcd") == 2.0


async def test_a_token_link_logs_in(tmp_path):
    async with hosted(options_for(tmp_path, token="s3cret")) as (server, client):
        async with client.get(server.make_url("/?token=wrong"),
                              allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/login"
        async with client.get(server.make_url("/?token=s3cret"),
                              allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/"
            assert response.cookies["cardrogue_auth"].value


async def test_a_host_name_not_ours_is_refused(tmp_path):
    # A DNS-rebinding page (evil.example resolving to us) would pass its origin for ours.
    options = options_for(tmp_path, allow_origins=frozenset({"https://play.example"}))
    async with hosted(options) as (server, client):
        for host, status in ((f"evil.example:{server.port}", 421),
                             (f"localhost:{server.port}", 200), ("play.example", 200),
                             (f"[::1]:{server.port}", 200)):
            async with client.get(server.make_url("/"), headers={"Host": host}) as response:
                assert response.status == status, host


async def test_proxy_headers_count_only_from_a_trusted_proxy(tmp_path):
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "play.example",
               "Origin": "https://play.example"}
    # Not trusted: the page is on http://127.0.0.1:port whatever the headers say, so a page
    # claiming https://play.example is another site.
    for trusted in (frozenset(), frozenset({"10.0.0.0/8"})):
        async with hosted(options_for(tmp_path, trusted_proxies=trusted)) as (server, client):
            async with client.get(server.make_url("/"), headers=proxied) as response:
                assert response.status == 403
    # Trusted (an address or a network): the page is https://play.example, and the visitor's
    # cookie is kept to TLS.
    for trusted in (frozenset({"127.0.0.1"}), frozenset({"127.0.0.0/8"})):
        options = options_for(tmp_path, trusted_proxies=trusted,
                              allow_origins=frozenset({"https://play.example"}))
        async with hosted(options) as (server, client):
            async with client.get(server.make_url("/"), headers=proxied) as response:
                assert response.status == 200
                assert response.cookies["cardrogue_visitor"]["secure"]


def test_sandboxes_nobody_came_back_to_are_forgotten(tmp_path):
    kept, old = tmp_path / ("a" * 32), tmp_path / ("b" * 32)
    other = tmp_path / "not-a-visitor"
    for folder in (kept, old, other):
        folder.mkdir()
    (old / "saves").mkdir()
    import os

    now = kept.stat().st_mtime
    os.utime(old, (now - 31 * 86400, now - 31 * 86400))
    os.utime(other, (now - 99 * 86400, now - 99 * 86400))
    assert forget_old_visitors(tmp_path, 30, now=now) == [old.name]
    assert kept.is_dir() and other.is_dir() and not old.exists()
