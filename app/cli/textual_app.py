"""The command line's one door to the Textual app: whether it can open here, and opening it.
Textual is imported only when it opens (about 0.25 s), so the other commands start quickly;
an import-linter contract in pyproject.toml keeps the rest of app/cli free of it."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from app.cli.output import PROG, err

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App


def can_open_app(command: str = "") -> bool:
    """Whether the app can open here; if not, says why on stderr. It needs a terminal on stdin
    and stdout (without one it would wait forever for keys nobody can press), an encoding
    that can draw its cards, and a data folder that is a folder."""
    served = os.environ.get("TEXTUAL_DRIVER", "").endswith(":WebDriver")  # `cardrogue web`
    if not served and not (sys.stdin.isatty() and sys.stdout.isatty()):
        err(command, "the app needs a terminal, and stdin or stdout is not one (a pipe or a "
            f"file); the commands in `{PROG} --help` work without one")
        return False
    import codecs

    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    if not served and codecs.lookup(encoding).name != "utf-8":
        err(command, f"the terminal's encoding is {encoding}, and the app draws with Unicode; "
            "set PYTHONIOENCODING to utf-8 (or unset it)")
        return False
    from services.paths import DataFolderError, data_dir

    try:
        data_dir()
    except DataFolderError as error:
        err(command, str(error))
        return False
    return True


def open_app(command: str = "", start: Callable[[App], None] | None = None, *,
             replay_path: Path | None = None, replay_map: Path | None = None,
             plain: bool | None = None) -> int:
    """Run the app (opening `start` in it, or the run `replay_path` to watch) and return its
    exit status; 2 if it cannot open here."""
    if not can_open_app(command):
        return 2
    from app.cardrogue_app import CardRogueApp

    app = CardRogueApp(start, replay_path=replay_path, replay_map=replay_map, plain=plain)
    app.run()
    return app.return_code or 0


def open_map(command: str, path: Path, plain: bool | None = None) -> int:
    """The app straight on Card Rogue's map in `path` (its problems, if it has any)."""
    from app.games.cardrogue import launch

    return open_app(command, lambda app: launch.open_path(app, path), plain=plain)


def open_editor(command: str, path: Path | None, plain: bool | None = None) -> int:
    """The app straight in Card Rogue's editor on `path`, or on its first screen."""
    from app.games.cardrogue import launch

    return open_app(command, launch.open_editor_start if path is None
                    else lambda app: launch.open_editor(app, path), plain=plain)
