"""A new Mini Rogue delve: the shell's options form (app/screens/options_form.py) on Mini
Rogue's options (the difficulty, the Dungeon Keys variant), with the dungeon to delve: today's
daily dungeon (the same for everyone today, worked out on this computer, so its board is this
computer's), the community server's daily dungeon (its seed published by the server when the
day starts, ranked on the server's board of the day), or a seed the player types to share.
Ctrl+B opens the boards from the form; Ctrl+O the past days' daily dungeons, whose delve goes on
the day's archive board, unranked (the form opened on one says so under its fields)."""

from __future__ import annotations

import datetime
from typing import Any

from textual import work
from textual.binding import Binding

from app.games.minirogue import glossary
from app.games.minirogue.records import Setup
from app.screens.options_form import OptionsForm
from app.widgets.choices import Choices
from engine.minirogue import RULES, daily_seed
from services import clock
from services.dailies import DayDungeon

SERVER_DAILY = "The server's daily dungeon, on its board of the day"


def utc_today() -> datetime.date:
    """The daily dungeon's day: the UTC date, so everyone plays the same dungeon at once."""
    return clock.today()


class MiniRogueNewGameScreen(OptionsForm):
    """The form, with today's daily dungeons offered by name and the boards a key away."""

    BINDINGS = [
        Binding("ctrl+b", "boards", "Boards", id="minirogue_new_boards",
                tooltip="Today's board and every board played here"),
        Binding("ctrl+o", "past_days", "Past days", id="minirogue_new_past_days",
                tooltip="The daily dungeons of past days, played on their archive boards"),
    ]

    def __init__(self, today: datetime.date | None = None,
                 dungeon: DayDungeon | None = None) -> None:
        self.today = today or utc_today()
        self.dungeon = dungeon
        if dungeon is not None:  # one day's dungeon, chosen from the past days
            super().__init__(RULES, self.start, glossary.HELP, note=f"{dungeon.where}.",
                             seeds=((f"The daily dungeon of {dungeon.day}", dungeon.seed),))
            return
        daily = (f"Today's daily dungeon ({self.today.isoformat()}) on this computer",
                 daily_seed(self.today))
        # The server's seed is asked for on Start; 0 stands in for it while the form checks
        # the other fields.
        super().__init__(RULES, self.start, glossary.HELP, seeds=(daily, (SERVER_DAILY, 0)))

    def start(self, setup: dict[str, Any]) -> Any:
        """The delve the form set; on the daily dungeon's seed, today's daily delve (ranked on
        its day's board); on a chosen day's dungeon, where that dungeon goes."""
        from app.games.minirogue.screens.play import MiniRogueScreen

        if self.dungeon is not None and setup["seed"] == self.dungeon.seed:
            return MiniRogueScreen(Setup.of_dungeon(self.dungeon, setup["difficulty"],
                                                    setup["dungeon_keys"]))
        day = self.today.isoformat() if setup["seed"] == daily_seed(self.today) else None
        return MiniRogueScreen(Setup(setup["seed"], setup["difficulty"],
                                     setup["dungeon_keys"], day))

    def action_start(self) -> None:
        if self.dungeon is not None or \
                self.query_one("#seed-choice", Choices).chosen != "named-1":
            super().action_start()
            return
        setup = self.setup()
        if setup is not None:
            self.say("#problem", "Asking the server for its daily dungeon…")
            self.fetch_server_daily(setup)

    @work(thread=True, exclusive=True, group="server-daily")
    def fetch_server_daily(self, setup: dict[str, Any]) -> None:
        """Today's dungeon from the community server (its own, published when the day starts);
        the delve ranks there on the day's board. A failure is said under the form."""
        from engine.core import shown
        from engine.minirogue import GAME
        from services import community, dailies

        try:
            dungeon = dailies.server_daily(GAME)
        except (community.CommunityError, ValueError) as error:
            line = f"The server's daily dungeon is not to be had: {shown(str(error))}"
            self.app.call_from_thread(self.say_if_here, line)
            return
        self.app.call_from_thread(self.play_server_daily, dungeon, setup)

    def say_if_here(self, line: str) -> None:
        if self.is_attached:
            self.say("#problem", line)

    def play_server_daily(self, dungeon: DayDungeon, setup: dict[str, Any]) -> None:
        from app.games.minirogue.screens.play import MiniRogueScreen

        if self.is_attached:
            self.app.switch_screen(MiniRogueScreen(
                Setup.of_dungeon(dungeon, setup["difficulty"], setup["dungeon_keys"])))

    def action_past_days(self) -> None:
        from app.screens.past_dailies import PastDailiesScreen
        from engine.minirogue import GAME

        def chosen(dungeon: DayDungeon | None) -> None:
            if dungeon is not None and self.is_attached:
                self.app.switch_screen(MiniRogueNewGameScreen(self.today, dungeon))

        self.app.push_screen(PastDailiesScreen(GAME), chosen)

    def action_boards(self) -> None:
        from app.games.minirogue.screens.boards import MiniRogueBoardsScreen

        self.app.push_screen(MiniRogueBoardsScreen(self.today))
