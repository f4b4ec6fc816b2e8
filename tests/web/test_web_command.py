"""`cardrogue web` serves the game to a browser: a real headless Chromium opens the page and the
terminal on it shows the title screen."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.support import free_port
from tests.web.browser import browser_page

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


def test_a_bad_port_is_one_line(tmp_path):
    result = subprocess.run([str(CARDROGUE), "web", "--port", "70000"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and "--port" in result.stderr
