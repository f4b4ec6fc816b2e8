"""The lists of story campaigns and challenge maps, and opening any map file.

The list shows the bundled maps and the user's maps folder. Files are checked in a worker
thread, so the screen appears at once; a file that fails its checks is marked and opens the
problems screen instead of the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from app.games.cardrogue import launch, maplist
from app.games.cardrogue.maplist import MapEntry
from app.player import player_name
from app.screens.file_prompt import FilePromptScreen
from app.words import par_verdict
from engine.core import shown
from services.paths import maps_dir

if TYPE_CHECKING:
    from textual.app import App

KIND_TITLES = {"campaign": "Story campaigns", "challenge": "Challenge maps"}
# The list's columns. Below WIDE_FROM columns of screen all of them do not fit: the list keeps
# the title (cut with "…"), par, best, code and difficulty, and the line under the list says
# the highlighted map's title whole, its author, levels and where it comes from.
WIDE_FROM = 120
COLUMNS = ("Title", "Author", "Levels", "Par", "Best", "Code", "Difficulty", "From")
NARROW_COLUMNS = ("Title", "Par", "Best", "Code", "Difficulty")
TITLE_CELLS, NARROW_TITLE_CELLS, AUTHOR_CELLS = 30, 26, 20
SOURCE_WORDS = {maplist.BUNDLED: "bundled with the game", maplist.YOURS: "from your maps folder",
                maplist.OPENED: "opened from a file"}


def cut(text: Text, width: int) -> Text:
    """`text` in at most `width` cells, "…" where it is cut."""
    text.truncate(width, overflow="ellipsis")
    return text


def entry_row(entry: MapEntry, columns: tuple[str, ...] = COLUMNS) -> list[Text]:
    """The map's cells under `columns`."""
    wide = columns == COLUMNS
    title = Text(entry.title)
    if not entry.playable:
        title = Text("✗ ", style="bold red") + title
    cells = {
        "Title": cut(title, TITLE_CELLS if wide else NARROW_TITLE_CELLS),
        "Author": cut(Text(entry.author or "—"), AUTHOR_CELLS),
        "Levels": Text("—" if entry.levels is None else str(entry.levels)),
        "Par": Text("—" if entry.par is None else str(entry.par)),
        "Best": best_text(entry),
        "Code": Text(entry.share_code or "problems", style="" if entry.playable else "red"),
        "Difficulty": Text(entry.difficulty or "—"),
        "From": Text(entry.source, style="dim"),
    }
    return [cells[name] for name in columns]


def who_and_where(entry: MapEntry) -> str:
    """What the narrow list leaves out: "Title, by Author: 3 levels, bundled with the game."
    (the levels when there are more than one and no par line says them)."""
    levels = (f"{entry.levels} levels, " if entry.levels and entry.levels > 1
              and entry.par is None else "")
    return (f"{entry.title}, by {entry.author or 'no author named'}: {levels}"
            f"{SOURCE_WORDS.get(entry.source, entry.source)}.")


def best_text(entry: MapEntry) -> Text:
    """Solved or not in words (never by colour alone), and the best against par."""
    if not entry.playable:
        return Text("—")
    if entry.best is None:
        return Text("unsolved", style="dim")
    moves = entry.best[0]
    against = f", {par_verdict(moves, entry.par)}" if entry.par is not None else ""
    return Text(f"✓ {moves}{against}", style="bold" if against == ", under par!" else "")


def next_unsolved(entries: list[MapEntry], after: int) -> int | None:
    """The index of the first playable, unsolved map after `after` (round the end), or None."""
    count = len(entries)
    for step in range(1, count + 1):
        index = (after + step) % count
        if entries[index].playable and entries[index].best is None:
            return index
    return None


def par_line(entry: MapEntry) -> str:
    """A campaign's par in all, as the list says it under the highlighted map."""
    levels = f" over {entry.levels} levels" if entry.levels and entry.levels > 1 else ""
    return (f"Par {entry.par} (proved){levels}." if entry.par_proved
            else f"Par {entry.par}{levels}, as its author set it.")


def list_below(app: App) -> MapListScreen | None:
    """The map list a game was opened from (the topmost in the app's stack), if any."""
    lists = [screen for screen in app.screen_stack if isinstance(screen, MapListScreen)]
    return lists[-1] if lists else None


class OpenFileScreen(FilePromptScreen):
    """Asks for a map file (a guest of `cardrogue web` chooses one of their maps)."""

    def __init__(self) -> None:
        super().__init__("Open a map file", "path/to/map.toml", maps_dir, "*.toml")

    def action_cancel(self) -> None:
        self.dismiss(None)


class MapListScreen(Screen[None]):
    """Choose a map to play: Enter plays it (or shows its problems)."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="maps_back"),
        Binding("o", "open_file", "Open file", id="maps_open"),
        Binding("ctrl+r,f5", "reload", "Reload", id="maps_reload"),
        Binding("n", "next_unsolved", "Next unsolved", id="maps_next_unsolved"),
    ]

    DEFAULT_CSS = """
    MapListScreen #heading {
        height: auto;
        padding: 1 1 0 1;
        text-style: bold;
        color: $accent;
    }
    MapListScreen #where {
        height: auto;
        padding: 0 1 1 1;
        color: $text-muted;
    }
    MapListScreen DataTable {
        height: 1fr;
    }
    MapListScreen #about {
        height: auto;
        max-height: 6;
        padding: 0 1;
        color: $text-muted;
    }
    """

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind
        self.entries: list[MapEntry] = []
        self.wide = False  # every column, or the narrow list's (set on mount)
        self.next_when_read = False  # play the next unsolved map once the list is read again

    def compose(self) -> ComposeResult:
        yield Static(KIND_TITLES.get(self.kind, "Maps"), id="heading")
        yield Static(Text("Looking for maps…"), id="where")
        yield DataTable(id="maps", cursor_type="row", zebra_stripes=True)
        yield Static("", id="about")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
        self.set_columns(self.app.size.width >= WIDE_FROM)
        self.action_reload()

    def set_columns(self, wide: bool) -> None:
        """The list's columns for this width, its rows drawn again."""
        self.wide = wide
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns(*self.columns())
        self.fill(self.entries)

    def columns(self) -> tuple[str, ...]:
        return COLUMNS if self.wide else NARROW_COLUMNS

    def on_resize(self) -> None:
        if (self.app.size.width >= WIDE_FROM) != self.wide:
            self.set_columns(not self.wide)

    def on_screen_resume(self) -> None:
        # Back from a game (or the editor): a new best, or a new map, shows at once.
        if self.entries:
            self.load()

    def action_reload(self) -> None:
        self.load()

    @work(thread=True, exclusive=True, group="scan")
    def load(self) -> None:
        entries = maplist.scan(self.kind, player_name())
        self.app.call_from_thread(self.fill, entries)

    def fill(self, entries: list[MapEntry]) -> None:
        self.entries = entries
        table = self.query_one(DataTable)
        row = table.cursor_row  # back from a game, the cursor stays on the map played
        table.clear()
        for index, entry in enumerate(entries):
            table.add_row(*entry_row(entry, self.columns()), key=str(index))
        table.move_cursor(row=row)
        where = Text()
        if not entries:
            where.append("No maps here yet. ", style="bold")
        folders = maplist.folders()
        where.append("Maps come from ")
        where.append(shown(str(folders[0][1])))
        where.append(" and your folder ")
        where.append(shown(str(folders[1][1])))
        where.append(". Press o to open any file.")
        self.query_one("#where", Static).update(where)
        if self.next_when_read:
            self.next_when_read = False
            self.action_next_unsolved()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # The highlighted map's description, under the list.
        index = int(event.row_key.value or 0) if event.row_key is not None else -1
        entry = self.entries[index] if 0 <= index < len(self.entries) else None
        about = Text(" ".join(entry.description.split()) if entry is not None else "")
        if entry is not None and entry.kind == "campaign" and entry.par is not None:
            about = Text(par_line(entry), style="bold") + Text(" ") + about
        if entry is not None and not self.wide:
            about = Text(who_and_where(entry)) + Text(" ") + about
        self.query_one("#about", Static).update(about)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        index = int(event.row_key.value or 0)
        if 0 <= index < len(self.entries):
            launch.open_entry(self.app, self.entries[index])

    def action_next_unsolved(self) -> None:
        """Play the next map not solved yet, from the highlighted one on."""
        table = self.query_one(DataTable)
        index = next_unsolved(self.entries, table.cursor_row) if self.entries else None
        if index is None:
            self.notify("Every map here is solved." if self.entries else "No maps here yet.")
            return
        table.move_cursor(row=index)
        launch.open_entry(self.app, self.entries[index])

    def action_open_file(self) -> None:
        self.app.push_screen(OpenFileScreen(), self._opened)

    def _opened(self, path: Path | None) -> None:
        if path is not None:
            launch.open_path(self.app, path)

    def action_back(self) -> None:
        self.dismiss(None)
