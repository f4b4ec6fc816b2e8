"""`cardrogue web`: the game served to browsers, safe to put on the internet.

    serve(options)        run the web server until Ctrl+C
    make_site(options)    the aiohttp application (tests drive it in-process)

Each browser gets its own app process (app/web/sessions.py) on a WebSocket. In front of it:
  - Origin: a request that carries an Origin must come from the served host or an
    --allow-origin; the WebSocket and form posts must carry one (a foreign one gets 403);
  - a login page when a password or token is set, with wrong tries rate-limited per client
    address (app/web/throttle.py: a few free, then a growing wait, answered 429);
  - caps: --max-sessions (a polite page past it), an idle timeout, a memory ceiling;
  - headers: a Content-Security-Policy allowing only our own host, nosniff, no framing;
  - every asset is ours (textual-serve's page fetches its font from Google; ours does not).
Proxy headers (X-Forwarded-*) are believed only from a --trusted-proxy address, and a host name
not ours (a DNS-rebinding page) is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import html
import importlib.resources
import ipaddress
import json
import logging
import math
import secrets
import time
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from app.web.sessions import (
    VISITOR_COOKIE,
    GameProcess,
    Visitor,
    app_command,
    forget_old_visitors,
    guest_environment,
    visitor_folder,
)
from app.web.throttle import LoginThrottle

log = logging.getLogger("cardrogue.web")

STATIC = Path(__file__).with_name("static")
TEXTUAL_SERVE_STATIC = Path(str(importlib.resources.files("textual_serve") / "static"))
AUTH_COOKIE = "cardrogue_auth"
MAX_TERMINAL = 500  # columns or rows a page may ask for

SECURITY_HEADERS = {
    # Our host only. Styles may be inline: the terminal (xterm.js) writes <style> elements.
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "font-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; "
        "base-uri 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@dataclass(frozen=True)
class WebOptions:
    """How `cardrogue web` serves; each field is a command-line option."""

    host: str = "127.0.0.1"
    port: int = 8000
    visitors_dir: Path = Path("web-visitors")
    allow_origins: frozenset[str] = frozenset()
    trusted_proxies: frozenset[str] = frozenset()  # addresses or networks
    max_sessions: int = 8
    idle_seconds: float = 1800.0
    memory_bytes: int | None = 1024 * 1024 * 1024
    password: str = ""
    token: str = ""
    visitor_days: float = 30.0
    community_server: str = ""  # the host's: the only one its guests may use
    command: tuple[str, ...] = field(default_factory=app_command)


def normal_origin(origin: str) -> str | None:
    """`scheme://host[:port]` in lower case with the scheme's default port left out, or None
    when `origin` is not an http(s) origin."""
    try:
        parts = urllib.parse.urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    if port is not None and port != {"http": 80, "https": 443}[parts.scheme]:
        host = f"{host}:{port}"
    return f"{parts.scheme}://{host}"


@dataclass
class Session:
    visitor: Visitor
    game: GameProcess
    websocket: web.WebSocketResponse
    last_input: float


class WebHost:
    """The served site: its options, the running sessions and the request handlers."""

    def __init__(self, options: WebOptions, clock: Callable[[], float] = time.monotonic) -> None:
        self.options = options
        self.clock = clock  # times idle sessions and the waits after wrong passwords
        self.reaper_passes = 0  # how many times the idle sessions were looked for
        self.throttle = LoginThrottle(clock)  # wrong passwords and token links, per client
        self.sessions: dict[str, Session] = {}  # by visitor key: one game per visitor
        self.downloads = DownloadManager()
        self.auth_key = secrets.token_bytes(32)  # logins last as long as this server
        self.allowed = frozenset(filter(None, map(normal_origin, options.allow_origins)))
        self.names = {"localhost", options.host.lower()} | {
            urllib.parse.urlsplit(origin).hostname or "" for origin in self.allowed}
        self.trusted = [ipaddress.ip_network(network, strict=False)
                        for network in options.trusted_proxies]

    # ------------------------------------------------------------------ middleware

    @web.middleware
    async def forwarded(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Believe X-Forwarded-Proto/Host/For only from a trusted proxy."""
        if self.from_trusted_proxy(request.remote):
            changes: dict[str, Any] = {}
            proto = request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
            if proto in ("http", "https"):
                changes["scheme"] = proto
            forwarded_host = request.headers.get("X-Forwarded-Host", "").split(",")[0].strip()
            if forwarded_host:
                changes["host"] = forwarded_host
            client = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
            if client:
                changes["remote"] = client
            request = request.clone(**changes)
        return await handler(request)

    def from_trusted_proxy(self, remote: str | None) -> bool:
        try:
            address = ipaddress.ip_address(remote or "")
        except ValueError:  # a Unix socket, or no peer
            return False
        return any(address in network for network in self.trusted)

    @web.middleware
    async def same_origin(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A page or socket opened from another site is refused: a browser always says where
        a WebSocket or a form post comes from, and that must be us (or an allowed origin)."""
        if not self.host_known(request):
            raise web.HTTPMisdirectedRequest(text="This host name is not served here; the "
                                             "host can allow it with --allow-origin.\n")
        origin = request.headers.get("Origin")
        must_have = request.method not in ("GET", "HEAD") or request.path == "/ws"
        if origin is None and not must_have:
            return await handler(request)
        if origin is None or not self.origin_allowed(request, origin):
            raise web.HTTPForbidden(text="This page may only be opened from its own site.\n")
        return await handler(request)

    def host_known(self, request: web.Request) -> bool:
        """Whether the page was asked for by a name we serve: an address, localhost, --host, or
        an --allow-origin's host. Another name may be a DNS-rebinding page, whose own origin
        would then pass for ours."""
        name = urllib.parse.urlsplit(f"//{request.host}").hostname or ""
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return name in self.names

    def origin_allowed(self, request: web.Request, origin: str) -> bool:
        wanted = normal_origin(origin)
        served = normal_origin(f"{request.scheme}://{request.host}")
        return wanted is not None and (wanted == served or wanted in self.allowed)

    @web.middleware
    async def login(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """With a password or token set, the game is behind the login page."""
        options = self.options
        if not (options.password or options.token) or request.path not in ("/", "/ws"):
            return await handler(request)
        if self.logged_in(request):
            return await handler(request)
        offered = request.query.get("token", "")
        if options.token and offered:
            self.refuse_while_throttled(request)
            if hmac.compare_digest(offered.encode(), options.token.encode()):
                self.throttle.succeeded(request.remote or "")
                response = web.HTTPSeeOther("/")  # the token leaves the address bar
                self.set_login_cookie(request, response)
                raise response
            self.throttle.failed(request.remote or "")
        if request.path == "/ws":
            raise web.HTTPForbidden(text="Log in first.\n")
        raise web.HTTPSeeOther("/login")

    def login_value(self, nonce: str) -> str:
        return hmac.new(self.auth_key, nonce.encode("ascii"), hashlib.sha256).hexdigest()

    def logged_in(self, request: web.Request) -> bool:
        nonce, _, mac = request.cookies.get(AUTH_COOKIE, "").partition(".")
        return bool(nonce) and nonce.isalnum() and hmac.compare_digest(
            mac.encode("ascii", "replace"), self.login_value(nonce).encode("ascii"))

    def set_login_cookie(self, request: web.Request, response: web.StreamResponse) -> None:
        nonce = secrets.token_hex(16)
        response.set_cookie(AUTH_COOKIE, f"{nonce}.{self.login_value(nonce)}", httponly=True,
                            samesite="Strict", secure=request.scheme == "https", path="/")

    async def add_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)

    # ------------------------------------------------------------------ pages

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The game page, or the polite page when every seat is taken."""
        if self.full():
            return self.busy_page()
        visitor = Visitor.from_cookie(request.cookies.get(VISITOR_COOKIE)) or Visitor.new()
        font_size = request.query.get("fontsize", "16")
        font_size = font_size if font_size.isdigit() and 6 <= int(font_size) <= 64 else "16"
        text = (STATIC / "page.html").read_text(encoding="utf-8").replace(
            "{font_size}", font_size)
        response = web.Response(text=text, content_type="text/html")
        # Renewed on each visit: the sandbox is kept while its visitor keeps coming back.
        response.set_cookie(VISITOR_COOKIE, visitor.cookie, httponly=True, samesite="Strict",
                            secure=request.scheme == "https", path="/",
                            max_age=int(self.options.visitor_days * 86400))
        return response

    def full(self) -> bool:
        return len(self.sessions) >= self.options.max_sessions

    def busy_page(self) -> web.Response:
        return web.Response(status=503, content_type="text/html", headers={"Retry-After": "60"},
                            text=simple_page(
                                "Every table is taken",
                                f"<p>All {self.options.max_sessions} games this host serves "
                                "are being played right now. Please try again in a few "
                                "minutes.</p><p><a href=\"/\">Try again</a></p>"))

    async def login_page(self, request: web.Request) -> web.Response:
        failed = request.method == "POST"
        if failed:
            self.refuse_while_throttled(request)
            form = await request.post()
            password = str(form.get("password", ""))[:1000]
            if self.options.password and hmac.compare_digest(
                    password.encode(), self.options.password.encode()):
                self.throttle.succeeded(request.remote or "")
                response = web.HTTPSeeOther("/")
                self.set_login_cookie(request, response)
                raise response
            self.throttle.failed(request.remote or "")
        note = "<p class=\"problem\">That password is not right.</p>" if failed else ""
        form_html = ("<form method=\"post\" action=\"/login\"><label>Password "
                     "<input type=\"password\" name=\"password\" autofocus></label> "
                     "<button type=\"submit\">Enter</button></form>"
                     if self.options.password else
                     "<p>Open the link with the token that the host gave you.</p>")
        return web.Response(status=403 if failed else 200, content_type="text/html",
                            text=simple_page("Card Rogue", note + form_html))

    def refuse_while_throttled(self, request: web.Request) -> None:
        """A client that got the password wrong too often waits, the right one included
        (else waiting would cost a guesser nothing): 429 and a page saying how long."""
        wait = math.ceil(self.throttle.wait(request.remote or ""))
        if wait > 0:
            raise web.HTTPTooManyRequests(
                content_type="text/html", headers={"Retry-After": str(wait)},
                text=simple_page("Please wait a moment",
                                 "<p>That was too many wrong tries from your address. Please "
                                 f"wait {wait} second{'s' if wait != 1 else ''}, then try "
                                 "again.</p><p><a href=\"/login\">Back to the login</a></p>"))

    # ------------------------------------------------------------------ the game socket

    async def game_socket(self, request: web.Request) -> web.StreamResponse:
        visitor = Visitor.from_cookie(request.cookies.get(VISITOR_COOKIE))
        if visitor is None:
            raise web.HTTPForbidden(text="Open the game's page first.\n")
        earlier = self.sessions.get(visitor.key)
        if earlier is not None:  # the visitor's newer tab takes over their game folder
            await self.end_session(earlier)
        if self.full():
            raise web.HTTPServiceUnavailable(text="Every table is taken.\n")
        width = terminal_size(request.query.get("width"), 80)
        height = terminal_size(request.query.get("height"), 24)
        folder = visitor_folder(self.options.visitors_dir, visitor)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        environment = guest_environment(folder, visitor, self.options.community_server)
        game = GameProcess(folder=folder, environment=environment,
                           memory_bytes=self.options.memory_bytes, command=self.options.command,
                           write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                           close=websocket.close, download_manager=self.downloads)
        session = Session(visitor, game, websocket, self.clock())
        self.sessions[visitor.key] = session  # the seat is taken before anything is awaited
        try:
            await websocket.prepare(request)
            await game.start(width, height)
            await self.relay(session)
        except (ConnectionError, RuntimeError) as error:
            log.info("a session ended: %s", error)
        finally:
            await self.end_session(session)
        return websocket

    async def relay(self, session: Session) -> None:
        """Pass the page's keys and sizes to the app until the page goes."""
        async for message in session.websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
                kind, data = (envelope + [None])[:2] if isinstance(envelope, list) else ("", None)
            except (ValueError, TypeError):
                continue
            if kind == "stdin" and isinstance(data, str):
                session.last_input = self.clock()
                await session.game.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await session.game.set_terminal_size(terminal_size(data.get("width"), 80),
                                                     terminal_size(data.get("height"), 24))
            elif kind == "ping":
                await session.websocket.send_json(["pong", data])
            elif kind == "blur":
                await session.game.blur()
            elif kind == "focus":
                await session.game.focus()

    async def end_session(self, session: Session) -> None:
        """Close the page's socket and end the game; the seat is free once the game is gone
        (until then, shutting down still finds it and ends it)."""
        try:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await session.websocket.close()
            await session.game.end()
        finally:
            if self.sessions.get(session.visitor.key) is session:
                del self.sessions[session.visitor.key]

    async def end_all(self, site: web.Application) -> None:
        await asyncio.gather(*(self.end_session(session)
                               for session in list(self.sessions.values())))

    async def reap_idle(self) -> None:
        """End the sessions whose page sent no key for the idle timeout; forget old visitors."""
        every = max(0.2, min(30.0, self.options.idle_seconds / 4))
        while True:
            await asyncio.sleep(every)
            now = self.clock()
            for session in list(self.sessions.values()):
                if now - session.last_input > self.options.idle_seconds:
                    log.info("ending an idle session")
                    await self.end_session(session)
            await asyncio.to_thread(forget_old_visitors, self.options.visitors_dir,
                                    self.options.visitor_days)
            self.reaper_passes += 1

    async def start_reaper(self, site: web.Application) -> AsyncIterator[None]:
        task = asyncio.create_task(self.reap_idle())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def terminal_size(value: object, default: int) -> int:
    try:
        number = int(str(value))
    except ValueError:
        return default
    return number if 1 <= number <= MAX_TERMINAL else default


def simple_page(title: str, body_html: str) -> str:
    """A small page of ours (login, busy) in the game's colours; `body_html` is trusted."""
    return (STATIC / "simple.html").read_text(encoding="utf-8").replace(
        "{title}", html.escape(title)).replace("{body}", body_html)


HOST = web.AppKey("host", WebHost)  # the site's host, for tests that look inside


def make_site(options: WebOptions, clock: Callable[[], float] = time.monotonic
              ) -> web.Application:
    """The site; `clock` (monotonic seconds) times idle sessions and the waits after wrong
    passwords."""
    host = WebHost(options, clock)
    site = web.Application(middlewares=[host.forwarded, host.same_origin, host.login])
    site[HOST] = host
    site.on_response_prepare.append(host.add_headers)
    site.cleanup_ctx.append(host.start_reaper)
    site.on_shutdown.append(host.end_all)  # before aiohttp cancels the open sockets
    site.add_routes([
        web.get("/", host.page),
        web.get("/ws", host.game_socket),
        web.get("/login", host.login_page),
        web.post("/login", host.login_page),
        web.static("/assets", STATIC),
        # The terminal's own files (xterm.js, its styles, the Roboto Mono font) ship with
        # textual-serve; we serve them, the page never fetches them elsewhere.
        web.static("/static", TEXTUAL_SERVE_STATIC),
    ])
    return site


def serve(options: WebOptions) -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    print(f"Serving Card Rogue on http://{options.host}:{options.port}/ (Ctrl+C to stop)",
          flush=True)
    web.run_app(make_site(options), host=options.host, port=options.port,
                print=lambda *args: None, access_log=None)
