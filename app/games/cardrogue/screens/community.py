"""The Community screen: the server's published maps, each map's global board, and playing or
watching them.

Maps are listed a page at a time; the next page loads when the cursor reaches the last row.
The highlighted map's rating (when its author gave one), par, plays and best show beside the
list, with the top of its global board and the player's own rank. Enter downloads the map into the maps folder and plays
it; on the board, Enter watches that run in the replay viewer. Every request runs in a worker
thread, and every failure is one line in the status bar. Everything the server sends (titles,
names, descriptions) is drawn as Text, so it can never be read as markup.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from app.games.cardrogue import launch
from app.games.cardrogue.screens.replay import open_card_rogue_run
from app.player import player_name
from app.words import plural
from engine.core import shown
from services import community, map_download

PAGE = 30  # maps asked for at a time
BOARD = 10  # ranks shown for the highlighted map
# The list's columns. Below WIDE_FROM columns of screen the list has about 32 cells beside the
# detail, so it keeps the title, par and best there (the detail says the rest); long titles
# and names are cut with "…", and the detail shows them whole.
WIDE_FROM = 120
WIDE_COLUMNS = ("Title", "Author", "Rating", "Par", "Plays", "Best", "Code")
NARROW_COLUMNS = ("Title", "Par", "Best")
TITLE_CELLS, NARROW_TITLE_CELLS, AUTHOR_CELLS = 24, 18, 14
SORTS = ("new", "popular", "title")
MINE = "bold"


def _text(value: Any, width: int | None = None) -> Text:
    """A value from the server, drawn literally; cut to `width` cells with "…" (the list's
    long titles pushed the other columns out of sight at 80 columns)."""
    text = Text(shown(str(value if value is not None else "")))
    if width is not None and text.cell_len > width:
        text.truncate(width - 1)
        text.append("…")
    return text


class CommunityScreen(Screen[None]):
    """Browse the community server's maps and boards."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="community_back"),
        Binding("slash", "search", "Search", id="community_search",
                tooltip="Search the maps by title or author"),
        Binding("s", "sort", "Sort", id="community_sort",
                tooltip="Sort the maps by new, popular or title"),
        Binding("p", "play", "Play", id="community_play",
                tooltip="Download the highlighted map and play it"),
        Binding("ctrl+r,f5", "reload", "Reload", id="community_reload",
                tooltip="Ask the server again"),
    ]

    EXTRA_KEYS = (("↑ ↓", "Choose a map, or a board entry"), ("Tab", "Between the list and the board"),
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
    CommunityScreen #detail-pane {
        width: 46;
        height: 1fr;
        padding: 0 1;
    }
    CommunityScreen #detail {
        height: auto;
    }
    CommunityScreen #board {
        height: 1fr;
    }
    CommunityScreen #mine {
        height: auto;
        background: $panel;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.player = player_name()
        self.server = ""
        self.query_text = ""
        self.sort = SORTS[0]
        self.maps: list[dict[str, Any]] = []
        self.next_page: str | None = None
        self.fetching = False
        self.board_items: list[dict[str, Any]] = []
        self.board_for = ""
        self.detail_head = Text()
        self.wide = True

    def compose(self) -> ComposeResult:
        yield Static("Community maps", id="heading")
        yield Static("", id="status")
        yield Input(placeholder="Search titles and authors, then Enter", id="search")
        with Horizontal():
            yield DataTable(id="maps", cursor_type="row", zebra_stripes=True)
            with Vertical(id="detail-pane"):
                yield Static("", id="detail")
                yield DataTable(id="board", cursor_type="row")
                yield Static("", id="mine")
        yield Footer()

    @property
    def map_table(self) -> DataTable:
        return self.query_one("#maps", DataTable)

    @property
    def board_table(self) -> DataTable:
        return self.query_one("#board", DataTable)

    def on_mount(self) -> None:
        self.set_columns(self.app.size.width >= WIDE_FROM)
        self.board_table.add_columns("Rank", "Player", "Moves", "Turns")
        self.map_table.focus()
        try:
            self.server = community.server_url(None)
        except community.CommunityError as exc:
            self.say(f"{exc.message}. Settings (on the title screen) sets the server.")
            return
        self.load_page(reset=True)

    def set_columns(self, wide: bool) -> None:
        """The list's columns for this width, its rows drawn again."""
        self.wide = wide
        table = self.map_table
        row = table.cursor_row
        table.clear(columns=True)
        table.add_columns(*(WIDE_COLUMNS if wide else NARROW_COLUMNS))
        for index, item in enumerate(self.maps):
            table.add_row(*self.map_cells(item), key=str(index))
        if self.maps:
            table.move_cursor(row=max(0, min(row, len(self.maps) - 1)))

    def on_resize(self) -> None:
        if (self.app.size.width >= WIDE_FROM) != self.wide:
            self.set_columns(not self.wide)

    def map_cells(self, item: dict[str, Any]) -> list[Text]:
        cells = {"Title": _text(item.get("title"),
                                TITLE_CELLS if self.wide else NARROW_TITLE_CELLS),
                 "Author": _text(item.get("author"), AUTHOR_CELLS),
                 "Rating": _text(item.get("difficulty") or "-"),
                 "Par": _text(item.get("par", "")), "Plays": _text(item.get("plays", 0)),
                 "Best": _text(item.get("best") if item.get("best") is not None else "-"),
                 "Code": _text(item.get("share_code"))}
        return [cells[name] for name in (WIDE_COLUMNS if self.wide else NARROW_COLUMNS)]

    def on_screen_resume(self) -> None:
        # Back from playing a map (and maybe submitting a run): its board may have changed.
        if self.server and self.maps:
            self.show_map(self.map_table.cursor_row)

    def say(self, line: str) -> None:
        self.query_one("#status", Static).update(_text(line))

    # -- the map list

    def load_page(self, reset: bool = False) -> None:
        if reset:  # a slow server shows this until its answer comes
            self.say(f"{self.server} · asking for the maps…")
        self.fetch_page(reset)

    @work(thread=True, exclusive=True, group="community-list")
    def fetch_page(self, reset: bool) -> None:
        cursor = None if reset else self.next_page
        try:
            page = community.Client(self.server).maps(q=self.query_text, sort=self.sort,
                                                      limit=PAGE, cursor=cursor)
        except community.CommunityError as exc:
            self.app.call_from_thread(self.failed, exc.message)
            return
        self.app.call_from_thread(self.add_page, page, reset)

    def failed(self, message: str) -> None:
        self.fetching = False
        self.say(message)

    def add_page(self, page: dict[str, Any], reset: bool) -> None:
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
        found = f"{len(self.maps)} map{'s' if len(self.maps) != 1 else ''}"
        if self.query_text:
            found += f" matching {self.query_text!r}"
        self.say(f"{self.server} · {found}, sorted by {self.sort}"
                 + (" · more below" if self.next_page else ""))
        if reset and self.maps:
            table.move_cursor(row=0)
            self.show_map(0)
        elif not self.maps:
            self.query_one("#detail", Static).update(
                Text("No maps here yet. Publish one from the editor (ctrl+e)."))

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

    def show_map(self, row: int) -> None:
        if not 0 <= row < len(self.maps):
            return
        item = self.maps[row]
        detail = Text()
        detail.append(shown(str(item.get("title", ""))), style="bold")
        detail.append(f"  [{shown(str(item.get('share_code', '')))}]\n", style="dim")
        rating = f"{shown(str(item['difficulty']))} · " if item.get("difficulty") else ""
        levels, plays = item.get("levels", 1), item.get("plays", 0)
        detail.append(f"by {shown(str(item.get('author', '')))} · "
                      f"{plural(levels, 'level') if isinstance(levels, int) else '? levels'} · "
                      f"{rating}par {item.get('par', '?')} · "
                      f"{plural(plays, 'play') if isinstance(plays, int) else '? plays'}\n")
        self.detail_head = detail
        self.query_one("#detail", Static).update(detail)
        self.query_one("#mine", Static).update(Text("Asking for the board…", style="dim"))
        self.load_board(str(item.get("share_code", "")))

    @work(thread=True, exclusive=True, group="community-board")
    def load_board(self, ref: str) -> None:
        client = community.Client(self.server)
        try:
            entry = client.map(ref)
            board = client.leaderboard(ref, limit=BOARD)
        except community.CommunityError as exc:
            self.app.call_from_thread(self.say, exc.message)
            return
        try:
            mine = client.leaderboard(ref, limit=1, around=self.player)
        except community.CommunityError:
            mine = {}  # no entry of this player (404), or the question failed: no rank shown
        self.app.call_from_thread(self.fill_board, ref, entry, board, mine)

    def fill_board(self, ref: str, entry: dict[str, Any], board: dict[str, Any],
                   mine: dict[str, Any]) -> None:
        current = self.current()
        if current is None or str(current.get("share_code")) != ref:
            return  # the cursor moved on meanwhile
        description = str(entry.get("description", "") or "")
        if description:
            self.query_one("#detail", Static).update(self.detail_head + _text(description))
        table = self.board_table
        table.clear()
        self.board_for = ref
        self.board_items = [i for i in board.get("items", []) if isinstance(i, dict)]
        for item in self.board_items:
            style = MINE if item.get("player") == self.player else ""
            table.add_row(*(Text(shown(str(item.get(k, ""))), style=style)
                            for k in ("rank", "player", "moves", "turns")))
        own = [i for i in mine.get("items", []) if isinstance(i, dict)
               and i.get("player") == self.player]
        total = board.get("total", len(self.board_items))
        line = Text(f"{plural(total, 'player') if isinstance(total, int) else total} on the "
                    "board. ")
        if own:
            line.append(f"Your rank: {own[0].get('rank')} ({own[0].get('moves')} moves)",
                        style="bold")
        else:
            line.append("You have no score here yet.", style="dim")
        self.query_one("#mine", Static).update(line)

    # -- actions

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

    def action_reload(self) -> None:
        if self.server:
            self.load_page(reset=True)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.data_table.id == "maps":
            self.action_play()
        elif 0 <= event.cursor_row < len(self.board_items):
            self.replay_entry(self.board_items[event.cursor_row])

    def action_play(self) -> None:
        item = self.current()
        if item is not None and self.server:
            self.say(f"Downloading {shown(str(item.get('title', '')))}…")
            self.download(str(item.get("share_code", "")), None)

    def replay_entry(self, entry: dict[str, Any]) -> None:
        if self.board_for and isinstance(entry.get("run"), int):
            self.say("Fetching the run…")
            self.download(self.board_for, entry["run"])

    @work(thread=True, exclusive=True, group="community-download")
    def download(self, ref: str, run_id: int | None) -> None:
        client = community.Client(self.server)
        try:
            known = map_download.download(client, ref)
            run_path = None
            if run_id is not None:
                import json

                document = client.run_file(run_id)
                folder = Path(tempfile.mkdtemp(prefix="cardrogue-run-"))
                run_path = folder / f"run-{run_id}.run.json"
                run_path.write_text(json.dumps(document), encoding="utf-8")
        except (community.CommunityError, OSError) as exc:
            self.app.call_from_thread(self.say, str(exc))
            return
        self.app.call_from_thread(self.open_downloaded, known.path, run_path)

    def open_downloaded(self, map_path: Path, run_path: Path | None) -> None:
        self.say(f"Saved to {map_path}")
        if run_path is None:
            launch.open_path(self.app, map_path)
        else:
            open_card_rogue_run(self.app, run_path, map_file=map_path)

    def action_back(self) -> None:
        search = self.query_one("#search", Input)
        if search.has_class("shown"):
            search.remove_class("shown")
            self.map_table.focus()
            return
        self.dismiss(None)
