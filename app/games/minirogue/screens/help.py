"""Mini Rogue's help (F1 or ?): the keys of the screen it was opened over, then the glossary
(app/games/minirogue/glossary.py)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from app.games.cardrogue.screens.rules import keys_text
from app.games.minirogue.glossary import TERMS


def glossary_text() -> Text:
    text = Text()
    for n, (name, words) in enumerate(TERMS):
        if n:
            text.append("\n\n")
        text.append(name, style="bold")
        text.append("\n" + words)
    return text


class MiniRogueHelpScreen(ModalScreen[None]):
    """Keys and terms, scrolled with the arrows; Escape, F1 or ? closes it."""

    BINDINGS = [
        Binding("escape,f1,question_mark", "close", "Close", id="minirogue_help_close"),
    ]

    DEFAULT_CSS = """
    MiniRogueHelpScreen {
        align: center middle;
    }
    MiniRogueHelpScreen #help {
        width: 76;
        max-width: 100%;
        height: 90%;
        border: round $accent;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    MiniRogueHelpScreen .heading {
        text-style: bold;
        color: $accent;
        margin: 1 0 0 0;
    }
    """

    def __init__(self, keys: Sequence[tuple[str, str, str]]) -> None:
        super().__init__()
        self.keys = list(keys)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help") as box:
            box.border_title = "Mini Rogue: help"
            box.can_focus = True
            yield Static(Text("Keys on this screen"), classes="heading")
            yield Static(keys_text(self.keys), id="keys")
            yield Static(Text("Terms of the game"), classes="heading")
            yield Static(glossary_text(), id="glossary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_close(self) -> None:
        self.dismiss(None)
