"""A real headless browser for the web tests: Debian's Chromium driven by Playwright.

`.ci/run` installs Chromium when it is missing; without it (a machine where it cannot be
installed) the browser tests are skipped with the reason."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = next((path for path in (shutil.which("chromium"), shutil.which("chromium-browser"))
                 if path), None)


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium (a Playwright Browser), closed afterwards. Each of its
    `new_page()`s is a browser of its own: its own cookies."""
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (.ci/run installs Debian's chromium package)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--no-first-run"])
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def browser_page() -> Iterator[Any]:
    """A fresh page of a headless Chromium, closed afterwards."""
    with chromium() as browser:
        yield browser.new_page(viewport={"width": 1280, "height": 800})
