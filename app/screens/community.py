"""The Community screen: the community server's boards, for every hosted game that ranks its
runs (app/registry.py, each game's GameInfo), one game at a time (g shows the next).

A game ranked in moves on maps shows the server's published maps: the highlighted map's rating
(when its author gave one), par, plays and best show beside the list, with the top of its global
board and the player's own rank, and Enter downloads the map into the maps folder and plays it
(the game's `boards.play_map`). A game ranked in points shows its boards on the server, titled
by its GameInfo, with the top of the highlighted one. Either list comes a page at a time; the
next page loads when the cursor reaches the last row. On a board, Enter watches that run in its
game's replay viewer. Every request runs in a worker thread, and every failure is one line in
the status bar. Everything the server sends (titles, names, descriptions) is drawn as Text, so
it can never be read as markup.

The parts: which games are listed (community_games), how the server's maps and boards are drawn
(community_cells), and the pane beside the list with the highlighted one's board
(community_board); this module is the screen, its list and its keys.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from app.player import player_name
from app.screens.community_board import BoardPane
from app.screens.community_cells import (
    BOARD_COLUMNS,
    NARROW_COLUMNS,
    TITLE_CELLS,
    WIDE_COLUMNS,
    WIDE_FROM,
    map_cells,
    map_detail,
    server_text,
)
from app.screens.community_games import Ranked, ranked_games
from app.screens.watch import watch_run_text
from app.words import plural
from engine.core import shown
from services import community, map_download
from services.map_search import MAP_SORTS, tags

PAGE = 30  # maps asked for at a time
# The list's orders, as `s` cycles them (popular is only plays' older name).
SORTS = tuple(sort for sort in MAP_SORTS if sort != "popular")


class CommunityScreen(Screen[None]):
    """Browse the community server's maps and boards."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="community_back"),
        Binding("slash", "search", "Search", id="community_search",
                tooltip="Search the maps by title or author"),
        Binding("s", "sort", "Sort", id="community_sort",
                tooltip="Sort the maps by new, rating, clear rate, plays, least played or "
                        "title"),
        Binding("t", "tag", "Tag", id="community_tag",
                tooltip="Show only the maps with the next tag (then all again)"),
        Binding("p", "play", "Play", id="community_play",
                tooltip="Download the highlighted map and play it"),
        # In the help (F1), not the footer: at 80 columns the footer keeps Help in sight.
        Binding("ctrl+r,f5", "reload", "Reload", id="community_reload", show=False,
                tooltip="Ask the server again"),
        Binding("g", "next_game", "Game", id="community_game",
                tooltip="The next game's boards on the server"),
        Binding("w", "weekly", "Week", id="community_weekly",
                tooltip="This week's map: its board, and p to play it"),
    ]

    EXTRA_KEYS = (("↑ ↓", "Choose a map or a board, or a board entry"),
                  ("Tab", "Between the list and the board"),
                  ("Enter", "Play the map; on the board, watch the run"))

    DEFAULT_CSS = """
    CommunityScreen #heading {
        height: auto;
        padding: 1 1 0 1;
        text-style: bold;
        color: $accent;
    }
    CommunityScreen #status {
        height: auto;
        padding: 0 1;
        color: $text-muted;
    }
    CommunityScreen #weekly {
        padding: 0 1;
        display: none;
    }
    CommunityScreen #weekly.shown {
        display: block;
    }
    CommunityScreen #search {
        margin: 0 1;
        display: none;
    }
    CommunityScreen #search.shown {
        display: block;
    }
    CommunityScreen #maps {
        width: 1fr;
        height: 1fr;
        border: round $primary;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.ranked: list[Ranked] = []  # found in a worker: reading every game's rules takes a while
        self.shown = 0  # the game whose boards are listed
        self.player = player_name()
        self.server = ""
        self.query_text = ""
        self.sort = SORTS[0]
        self.tag: str | None = None  # show only maps with this tag
        self.maps: list[dict[str, Any]] = []  # the list's items: maps, or a game's boards
        self.next_page: str | None = None
        self.fetching = False
        self.wide = True

    def compose(self) -> ComposeResult:
        yield Static(self.heading(), id="heading")
        yield Static("", id="status")
        yield Static("", id="weekly")  # the map of the week, above the maps
        yield Input(placeholder="Search titles and authors, then Enter", id="search")
        with Horizontal():
            yield DataTable(id="maps", cursor_type="row", zebra_stripes=True)
            yield BoardPane(self.player, id="detail-pane")
        yield Footer()

    @property
    def map_table(self) -> DataTable:
        return self.query_one("#maps", DataTable)

    @property
    def pane(self) -> BoardPane:
        return self.query_one(BoardPane)

    @property
    def game(self) -> Ranked | None:
        return self.ranked[self.shown] if self.ranked else None

    @property
    def on_maps(self) -> bool:
        return self.game is not None and self.game.on_maps

    def heading(self) -> str:
        if self.game is None:
            return "Community"
        if self.on_maps:
            return "Community maps"
        return f"Community boards · {self.game.info.long_name}"

    def on_mount(self) -> None:
        self.set_columns(self.app.size.width >= WIDE_FROM)
        self.map_table.focus()
        try:
            self.server = community.server_url(None)
        except community.CommunityError as exc:
            self.say(f"{exc.message}. Settings (on the title screen) sets the server.")
        self.find_games()

    @work(thread=True, exclusive=True, group="community-games")
    def find_games(self) -> None:
        ranked = ranked_games()
        self.app.call_from_thread(self.start, ranked)

    def start(self, ranked: list[Ranked]) -> None:
        """The games found: the first one's boards, from the server when one is set."""
        self.ranked = ranked
        self.query_one("#heading", Static).update(self.heading())
        self.set_columns(self.wide)
        if not ranked:
            self.say("No game here ranks its runs.")
        elif self.server:
            self.load_page(reset=True)
            self.ask_for_the_weekly_map()

    @work(thread=True, exclusive=True, group="community-weekly")
    def ask_for_the_weekly_map(self) -> None:
        from app.screens.title import weekly_line

        line = weekly_line()  # a server out of reach is a line too
        self.app.call_from_thread(self.show_weekly, line)

    def show_weekly(self, line: str) -> None:
        if self.is_attached:
            self.query_one("#weekly", Static).update(server_text(line))
            self.query_one("#weekly", Static).set_class(bool(line) and self.on_maps, "shown")

    def set_columns(self, wide: bool) -> None:
        """The list's columns for this width, its rows drawn again."""
        self.wide = wide
        table = self.map_table
        row = table.cursor_row
        table.clear(columns=True)
        table.add_columns(*self.list_columns())
        for index, item in enumerate(self.maps):
            table.add_row(*self.map_cells(item), key=str(index))
        if self.maps:
            table.move_cursor(row=max(0, min(row, len(self.maps) - 1)))

    def on_resize(self) -> None:
        if (self.app.size.width >= WIDE_FROM) != self.wide:
            self.set_columns(not self.wide)

    def list_columns(self) -> tuple[str, ...]:
        if self.game is not None and not self.on_maps:
            return BOARD_COLUMNS
        return WIDE_COLUMNS if self.wide else NARROW_COLUMNS

    def map_cells(self, item: dict[str, Any]) -> list[Text]:
        if not self.on_maps and self.game is not None:
            return [server_text(self.game.info.board_title(str(item.get("board", ""))),
                                TITLE_CELLS),
                    server_text(item.get("entries", 0))]
        return map_cells(item, self.list_columns(), self.wide)

    def on_screen_resume(self) -> None:
        # Back from playing a map (and maybe submitting a run): its board may have changed.
        if self.server and self.maps:
            self.show_map(self.map_table.cursor_row)

    def say(self, line: str) -> None:
        self.query_one("#status", Static).update(server_text(line))

    # -- the map list

    def load_page(self, reset: bool = False) -> None:
        if reset:  # a slow server shows this until its answer comes
            self.say(f"{self.server} · asking for the {'maps' if self.on_maps else 'boards'}…")
        self.fetch_page(reset)

    @work(thread=True, exclusive=True, group="community-list")
    def fetch_page(self, reset: bool) -> None:
        cursor = None if reset else self.next_page
        client, game = community.Client(self.server), self.game
        try:
            if game is not None and not game.on_maps:
                page = client.boards(game.info.name, limit=PAGE, cursor=cursor)
            else:
                page = client.maps(q=self.query_text, sort=self.sort, limit=PAGE, cursor=cursor,
                                   tag=self.tag)
        except community.CommunityError as exc:
            self.app.call_from_thread(self.failed, exc.message)
            return
        self.app.call_from_thread(self.add_page, page, reset, game)

    def failed(self, message: str) -> None:
        self.fetching = False
        self.say(message)

    def add_page(self, page: dict[str, Any], reset: bool, game: Ranked | None) -> None:
        if game is not self.game:
            return  # asked for the game shown before g: its answer is not wanted now
        table = self.map_table
        if reset:
            table.clear()
            self.maps = []
        items = [item for item in page.get("items", []) if isinstance(item, dict)]
        for item in items:
            self.maps.append(item)
            table.add_row(*self.map_cells(item), key=str(len(self.maps) - 1))
        self.next_page = page.get("next") if isinstance(page.get("next"), str) else None
        self.fetching = False
        if self.on_maps:
            found = plural(len(self.maps), "map")
            if self.query_text:
                found += f" matching {self.query_text!r}"
            if self.tag:
                found += f" tagged {self.tag}"
            found += f", sorted by {self.sort.replace('_', ' ')}"
            if self.query_text or self.tag:
                nothing = ("No published map is found so. / searches again (an empty search "
                           "finds all), t shows the next tag.")
            else:
                nothing = "No maps here yet. Publish one from the Editor (its ctrl+e)."
        else:
            long_name = self.game.info.long_name if self.game else ""
            found = f"{plural(len(self.maps), 'board')} of {long_name}"
            nothing = f"No {long_name} boards here yet. Send a finished game to make one."
        self.say(f"{self.server} · {found}" + (" · more below" if self.next_page else ""))
        if reset and self.maps:
            table.move_cursor(row=0)
            self.show_map(0)
        elif not self.maps:
            self.pane.clear(nothing)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id != "maps":
            return
        row = event.cursor_row
        self.show_map(row)
        if row >= len(self.maps) - 1 and self.next_page and not self.fetching:
            self.fetching = True  # the last row: fetch the next page
            self.load_page()

    def current(self) -> dict[str, Any] | None:
        row = self.map_table.cursor_row
        return self.maps[row] if 0 <= row < len(self.maps) else None

    def ref_of(self, item: dict[str, Any]) -> str:
        """How the server names the board of a listed map (its share code) or board (its key)."""
        return str(item.get("share_code" if self.on_maps else "board", ""))

    def show_map(self, row: int) -> None:
        if not 0 <= row < len(self.maps) or self.game is None:
            return
        item = self.maps[row]
        if self.on_maps:
            head = map_detail(item)
        else:
            head = Text(self.game.info.board_title(self.ref_of(item)), style="bold")
            head.append(f"\n{self.game.info.long_name}\n", style="dim")
        self.pane.show(self.server, self.game, self.ref_of(item), head)

    def on_board_pane_failed(self, event: BoardPane.Failed) -> None:
        self.say(event.message)

    # -- actions

    def action_next_game(self) -> None:
        """List the next ranked game's boards."""
        if len(self.ranked) < 2:
            return
        self.shown = (self.shown + 1) % len(self.ranked)
        self.maps, self.next_page = [], None
        self.fetching = False
        self.query_one("#heading", Static).update(self.heading())
        self.pane.clear()
        weekly = self.query_one("#weekly", Static)
        weekly.set_class(self.on_maps and bool(str(weekly.render())), "shown")
        self.set_columns(self.wide)
        self.refresh_bindings()  # the maps' keys leave the footer, or come back
        if self.server:
            self.load_page(reset=True)

    # The keys that only work on the published maps: off the footer on a game's boards.
    MAPS_ONLY = ("search", "sort", "tag", "play")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.on_maps if action in self.MAPS_ONLY else True

    def action_search(self) -> None:
        search = self.query_one("#search", Input)
        search.add_class("shown")
        search.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_text = event.value.strip()[:100]
        event.input.remove_class("shown")
        self.map_table.focus()
        if self.server:
            self.load_page(reset=True)

    def action_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        if self.server:
            self.load_page(reset=True)

    def action_tag(self) -> None:
        cycle: list[str | None] = [None, *tags()]
        self.tag = cycle[(cycle.index(self.tag) + 1) % len(cycle)] if self.tag in cycle \
            else None
        if self.server:
            self.load_page(reset=True)

    def action_reload(self) -> None:
        if self.server:
            self.load_page(reset=True)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.data_table.id == "maps":
            if self.on_maps:
                self.action_play()
            elif self.pane.items:
                self.pane.table.focus()
        elif 0 <= event.cursor_row < len(self.pane.items):
            self.replay_entry(self.pane.items[event.cursor_row])

    def action_play(self) -> None:
        item = self.current()
        if item is not None and self.server and self.on_maps:
            self.say(f"Downloading {shown(str(item.get('title', '')))}…")
            self.download(str(item.get("share_code", "")), None)

    def replay_entry(self, entry: dict[str, Any]) -> None:
        if self.pane.shown_for and isinstance(entry.get("run"), int):
            self.say("Fetching the run…")
            self.download(self.pane.shown_for, entry["run"])

    @work(thread=True, exclusive=True, group="community-download")
    def download(self, ref: str, run_id: int | None) -> None:
        """Download the map `ref` (on a game ranked on maps) and the run `run_id` (if any),
        then play the map or watch the run."""
        client, game = community.Client(self.server), self.game
        if game is None:
            return
        try:
            map_path = map_download.download(client, ref).path if game.on_maps else None
            run_text = None if run_id is None else json.dumps(client.run_file(run_id))
        except (community.CommunityError, OSError) as exc:
            self.app.call_from_thread(self.say, str(exc))
            return
        self.app.call_from_thread(self.open_downloaded, game, map_path, run_text)

    def open_downloaded(self, game: Ranked, map_path: Path | None, run_text: str | None
                        ) -> None:
        if map_path is not None:
            self.say(f"Saved to {map_path}")
        if run_text is not None:
            watch_run_text(self.app, game.game, run_text, map_path)
        elif map_path is not None and game.game.boards.play_map is not None:
            game.game.boards.play_map(self.app, map_path)

    def action_weekly(self) -> None:
        from app.screens.weekly import WeeklyScreen

        self.app.push_screen(WeeklyScreen())

    def action_back(self) -> None:
        search = self.query_one("#search", Input)
        if search.has_class("shown"):
            search.remove_class("shown")
            self.map_table.focus()
            return
        self.dismiss(None)
