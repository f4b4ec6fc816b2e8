"""Which replay viewer shows a run file: picked by the game the run names.

A game with its own viewer has one line in VIEWERS: its name (as its runs carry it) and the
"module:function" that opens a run file of it, called as `opener(app, path, closed)` (it opens
the viewer, or the refusal with its reason). Any other run (Card Rogue's, another game's, or a
file that cannot be read) goes to Card Rogue's viewer, which verifies it or says why not. The
game's module is imported only when one of its runs is opened.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core import RunError, read_document

VIEWERS: dict[str, str] = {
    "tabledungeon": "app.games.tabledungeon.screens.replay:open_table_run",
    "roguelike": "app.games.roguelike.screens.replay:open_rogue_run",
    "minirogue": "app.games.minirogue.screens.replay:open_minirogue_run",
}

Opener = Callable[[Any, Path, Callable[[None], None] | None], None]


def viewer_for(path: Path) -> Opener | None:
    """The opener of the viewer for the run in `path`, or None for Card Rogue's viewer."""
    try:
        document = read_document(path)
    except RunError:
        return None  # Card Rogue's viewer reads it again and says why it cannot
    game = document.get("game") if isinstance(document, dict) else None
    where = VIEWERS.get(game) if isinstance(game, str) else None
    if where is None:
        return None
    module, _, name = where.partition(":")
    opener: Opener = getattr(importlib.import_module(module), name)
    return opener
