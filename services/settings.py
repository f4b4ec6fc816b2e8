"""The player's settings, kept in `config.toml` in the data folder:

    server = "http://127.0.0.1:8765"   # the community server (CARDROGUE_SERVER overrides it)
    player = "Ann"                      # the name runs are kept under (CARDROGUE_PLAYER overrides)
    auto_submit = false                 # send a win on a published map without asking
    tips = true                         # first-time tips in the games' logs
    seen_tips = ["cardrogue.walk_on"]   # the tips already shown (each is shown once)
    theme = "cardrogue-colour-blind"    # the app's colours (app/themes.py); "" for the default
    plain = false                       # plain mode, for a screen reader (app/plain.py)

A missing file means the defaults. A damaged one (not TOML, wrong types) also gives the
defaults, with `problem` saying why in one line; it is replaced whole, atomically, on the next
save. Unknown keys are kept as they are, so a newer app's settings survive an older one.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from typing import Any

import tomli_w

from engine.core.files import FileTooLarge, read_limited, write_atomic
from engine.core.safe_text import shown
from services.paths import data_dir

CONFIG_NAME = "config.toml"
MAX_CONFIG_BYTES = 64_000
MAX_NAME = 40
MAX_TIPS = 200  # tips kept as seen: far more than the games have


@dataclass(frozen=True)
class Settings:
    server: str = ""
    player: str = ""
    auto_submit: bool = False
    tips: bool = True
    seen_tips: tuple[str, ...] = ()
    theme: str = ""
    plain: bool = False
    other: dict[str, Any] = field(default_factory=dict)  # keys this app does not know
    problem: str = ""  # why the file could not be read, if it could not

    def but(self, **changes: Any) -> Settings:
        return replace(self, **changes)


def load_settings() -> Settings:
    path = data_dir(create=False) / CONFIG_NAME
    try:
        if not path.exists():
            return Settings()
        data = tomllib.loads(read_limited(path, MAX_CONFIG_BYTES).decode("utf-8"))
    except (OSError, FileTooLarge, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Settings(problem=f"{CONFIG_NAME} in the data folder cannot be read "
                                f"({' '.join(str(exc).split())[:120]}); the defaults are used")
    server, player, auto = data.pop("server", ""), data.pop("player", ""), data.pop(
        "auto_submit", False)
    tips, seen = data.pop("tips", True), data.pop("seen_tips", [])
    theme, plain = data.pop("theme", ""), data.pop("plain", False)
    wrong = [name for name, value, kind in (("server", server, str), ("player", player, str),
                                           ("auto_submit", auto, bool), ("tips", tips, bool),
                                           ("seen_tips", seen, list), ("theme", theme, str),
                                           ("plain", plain, bool))
             if not isinstance(value, kind)]
    if not wrong and not all(isinstance(tip, str) for tip in seen):
        wrong = ["seen_tips"]
    if wrong:
        return Settings(other=data, problem=f"{CONFIG_NAME}: {', '.join(wrong)} has the wrong "
                                            "type; the defaults are used")
    return Settings(server.strip(), shown(player.strip())[:MAX_NAME], auto, tips,
                    tuple(seen[:MAX_TIPS]), shown(theme.strip())[:MAX_NAME], plain, data)


def save_settings(settings: Settings) -> None:
    """Write the settings atomically. Raises OSError (with the data folder's reason)."""
    out: dict[str, Any] = dict(settings.other)
    if settings.server:
        out["server"] = settings.server
    if settings.player:
        out["player"] = settings.player[:MAX_NAME]
    out["auto_submit"] = settings.auto_submit
    out["tips"] = settings.tips
    if settings.seen_tips:
        out["seen_tips"] = list(settings.seen_tips)
    if settings.theme:
        out["theme"] = settings.theme
    out["plain"] = settings.plain
    write_atomic(data_dir() / CONFIG_NAME, tomli_w.dumps(out).encode("utf-8"))


def take_tip(name: str) -> bool:
    """Whether the first-time tip `name` is to be shown now: tips are on and it was never
    shown. Marks it shown, so it comes once; a folder that cannot be written shows it anyway."""
    settings = load_settings()
    if not settings.tips or name in settings.seen_tips:
        return False
    try:
        save_settings(settings.but(seen_tips=(*settings.seen_tips, name)))
    except OSError:
        pass  # the tip is still worth showing; it may come again next time
    return True
