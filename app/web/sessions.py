"""A browser visitor's game: their own app process, in their own data folder, under a memory
ceiling.

    Visitor.from_cookie(value)   the visitor a cookie names (None when it names none)
    visitor_folder(root, v)      their sandbox: a data folder of their own, made on connect
    forget_old_visitors(root, d) deletes the sandboxes nobody came back to for d days
    GameProcess                  textual-serve's AppService, started our way (see below)

textual-serve speaks the protocol between the page and the app; it starts the app through a
shell with the host's whole environment, as the host. GameProcess starts it without a shell,
in the sandbox, as a guest with no path back to the host's files or community token.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import re
import secrets
import shutil
import sys
import time
from asyncio.subprocess import Process
from dataclasses import dataclass
from pathlib import Path

from textual_serve.app_service import AppService

from services.paths import SANDBOX_ENV

VISITOR_COOKIE = "cardrogue_visitor"
_VISITOR_ID = re.compile(r"[A-Za-z0-9_-]{43}")
# What a guest's app is never given from the host's environment.
_HOST_ONLY = ("CARDROGUE_PLAYER", "CARDROGUE_DATA_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME")
QUIT_GRACE_SECONDS = 10.0


@dataclass(frozen=True)
class Visitor:
    """A browser that came with (or was given) a visitor cookie: a random id the server never
    uses as a path. Their folder is named by its hash, so the cookie cannot name a folder."""

    cookie: str

    @classmethod
    def new(cls) -> Visitor:
        return cls(secrets.token_urlsafe(32))

    @classmethod
    def from_cookie(cls, value: str | None) -> Visitor | None:
        return cls(value) if value and _VISITOR_ID.fullmatch(value) else None

    @property
    def key(self) -> str:
        return hashlib.sha256(self.cookie.encode("ascii")).hexdigest()[:32]

    @property
    def guest_name(self) -> str:
        """The player name the guest starts with (they may change it in Settings)."""
        return f"guest-{self.key[:6]}"


def visitor_folder(root: Path, visitor: Visitor) -> Path:
    """The visitor's data folder under `root`, made if new and marked as used now (its age
    is how long the visitor has been away)."""
    folder = root / visitor.key
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.utime(folder)
    return folder


def forget_old_visitors(root: Path, days: float, now: float | None = None) -> list[str]:
    """Delete the sandboxes unused for more than `days` (their cookie has expired); returns
    the names deleted. Only folders named as visitor_folder names them are touched."""
    if not root.is_dir():
        return []
    oldest = (time.time() if now is None else now) - days * 86400
    gone = []
    for folder in root.iterdir():
        if not re.fullmatch(r"[0-9a-f]{32}", folder.name) or folder.is_symlink():
            continue
        with contextlib.suppress(OSError):
            if folder.is_dir() and folder.stat().st_mtime < oldest:
                shutil.rmtree(folder)
                gone.append(folder.name)
    return gone


def guest_environment(folder: Path, visitor: Visitor, community_server: str) -> dict[str, str]:
    """What a guest's app is told over the host's environment: the sandbox as data folder and
    home, a guest's name, and the host's community server ("" for none)."""
    return {
        "CARDROGUE_DATA_DIR": str(folder),
        "CARDROGUE_SERVER": community_server,
        SANDBOX_ENV: "1",
        "HOME": str(folder),
        # getpass.getuser() reads these first: a guest is never credited as the host's login.
        "LOGNAME": visitor.guest_name,
        "USER": visitor.guest_name,
    }


def app_command() -> tuple[str, ...]:
    """How a visitor's app is started: this Python running the `cardrogue` command."""
    return (sys.executable, "-m", "app.cli")


def _memory_ceiling(limit: int | None) -> None:
    """Run in the child before the app starts: cap its address space (Linux and most Unixes)."""
    if limit is None:
        return
    try:
        import resource
    except ImportError:  # Windows: no RLIMIT_AS
        return
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


class GameProcess(AppService):
    """One visitor's app process. The page protocol is textual-serve's; the start is ours."""

    def __init__(self, *, folder: Path, environment: dict[str, str], memory_bytes: int | None,
                 command: tuple[str, ...], **kwargs: object) -> None:
        super().__init__(" ".join(command), **kwargs)  # type: ignore[arg-type]
        self.folder = folder
        self.guest_environment = environment
        self.memory_bytes = memory_bytes
        self.argv = command

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        # textual-serve's environment is the host's: drop what names the host's files or
        # player, then the guest's values win.
        environment = self._build_environment(width=width, height=height)
        for name in _HOST_ONLY:
            environment.pop(name, None)
        environment.update(self.guest_environment)
        memory = self.memory_bytes
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=environment, cwd=self.folder,
            preexec_fn=(lambda: _memory_ceiling(memory)) if memory else None)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        """Relay the app's output; when it ends (quit, crash, or no memory to start), the
        page's socket is closed, so the page says the game ended instead of waiting."""
        try:
            await super().run()
        finally:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.remote_close()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def end(self) -> None:
        """Ask the app to quit; kill it if it has not after a grace period."""
        process = self._process
        try:
            try:
                await asyncio.wait_for(self.stop(), QUIT_GRACE_SECONDS)
            except (TimeoutError, ConnectionError, RuntimeError):
                pass
            process = self._process
            if process is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        finally:
            # asyncio closes a process's transport only once every pipe has closed (its stdin
            # never does by itself, its output a loop turn after the exit, or later); one still
            # open when collected after its loop is gone fails to close. Closed here, even when
            # the ending is cancelled (asyncio's Process has no public way to it).
            transport = getattr(process, "_transport", None)
            if transport is not None:
                transport.close()
        await asyncio.sleep(0)  # one loop turn: the pipes' own closing runs now, on a live loop
