"""This week's map on the community server (`w` on the Community screen): the map, when its week
opens and closes, and its board (each player's best run submitted that week, in rank order);
`p` or Enter downloads the map and plays it in the game ranked on maps. The server is asked in a
worker with a timeout: out of reach, or with no server set, a line says so. What the server
sends is drawn as Text, never as markup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from app import registry
from app.words import counted
from engine import games
from engine.core import shown
from services import community, map_download

TIMEOUT_S = 5.0
SHOWN = 10  # the board's ranks shown


def map_player() -> registry.HostedGame | None:
    """The hosted game that plays downloaded maps (the game ranked in moves on maps)."""
    for game in registry.hosted():
        ranking = games.load(game.name).info.ranking
        if ranking is not None and ranking.kind == "moves" and game.boards.play_map is not None:
            return game
    return None


def week_text(week: dict[str, Any]) -> Text:
    """The map of the week, its dates and the top of its board."""
    featured = week.get("map") if isinstance(week.get("map"), dict) else {}
    assert isinstance(featured, dict)
    text = Text()
    text.append(f"{shown(str(featured.get('title', '?')))[:60]}", style="bold")
    text.append(f" by {shown(str(featured.get('author', '?')))[:40]}, code "
                f"{shown(str(featured.get('share_code', '?')))[:16]}\n")
    par = featured.get("par")
    text.append(f"Week of {shown(str(week.get('week', '?')))[:10]}, "
                f"{'open' if week.get('open') else 'closed'} until "
                f"{shown(str(week.get('closes', '?')))[:16].replace('T', ' ')} UTC"
                f"{f'; par {par}' if isinstance(par, int) else ''}\n\n")
    items = [item for item in week.get("items") or [] if isinstance(item, dict)]
    if not items:
        text.append("No runs this week yet: p plays the map, and the first clear leads.")
        return text
    text.append(f"{'Rank':>4}  {'Player':<20} {'Moves':>5} {'Turns':>5}\n", style="dim")
    for item in items[:SHOWN]:
        text.append(f"{shown(str(item.get('rank', '')))[:4]:>4}  "
                    f"{shown(str(item.get('player', '')))[:20]:<20} "
                    f"{shown(str(item.get('moves', '')))[:5]:>5} "
                    f"{shown(str(item.get('turns', '')))[:5]:>5}\n")
    if len(items) > SHOWN:
        text.append(f"and {counted(len(items) - SHOWN, 'more player')}", style="dim")
    return text


class WeeklyScreen(Screen[None]):
    """The week's map and board, and a key to play it."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="weekly_back"),
        Binding("p,enter", "play", "Play", id="weekly_play",
                tooltip="Download this week's map and play it"),
        Binding("ctrl+r,f5", "reload", "Reload", id="weekly_reload",
                tooltip="Ask the server again"),
    ]

    DEFAULT_CSS = """
    WeeklyScreen #weekly-title { text-style: bold; color: $accent; padding: 0 1; }
    WeeklyScreen #week { padding: 1 1 0 1; height: auto; }
    WeeklyScreen #weekly-status { padding: 0 1; color: $text-muted; height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.server = ""
        self.code = ""  # the share code of the week's map, once the server said it

    def compose(self) -> ComposeResult:
        yield Static("This week's map", id="weekly-title")
        with VerticalScroll():
            yield Static(id="week")
        yield Static(id="weekly-status")
        yield Footer()

    def on_mount(self) -> None:
        try:
            self.server = community.server_url(None)
        except community.CommunityError as error:
            self.say(f"{error.message}. Settings (on the title screen) sets the server.")
            return
        self.action_reload()

    def say(self, line: str) -> None:
        self.query_one("#weekly-status", Static).update(Text(line))

    def action_reload(self) -> None:
        if self.server:
            self.say(f"Asking {self.server} for this week's map…")
            self.fetch(self.server)

    @work(thread=True, exclusive=True, group="weekly")
    def fetch(self, server: str) -> None:
        try:
            week = community.Client(server, timeout=TIMEOUT_S).weekly()
        except community.CommunityError as error:
            line = ("No map is featured on the server this week yet."
                    if error.code == "no_weekly_map" else
                    f"This week's map could not be had: {shown(error.message)}")
            self.app.call_from_thread(self.say_if_here, line)
            return
        self.app.call_from_thread(self.show_week, week)

    def say_if_here(self, line: str) -> None:
        if self.is_attached:
            self.say(line)

    def show_week(self, week: dict[str, Any]) -> None:
        if not self.is_attached:
            return
        featured = week.get("map")
        self.code = str(featured.get("share_code", "")) if isinstance(featured, dict) else ""
        self.query_one("#week", Static).update(week_text(week))
        self.say("p plays this week's map; a clear submitted this week goes on its board.")

    def action_play(self) -> None:
        if not (self.server and self.code):
            return
        self.say(f"Downloading {shown(self.code)[:16]}…")
        self.download(self.server, self.code)

    @work(thread=True, exclusive=True, group="weekly-download")
    def download(self, server: str, code: str) -> None:
        try:
            path = map_download.download(community.Client(server, timeout=TIMEOUT_S), code).path
        except (community.CommunityError, OSError) as error:
            self.app.call_from_thread(self.say_if_here, f"Not downloaded: {shown(str(error))}")
            return
        self.app.call_from_thread(self.play_map, path)

    def play_map(self, path: Path) -> None:
        game = map_player()
        if not self.is_attached or game is None or game.boards.play_map is None:
            return
        game.boards.play_map(self.app, path)

    def action_back(self) -> None:
        self.dismiss(None)
