"""The editor screen (issue 6, first slice): paint cards and draw corridors on one level.

Keys: arrows or hjkl move the cursor; 1-9 and 0 paint a palette entry (and make it the brush),
`[` and `]` pick the brush, space paints it; `c` toggles corridor mode, where each move draws a
corridor step; shift+arrows toggle the edge on that side; `x` erases; `u`/ctrl+z undo, ctrl+y
redo; ctrl+s saves; escape leaves, asking first when there are unsaved changes. The problems
panel lists schema and lint results for the current content; choosing one moves the cursor to
its cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.editor.canvas import EditorCanvas
from app.editor.model import BUILT_IN, MapModel
from engine.cardrogue.board import DIRECTION_BITS, E, N, S, W


@dataclass(frozen=True)
class Brush:
    """A palette entry: the glyph to paint and the legend entry it needs (None for built-ins)."""

    glyph: str
    label: str
    card: Any = None


BUILT_IN_BRUSHES = (Brush("@", "start"), Brush(">", "ladder"), Brush(".", "path"))
# Cards offered on every level; a glyph the level's legend already uses is left out.
DEFAULT_CARDS = (
    Brush("g", "goblin", "goblin"), Brush("p", "potion", "potion"), Brush("$", "shop", "shop"),
    Brush("^", "spike trap", "trap_spikes"), Brush("k", "key", "key"),
    Brush("C", "chest", "chest"), Brush("f", "fountain", "fountain"),
)
STEPS = {(-1, 0): N, (1, 0): S, (0, -1): W, (0, 1): E}


def palette_for(model: MapModel, level: int) -> list[Brush]:
    """Built-ins, then the level's own legend entries, then the default cards."""
    brushes = list(BUILT_IN_BRUSHES)
    legend = model.legend(level)
    for glyph, entry in legend.items():
        if glyph in BUILT_IN:
            continue
        card = entry.get("card") if isinstance(entry, dict) else entry
        name = entry.get("name") if isinstance(entry, dict) else None
        brushes.append(Brush(glyph, str(name or card), None))
    brushes.extend(b for b in DEFAULT_CARDS if b.glyph not in legend)
    return brushes


def _where(problem) -> str:
    if problem.row is not None and problem.col is not None:
        return f"r{problem.row}c{problem.col}"
    return "—"


class EditorScreen(Screen[None]):
    """Edits one map document; `path` is where ctrl+s writes (None: a new map not yet saved)."""

    BINDINGS = [
        Binding("escape", "leave", "Back", id="editor_back"),
        Binding("ctrl+s", "save", "Save", id="editor_save"),
        Binding("u,ctrl+z", "undo", "Undo", id="editor_undo"),
        Binding("ctrl+y", "redo", "Redo", id="editor_redo", show=False,
                tooltip="Redo what was undone"),
        Binding("c", "corridor", "Corridor", id="editor_corridor"),
        Binding("x", "erase", "Erase", id="editor_erase"),
        Binding("space", "paint", "Paint", id="editor_paint", show=False,
                tooltip="Paint the brush on the cursor's cell"),
        Binding("left_square_bracket", "brush(-1)", "Brush", show=False),
        Binding("right_square_bracket", "brush(1)", "Brush", show=False),
        Binding("shift+up", "edge('N')", show=False),
        Binding("shift+down", "edge('S')", show=False),
        Binding("shift+left", "edge('W')", show=False),
        Binding("shift+right", "edge('E')", show=False),
        Binding("tab", "toggle_panel", "Problems", id="editor_panel"),
        *(Binding(str((n + 1) % 10), f"pick({n})", show=False) for n in range(10)),
    ]

    EXTRA_KEYS = (
        ("↑ ↓ ← → h j k l", "Move the cursor (draws a corridor in corridor mode)"),
        ("1-9 0", "Paint a palette entry and make it the brush"),
        ("[ ]", "Choose the brush"),
        ("shift+arrows", "Open or close the edge on that side"),
    )

    DEFAULT_CSS = """
    EditorScreen #editor-body { height: 1fr; }
    EditorScreen EditorCanvas { width: 1fr; height: 100%; }
    EditorScreen #problems {
        width: 36;
        height: 100%;
        border: round $primary;
        border-title-color: $text;
    }
    EditorScreen #problems:focus { border: round $accent; }
    EditorScreen #palette { height: 1; padding: 0 1; color: $text-muted; }
    EditorScreen #status { height: 1; padding: 0 1; background: $panel; }
    """

    def __init__(self, model: MapModel | None = None, path: Path | None = None) -> None:
        super().__init__()
        self.model = model if model is not None else MapModel()
        self.path = Path(path) if path is not None else None
        self.corridor = False
        self.brush_index = 0
        self._shown_problems: list = []

    # ------------------------------------------------------------------ layout

    @property
    def canvas(self) -> EditorCanvas:
        return self.query_one(EditorCanvas)

    @property
    def panel(self) -> OptionList:
        return self.query_one("#problems", OptionList)

    @property
    def brushes(self) -> list[Brush]:
        return palette_for(self.model, self.canvas.level)

    @property
    def brush(self) -> Brush:
        brushes = self.brushes
        return brushes[self.brush_index % len(brushes)]

    def compose(self) -> ComposeResult:
        with Horizontal(id="editor-body"):
            yield EditorCanvas(self.model, id="canvas")
            yield OptionList(id="problems")
        yield Static(id="palette")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.canvas.on_moved = self.on_editor_canvas_moved
        self.canvas.focus()
        self.update_views()

    # ------------------------------------------------------------------ views

    def update_views(self) -> None:
        """Draw the canvas again, and bring the problems, palette and status up to date."""
        self.canvas.changed()
        report = self.model.report()
        problems = report.problems
        if problems != self._shown_problems:
            self._shown_problems = list(problems)
            panel = self.panel
            highlighted = panel.highlighted
            panel.clear_options()
            for index, problem in enumerate(problems):
                mark = "E" if problem.severity == "error" else "W"
                text = Content.from_markup(
                    "[b $error]$mark[/] $where $message" if mark == "E"
                    else "[$warning]$mark[/] $where $message",
                    mark=mark, where=_where(problem), message=problem.message)
                panel.add_option(Option(text, id=str(index)))
            if highlighted is not None and problems:
                panel.highlighted = min(highlighted, len(problems) - 1)
        errors, warnings = len(report.errors), len(report.warnings)
        self.panel.border_title = f"Problems {errors}E {warnings}W"
        self._update_palette()
        self._update_status()

    def _update_palette(self) -> None:
        brushes = self.brushes
        current = self.brush_index % len(brushes)
        parts = []
        for index, brush in enumerate(brushes[:10]):
            text = Content(f"{(index + 1) % 10}{brush.glyph}")
            parts.append(text.stylize("reverse") if index == current else text)
        if current >= 10:
            parts.append(Content(brushes[current].glyph).stylize("reverse"))
        content = Content.assemble("Palette ", Content(" ").join(parts),
                                   "  [ ] brush  space paint")
        self.query_one("#palette", Static).update(content)

    def _update_status(self) -> None:
        row, col = self.canvas.cursor
        report = self.model.report()
        tool = "corridor" if self.corridor else f"paint {self.brush.glyph} ({self.brush.label})"
        level = self.model.level_id(self.canvas.level)
        errors, warnings = len(report.errors), len(report.warnings)
        name = self.path.name if self.path is not None else "new map"
        marker = " ●" if self.model.modified else ""
        text = (f"{name}{marker}  {level} r{row + 1}c{col + 1}  {tool}  "
                f"{errors} error{'s' if errors != 1 else ''}, "
                f"{warnings} warning{'s' if warnings != 1 else ''}")
        self.query_one("#status", Static).update(Content(text))

    @property
    def status_text(self) -> str:
        return str(self.query_one("#status", Static).render())

    # ------------------------------------------------------------------ the canvas

    def on_editor_canvas_moved(self, message: EditorCanvas.Moved) -> None:
        message.stop()
        canvas = self.canvas
        row, col = message.start
        if self.corridor:
            bit = STEPS[(message.drow, message.dcol)]
            if self.model.corridor_step(canvas.level, row, col, bit) is not None:
                self.update_views()
        self._update_status()

    def on_editor_canvas_clicked(self, message: EditorCanvas.Clicked) -> None:
        message.stop()
        self._update_status()

    # ------------------------------------------------------------------ tools

    def _edit(self, change) -> None:
        change()
        self.update_views()

    def action_paint(self) -> None:
        brush, canvas = self.brush, self.canvas
        self._edit(lambda: self.model.set_glyph(canvas.level, *canvas.cursor, brush.glyph,
                                                brush.card))

    def action_pick(self, index: int) -> None:
        if index < len(self.brushes):
            self.brush_index = index
            self.corridor = False
            self.action_paint()

    def action_brush(self, step: int) -> None:
        self.brush_index = (self.brush_index + step) % len(self.brushes)
        self.corridor = False
        self._update_palette()
        self._update_status()

    def action_corridor(self) -> None:
        self.corridor = not self.corridor
        self._update_status()

    def action_erase(self) -> None:
        canvas = self.canvas
        self._edit(lambda: self.model.erase(canvas.level, *canvas.cursor))

    def action_edge(self, direction: str) -> None:
        canvas = self.canvas
        self._edit(lambda: self.model.toggle_edge(canvas.level, *canvas.cursor,
                                                  DIRECTION_BITS[direction]))

    def action_undo(self) -> None:
        if self.model.undo():
            self.update_views()
        else:
            self.notify("Nothing to undo.")

    def action_redo(self) -> None:
        if self.model.redo():
            self.update_views()
        else:
            self.notify("Nothing to redo.")

    def action_toggle_panel(self) -> None:
        if self.panel.has_focus:
            self.canvas.focus()
        else:
            self.panel.focus()

    # ------------------------------------------------------------------ problems

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option_id or 0)
        if index >= len(self._shown_problems):
            return
        problem = self._shown_problems[index]
        level = self.model.level_index(problem.level)
        canvas = self.canvas
        if level is not None and level != canvas.level:
            canvas.set_level(level)
        if problem.cell is not None:
            canvas.move_to(*problem.cell)
        canvas.focus()
        self._update_status()

    # ------------------------------------------------------------------ saving and leaving

    def _new_path(self) -> Path:
        from app.storage.paths import maps_dir

        folder = maps_dir()
        candidate = folder / "untitled.toml"
        number = 2
        while candidate.exists():
            candidate = folder / f"untitled-{number}.toml"
            number += 1
        return candidate

    def action_save(self) -> None:
        if self.path is None:
            self.path = self._new_path()
        try:
            written = self.model.save(self.path)
        except OSError as error:
            self.notify(f"Could not save {self.path}: {error.strerror or error}",
                        title="Not saved", severity="error", markup=False)
            return
        self.notify(f"Saved {self.path}" if written else f"{self.path} is up to date",
                    markup=False)
        self._update_status()

    def action_leave(self) -> None:
        if not self.model.modified:
            self.dismiss(None)
            return
        from app.screens.dialogs import ConfirmScreen

        self.app.push_screen(ConfirmScreen("Leave the editor? Unsaved changes are lost.",
                                           "Leave", "Stay"),
                             lambda yes: self.dismiss(None) if yes else None)


def open_editor(app, path: Path | None = None) -> None:
    """Open the editor on `path` (a new map when it is None or does not exist yet)."""
    from engine.cardrogue.maps import MapError

    model = None
    if path is not None and Path(path).exists():
        try:
            model = MapModel.load(path)
        except MapError as error:
            app.notify(str(error), title="This file cannot be edited", severity="error",
                       markup=False)
            return
    app.push_screen(EditorScreen(model, path))


