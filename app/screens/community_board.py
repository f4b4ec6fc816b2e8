"""The Community screen's board pane, beside the list: the highlighted map's or board's detail,
the top of its board on the server, and the player's own rank there. Asked for in a worker; an
answer for what is no longer highlighted is dropped, and a failure goes to the screen's status
line (BoardPane.Failed). The server's words are drawn as Text, never as markup."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import DataTable, Static

from app.screens.community_cells import server_text
from app.screens.community_games import Ranked
from app.words import plural
from engine.core import shown
from services import community

BOARD = 10  # ranks shown for the highlighted map or board
MINE = "bold"
MOVES_COLUMNS = (("Rank", "rank"), ("Player", "player"), ("Moves", "moves"), ("Turns", "turns"))
POINTS_COLUMNS = (("Rank", "rank"), ("Player", "player"), ("Score", "score"), ("End", "ending"))


class BoardPane(Vertical):
    """The detail (#detail), the board (#board) and the player's rank (#mine) of one map or
    board of a ranked game."""

    DEFAULT_CSS = """
    BoardPane {
        width: 46;
        height: 1fr;
        padding: 0 1;
    }
    BoardPane #detail {
        height: auto;
    }
    BoardPane #board {
        height: 1fr;
    }
    BoardPane #mine {
        height: auto;
        background: $panel;
    }
    """

    class Failed(Message):
        """The server could not be asked for the board: `message` says why."""

        def __init__(self, message: str) -> None:
            super().__init__()
            self.message = message

    def __init__(self, player: str, *, id: str | None = None) -> None:  # noqa: A002 - Textual's
        super().__init__(id=id)
        self.player = player
        self.server = ""
        self.game: Ranked | None = None
        self.asked = ""  # the board asked for last: the only answer wanted
        self.items: list[dict[str, Any]] = []  # the board's entries shown
        self.shown_for = ""  # the board they are of
        self.head = Text()

    def compose(self) -> ComposeResult:
        yield Static("", id="detail")
        yield DataTable(id="board", cursor_type="row")
        yield Static("", id="mine")

    @property
    def table(self) -> DataTable:
        return self.query_one("#board", DataTable)

    def show(self, server: str, game: Ranked, ref: str, head: Text) -> None:
        """Show `head` as the detail, and ask the server for the board `ref` of `game`."""
        self.server, self.game, self.asked, self.head = server, game, ref, head
        self.query_one("#detail", Static).update(head)
        self.query_one("#mine", Static).update(Text("Asking for the board…", style="dim"))
        self.load(ref)

    def clear(self, words: str = "") -> None:
        """Nothing shown but `words` in the detail (and no answer wanted)."""
        self.items, self.shown_for, self.asked = [], "", ""
        self.table.clear(columns=True)
        self.query_one("#mine", Static).update("")
        self.query_one("#detail", Static).update(Text(words))

    @work(thread=True, exclusive=True, group="community-board")
    def load(self, ref: str) -> None:
        client, game = community.Client(self.server), self.game
        on_maps = game is not None and game.on_maps

        def page(**query: Any) -> dict[str, Any]:
            if game is not None and not on_maps:
                return client.points_leaderboard(game.info.name, ref, **query)
            return client.leaderboard(ref, **query)

        try:
            entry = client.map(ref) if on_maps else {}
            board = page(limit=BOARD)
        except community.CommunityError as exc:
            self.app.call_from_thread(self.post_message, self.Failed(exc.message))
            return
        try:
            mine = page(limit=1, around=self.player)
        except community.CommunityError:
            mine = {}  # no entry of this player (404), or the question failed: no rank shown
        self.app.call_from_thread(self.fill, ref, entry, board, mine)

    def fill(self, ref: str, entry: dict[str, Any], board: dict[str, Any],
             mine: dict[str, Any]) -> None:
        if ref != self.asked or self.game is None:
            return  # the cursor moved on meanwhile
        description = str(entry.get("description", "") or "")
        if description:
            self.query_one("#detail", Static).update(self.head + server_text(description))
        self.shown_for = ref
        self.items = [i for i in board.get("items", []) if isinstance(i, dict)]
        self.fill_entries(ref, self.game)
        own = [i for i in mine.get("items", []) if isinstance(i, dict)
               and i.get("player") == self.player]
        total = board.get("total", len(self.items))
        line = Text(f"{plural(total, 'player') if isinstance(total, int) else total} on the "
                    "board. ")
        if own:
            figure = ("moves", "moves") if self.game.on_maps else ("score", "points")
            line.append(f"Your rank: {own[0].get('rank')} ({own[0].get(figure[0])} "
                        f"{figure[1]})", style="bold")
        else:
            line.append("You have no score here yet.", style="dim")
        self.query_one("#mine", Static).update(line)

    def fill_entries(self, ref: str, game: Ranked) -> None:
        """The board's entries, in its ranking's columns, and the game's own column when it
        says something on this board."""
        columns = MOVES_COLUMNS if game.on_maps else POINTS_COLUMNS
        words: list[str] = []
        column = game.game.boards.column
        if column is not None and not game.on_maps:
            words = [column.cell(ref, item["setup"] if isinstance(item.get("setup"), dict)
                                 else {}) for item in self.items]
        table = self.table
        table.clear(columns=True)
        table.add_columns(*(label for label, _ in columns),
                          *([column.label] if column is not None and any(words) else []))
        for n, item in enumerate(self.items):
            style = MINE if item.get("player") == self.player else ""
            table.add_row(*(Text(shown(str(item.get(key, ""))), style=style)
                            for _, key in columns),
                          *([Text(shown(words[n]), style=style)] if any(words) else []))
