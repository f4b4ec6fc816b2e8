"""Starting the editor (issue 6): open one of the user's maps, or make a new one from a template.

    EditorStartScreen   the title menu's "Editor" and `cardrogue edit` without FILE: the maps in
                        maps_dir(), newest first, and "New map…"
    NewMapScreen        a template, its size, a title and a file name; returns (document, path)

A new map is not written here: the editor gets its path, and the first ctrl+s writes it there.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from app.games.cardrogue.editor.model import MAX_SIDE
from app.games.cardrogue.editor.templates import (
    DEFAULT_SIZE,
    TEMPLATES,
    Template,
    slug,
    unused_path,
)
from app.screens.dialogs import DIALOG_CSS
from app.widgets.marked_options import MarkedOptionList
from engine.core import shown
from services.paths import files_in, maps_dir

NEW = "new"  # the option id of "New map…"
REASON_LENGTH = 70  # unreadable files get one short line, not a whole report


@dataclass(frozen=True)
class MapFile:
    """A file in the maps folder: its title, or why it cannot be opened."""

    path: Path
    title: str | None
    problem: str | None = None


def _short(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else "cannot be read"
    return line if len(line) <= REASON_LENGTH else line[:REASON_LENGTH - 1] + "…"


def read_map_file(path: Path) -> MapFile:
    """The title of the map in `path`, or a short reason it cannot be opened (never raises)."""
    from app.games.cardrogue.maplist import check  # lazy: validation brings in jsonschema

    try:
        report = check(path)
    except Exception as error:  # noqa: BLE001 - one bad file must not break the list
        return MapFile(path, None, _short(str(error) or type(error).__name__))
    document = report.document
    if not isinstance(document, dict):
        reason = report.problems[0].message if report.problems else "cannot be read"
        return MapFile(path, None, _short(reason))
    title = document.get("title")
    return MapFile(path, title if isinstance(title, str) and title else None)


def map_files(folder: Path) -> list[MapFile]:
    """The .toml files in `folder`, newest first."""

    def modified(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    paths = files_in(folder, "*.toml")
    paths.sort(key=lambda p: (-modified(p), p.name))
    return [read_map_file(path) for path in paths]


def _prompt(entry: MapFile) -> Content:
    # Titles and file names are shown literally: no markup is read from them.
    # Both come from outside the program, so they pass the sanitiser too.
    if entry.problem is not None:
        return Content.assemble((shown(entry.path.name), "bold"),
                                ("  ✗ " + shown(entry.problem), "red"))
    return Content.assemble((shown(entry.title or entry.path.stem), "bold"),
                            ("  " + shown(entry.path.name), "dim"))


def open_new_map(app, result: tuple[dict[str, Any], Path] | None) -> None:
    """Open the editor on a document from NewMapScreen (nothing when it was cancelled)."""
    if result is None:
        return
    from app.games.cardrogue.editor.model import MapModel
    from app.games.cardrogue.screens.editor import EditorScreen

    document, path = result
    app.push_screen(EditorScreen(MapModel(document), path))


class EditorStartScreen(Screen[None]):
    """Choose a map of the user's to edit, or "New map…"."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="editor_start_back"),
        Binding("n", "new_map", "New map", id="editor_start_new"),
    ]

    DEFAULT_CSS = """
    EditorStartScreen { align: center middle; }
    EditorStartScreen #start-box {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-align: center;
        padding: 0 1;
    }
    EditorStartScreen #folder { color: $text-muted; height: auto; }
    EditorStartScreen #maps, EditorStartScreen #maps:focus {
        height: auto;
        max-height: 18;
        border: none;
        padding: 0;
    }
    """

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.folder = Path(folder) if folder is not None else maps_dir()
        self.files: list[MapFile] = []

    @property
    def choices(self) -> OptionList:
        return self.query_one("#maps", OptionList)

    def compose(self) -> ComposeResult:
        with Vertical(id="start-box") as box:
            box.border_title = "Editor"
            yield Static(id="folder")
            yield MarkedOptionList(id="maps")
        yield Footer()

    def on_mount(self) -> None:
        self.choices.focus()

    def on_screen_resume(self) -> None:
        # Shown first, or back from the editor, where a save may have added a map.
        self.refresh_maps()

    def refresh_maps(self) -> None:
        self.files = map_files(self.folder)
        where = "Your maps, in" if self.files else "No maps yet in"
        self.query_one("#folder", Static).update(Content(f"{where} {shown(str(self.folder))}"))
        options = [Option(Content.styled("New map…", "bold"), id=NEW)]
        options += [Option(_prompt(entry), id=str(index)) for index, entry in enumerate(self.files)]
        choices = self.choices
        choices.set_options(options)
        choices.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id == NEW:
            self.action_new_map()
            return
        entry = self.files[int(event.option_id or 0)]
        from app.games.cardrogue.screens.editor import open_editor

        open_editor(self.app, entry.path)

    def action_new_map(self) -> None:
        self.app.push_screen(NewMapScreen(self.folder),
                             lambda result: open_new_map(self.app, result))

    def action_back(self) -> None:
        self.dismiss(None)


class NewMapScreen(ModalScreen[tuple[dict[str, Any], Path] | None]):
    """A template, the size of its levels, a title and a file name in the maps folder."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="new_map_cancel")]

    DEFAULT_CSS = f"""
    NewMapScreen {{
        {DIALOG_CSS}
    }}
    NewMapScreen #dialog {{ width: 68; }}
    NewMapScreen #templates, NewMapScreen #templates:focus {{
        height: auto;
        border: none;
        padding: 0;
        background: $surface;
    }}
    NewMapScreen #description {{ color: $text-muted; height: auto; margin-bottom: 1; }}
    NewMapScreen .row {{ height: 1; margin-bottom: 1; }}
    NewMapScreen .label {{ width: 8; }}
    NewMapScreen #width, NewMapScreen #height {{ width: 6; }}
    NewMapScreen #by {{ width: 3; text-align: center; }}
    NewMapScreen #title, NewMapScreen #file {{ width: 1fr; }}
    NewMapScreen #where {{ color: $text-muted; height: auto; }}
    NewMapScreen #message {{ color: $error; height: auto; }}
    NewMapScreen #buttons {{ height: 1; margin-top: 1; align-horizontal: center; }}
    NewMapScreen Button {{ margin: 0 1; }}
    """

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.folder = Path(folder) if folder is not None else maps_dir()
        self.template: Template = TEMPLATES[0]
        self._auto_file = ""  # the file name we proposed; typing another one stops the updates

    def compose(self) -> ComposeResult:
        width, height = DEFAULT_SIZE
        with Vertical(id="dialog") as box:
            box.border_title = "New map"
            box.border_subtitle = "Tab: next field · Enter: create · Esc: cancel"
            yield MarkedOptionList(*(Option(Content(t.name), id=str(i)) for i, t in enumerate(TEMPLATES)),
                             id="templates")
            yield Static(id="description")
            with Horizontal(classes="row"):
                yield Static("Size", classes="label")
                yield Input(str(width), id="width", type="integer", max_length=3, compact=True)
                yield Static("×", id="by")
                yield Input(str(height), id="height", type="integer", max_length=3, compact=True)
            with Horizontal(classes="row"):
                yield Static("Title", classes="label")
                yield Input(self.template.default_title, id="title", max_length=200, compact=True)
            with Horizontal(classes="row"):
                yield Static("File", classes="label")
                yield Input(id="file", compact=True)
            yield Static(id="where")
            yield Static(id="message")
            with Horizontal(id="buttons"):
                yield Button("Create", variant="primary", id="create", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
        yield Footer()

    def _input(self, name: str) -> Input:
        return self.query_one(f"#{name}", Input)

    def on_mount(self) -> None:
        templates = self.query_one("#templates", OptionList)
        templates.highlighted = 0
        templates.focus()
        self._show_template()
        self._propose_file()

    # ------------------------------------------------------------------ keeping fields in step

    def _show_template(self) -> None:
        self.query_one("#description", Static).update(Content(self.template.description))

    def _propose_file(self) -> None:
        """The file name follows the title until the author types one of their own."""
        file_input = self._input("file")
        if file_input.value.strip() in ("", self._auto_file):
            self._auto_file = unused_path(self.folder, slug(self._input("title").value)).name
            file_input.value = self._auto_file
        self._show_where()

    def _show_where(self) -> None:
        name = self._file_name()
        plain = name and "/" not in name and "\\" not in name
        where = f"Saved as {self.folder / name}" if plain else ""
        self.query_one("#where", Static).update(Content(where))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        previous = self.template
        self.template = TEMPLATES[int(event.option_id or 0)]
        title = self._input("title")
        if title.value.strip() in ("", previous.default_title):
            title.value = self.template.default_title
        self._show_template()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.focus_next()  # Enter on a template goes on to its size

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if event.input.id == "title":
            self._propose_file()
        elif event.input.id == "file":
            self._show_where()
        self._say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_create()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "create":
            self.action_create()
        else:
            self.action_cancel()

    # ------------------------------------------------------------------ checking and creating

    def _say(self, message: str) -> None:
        self.query_one("#message", Static).update(Content(message))

    def _file_name(self) -> str:
        name = self._input("file").value.strip()
        if name and not name.lower().endswith(".toml"):
            name += ".toml"
        return name

    def _level_size(self) -> tuple[int, int] | None:
        try:
            width, height = int(self._input("width").value), int(self._input("height").value)
        except ValueError:
            return None
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            return None
        return width, height

    def problem(self) -> str | None:
        """Why the fields cannot make a map yet, or None."""
        size = self._level_size()
        if size is None:
            return f"Width and height are whole numbers from 1 to {MAX_SIDE}."
        if not self.template.fits(*size):
            return (f"The {self.template.name} template needs a level of at least "
                    f"{self.template.min_cells} cells.")
        if not self._input("title").value.strip():
            return "The map needs a title."
        name = self._file_name()
        if not name or name == ".toml":
            return "The map needs a file name."
        if "/" in name or "\\" in name or name.startswith("."):
            return f"Give a plain file name: the map goes in {self.folder}."
        if (self.folder / name).exists():
            return f"{name} already exists in that folder: choose another name."
        return None

    def action_create(self) -> None:
        problem = self.problem()
        if problem is not None:
            self._say(problem)
            return
        width, height = self._level_size() or DEFAULT_SIZE
        document = self.template.build(width, height, self._input("title").value.strip())
        self.dismiss((document, self.folder / self._file_name()))

    def action_cancel(self) -> None:
        self.dismiss(None)
