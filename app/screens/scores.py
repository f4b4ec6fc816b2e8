"""The high scores screen: every ranked game's local boards, the top of the one highlighted,
your best and your rank.

The boards come from the hosted games (app/registry.py) and their GameInfo, never by name: a
game that lists its boards ahead (Card Rogue's maps) shows them all, others show the boards
played on this computer. A board in moves ranks the fewest moves (the store's map boards), a
board in points the highest score. The store (services/scores.py) is opened once in a worker
thread with the listing. Player names come from run files, so every name is drawn as `Text`,
never read as markup. Enter on an entry opens its run in its game's replay viewer; o opens any
run file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets.option_list import Option

from app import registry
from app.player import player_name
from app.registry import HostedGame, ListedBoard
from app.screens.watch import RunRefusedScreen, ask_run_file, watch_run_file, watch_run_text
from app.widgets.marked_options import MarkedOptionList
from app.words import one_line, plural
from engine import games
from engine.core import shown

if TYPE_CHECKING:
    from engine.core import GameInfo
    from services.scores import ScoreStore

SHOWN = 100  # ranks listed per board
MINE = "bold"  # how the player's own row stands out
MOVES_COLUMNS = (("Rank", 4), ("Player", 15), ("Moves", 5), ("Turns", 5), ("Date", 10))
POINTS_COLUMNS = (("Rank", 4), ("Player", 15), ("Score", 5), ("End", 5), ("Date", 10))


def show_high_scores(app: App, select: str | None = None) -> None:
    """Open the high scores screen, on the board keyed `select` if it is listed."""
    app.push_screen(HighScoresScreen(select))


@dataclass(frozen=True)
class Board:
    """A board on the list, with the game it ranks."""

    game: HostedGame
    info: GameInfo
    rules_version: int
    listed: ListedBoard

    @property
    def key(self) -> str:
        return self.listed.key

    @property
    def title(self) -> str:
        return self.listed.title

    @property
    def in_moves(self) -> bool:
        return self.info.ranking is not None and self.info.ranking.kind == "moves"


# A board as read from the store: its entries, how many players it ranks, each entry's cells,
# and the player's best in words after "rank " (None when they have none).
BoardRead = tuple[list[Any], int, list[tuple[object, ...]], str | None]


def ranked_games() -> list[tuple[HostedGame, GameInfo, int]]:
    """Every hosted game that ranks its runs, with its info and rules version."""
    found = []
    for game in registry.hosted():
        rules = games.load(game.name)
        if rules.info.ranking is not None:
            found.append((game, rules.info, rules.rules_version))
    return found


def list_boards(store: ScoreStore | None) -> tuple[list[Board], list[Text]]:
    """Every ranked game's boards, game after game, and what to say of those that listed
    none or could not list them."""
    boards: list[Board] = []
    notes: list[Text] = []
    for game, info, version in ranked_games():
        hooks = game.boards
        try:
            if hooks.listed is not None:
                listed = hooks.listed()
                if not listed and hooks.none_listed is not None:
                    notes.append(hooks.none_listed())
            elif store is not None:
                listed = [ListedBoard(key, info.board_title(key), info.long_name)
                          for key, _players in store.scored_boards(info.name, version)]
            else:
                listed = []
        except Exception as error:  # noqa: BLE001 - never a traceback for a folder we cannot read
            notes.append(Text(f"{info.long_name}'s boards could not be listed: "
                              f"{one_line(error)}"))
            continue
        boards += [Board(game, info, version, board) for board in listed]
    return boards, notes


def set_columns(table: DataTable, columns: tuple[tuple[str, int], ...]) -> None:
    """Give the board these columns, unless it has them."""
    if [str(c.label) for c in table.columns.values()] == [label for label, _ in columns]:
        return
    table.clear(columns=True)
    # Fixed widths: the board reads the same whatever the names, and fits 80 columns.
    for label, width in columns:
        table.add_column(label, key=label.lower(), width=width)


def cells(values: tuple[object, ...], style: str) -> tuple[Text, ...]:
    """A row's cells: numbers to the right, every text drawn as written."""
    return tuple(Text(str(value), style=style, justify="right") if isinstance(value, int)
                 else Text(shown(str(value)), style=style) for value in values)


class HighScoresScreen(Screen[None]):
    """Local leaderboards, one board at a time."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="scores_back"),
        Binding("enter", "watch", "Watch run", id="scores_watch", show=False,
                tooltip="Watch the highlighted entry's run"),
        Binding("o", "open_run", "Open run file", id="scores_open",
                tooltip="Watch any run file"),
        Binding("ctrl+r,f5", "reload", "Reload", id="scores_reload",
                tooltip="Read the boards and the leaderboard again"),
    ]

    EXTRA_KEYS = (("↑ ↓", "Choose a board, or an entry"), ("Tab", "Between the boards and the entries"),
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
        self.select = select  # a board's key to show first
        self.player = player_name()
        self.boards: list[Board] = []
        self.store: ScoreStore | None = None
        self.entries: list[Any] = []  # the shown board's entries
        self.current: Board | None = None

    def compose(self) -> ComposeResult:
        # Who "you" are goes on the heading's line: on the line below it, a name of any length
        # (up to 40 characters) wrapped the header at 80 columns.
        heading = Text("High scores")
        heading.append(" · you play as ", style="not bold")
        heading.append(self.player)  # from outside: drawn as text, never markup
        yield Static(heading, id="heading")
        yield Static(Text("Looking for boards…"), id="where")
        with Horizontal():
            yield MarkedOptionList(id="maps")
            with Vertical(id="board-pane"):
                yield Static(id="board-title")
                table: DataTable = DataTable(id="entries", cursor_type="row", zebra_stripes=True)
                set_columns(table, MOVES_COLUMNS)
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

        store, notes = None, []
        try:
            store = ScoreStore.open()
            if store.notice:
                notes.append(store.notice)
        except Exception as error:  # noqa: BLE001 - the screen still lists the maps
            notes.append(f"The local leaderboard could not be opened: {one_line(error)}")
        boards, unlisted = list_boards(store)
        self.app.call_from_thread(self.fill, boards, store, unlisted, notes)

    def fill(self, boards: list[Board], store: ScoreStore | None, unlisted: list[Text],
             notes: list[str]) -> None:
        if not self.is_mounted:  # closed while the boards were read
            if store is not None:
                store.close()
            return
        self._close_store()
        self.store = store
        self.boards = boards
        options = self.map_list
        options.clear_options()
        for index, board in enumerate(boards):
            prompt = Text(board.title)
            prompt.append(f"\n{board.listed.note}", style="dim")
            options.add_option(Option(prompt, id=str(index)))
        where = Text(" ").join(unlisted) if unlisted else Text(
            "Scores on this computer, each run verified by replaying it.")
        for note in notes:
            where.append(f"\n{note}", style="italic")
        self.query_one("#where", Static).update(where)
        chosen = next((n for n, b in enumerate(boards) if b.key == self.select), 0)
        if boards:
            options.highlighted = chosen
        self.show_board(boards[chosen] if boards else None)

    # ------------------------------------------------------------------ the board

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        index = int(event.option_id or "0")
        if 0 <= index < len(self.boards) and self.boards[index] is not self.current:
            self.show_board(self.boards[index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.entries:
            self.table.focus()

    def show_board(self, board: Board | None) -> None:
        self.current = board
        table = self.table
        table.clear()
        set_columns(table, MOVES_COLUMNS if board is None or board.in_moves else POINTS_COLUMNS)
        self.entries = []
        title, mine = Text(), Text()
        empty = ""
        if board is None:
            empty = "Nothing is ranked here yet: finish a game, and its scores show here."
        elif self.store is None:
            title.append(board.title)
            empty = "The local leaderboard is not available."
        else:
            self.entries, players, rows, best = (self.read_moves if board.in_moves
                                                 else self.read_points)(board)
            for entry, values in zip(self.entries, rows, strict=True):
                style = MINE if entry.player == self.player else ""
                table.add_row(*cells(values, style), key=entry.run_hash)
            title.append(board.title)
            title.append(f"  {board.listed.note} · {plural(players, 'player')}", style="dim")
            mine.append("Your best: ", style="bold")
            if best is None:
                mine.append("none yet (")
                mine.append(self.player)
                mine.append(" has not won this map)" if board.in_moves
                            else " has no score on this board)")
            else:
                mine.append(f"rank {best}")
            if not self.entries:
                empty = ("No scores yet for this map. Win it to set the first one."
                         if board.in_moves else "No scores yet on this board.")
        self.query_one("#board-title", Static).update(title)
        self.query_one("#mine", Static).update(mine)
        self.query_one("#mine", Static).display = bool(mine)
        self.query_one("#empty", Static).update(Text(empty))
        self.query_one("#empty", Static).set_class(bool(empty), "shown")
        table.set_class(not self.entries, "empty")

    def read_moves(self, board: Board) -> BoardRead:
        """A board in moves (a map's): each player's best, the fewest moves first."""
        assert self.store is not None
        store, key = self.store, board.key
        entries = store.leaderboard(key, limit=SHOWN)
        players = store.players(key)
        best = store.best(key, self.player)
        return (entries, players,
                [(e.rank, e.player, e.moves, e.turns, e.recorded[:10]) for e in entries],
                None if best is None else
                f"{best.rank} of {players}, {plural(best.moves, 'move')}, "
                f"{plural(best.turns, 'turn')}")

    def read_points(self, board: Board) -> BoardRead:
        """A board in points: each player's best, the highest score first, with the game's
        own column when it says something on this board."""
        assert self.store is not None
        store, key, name, version = self.store, board.key, board.info.name, board.rules_version
        entries = store.scored_board(name, key, version, SHOWN)
        players = store.scored_players(name, key, version)
        best = store.scored_best(name, key, version, self.player)
        column = board.game.boards.column
        extra = ([column.cell(key, store.run_document(e.run_hash)) for e in entries]
                 if column is not None else [])
        if column is not None and any(extra):
            set_columns(self.table, POINTS_COLUMNS[:4] + ((column.label, column.width),)
                        + POINTS_COLUMNS[4:])
        rows: list[tuple[object, ...]] = [(e.rank, e.player, e.score, e.outcome,
                                            *(extra[n:n + 1] if any(extra) else []),
                                            e.recorded[:10]) for n, e in enumerate(entries)]
        return (entries, players, rows,
                None if best is None else f"{best.rank} of {players}, {best.score} points")

    # ------------------------------------------------------------------ watching

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.replay_row(event.cursor_row)

    def action_watch(self) -> None:
        if self.table.has_focus and self.entries:
            self.replay_row(self.table.cursor_row)

    def replay_row(self, row: int) -> None:  # not `watch`: that is Textual's, for reactives
        """Open the run of the entry at `row` in its game's replay viewer."""
        board = self.current
        if self.store is None or board is None or not 0 <= row < len(self.entries):
            return
        text = self.store.run_text(self.entries[row].run_hash)
        if text is None:
            self.app.push_screen(RunRefusedScreen("Unreadable",
                                                  "the leaderboard no longer holds this run"))
            return
        watch_run_text(self.app, board.game, text, board.listed.map_file)

    def action_open_run(self) -> None:
        self.app.push_screen(ask_run_file(), self._opened)

    def _opened(self, path: Path | None) -> None:
        if path is not None:
            watch_run_file(self.app, path)

    def action_back(self) -> None:
        self.dismiss(None)
