"""`cardrogue web` serves the game to a browser: a real headless Chromium opens the page and the
terminal on it shows the title screen."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.support import free_port
from tests.web.browser import browser_page, chromium

CARDROGUE = Path(sys.executable).with_name("cardrogue")


def wait_for_http(url: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_the_browser_shows_the_title_screen(tmp_path):
    port = free_port()
    env = {**os.environ, "CARDROGUE_DATA_DIR": str(tmp_path / "data")}
    errors = tmp_path / "stderr.txt"
    server = subprocess.Popen([str(CARDROGUE), "web", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=errors.open("wb"))
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_for_http(url)
        received: list[str] = []

        def listen(socket) -> None:
            socket.on("framereceived", lambda payload: received.append(
                payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload))

        with browser_page() as page:
            page.on("websocket", listen)
            page.goto(url)
            # The page's terminal (xterm.js, drawn on a canvas) gets the app's output over a
            # websocket: wait until the title screen has come through it.
            deadline = time.monotonic() + 60
            while "Challenges" not in "".join(received) and time.monotonic() < deadline:
                page.wait_for_timeout(200)
            assert page.query_selector(".xterm-screen canvas") is not None
        drawn = "".join(received)
        assert "Card Rogue" in drawn and "Challenges" in drawn and "Community" in drawn
        # Nothing went wrong while serving (how the web server itself winds down after a signal
        # is its own business).
        assert "Traceback" not in errors.read_text(errors="replace")
    finally:
        server.send_signal(signal.SIGINT)  # Ctrl+C, as a person stops it
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.mark.parametrize(("option", "value"), [
    ("--port", "70000"), ("--max-sessions", "0"), ("--idle-timeout", "-1"),
    ("--max-memory", "-5"), ("--allow-origin", "evil.example"), ("--trusted-proxy", "nope"),
])
def test_a_bad_option_is_one_line(tmp_path, option, value):
    result = subprocess.run([str(CARDROGUE), "web", option, value], capture_output=True,
                            text=True, timeout=60,
                            env={**os.environ, "CARDROGUE_DATA_DIR": str(tmp_path)})
    # One line says what is wrong (argparse puts its usage before its own).
    assert result.returncode == 2 and option in result.stderr.splitlines()[-1]
    assert "Traceback" not in result.stderr


@contextmanager
def served(tmp_path: Path, *options: str) -> Iterator[str]:
    """`cardrogue web` on a free port with its own data folder; yields its address."""
    port = free_port()
    env = {**os.environ, "CARDROGUE_DATA_DIR": str(tmp_path / "data")}
    env.pop("CARDROGUE_PLAYER", None)
    errors = tmp_path / "stderr.txt"
    server = subprocess.Popen([str(CARDROGUE), "web", "--port", str(port), *options], env=env,
                              stdout=subprocess.DEVNULL, stderr=errors.open("wb"))
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_for_http(url)
        yield url
        assert "Traceback" not in errors.read_text(errors="replace")
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


class Screen:
    """What a browser page's terminal has been sent, as text (escapes taken out)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames: list[str] = []
        page.on("websocket", lambda socket: socket.on("framereceived", self.received))

    def received(self, payload: str | bytes) -> None:
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
        self.frames.append(re.sub(r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]", "", text))

    def text(self) -> str:
        return "".join(self.frames)

    def wait_for(self, shown: str, seconds: float = 60.0) -> None:
        deadline = time.monotonic() + seconds
        while shown not in self.text():
            assert time.monotonic() < deadline, f"{shown!r} never showed: {self.text()[-2000:]}"
            self.page.wait_for_timeout(100)

    def press(self, key: str, then: str) -> None:
        """Press `key` and wait until `then` shows (in what came after the key)."""
        self.frames.clear()
        self.page.keyboard.press(key)
        self.wait_for(then)


def open_game(page: Any, url: str) -> Screen:
    screen = Screen(page)
    page.goto(url)
    screen.wait_for("Challenges")
    # The page's terminal takes the keys, and the title's menu has them (no Tab first: the
    # app starts blurred in a browser, see CardRogueApp.watch_app_focus).
    page.focus(".xterm-helper-textarea")
    return screen


def test_two_visitors_each_have_their_own_game_and_nothing_leaves_the_machine(tmp_path):
    with served(tmp_path) as url, chromium() as browser:
        here = urllib.parse.urlsplit(url).netloc
        requested: list[str] = []
        first = browser.new_page(viewport={"width": 1280, "height": 800})
        second = browser.new_page(viewport={"width": 1280, "height": 800})
        for page in (first, second):
            page.on("request", lambda request: requested.append(request.url))

        # The first visitor starts the story, flips a card and leaves: their run is kept.
        screen = open_game(first, url)
        screen.press("Enter", "over 8 levels")  # Story: the campaigns
        screen.press("Enter", "Enter to begin")
        screen.press("Enter", "The Well Stair")
        screen.press("ArrowRight", "You flip a card")
        screen.press("Escape", "Game menu")
        screen.press("6", "Leave this run?")
        screen.press("y", "over 8 levels")  # back on the campaigns
        screen.press("Escape", "Continue: A Son's Descent, level 1 of 8")

        # The second visitor has a title of their own: Enter opens the story, not a Continue.
        other = open_game(second, url)
        assert "Continue" not in other.text()
        other.press("Enter", "over 8 levels")
        assert "Continue" not in other.text() and "Welcome back" not in other.text()

        # The first comes back (their cookie): a new game process, their own Continue.
        again = open_game(first, url)
        again.wait_for("Continue: A Son's Descent, level 1 of 8")
        cookies = {cookie["name"]: cookie for cookie in first.context.cookies()}
        assert cookies["cardrogue_visitor"]["expires"] > time.time() + 86400

    # Only our own host was asked for anything (no web font, no CDN).
    assert requested and {urllib.parse.urlsplit(address).netloc for address in requested} == {here}
    visitors = sorted((tmp_path / "data" / "web-visitors").iterdir())
    assert len(visitors) == 2
    saves = [sorted(folder.glob("saves/*.json")) for folder in visitors]
    assert sorted(map(len, saves)) == [0, 1]
    assert not (tmp_path / "data" / "saves").exists()  # the host's own folder is untouched


def test_a_websocket_from_another_site_is_refused(tmp_path):
    async def handshake(url: str, origin: str) -> int:
        async with aiohttp.ClientSession() as client:
            async with client.get(url) as page:
                visitor = page.cookies.get("cardrogue_visitor")
            headers = {"Origin": origin}
            if visitor is not None:
                headers["Cookie"] = f"cardrogue_visitor={visitor.value}"
            try:
                socket = await client.ws_connect(url + "ws?width=80&height=24", headers=headers)
            except aiohttp.WSServerHandshakeError as refused:
                return refused.status
            await socket.close()
            return 101

    with served(tmp_path) as url:
        assert asyncio.run(handshake(url, "http://evil.example")) == 403
        assert asyncio.run(handshake(url, url.rstrip("/"))) == 101
        with urllib.request.urlopen(url) as page:
            policy = page.headers["Content-Security-Policy"]
            assert "frame-ancestors 'none'" in policy
            assert page.headers["X-Content-Type-Options"] == "nosniff"
