"""Mini Rogue's boards on the local leaderboard: today's daily dungeon first, then every board
played here (days and shared seeds), the last played first; the top of the one highlighted,
and below it the same board on the community server when one is set (fetched in the
background; a server out of reach is said in words and changes nothing here)."""

from __future__ import annotations

import datetime

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.games.minirogue import glossary
from app.games.minirogue.records import Row, board_entries, board_title, boards, played_on
from app.games.minirogue.screens.results import board_heading, board_text
from app.games.minirogue.words import plural
from app.screens.rules import show_help
from app.widgets.marked_options import MarkedOptionList

SHOWN = 10  # entries of a board on show
NARROW = 96  # below this width the boards list goes above the entries (a line is 55 wide)


class MiniRogueBoardsScreen(ModalScreen[None]):
    """The arrows move through the boards; Escape closes; F1 (or ?) opens the help."""

    BINDINGS = [
        Binding("escape,ctrl+b", "close", "Close", id="minirogue_boards_close"),
        Binding("f1,question_mark", "help", "Help", id="minirogue_boards_help",
                tooltip="Keys and the terms of Mini Rogue"),
    ]

    EXTRA_KEYS = (("↑ ↓", "Move through the boards"),)

    DEFAULT_CSS = """
    MiniRogueBoardsScreen {
        align: center middle;
    }
    MiniRogueBoardsScreen #boards-box {
        width: 100%;
        max-width: 100;
        height: 90%;
        border: round $accent;
        border-title-align: center;
        background: $surface;
    }
    MiniRogueBoardsScreen #boards {
        width: 34;
        height: 100%;
        border: none;
        border-right: tall $panel;
    }
    MiniRogueBoardsScreen #entries-box {
        padding: 0 1;
    }
    /* Narrow terminals: the boards above their entries, so an entry's line fits. */
    MiniRogueBoardsScreen.narrow #boards-box {
        layout: vertical;
    }
    MiniRogueBoardsScreen.narrow #boards {
        width: 100%;
        height: 6;
        border-right: none;
        border-bottom: tall $panel;
    }
    """

    def __init__(self, today: datetime.date) -> None:
        super().__init__()
        self.today = today
        self.keys: list[str] = []

    def compose(self) -> ComposeResult:
        with Horizontal(id="boards-box") as box:
            box.border_title = "Mini Rogue boards"
            yield MarkedOptionList(id="boards")
            with VerticalScroll(id="entries-box"):
                yield Static(id="entries")
                yield Static(id="community")
        yield Footer()

    def on_mount(self) -> None:
        found, problem = boards(self.today)
        self.keys = [board for board, _ in found]
        options = self.query_one("#boards", OptionList)
        for board, players in found:
            options.add_option(Option(Text(f"{board_title(board)} "
                                           f"({plural(players, 'player')})")))
        options.highlighted = 0
        options.focus()
        self.show_board(0, problem)

    def on_resize(self) -> None:
        self.set_class(self.size.width < NARROW, "narrow")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_board(event.option_index)

    def show_board(self, index: int, problem: str = "") -> None:
        board = self.keys[index]
        rows, trouble = board_entries(board, SHOWN)
        text = Text(board_title(board) + "\n\n", style="bold")
        if rows:
            text.append(board_heading(board.startswith("daily:")), style="dim")
            text.append_text(board_text(rows))
        else:
            text.append("Nobody has finished this dungeon here yet.\n", style="dim")
        for line in (problem, trouble):
            if line:
                text.append(f"\n{line}", style="dim")
        self.query_one("#entries", Static).update(text)
        self.query_one("#community", Static).update("")
        self.fetch_community(board)

    @work(thread=True, exclusive=True, group="community")
    def fetch_community(self, board: str) -> None:
        from engine.minirogue import GAME
        from services import community

        try:
            server = community.server_url(None)
        except community.CommunityError:
            return  # no server set: the local boards are all there is
        try:
            page = community.Client(server, timeout=5.0).points_leaderboard(GAME, board,
                                                                             limit=SHOWN)
        except community.CommunityError as exc:
            self.app.call_from_thread(self.show_community, board, server, [], exc.message)
            return
        rows: list[Row] = []
        for item in page.get("items", []) if isinstance(page, dict) else []:
            try:
                rows.append((int(item["rank"]), str(item["player"]), int(item["score"]),
                             str(item.get("ending", "")),
                             played_on(board, item["setup"] if isinstance(
                                 item.get("setup"), dict) else {})))
            except (KeyError, TypeError, ValueError):
                continue  # not the server's shape: shown without it
        self.app.call_from_thread(self.show_community, board, server, rows, "")

    def show_community(self, board: str, server: str, rows: list[Row], problem: str) -> None:
        if not self.is_attached or self.current() != board:
            return  # another board is highlighted now; its own fetch answers
        text = Text(f"\nOn {server}\n\n", style="bold")
        if problem:
            text.append(f"The community server could not be reached: {problem}\n"
                        "The boards on this computer are as they were.", style="dim")
        elif rows:
            text.append(board_heading(board.startswith("daily:")), style="dim")
            text.append_text(board_text(rows))
        else:
            text.append("Nobody is on this board on the server yet.", style="dim")
        self.query_one("#community", Static).update(text)

    def current(self) -> str | None:
        index = self.query_one("#boards", OptionList).highlighted
        return self.keys[index] if index is not None and 0 <= index < len(self.keys) else None

    def action_help(self) -> None:
        show_help(self, glossary.HELP)

    def action_close(self) -> None:
        self.dismiss(None)
