"""Typed access to the three game widgets, for every screen that shows a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.cardrogue.widgets.board import BoardView
from app.games.cardrogue.widgets.side_panel import SidePanel
from app.widgets.event_log import EventLog

if TYPE_CHECKING:
    from textual.screen import Screen as _Screen
else:
    _Screen = object


class GameViews(_Screen):
    """Mixed into a Screen that composes #board, #log and #panel."""

    @property
    def board(self) -> BoardView:
        return self.query_one("#board", BoardView)

    @property
    def log_view(self) -> EventLog:
        return self.query_one("#log", EventLog)

    @property
    def panel(self) -> SidePanel:
        return self.query_one("#panel", SidePanel)
