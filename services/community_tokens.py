"""A community server's errors and the tokens kept for it: `CommunityError`, one line for the
player, and the logins kept in `community.json` in the data folder, written atomically and
readable by the owner only. services.community, the client, takes them from here.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.files import FileTooLarge, read_limited, write_atomic
from services.paths import DataFolderError, data_dir

CREDENTIALS_NAME = "community.json"
MAX_CREDENTIALS_BYTES = 64_000


class CommunityError(Exception):
    """A request that did not succeed, in one line. `status` is the HTTP status (0 when the
    server was not reached) and `code` the server's error code, if it gave one."""

    def __init__(self, message: str, *, status: int = 0, code: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code

    def __str__(self) -> str:
        return self.message


def one_line(value: object) -> str:
    text = " ".join(str(value).split())
    return text[:300] if text else value.__class__.__name__


@dataclass(frozen=True)
class Login:
    server: str
    name: str
    token: str


def _credentials_path() -> Path:
    try:
        return data_dir() / CREDENTIALS_NAME
    except DataFolderError as exc:
        raise CommunityError(str(exc)) from None


def _read_credentials(*, strict: bool = False) -> dict[str, Any]:
    """The kept logins. A file that cannot be read reads as none, or with `strict` (before
    writing it) raises CommunityError: it may hold another server's token, so it is never
    overwritten."""
    path = _credentials_path()
    if not path.exists():
        return {}
    try:
        stored = json.loads(read_limited(path, MAX_CREDENTIALS_BYTES))
        if not isinstance(stored, dict):
            raise ValueError("not an object")
    except (OSError, FileTooLarge, ValueError) as exc:
        if not strict:
            return {}
        raise CommunityError(f"the kept logins in {path} cannot be read ({one_line(exc)}); "
                             "they are left as they are: move the file away or mend it, "
                             "then log in again") from None
    return stored


@contextmanager
def _credentials_lock() -> Iterator[None]:
    """Held while community.json is read and rewritten, so two logins at once on one data
    folder both keep their token (an flock on a lock file beside it)."""
    import fcntl

    path = _credentials_path().with_name(CREDENTIALS_NAME + ".lock")
    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise CommunityError(f"the data folder cannot keep a token: {one_line(exc)}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


def check_keeping() -> None:
    """Before registering a name: the kept logins can be read and the data folder written,
    so the token the server gives once is not lost. Raises CommunityError."""
    with _credentials_lock():
        _read_credentials(strict=True)
        probe = _credentials_path().with_name(f".{CREDENTIALS_NAME}.probe{os.getpid()}")
        try:
            write_atomic(probe, b"{}", mode=0o600)
            probe.unlink()
        except OSError as exc:
            raise CommunityError(f"the data folder cannot keep a token: "
                                 f"{one_line(exc)}") from None


def stored_login(server: str, name: str | None = None) -> Login | None:
    """The login in use on `server`, if any; with `name`, that name's kept token (the one in
    use or one logged in with before)."""
    entry = _read_credentials().get(server)
    if not isinstance(entry, dict):
        return None
    if name is None or entry.get("name") == name:
        if isinstance(entry.get("name"), str) and isinstance(entry.get("token"), str):
            return Login(server, entry["name"], entry["token"])
        return None
    others = entry.get("others")
    token = others.get(name) if isinstance(others, dict) else None
    return Login(server, name, token) if isinstance(token, str) else None


def keep_login(login: Login, *, in_use: bool = True) -> None:
    """Store a token for its server and make it the one in use, owner-only, written atomically.
    The login it replaces stays kept under `others`, so logging in with that name again takes
    its token back rather than losing it. With `in_use` False (logging out), the login is kept
    under `others` and, if it was the one in use, none is."""
    with _credentials_lock():
        stored = _read_credentials(strict=True)
        entry = stored.get(login.server)
        entry = entry if isinstance(entry, dict) else {}
        others = entry.get("others")
        others = {k: v for k, v in others.items() if isinstance(v, str)} if isinstance(
            others, dict) else {}
        current = {key: entry[key] for key in ("name", "token") if isinstance(entry.get(key), str)}
        current = current if len(current) == 2 else {}
        if in_use:
            others.update([(current["name"], current["token"])] if current else [])
            others.pop(login.name, None)
            current = {"name": login.name, "token": login.token}
        else:
            current = {} if current.get("name") == login.name else current
            others[login.name] = login.token
        stored[login.server] = {**current, **({"others": others} if others else {})}
        try:
            write_atomic(_credentials_path(), json.dumps(stored, indent=2).encode("utf-8"),
                         mode=0o600)
        except OSError as exc:
            raise CommunityError(f"the token could not be kept in the data folder: "
                                 f"{one_line(exc)}") from None


# ---------------------------------------------------------------------- the client
