"""Logging in to a community server and out again: one way for `cardrogue login` and the
Settings screen alike.

    log_in(server, "Ann")             # Ann's kept token if the server still knows it, else a
                                      # new registration; the token is kept, Ann is in use
    log_in(server, "Ann", token)      # a token given by hand (checked with the server first)
    log_out(server)                   # no name in use; its token stays kept for a later log_in

The server has no passwords: a name's token is its secret, given once at registration and kept
in the data folder (services/community.py). Every failure is a CommunityError in one line; a
token never appears in one, except the new token a registration could not keep (the only copy).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Literal

from engine.core import shown
from services.community import (
    Client,
    CommunityError,
    Login,
    check_keeping,
    keep_login,
    stored_login,
)

How = Literal["registered", "the kept token", "the given token"]


@dataclass(frozen=True)
class LoggedIn:
    login: Login
    how: How
    before: Login | None  # the login in use before this one, if any


def log_in(server: str, name: str, token: str = "") -> LoggedIn:
    """Log in to `server` as `name` and make it the login in use there. Raises CommunityError
    (`status` as the server answered: 409 a name taken, 401 a token not known)."""
    client = Client(server)
    before = stored_login(server)
    kept = stored_login(server, name)
    how: How
    try:
        if token:
            login, how = Login(server, name, token), "the given token"
            client.token = token
            client.check_login()
        elif kept is not None and still_known(client, kept):
            login, how = kept, "the kept token"
        else:
            check_keeping()  # before the name is taken: its token comes once
            login, how = client.register(name), "registered"
    except CommunityError as exc:
        if exc.status == 409 and kept is not None:
            raise CommunityError(
                f"the server no longer knows the token kept for {shown(name)}, and the name is "
                "taken there: if the server's admin gave you a new token, log in with it "
                f"(cardrogue login {shlex.quote(shown(name))} --token TOKEN, or in Settings); "
                "else choose another name", status=409, code=exc.code) from None
        if exc.status == 401 and token:
            raise CommunityError(f"{server} does not know this token", status=401,
                                 code=exc.code) from None
        raise
    try:
        keep_login(login)
    except CommunityError as exc:
        if how != "registered":
            raise
        raise CommunityError(f"{exc.message}; {shown(name)} is registered, and its token is "
                             f"shown here once, to keep yourself: {login.token} (later: cardrogue "
                             f"login {shlex.quote(shown(name))} --token TOKEN, or in Settings)") from None
    return LoggedIn(login, how, before)


def log_out(server: str) -> Login | None:
    """Stop using the login in use on `server` (returned, None if there was none); its token
    stays kept, so logging in with that name again takes it back."""
    login = stored_login(server)
    if login is not None:
        keep_login(login, in_use=False)
    return login


def still_known(client: Client, kept: Login) -> bool:
    """Whether the server still knows a kept token (False when it answers 401: replaced or
    revoked, so the name is registered again). Leaves the client holding the token if so."""
    client.token = kept.token
    try:
        client.check_login()
    except CommunityError as exc:
        if exc.status == 401:
            client.token = None
            return False
        raise
    return True
