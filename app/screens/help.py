"""The help screen: a modal list of the keys, opened with F1 or ?."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

# Kept by hand next to the bindings they describe; update both together.
KEYS: tuple[tuple[str, str], ...] = (
    ("↑ ↓", "Move through the menu"),
    ("Enter", "Choose the highlighted entry"),
    ("F1  ?", "Show this help"),
    ("Esc", "Close this help"),
    ("Ctrl+P", "Open the command palette"),
    ("q", "Quit Card Rogue"),
)


def keys_table() -> str:
    """The key list as markup, keys in bold in a fixed-width column."""
    width = max(len(key) for key, _ in KEYS)
    return "\n".join(f"[b]{key.ljust(width)}[/b]   {what}" for key, what in KEYS)


class HelpScreen(ModalScreen[None]):
    """Lists the keys over whatever screen is open. Escape (or F1/? again) closes it."""

    BINDINGS = [
        Binding("escape,f1,question_mark", "close", "Close help", id="close_help"),
    ]

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    #help-box {
        width: 50;
        max-width: 100%;
        height: auto;
        border: round $accent;
        border-title-align: center;
        border-subtitle-align: center;
        padding: 1 2;
        background: $surface;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box") as box:
            box.border_title = "Keys"
            box.border_subtitle = "Esc to close"
            yield Static(keys_table(), id="keys")

    def action_close(self) -> None:
        self.dismiss()
