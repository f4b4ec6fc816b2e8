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
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from app import registry
from app.player import player_name
from app.registry import HostedGame
from app.screens.watch import watch_run_text
from app.words import plural
from engine import games
from engine.core import GameInfo, shown
from services import community, map_download
from services.map_search import MAP_SORTS, tags

PAGE = 30  # maps asked for at a time
BOARD = 10  # ranks shown for the highlighted map
# The list's columns. Below WIDE_FROM columns of screen the list has about 32 cells beside the
# detail, so it keeps the title, par and best there (the detail says the rest); long titles
# and names are cut with "…", and the detail shows them whole.
WIDE_FROM = 120
WIDE_COLUMNS = ("Title", "Author", "Rating", "Par", "Plays", "Best", "Code")
NARROW_COLUMNS = ("Title", "Par", "Best")
TITLE_CELLS, NARROW_TITLE_CELLS, AUTHOR_CELLS = 24, 18, 14
# The list's orders, as `s` cycles them (popular is only plays' older name).
SORTS = tuple(sort for sort in MAP_SORTS if sort != "popular")
MINE = "bold"
BOARD_COLUMNS = ("Board", "Players")  # the list of a game ranked in points
MOVES_COLUMNS = (("Rank", "rank"), ("Player", "player"), ("Moves", "moves"), ("Turns", "turns"))
POINTS_COLUMNS = (("Rank", "rank"), ("Player", "player"), ("Score", "score"), ("End", "ending"))


@dataclass(frozen=True)
class Ranked:
    """A hosted game with boards on the server: ranked in points, or in moves on maps it can
    play."""

    game: HostedGame
    info: GameInfo

    @property
    def on_maps(self) -> bool:
        return self.info.ranking is not None and self.info.ranking.kind == "moves"


def ranked_games() -> list[Ranked]:
    found = []
    for game in registry.hosted():
        ranked = Ranked(game, games.load(game.name).info)
        if ranked.info.ranking is not None and (not ranked.on_maps
                                                or game.boards.play_map is not None):
            found.append(ranked)
    return found


def _text(value: Any, width: int | None = None) -> Text:
    """A value from the server, drawn literally; cut to `width` cells with "…" (the list's
    long titles pushed the other columns out of sight at 80 columns)."""
    text = Text(shown(str(value if value is not None else "")))
    if width is not None and text.cell_len > width:
        text.truncate(width - 1)
        text.append("…")
    return text


def _figures(item: dict[str, Any]) -> str:
    """What players say of a map: its rating and votes, who cleared it, the voted difficulty
    and its tags, one line (the server's words, sanitised)."""
    parts = []
    rating, votes = item.get("rating"), item.get("votes")
    if isinstance(rating, int | float) and isinstance(votes, int):
        parts.append(f"rated {rating:.1f}/5 by {plural(votes, 'player')}")
    else:
        parts.append("not rated yet")
    clears, players = item.get("clears"), item.get("players")
    if isinstance(clears, int) and isinstance(players, int) and players:
        parts.append(f"cleared by {clears} of {players} ({round(100 * clears / players)}%)")
    if item.get("voted_difficulty"):
        parts.append(f"voted {shown(str(item['voted_difficulty']))}")
    tagged = [shown(str(tag)) for tag in item.get("tags") or []]
    if tagged:
        parts.append(", ".join(tagged))
    return " · ".join(parts) + "\n"


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
        Binding("ctrl+r,f5", "reload", "Reload", id="community_reload",
                tooltip="Ask the server again"),
        Binding("g", "next_game", "Game", id="community_game",
                tooltip="The next game's boards on the server"),
        Binding("w", "weekly", "This week", id="community_weekly",
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
        self.board_items: list[dict[str, Any]] = []
        self.board_for = ""
        self.detail_head = Text()
        self.wide = True

    def compose(self) -> ComposeResult:
        yield Static(self.heading(), id="heading")
        yield Static("", id="status")
        yield Static("", id="weekly")  # the map of the week, above the maps
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
            self.query_one("#weekly", Static).update(_text(line))
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
            return [_text(self.game.info.board_title(str(item.get("board", ""))), TITLE_CELLS),
                    _text(item.get("entries", 0))]
        cells = {"Title": _text(item.get("title"),
                                TITLE_CELLS if self.wide else NARROW_TITLE_CELLS),
                 "Author": _text(item.get("author"), AUTHOR_CELLS),
                 "Rating": _text(item.get("difficulty") or "-"),
                 "Par": _text(item.get("par", "")), "Plays": _text(item.get("plays", 0)),
                 "Best": _text(item.get("best") if item.get("best") is not None else "-"),
                 "Code": _text(item.get("share_code"))}
        return [cells[name] for name in self.list_columns()]

    def on_screen_resume(self) -> None:
        # Back from playing a map (and maybe submitting a run): its board may have changed.
        if self.server and self.maps:
            self.show_map(self.map_table.cursor_row)

    def say(self, line: str) -> None:
        self.query_one("#status", Static).update(_text(line))

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
            nothing = "No maps here yet. Publish one from the editor (ctrl+e)."
        else:
            long_name = self.game.info.long_name if self.game else ""
            found = f"{plural(len(self.maps), 'board')} of {long_name}"
            nothing = f"No {long_name} boards here yet. Send a finished game to make one."
        self.say(f"{self.server} · {found}" + (" · more below" if self.next_page else ""))
        if reset and self.maps:
            table.move_cursor(row=0)
            self.show_map(0)
        elif not self.maps:
            self.board_table.clear()
            self.query_one("#mine", Static).update("")
            self.query_one("#detail", Static).update(Text(nothing))

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
        if not 0 <= row < len(self.maps):
            return
        item = self.maps[row]
        if not self.on_maps and self.game is not None:
            self.detail_head = Text(self.game.info.board_title(self.ref_of(item)), style="bold")
            self.detail_head.append(f"\n{self.game.info.long_name}\n", style="dim")
            self.query_one("#detail", Static).update(self.detail_head)
            self.query_one("#mine", Static).update(Text("Asking for the board…", style="dim"))
            self.load_board(self.ref_of(item))
            return
        detail = Text()
        detail.append(shown(str(item.get("title", ""))), style="bold")
        detail.append(f"  [{shown(str(item.get('share_code', '')))}]\n", style="dim")
        rating = f"{shown(str(item['difficulty']))} · " if item.get("difficulty") else ""
        levels, plays = item.get("levels", 1), item.get("plays", 0)
        detail.append(f"by {shown(str(item.get('author', '')))} · "
                      f"{plural(levels, 'level') if isinstance(levels, int) else '? levels'} · "
                      f"{rating}par {item.get('par', '?')} · "
                      f"{plural(plays, 'play') if isinstance(plays, int) else '? plays'}\n")
        detail.append(_figures(item), style="dim")
        self.detail_head = detail
        self.query_one("#detail", Static).update(detail)
        self.query_one("#mine", Static).update(Text("Asking for the board…", style="dim"))
        self.load_board(str(item.get("share_code", "")))

    @work(thread=True, exclusive=True, group="community-board")
    def load_board(self, ref: str) -> None:
        client, game = community.Client(self.server), self.game

        def page(**query: Any) -> dict[str, Any]:
            if game is not None and not game.on_maps:
                return client.points_leaderboard(game.info.name, ref, **query)
            return client.leaderboard(ref, **query)

        try:
            entry = client.map(ref) if self.on_maps else {}
            board = page(limit=BOARD)
        except community.CommunityError as exc:
            self.app.call_from_thread(self.say, exc.message)
            return
        try:
            mine = page(limit=1, around=self.player)
        except community.CommunityError:
            mine = {}  # no entry of this player (404), or the question failed: no rank shown
        self.app.call_from_thread(self.fill_board, ref, entry, board, mine)

    def fill_board(self, ref: str, entry: dict[str, Any], board: dict[str, Any],
                   mine: dict[str, Any]) -> None:
        current = self.current()
        if current is None or self.ref_of(current) != ref:
            return  # the cursor moved on meanwhile
        description = str(entry.get("description", "") or "")
        if description:
            self.query_one("#detail", Static).update(self.detail_head + _text(description))
        self.board_for = ref
        self.board_items = [i for i in board.get("items", []) if isinstance(i, dict)]
        self.fill_entries(ref)
        own = [i for i in mine.get("items", []) if isinstance(i, dict)
               and i.get("player") == self.player]
        total = board.get("total", len(self.board_items))
        line = Text(f"{plural(total, 'player') if isinstance(total, int) else total} on the "
                    "board. ")
        if own:
            figure = ("moves", "moves") if self.on_maps else ("score", "points")
            line.append(f"Your rank: {own[0].get('rank')} ({own[0].get(figure[0])} "
                        f"{figure[1]})", style="bold")
        else:
            line.append("You have no score here yet.", style="dim")
        self.query_one("#mine", Static).update(line)

    def fill_entries(self, ref: str) -> None:
        """The board's entries, in its ranking's columns, and the game's own column when it
        says something on this board."""
        columns = MOVES_COLUMNS if self.on_maps else POINTS_COLUMNS
        words: list[str] = []
        column = self.game.game.boards.column if self.game is not None else None
        if column is not None and not self.on_maps:
            words = [column.cell(ref, item["setup"] if isinstance(item.get("setup"), dict)
                                 else {}) for item in self.board_items]
        table = self.board_table
        table.clear(columns=True)
        table.add_columns(*(label for label, _ in columns),
                          *([column.label] if column is not None and any(words) else []))
        for n, item in enumerate(self.board_items):
            style = MINE if item.get("player") == self.player else ""
            table.add_row(*(Text(shown(str(item.get(key, ""))), style=style)
                            for _, key in columns),
                          *([Text(shown(words[n]), style=style)] if any(words) else []))

    # -- actions

    def action_next_game(self) -> None:
        """List the next ranked game's boards."""
        if len(self.ranked) < 2:
            return
        self.shown = (self.shown + 1) % len(self.ranked)
        self.maps, self.board_items, self.board_for, self.next_page = [], [], "", None
        self.fetching = False
        self.query_one("#heading", Static).update(self.heading())
        self.query_one("#detail", Static).update("")
        self.query_one("#mine", Static).update("")
        weekly = self.query_one("#weekly", Static)
        weekly.set_class(self.on_maps and bool(str(weekly.render())), "shown")
        self.board_table.clear(columns=True)
        self.set_columns(self.wide)
        if self.server:
            self.load_page(reset=True)

    def maps_only(self) -> bool:
        """Whether the published maps are listed; if not, says that what was asked is for
        them."""
        if not self.on_maps:
            self.say("Search and sort are for the published maps.")
        return self.on_maps

    def action_search(self) -> None:
        if not self.maps_only():
            return
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
        if not self.maps_only():
            return
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        if self.server:
            self.load_page(reset=True)

    def action_tag(self) -> None:
        if not self.maps_only():
            return
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
            elif self.board_items:
                self.board_table.focus()
        elif 0 <= event.cursor_row < len(self.board_items):
            self.replay_entry(self.board_items[event.cursor_row])

    def action_play(self) -> None:
        item = self.current()
        if item is not None and self.server and self.on_maps:
            self.say(f"Downloading {shown(str(item.get('title', '')))}…")
            self.download(str(item.get("share_code", "")), None)

    def replay_entry(self, entry: dict[str, Any]) -> None:
        if self.board_for and isinstance(entry.get("run"), int):
            self.say("Fetching the run…")
            self.download(self.board_for, entry["run"])

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
