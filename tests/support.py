"""Helpers shared by test folders of more than one game or layer: the Taplo TOML checker, a free
loopback port, a poller for Textual's Pilot, and one CSS parse for every app a worker starts."""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.cardrogue.maps import SCHEMA_PATH

if TYPE_CHECKING:
    from textual.pilot import Pilot


def _taplo() -> str | None:
    beside = Path(sys.executable).parent / "taplo"
    return str(beside) if beside.exists() else shutil.which("taplo")


# Taplo (`pip install taplo`), the TOML tool editors use, or None when it is not installed.
TAPLO = _taplo()


def taplo_check(path: Path, *, schema: Path | None = SCHEMA_PATH) -> subprocess.CompletedProcess:
    """`taplo check` on a file, against `schema` (the map schema by default), or with None
    against the schema its own `#:schema` line names."""
    assert TAPLO is not None, "taplo is not installed"
    args = [TAPLO, "check", "--no-auto-config"]
    if schema is not None:
        args += ["--schema", schema.as_uri()]
    return subprocess.run([*args, str(path)], capture_output=True, text=True, timeout=120,
                          check=False, cwd=path.parent)


def free_port() -> int:
    """A TCP port on loopback that nothing listens on (free when asked)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def until(pilot: Pilot, condition: Callable[[], bool], why: Callable[[], str] = lambda: "",
                seconds: float = 30.0) -> None:
    """Let the app run until `condition()` holds: for work done in a worker, a thread or on a
    server. Fails with `why()` once `seconds` have passed (a limit on waiting, never a speed
    check)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up after {seconds} s of waiting {why()}".rstrip())
        await asyncio.sleep(0.05)
        await pilot.pause()


def distinct_event_dicts(events: Iterable[Any]) -> list[dict]:
    """Each different event once, as its JSON reads back: a sweep over many games emits the same
    few thousand events again and again, and schema validation is most of such a test's time."""
    texts = {json.dumps(event.to_dict(), sort_keys=True) for event in events}
    return [json.loads(text) for text in sorted(texts)]


def parse_each_stylesheet_once() -> None:
    """Make every Textual app this process starts share one parse of each stylesheet.

    Textual parses an app's CSS afresh for each app. Here the first parse of each stylesheet (per
    set of theme variables, which the parse reads) is kept and given to every later app. Parsing
    is deterministic and Textual never changes parsed rules, so each app gets exactly the rules
    it would have parsed itself, as a player's one app does. `benchmarks/pilot_start.py`
    measures what it saves.
    """
    from textual.css.stylesheet import Stylesheet

    parse = Stylesheet._parse_rules
    if getattr(parse, "shared", False):
        return
    parsed: dict[tuple[object, ...], Any] = {}

    def parse_once(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                   tie_breaker: int = 0, scope: str = "") -> Any:
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(sorted(self._variables.items())))
        if key not in parsed:
            parsed[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return parsed[key]

    parse_once.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = parse_once  # type: ignore[method-assign]
