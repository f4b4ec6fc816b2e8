"""A new Mini Rogue delve: the shell's options form (app/screens/options_form.py) on Mini
Rogue's options (the difficulty, the Dungeon Keys variant), with the dungeon to delve: today's
daily dungeon (the same for everyone today) or a seed the player types to share. Ctrl+B opens
the boards from the form."""

from __future__ import annotations

import datetime
from typing import Any

from textual.binding import Binding

from app.games.minirogue import glossary
from app.games.minirogue.records import Setup
from app.screens.options_form import OptionsForm
from engine.minirogue import RULES, daily_seed
from services import clock


def utc_today() -> datetime.date:
    """The daily dungeon's day: the UTC date, so everyone plays the same dungeon at once."""
    return clock.today()


class MiniRogueNewGameScreen(OptionsForm):
    """The form, with today's daily dungeon offered by name and the boards a key away."""

    BINDINGS = [
        Binding("ctrl+b", "boards", "Boards", id="minirogue_new_boards",
                tooltip="Today's board and every board played here"),
    ]

    def __init__(self, today: datetime.date | None = None) -> None:
        self.today = today or utc_today()
        daily = (f"Today's daily dungeon ({self.today.isoformat()})", daily_seed(self.today))
        super().__init__(RULES, self.start, glossary.HELP, seeds=(daily,))

    def start(self, setup: dict[str, Any]) -> Any:
        """The delve the form set; on the daily dungeon's seed, today's daily delve (ranked on
        its day's board)."""
        from app.games.minirogue.screens.play import MiniRogueScreen

        day = self.today.isoformat() if setup["seed"] == daily_seed(self.today) else None
        return MiniRogueScreen(Setup(setup["seed"], setup["difficulty"],
                                     setup["dungeon_keys"], day))

    def action_boards(self) -> None:
        from app.games.minirogue.screens.boards import MiniRogueBoardsScreen

        self.app.push_screen(MiniRogueBoardsScreen(self.today))
