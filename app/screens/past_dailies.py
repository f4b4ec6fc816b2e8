"""The archive of a game's daily dungeons: today and the days before it, one a line. With a
community server set, Enter asks it for the chosen day's seed (in a worker, with a timeout: out
of reach, a line says so and the list stays); without one, the day's dungeon is this computer's
offline daily. With a login there, the player's daily streak in the game shows above the days.
The screen dismisses with the services.dailies.DayDungeon to play, whose
`where` says before play where its delve goes (a past day's: the archive board, unranked)."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.widgets.marked_options import MarkedOptionList
from engine import games
from engine.core import shown
from services import community, dailies


def server_or_none() -> str | None:
    """The community server set, or None when none is (a broken setting is said on Enter)."""
    try:
        return community.server_url(None)
    except community.CommunityError as error:
        return None if error.code == community.NO_SERVER else ""


class PastDailiesScreen(Screen[dailies.DayDungeon | None]):
    """The days to choose from, the source said above them."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="past_dailies_back", tooltip="Back to the form"),
    ]

    DEFAULT_CSS = """
    PastDailiesScreen #source, PastDailiesScreen #status, PastDailiesScreen #streak {
        height: auto;
        padding: 0 1;
    }
    PastDailiesScreen #status {
        color: $text-muted;
    }
    PastDailiesScreen #days {
        height: 1fr;
    }
    """

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game
        self.days = dailies.days_back()
        self.server = server_or_none()

    def compose(self) -> ComposeResult:
        yield Static(id="source")
        yield Static(id="streak")
        yield MarkedOptionList(*[Option(self.day_line(n, day), id=day)
                                 for n, day in enumerate(self.days)], id="days")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        name = games.load(self.game).info.long_name
        if self.server is not None:
            source = (f"{name}'s daily games from {shown(self.server or 'the server')}. A "
                      "past day's game goes on that day's archive board, unranked.")
        else:
            source = (f"{name}'s daily games of this computer (no community server is set). "
                      "A past day's game goes on that day's archive board here, unranked.")
        self.query_one("#source", Static).update(Text(source))
        self.query_one("#days", OptionList).focus()
        if self.server:
            self.ask_streak(self.server)

    @work(thread=True, exclusive=True, group="daily-streak")
    def ask_streak(self, server: str) -> None:
        from app.screens.submit import daily_streak

        line = daily_streak(server, self.game)
        self.app.call_from_thread(self.show_streak, line)

    def show_streak(self, line: str) -> None:
        if self.is_attached:
            self.query_one("#streak", Static).update(Text(line))

    @staticmethod
    def day_line(n: int, day: str) -> Text:
        return Text(f"{day}  " + ("today: the day's board" if n == 0
                                  else "played later: archive board, unranked"))

    def say(self, line: str) -> None:
        self.query_one("#status", Static).update(Text(line))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        day = event.option.id or ""
        if self.server is None:
            try:
                dungeon = dailies.offline_daily(self.game, day)
            except ValueError as error:
                self.say(str(error))
                return
            self.dismiss(dungeon)
            return
        self.say(f"Asking the server: {self.day_title(day)}…")
        self.fetch(day)

    def day_title(self, day: str) -> str:
        """The day's board's title, in its game's words ("Daily descent of 2027-01-30")."""
        info = games.load(self.game).info
        return info.board_title(info.daily.board(day)) if info.daily else day

    @work(thread=True, exclusive=True, group="past-daily")
    def fetch(self, day: str) -> None:
        try:
            dungeon = dailies.server_daily(self.game, day)
        except (community.CommunityError, ValueError) as error:
            line = f"{self.day_title(day)} is not to be had: {shown(str(error))}"
            self.app.call_from_thread(self.say_if_here, line)
            return
        self.app.call_from_thread(self.chosen, dungeon)

    def say_if_here(self, line: str) -> None:
        if self.is_attached:
            self.say(line)

    def chosen(self, dungeon: dailies.DayDungeon) -> None:
        if self.is_attached:
            self.dismiss(dungeon)

    def action_back(self) -> None:
        self.dismiss(None)
