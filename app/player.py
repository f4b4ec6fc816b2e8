"""Who is playing: the name every game keeps its runs and board entries under."""

from __future__ import annotations

import getpass
import os

from engine.core import shown

PLAYER_ENV = "CARDROGUE_PLAYER"


def player_name() -> str:
    """The name runs are kept under: $CARDROGUE_PLAYER, else the name logged in as on the
    community server in use (one player, on the boards here and there), else the settings'
    name, else the login name."""
    from services.settings import load_settings

    name = shown(os.environ.get(PLAYER_ENV, "").strip())  # from outside: kept harmless
    if name:
        return name[:40]
    name = community_name()
    if name:
        return name
    try:
        name = load_settings().player
    except OSError:
        name = ""
    if name:
        return name
    try:
        return getpass.getuser()[:40] or "Player"
    except (OSError, KeyError, ImportError):
        return "Player"


def community_name() -> str:
    """The name logged in as on the community server in use, or "" (no server, no login, or
    kept logins that cannot be read)."""
    from services import community

    try:
        login = community.stored_login(community.server_url(None))
    except (community.CommunityError, OSError):
        return ""
    return shown(login.name)[:40] if login is not None else ""
