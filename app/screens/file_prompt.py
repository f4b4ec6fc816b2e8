"""The app's one way to ask for a file to open (a map, a run).

At a terminal the player types a path. A guest of `cardrogue web` (services/paths.sandboxed)
types none: they choose among the files of their own folder, and the choice is checked again
(services/paths.may_open) before it is returned, so nothing outside their sandbox can be opened
or even named.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from app.widgets.marked_options import MarkedOptionList
from engine.core import shown
from services.paths import DataFolderError, files_in, may_open, sandboxed


class FilePromptScreen(ModalScreen[Path | None]):
    """Asks for a file: a typed path, or for a guest one of the files in their `folder()`
    that match `pattern`. Dismisses with the path, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="file_prompt_cancel")]

    DEFAULT_CSS = """
    FilePromptScreen {
        align: center middle;
    }
    FilePromptScreen #dialog {
        width: 70;
        max-width: 100%;
        height: auto;
        border: round $accent;
        border-title-align: center;
        border-subtitle-align: center;
        background: $surface;
        padding: 0 1;
    }
    FilePromptScreen #choices {
        height: auto;
        max-height: 16;
        border: none;
        padding: 0;
        background: $surface;
    }
    """

    def __init__(self, title: str, placeholder: str, folder: Callable[[], Path],
                 pattern: str) -> None:
        super().__init__()
        self.title_text = title
        self.placeholder = placeholder
        self.folder = folder
        self.pattern = pattern
        self.choices: list[Path] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = self.title_text
            if not sandboxed():
                box.border_subtitle = "Enter to open · Esc to cancel"
                yield Input(placeholder=self.placeholder, id="path")
                return
            box.border_subtitle = "Choose one · Esc to cancel"
            try:
                self.choices = files_in(self.folder(), self.pattern)
            except DataFolderError:
                self.choices = []
            if self.choices:
                yield MarkedOptionList(*(Option(Content(shown(path.name)), id=str(index))
                                   for index, path in enumerate(self.choices)), id="choices")
            else:
                yield Static("Your folder has no such file yet.", id="none")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip()
        self.dismiss(Path(value).expanduser() if value else None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        path = self.choices[int(event.option_id or 0)]
        if may_open(path):  # again: it may have changed since it was listed
            self.dismiss(path)
        else:
            self.notify(f"{shown(path.name)} cannot be opened from here.", severity="error")

    def action_cancel(self) -> None:
        self.dismiss(None)
