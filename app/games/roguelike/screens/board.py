"""What the play screen and the replay viewer share: the map as discovered beside the rogue's
panel, the Dungeon Master's log under them, and the layout that grows with the terminal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from app.games.roguelike.widgets.map_view import MapView
from app.games.roguelike.widgets.panel import RoguePanel
from app.plain import DRAWING_CLASS
from app.widgets.event_log import EventLog
from engine.roguelike import View


class BoardScreen(Screen[None]):
    """A screen showing one moment of a game: `board()` composes it, `draw(view)` fills it."""

    DEFAULT_CSS = """
    BoardScreen #top { height: 1fr; min-height: 16; }
    BoardScreen MapView { width: 34; min-width: 20; height: 100%; padding: 0 1; }
    BoardScreen RoguePanel { width: 1fr; }
    BoardScreen EventLog { height: 6; }
    BoardScreen.wide MapView { width: 68; }
    BoardScreen.wide RoguePanel { width: 1fr; }
    BoardScreen.tall #top { height: 18; }
    BoardScreen.tall EventLog { height: 1fr; }
    """

    def board(self, tip: bool = False) -> ComposeResult:
        """The map and the panel, then (with `tip`) a line for a tip, then the log."""
        with Horizontal(id="top", classes=DRAWING_CLASS):
            yield MapView(id="map")
            yield RoguePanel(id="panel")
        if tip:
            yield Static(id="tip")
        log = EventLog(id="log")
        log.can_focus = False  # the arrows are the screen's keys; the mouse wheel scrolls the log
        yield log

    def on_resize(self) -> None:
        self.set_class(self.size.width >= 110, "wide")
        self.set_class(self.size.height >= 32, "tall")

    def draw(self, view: View) -> None:
        self.query_one(MapView).show(view.map_rows, view.rogue_at)
        self.query_one(RoguePanel).show(view)
