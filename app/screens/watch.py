"""Watching a run, for every game: the dialog that asks for a run file, `watch_run_file`, which
picks the viewer by the game the run names, `watch_run_text` for a run known by its text, and
`open_run`, which opens a game's replay viewer
on a verified run or, when the run cannot be shown, the refusal dialog with its reason. A
game's run opener raises `Unwatchable` (app/replay.py) to refuse.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from app.replay import Unwatchable
from app.screens.file_prompt import FilePromptScreen
from app.words import one_line
from engine.core import RunError, read_document, shown
from services.paths import runs_dir

if TYPE_CHECKING:
    from app.registry import HostedGame


def watch_run_file(app: App, path: Path, map_file: Path | None = None,
                   closed: Callable[[None], None] | None = None) -> None:
    """Watch the run in `path` in the viewer of the game it names (app/registry.py), or show
    why not; `closed` is called when the viewer (or the refusal) is closed. `map_file` is the
    map the run was played on, for a game whose runs name a map. A run no hosted game claims
    (another game's, or a file that cannot be read) goes to the first hosted game's viewer,
    which says why it cannot be shown."""
    from app import registry

    try:
        document = read_document(path)
    except RunError:
        game = None
    else:
        name = document.get("game") if isinstance(document, dict) else None
        game = registry.find(name) if isinstance(name, str) else None
    (game or registry.home()).watch(app, path, closed, map_file)


def watch_run_text(app: App, game: HostedGame, text: str, map_file: Path | None = None) -> None:
    """Watch a run known by its text (a leaderboard's copy, the server's) in `game`'s viewer.
    A viewer opens a run file, so the text goes to a temporary file, removed when the viewer
    (or the refusal) closes."""
    folder = Path(tempfile.mkdtemp(prefix="cardrogue-run-"))
    path = folder / "watched.run.json"
    path.write_text(text, encoding="utf-8")
    game.watch(app, path, lambda _: shutil.rmtree(folder, ignore_errors=True), map_file)


def open_run(app: App, opener: Callable[[], Any], closed: Callable[[None], None] | None = None,
             *, viewer: Callable[[Any], Screen[None]]) -> Screen[None] | None:
    """Open the viewer that `viewer` makes on the replay `opener` builds, or the refusal dialog
    if it raises. `closed` is called when either is closed."""
    try:
        replay = opener()
    except Unwatchable as refusal:
        app.push_screen(RunRefusedScreen(refusal.heading, refusal.message), closed)
        return None
    except Exception as error:  # noqa: BLE001 - a run must never crash the app
        app.push_screen(RunRefusedScreen("Unexpected problem", one_line(error)), closed)
        return None
    screen = viewer(replay)
    app.push_screen(screen, closed)
    return screen


class RunRefusedScreen(ModalScreen[None]):
    """Why a run cannot be watched: the refusal's name and its reason."""

    BINDINGS = [Binding("escape,enter", "close", "Close", id="refused_close")]

    DEFAULT_CSS = """
    RunRefusedScreen {
        align: center middle;
    }
    RunRefusedScreen #dialog {
        width: 64;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $error;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    RunRefusedScreen #reason {
        text-style: bold;
        color: $error;
        margin: 1 0 0 0;
    }
    RunRefusedScreen #message {
        margin: 1 0;
    }
    RunRefusedScreen Button {
        width: 100%;
    }
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__()
        self.reason = reason
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = "This run cannot be shown"
            yield Static(Text(shown(self.reason)), id="reason")
            message = shown(self.message)
            yield Static(Text(message[:1].upper() + message[1:]), id="message")
            yield Button("Close", id="close")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class OpenRunScreen(FilePromptScreen):
    """Asks for a run file (a guest of `cardrogue web` chooses one of their runs)."""

    def __init__(self) -> None:
        super().__init__("Watch a run file", "path/to/game.run.json", runs_dir, "*.json")


def ask_run_file() -> OpenRunScreen:
    """The dialog that asks for a run file to watch."""
    return OpenRunScreen()
