"""The high scores screen: pick a map, see its local leaderboard, your best and your rank.
Mini Rogue's local boards (a daily dungeon's date, a shared seed) follow the maps, ranked by
score (app/games/minirogue/records.py).

Maps come from the same folders as the map lists (bundled, then the user's); the leaderboard is
the SQLite store (services/scores.py), opened once in a worker thread with the map scan.
Player names come from run files, so every name is drawn as `Text`, never read as markup.
Enter on an entry opens its run in the replay viewer; o opens any run file.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.games.cardrogue import maplist
from app.games.cardrogue.maplist import MapEntry
from app.player import player_name
from app.screens.watch import watch_run_file
from app.words import one_line
from engine.core import shown
from services.library import library_files
from services.paths import bundled_maps_dir

SHOWN = 100  # ranks listed per map
MINE = "bold"  # how the player's own row stands out
COLUMNS = (("Rank", 4), ("Player", 15), ("Moves", 5), ("Turns", 5), ("Date", 10))
POINTS_COLUMNS = (("Rank", 4), ("Player", 15), ("Score", 5), ("End", 5), ("Date", 10))
# A daily board mixes difficulties (the score counts them): each entry says how it was played.
DAILY_COLUMNS = POINTS_COLUMNS[:4] + (("Played", 16),) + POINTS_COLUMNS[4:]
POINTS = "points:"  # the option id of a board in points, before its key


def scored_maps() -> list[MapEntry]:
    """Every playable map in the bundled and the user's folders, once per map id."""
    bundled = bundled_maps_dir().resolve()
    found: list[MapEntry] = []
    seen: set[str] = set()
    for path in library_files():
        source = maplist.BUNDLED if path.resolve().is_relative_to(bundled) else maplist.YOURS
        entry = MapEntry(path, source, maplist.check(path))
        if entry.playable and entry.map_id and entry.map_id not in seen:
            seen.add(entry.map_id)
            found.append(entry)
    return found


def entry_row(entry, player: str) -> tuple[Text, ...]:
    style = MINE if entry.player == player else ""
    return (Text(str(entry.rank), style=style, justify="right"),
            Text(shown(entry.player), style=style),
            Text(str(entry.moves), style=style, justify="right"),
            Text(str(entry.turns), style=style, justify="right"),
            Text(entry.recorded[:10], style=style))


def set_columns(table: DataTable, columns: tuple[tuple[str, int], ...]) -> None:
    """Give the board these columns, unless it has them."""
    if [str(c.label) for c in table.columns.values()] == [label for label, _ in columns]:
        return
    table.clear(columns=True)
    # Fixed widths: the board reads the same whatever the names, and fits 80 columns.
    for label, width in columns:
        table.add_column(label, key=label.lower(), width=width)



class HighScoresScreen(Screen[None]):
    """Local leaderboards, one map at a time."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="scores_back"),
        Binding("enter", "watch", "Watch run", id="scores_watch", show=False,
                tooltip="Watch the highlighted entry's run"),
        Binding("o", "open_run", "Open run file", id="scores_open",
                tooltip="Watch any run file"),
        Binding("ctrl+r,f5", "reload", "Reload", id="scores_reload",
                tooltip="Read the maps and the leaderboard again"),
    ]

    EXTRA_KEYS = (("↑ ↓", "Choose a map, or an entry"), ("Tab", "Between the maps and the board"),
                  ("Enter", "Watch the highlighted entry's run"))

    DEFAULT_CSS = """
    HighScoresScreen #heading {
        height: auto;
        padding: 1 1 0 1;
        text-style: bold;
        color: $accent;
    }
    HighScoresScreen #where {
        height: auto;
        padding: 0 1 1 1;
        color: $text-muted;
    }
    HighScoresScreen #maps {
        width: 28;
        height: 1fr;
        border: round $primary;
    }
    HighScoresScreen #board-pane {
        width: 1fr;
        height: 1fr;
        padding: 0 1;
    }
    HighScoresScreen #board-title {
        height: auto;
        text-style: bold;
    }
    HighScoresScreen #entries {
        height: 1fr;
    }
    HighScoresScreen #entries.empty {
        display: none;
    }
    HighScoresScreen #empty {
        height: 1fr;
        color: $text-muted;
        padding: 1 0;
        display: none;
    }
    HighScoresScreen #empty.shown {
        display: block;
    }
    HighScoresScreen #mine {
        height: auto;
        background: $panel;
        padding: 0 1;
    }
    """

    def __init__(self, select: str | None = None) -> None:
        super().__init__()
        self.select = select  # a map id to show first
        self.player = player_name()
        self.maps: list[MapEntry] = []
        self.store = None
        self.entries: list = []  # the shown board's entries
        self.current: MapEntry | None = None
        self.points: list[tuple[str, int]] = []  # Mini Rogue's boards, with their players
        self.current_points: str | None = None  # the Mini Rogue board shown

    def compose(self) -> ComposeResult:
        # Who "you" are goes on the heading's line: on the line below it, a name of any length
        # (up to 40 characters) wrapped the header at 80 columns.
        heading = Text("High scores")
        heading.append(" · you play as ", style="not bold")
        heading.append(self.player)  # from outside: drawn as text, never markup
        yield Static(heading, id="heading")
        yield Static(Text("Looking for maps…"), id="where")
        with Horizontal():
            yield OptionList(id="maps")
            with Vertical(id="board-pane"):
                yield Static(id="board-title")
                table: DataTable = DataTable(id="entries", cursor_type="row", zebra_stripes=True)
                set_columns(table, COLUMNS)
                yield table
                yield Static(id="empty")
                yield Static(id="mine")
        yield Footer()

    @property
    def map_list(self) -> OptionList:
        return self.query_one("#maps", OptionList)

    @property
    def table(self) -> DataTable:
        return self.query_one("#entries", DataTable)

    def on_mount(self) -> None:
        self.map_list.focus()
        self.load()

    def on_unmount(self) -> None:
        self._close_store()

    def _close_store(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None

    # ------------------------------------------------------------------ loading

    def action_reload(self) -> None:
        self.load()

    @work(thread=True, exclusive=True, group="scores")
    def load(self) -> None:
        from services.scores import ScoreStore

        maps: list[MapEntry] = []
        store, notes = None, []
        try:
            maps = scored_maps()
        except Exception as error:  # noqa: BLE001 - never a traceback for a folder we cannot read
            notes.append(f"The maps could not be listed: {one_line(error)}")
        points: list[tuple[str, int]] = []
        try:
            store = ScoreStore.open()
            if store.notice:
                notes.append(store.notice)
            from app.games.minirogue.records import played_boards

            points = played_boards(store)
        except Exception as error:  # noqa: BLE001 - the screen still lists the maps
            notes.append(f"The local leaderboard could not be opened: {one_line(error)}")
        self.app.call_from_thread(self.fill, maps, store, "\n".join(notes), points)

    def fill(self, maps: list[MapEntry], store, note: str,
             points: list[tuple[str, int]] | None = None) -> None:
        if not self.is_mounted:  # closed while the maps were read
            if store is not None:
                store.close()
            return
        self._close_store()
        self.store = store
        self.maps = maps
        options = self.map_list
        options.clear_options()
        for index, entry in enumerate(maps):
            prompt = Text(entry.title)
            prompt.append(f"\n{entry.share_code}", style="dim")
            options.add_option(Option(prompt, id=str(index)))
        from app.games.minirogue.records import board_title

        self.points = points or []
        for key, _players in self.points:
            prompt = Text(board_title(key))
            prompt.append("\nMini Rogue", style="dim")
            options.add_option(Option(prompt, id=POINTS + key))
        where = Text()
        if not maps:
            where.append("No maps found. ", style="bold")
            folders = maplist.folders()
            where.append(f"Maps come from {folders[0][1]} and your folder {folders[1][1]}.")
        else:
            where.append("Scores on this computer, each run verified by replaying it.")
        if note:
            where.append(f"\n{note}", style="italic")
        self.query_one("#where", Static).update(where)
        chosen = next((n for n, e in enumerate(maps) if e.map_id == self.select), 0)
        if maps or self.points:
            options.highlighted = chosen
        self.show_board(maps[chosen] if maps else None)

    # ------------------------------------------------------------------ the board

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        option = event.option_id or "0"
        if option.startswith(POINTS):
            self.show_points_board(option.removeprefix(POINTS))
            return
        index = int(option)
        if 0 <= index < len(self.maps) and (self.maps[index] is not self.current
                                            or self.current_points is not None):
            self.show_board(self.maps[index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.entries:
            self.table.focus()

    def show_board(self, entry: MapEntry | None) -> None:
        self.current = entry
        self.current_points = None
        table = self.table
        table.clear()
        set_columns(table, COLUMNS)
        self.entries = []
        title = Text()
        mine = Text()
        empty = ""
        if entry is None:
            empty = "Put maps in your maps folder, win them, and their scores show here."
        elif self.store is None:
            title.append(entry.title)
            empty = "The local leaderboard is not available."
        else:
            store, map_id = self.store, entry.map_id
            self.entries = store.leaderboard(map_id, limit=SHOWN)
            players = store.players(map_id)
            best = store.best(map_id, self.player)
            title.append(entry.title)
            title.append(f"  {entry.share_code} · {players} player{'s' if players != 1 else ''}",
                         style="dim")
            for row in self.entries:
                table.add_row(*entry_row(row, self.player), key=row.run_hash)
            if not self.entries:
                empty = "No scores yet for this map. Win it to set the first one."
            if best is None:
                mine.append("Your best: ", style="bold")
                mine.append("none yet (")
                mine.append(self.player)
                mine.append(" has not won this map)")
            else:
                mine.append("Your best: ", style="bold")
                mine.append(f"rank {best.rank} of {players}, {best.moves} moves, "
                            f"{best.turns} turns")
        self.show_texts(title, mine, empty)

    def show_points_board(self, key: str) -> None:
        """A Mini Rogue board: each player's best, the highest score first."""
        from app.games.minirogue.records import board_played, board_title, points_view

        self.current, self.current_points = None, key
        table = self.table
        table.clear()
        set_columns(table, POINTS_COLUMNS)
        self.entries = []
        title = Text(board_title(key))
        mine = Text()
        empty = ""
        if self.store is None:
            empty = "The local leaderboard is not available."
        else:
            self.entries, players, best = points_view(self.store, key, self.player, SHOWN)
            title.append(f"  Mini Rogue · {players} player{'s' if players != 1 else ''}",
                         style="dim")
            played = board_played(self.store, key, self.entries)  # "" on a seed's board
            if any(played):
                set_columns(table, DAILY_COLUMNS)
            for row, how in zip(self.entries, played, strict=True):
                style = MINE if row.player == self.player else ""
                table.add_row(Text(str(row.rank), style=style, justify="right"),
                              Text(shown(row.player), style=style),
                              Text(str(row.score), style=style, justify="right"),
                              Text(row.outcome, style=style),
                              *([Text(how, style=style)] if any(played) else []),
                              Text(row.recorded[:10], style=style),
                              key=row.run_hash)
            mine.append("Your best: ", style="bold")
            if best is None:
                mine.append("none yet (")
                mine.append(self.player)
                mine.append(" has not finished this dungeon)")
            else:
                mine.append(f"rank {best.rank} of {players}, {best.score} points")
        self.show_texts(title, mine, empty)

    def show_texts(self, title: Text, mine: Text, empty: str) -> None:
        table = self.table
        self.query_one("#board-title", Static).update(title)
        self.query_one("#mine", Static).update(mine)
        self.query_one("#mine", Static).display = bool(mine)
        self.query_one("#empty", Static).update(Text(empty))
        self.query_one("#empty", Static).set_class(bool(empty), "shown")
        table.set_class(not self.entries, "empty")

    # ------------------------------------------------------------------ watching

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.replay_row(event.cursor_row)

    def action_watch(self) -> None:
        if self.table.has_focus and self.entries:
            self.replay_row(self.table.cursor_row)

    def replay_row(self, row: int) -> None:  # not `watch`: that is Textual's, for reactives
        """Open the run of the entry at `row` in the replay viewer."""
        from app.games.cardrogue.replay import RunMap, open_run_text
        from app.games.cardrogue.screens.replay import ReplayScreen
        from app.replay import Unwatchable
        from app.screens.watch import open_run

        if self.store is None or not 0 <= row < len(self.entries):
            return
        text = self.store.run_text(self.entries[row].run_hash)
        if self.current_points is not None and text is not None:
            import json

            from app.games.minirogue.screens.replay import open_replay

            open_replay(self.app, json.loads(text))
            return
        if self.current is None:
            return
        run_map = RunMap(self.current.spec, self.current.map_id or "")

        def opener():
            if text is None:
                raise Unwatchable("unreadable", "the leaderboard no longer holds this run")
            return open_run_text(text, run_map)

        open_run(self.app, opener, viewer=ReplayScreen)

    def action_open_run(self) -> None:
        from app.screens.watch import OpenRunScreen

        self.app.push_screen(OpenRunScreen(), self._opened)

    def _opened(self, path: Path | None) -> None:
        if path is not None:
            watch_run_file(self.app, path)

    def action_back(self) -> None:
        self.dismiss(None)
