"""The editor screen: paint cards, draw corridors, select and copy, edit levels and properties.

Tools (the mouse applies the current one; keys work whatever the tool): select (the default: a
click moves the cursor, a drag selects a rectangle), paint (`b`: click or drag paints the
brush), corridor (`c`: moving the cursor or dragging draws a corridor), erase (`X`). A drag is
one undo step. Everything else is in the keys of editor/keys.py; `?` lists them all.
The selection, the legend, the levels and the map file are sections of the screen mixed in
from editor/selection.py, legend_actions.py, level_actions.py and file_actions.py.
The problems panel lists schema and lint results for the current content; choosing one moves
the cursor to its level and cell.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.games.cardrogue.editor.brushes import Brush, PaletteOrder, palette_for
from app.games.cardrogue.editor.canvas import EditorCanvas
from app.games.cardrogue.editor.cards import (
    entry_card,
    glyph_for_new_entry,
)
from app.games.cardrogue.editor.file_actions import FileActions
from app.games.cardrogue.editor.grids import BUILT_IN
from app.games.cardrogue.editor.inspector import Inspector
from app.games.cardrogue.editor.keys import EDITOR_BINDINGS, EDITOR_EXTRA_KEYS
from app.games.cardrogue.editor.legend_actions import LegendActions
from app.games.cardrogue.editor.level_actions import LevelActions
from app.games.cardrogue.editor.model import MAP, Clip, MapModel, NotEditable
from app.games.cardrogue.editor.overview import LevelsStrip, Minimap
from app.games.cardrogue.editor.par import KEPT, Found, Outcome, level_key, solve_level
from app.games.cardrogue.editor.selection import Selection
from app.widgets.marked_options import MarkedOptionList
from engine.cardrogue import DIRECTION_BITS, E, N, S, W
from engine.core import shown

STEPS = {(-1, 0): N, (1, 0): S, (0, -1): W, (0, 1): E}
RECENT = 8  # recent brushes the card palette lists first
# The editor's actions a key may still run while the inspector has the keys.
INSPECTOR_KEYS = frozenset({"save", "undo", "redo", "inspector"})
# Seconds of quiet after an edit before the solver starts on the new content: a burst of keys
# starts one search, not one per key.
PAR_DELAY = 0.4


def _where(problem) -> str:
    if problem.row is not None and problem.col is not None:
        return f"r{problem.row}c{problem.col}"
    return "—"


class EditorScreen(Selection, LegendActions, LevelActions, FileActions, Screen[None]):
    """Edits one map document; `path` is where ctrl+s writes (None: a new map not yet saved)."""

    BINDINGS = EDITOR_BINDINGS
    EXTRA_KEYS = EDITOR_EXTRA_KEYS

    DEFAULT_CSS = """
    EditorScreen #editor-body { height: 1fr; }
    EditorScreen EditorCanvas { width: 1fr; height: 100%; }
    EditorScreen #side { width: 36; height: 100%; }
    EditorScreen #inspector { display: none; }
    EditorScreen #inspector.shown { display: block; }
    EditorScreen #problems {
        height: 1fr;
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
        self.tool = "select"  # or "paint", "corridor", "erase": what the mouse does
        self.brush_index = 0
        self.palette_order = PaletteOrder()
        self.minimap_on = True  # shown when the level is larger than the canvas
        self.recent: list[Brush] = []  # the brushes painted most recently, the last first
        self.picked: Brush | None = None  # a brush chosen from every card, until [ ] or a digit
        self.clipboard: Clip | None = None
        # Where a selection being stretched began (not `anchor`: that is a Widget method).
        self.selection_anchor: tuple[int, int] | None = None
        self._last_cell: tuple[int, int] = (0, 0)  # where the mouse was last in a drag
        # A map meant for a file that does not exist yet (a template, `edit NEW.toml`) is
        # unsaved until its first save, edited or not.
        self._unwritten = self.path is not None and not self.path.exists()
        self.clear_run: Any = None  # the run that cleared this content (see app/games/cardrogue/editor/playtest.py)
        self._shown_problems: list = []
        # The solver's results by content key (app/games/cardrogue/editor/par.py), and the key of the content
        # the current level holds now: only its result is shown.
        self.pars: dict[str, Outcome] = {}
        self.par_key: str | None = None
        self._par_seen: tuple[Any, int] | None = None  # (report, level) the key was made for
        self._par_timer: Any = None
        self.busy_at = 0.0  # when the author last did something (the solver waits meanwhile)

    # ------------------------------------------------------------------ layout

    @property
    def canvas(self) -> EditorCanvas:
        return self.query_one(EditorCanvas)

    @property
    def panel(self) -> OptionList:
        return self.query_one("#problems", OptionList)

    @property
    def level(self) -> int:
        return self.canvas.level

    @property
    def brushes(self) -> list[Brush]:
        return self.palette_order.arrange(palette_for(self.model, self.canvas.level))

    @property
    def brush(self) -> Brush:
        if self.picked is not None:
            return self.picked
        brushes = self.brushes
        return brushes[self.brush_index % len(brushes)]

    @property
    def unsaved(self) -> bool:
        """Whether leaving now would lose work."""
        return self.model.modified or self._unwritten

    @property
    def corridor(self) -> bool:
        return self.tool == "corridor"

    def compose(self) -> ComposeResult:
        yield LevelsStrip(id="levels")
        with Horizontal(id="editor-body"):
            yield EditorCanvas(self.model, id="canvas")
            with Vertical(id="side"):
                yield Inspector(self.model, id="inspector")
                yield Minimap(self.model, id="minimap")
                yield MarkedOptionList(id="problems")
        yield Static(id="palette")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        canvas = self.canvas
        canvas.on_moved = self.on_editor_canvas_moved
        canvas.focus()
        self.update_views()
        # Scrolling, by the cursor or the mouse wheel, moves the view on the minimap.
        self.watch(canvas, "scroll_x", self._scrolled, init=False)
        self.watch(canvas, "scroll_y", self._scrolled, init=False)
        self.call_after_refresh(self._update_overview)  # the canvas has its size now

    def on_resize(self) -> None:
        self.call_after_refresh(self._update_overview)

    def _scrolled(self) -> None:
        self._update_overview(set())

    def _update_overview(self, rows: set[int] | None = None) -> None:
        """Show the minimap when the level is larger than the canvas (and `m` has not hidden
        it), up to date with the changed `rows` of cells (None: any)."""
        canvas, minimap = self.canvas, self.query_one(Minimap)
        width, height = canvas.scrollable_content_region.size
        virtual = canvas.virtual_size
        wanted = self.minimap_on and width > 0 and (virtual.width > width
                                                     or virtual.height > height)
        if not wanted:
            if minimap.display:
                minimap.display = False
            minimap.level = -1  # worked out afresh when shown again
            return
        minimap.display = True
        cell_w, cell_h = canvas.cell_size
        columns, lines = self.model.size(canvas.level)
        x, y = round(canvas.scroll_offset.x), round(canvas.scroll_offset.y)
        view = (y // cell_h, x // cell_w, min(lines - 1, (y + height - 1) // cell_h),
                min(columns - 1, (x + width - 1) // cell_w))
        minimap.show(canvas.level, rows, view, canvas.cursor)

    # ------------------------------------------------------------------ views

    def update_views(self) -> None:
        """Draw the canvas again, and bring the problems, palette and status up to date."""
        self.busy_at = time.monotonic()
        canvas = self.canvas
        if canvas.level >= self.model.level_count:  # a level went away (removed, or undone)
            canvas.set_level(self.model.level_count - 1)
        rows = self.model.take_changed_rows(canvas.level)
        canvas.changed(rows)
        self._update_overview(rows)
        self.query_one(LevelsStrip).show_levels(
            [self.model.level_id(i) for i in range(self.model.level_count)], canvas.level)
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
                    mark=mark, where=_where(problem), message=shown(problem.message))
                panel.add_option(Option(text, id=str(index)))
            if highlighted is not None and problems:
                panel.highlighted = min(highlighted, len(problems) - 1)
        errors, warnings = len(report.errors), len(report.warnings)
        title = f"Problems {errors}E {warnings}W"
        if self.panel.border_title != title:  # a new title redraws the whole panel
            self.panel.border_title = title
        self._update_palette()
        self._watch_par()
        self._update_status()

    def _update_palette(self) -> None:
        brushes = self.brushes
        current = None if self.picked is not None else self.brush_index % len(brushes)
        parts = []
        for index, brush in enumerate(brushes[:10]):
            text = Content(shown(f"{(index + 1) % 10}{brush.glyph}"))
            parts.append(text.stylize("reverse") if index == current else text)
        if current is None or current >= 10:
            parts.append(Content(shown(self.brush.glyph)).stylize("reverse"))
        content = Content.assemble("Palette ", Content(" ").join(parts),
                                   "  a all cards  [ ] brush  space paint")
        # One line always: no layout pass needed, which keeps a paint's frame cheap.
        self.query_one("#palette", Static).update(content, layout=False)

    def _update_status(self) -> None:
        row, col = self.canvas.cursor
        inspector = self.query_one(Inspector)
        if inspector.has_class("shown"):
            inspector.show_cell(self.level, row, col)
        self._update_overview(set())
        report = self.model.report()
        brush = self.brush
        level = self.model.level_id(self.level)
        if self.model.level_count > 1:
            level += f" ({self.level + 1}/{self.model.level_count})"
        errors, warnings = len(report.errors), len(report.warnings)
        name = shown(self.path.name) if self.path is not None else "new map"
        marker = " ●" if self.unsaved else ""
        selection = ""
        if self.canvas.selection is not None:
            top, left, bottom, right = self.canvas.selection
            selection = f" sel {bottom - top + 1}x{right - left + 1}"
        par = self.par_text
        # Most needed first: a narrow terminal cuts the end of the line.
        text = (f"{name}{marker}  {errors} error{'s' if errors != 1 else ''}, "
                f"{warnings} warning{'s' if warnings != 1 else ''}  "
                f"{level} r{row + 1}c{col + 1}{selection}  {par + '  ' if par else ''}"
                f"{self.tool}  "
                f"brush {shown(brush.glyph)} ({shown(brush.label)})")
        self.query_one("#status", Static).update(Content(text), layout=False)

    @property
    def status_text(self) -> str:
        return str(self.query_one("#status", Static).render())

    # ------------------------------------------------------------------ the solver

    @property
    def par_text(self) -> str:
        """The current level's optimum as far as known (see app/games/cardrogue/editor/par.py)."""
        if self.par_key is None:
            return ""
        return self.pars.get(self.par_key, Outcome()).text()

    def _watch_par(self) -> None:
        """After an edit or a level switch: if the current level's content is new, drop the
        search of the old content and solve the new one shortly (in a thread; never here)."""
        report = self.model.report()  # a new report object means an edit
        if self._par_seen is not None and self._par_seen[0] is report \
                and self._par_seen[1] == self.level:
            return
        self._par_seen = (report, self.level)
        level_id = self.model.level_id(self.level)
        if any(problem.level in (None, level_id) for problem in report.errors):
            key = None  # errors: nothing to solve, nothing shown
        else:
            key = level_key(self.model.document, self.level)
        if key == self.par_key:
            return  # an edit elsewhere, or one that changes no play here
        self.par_key = key
        if self._par_timer is not None:
            self._par_timer.stop()
        self.workers.cancel_group(self, "par")
        if key is not None and not (key in self.pars and self.pars[key].finished):
            self._par_timer = self.set_timer(PAR_DELAY, lambda: self._solve(key))

    def _solve(self, key: str) -> None:
        if key != self.par_key:
            return
        from app.games.cardrogue.editor.playtest import level_document

        # The thread gets a copy of its own: the model keeps changing here.
        document = level_document(self.model.document, self.level)
        self.run_worker(lambda: solve_level(self, document, key), thread=True,
                        exclusive=True, group="par", exit_on_error=False)

    def on_found(self, message: Found) -> None:
        message.stop()
        known = self.pars.get(message.key)
        if known is None or not known.finished:
            self.pars[message.key] = message.outcome
        while len(self.pars) > KEPT:
            del self.pars[next(iter(self.pars))]
        if message.key == self.par_key:
            self._update_status()

    # ------------------------------------------------------------------ the canvas

    def on_editor_canvas_moved(self, message: EditorCanvas.Moved) -> None:
        message.stop()
        self.busy_at = time.monotonic()
        canvas = self.canvas
        row, col = message.start
        if self.tool == "corridor":
            bit = STEPS[(message.drow, message.dcol)]
            if self.model.corridor_step(canvas.level, row, col, bit) is not None:
                self.update_views()
        elif self.selection_anchor is not None:
            self._stretch_selection(canvas.cursor)
        self._update_status()

    def _stretch_selection(self, cell: tuple[int, int]) -> None:
        if self.selection_anchor is None:
            return
        (r1, c1), (r2, c2) = self.selection_anchor, cell
        self.canvas.selection = (min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2))
        self.canvas.refresh()

    def on_editor_canvas_dragged(self, message: EditorCanvas.Dragged) -> None:
        """The mouse applies the current tool; everything one drag does is one undo step."""
        message.stop()
        self.busy_at = time.monotonic()
        model, level, cell = self.model, self.level, message.cell
        if message.phase == "up":
            model.end_stroke()
            if self.tool == "select" and self.selection_anchor is not None and self.canvas.selection \
                    and self.canvas.selection[:2] == self.canvas.selection[2:]:
                self.canvas.selection = None  # a click, not a drag: no selection
            self.selection_anchor = None
            self.update_views()
            return
        assert cell is not None  # only a release can happen off the grid
        if message.phase == "down":
            model.begin_stroke()
            self._last_cell = cell
            if self.tool == "select":
                self.selection_anchor = cell
                self.canvas.selection = None
                self._stretch_selection(cell)
        if self.tool == "paint":
            brush = self.brush
            model.set_glyph(level, *cell, brush.glyph, brush.card)
            if message.phase == "down":
                self._used(brush)
        elif self.tool == "erase":
            model.erase(level, *cell)
        elif self.tool == "corridor" and message.phase == "move":
            self._corridor_to(cell)
        elif self.tool == "select" and message.phase == "move" and self.selection_anchor is not None:
            self._stretch_selection(cell)
        self._last_cell = cell
        if self.tool in ("paint", "erase", "corridor"):
            self.update_views()
        else:
            self._update_status()

    def _corridor_to(self, cell: tuple[int, int]) -> None:
        """Draw a corridor from the last dragged cell to `cell`, a row step then a column step
        at a time, so a fast mouse that skips cells still draws a connected corridor."""
        row, col = self._last_cell
        while (row, col) != cell:
            if row != cell[0]:
                step = (1 if cell[0] > row else -1, 0)
            else:
                step = (0, 1 if cell[1] > col else -1)
            self.model.corridor_step(self.level, row, col, STEPS[step])
            row, col = row + step[0], col + step[1]

    # ------------------------------------------------------------------ tools

    def _edit(self, change) -> None:
        change()
        self.update_views()

    def action_tool(self, tool: str) -> None:
        self.tool = tool
        self._update_status()

    def action_corridor(self) -> None:
        self.tool = "select" if self.tool == "corridor" else "corridor"
        self._update_status()

    def _used(self, brush: Brush) -> None:
        """Remember a painted brush: the card palette lists the recent ones first."""
        self.recent = [brush, *(b for b in self.recent if b.key != brush.key)][:RECENT]

    def recent_here(self) -> list[tuple[str, Any]]:
        """The recent brushes that still mean the same card on this level, as palette results."""
        legend = self.model.legend(self.level)
        found = []
        for brush in self.recent:
            entry = legend.get(brush.glyph)
            places = entry_card(entry) if entry is not None else BUILT_IN.get(brush.glyph)
            if places == brush.places or (entry is None and brush.card is not None):
                found.append((brush.glyph, brush.card))
        return found

    def action_paint(self) -> None:
        brush, canvas = self.brush, self.canvas
        self._used(brush)
        self._edit(lambda: self.model.set_glyph(canvas.level, *canvas.cursor, brush.glyph,
                                                brush.card))

    def action_pick(self, index: int) -> None:
        if index < len(self.brushes):
            self.brush_index = index
            self.picked = None
            if self.tool == "corridor":
                self.tool = "select"  # or "paint", "corridor", "erase": what the mouse does
            self.action_paint()

    def action_brush(self, step: int) -> None:
        self.brush_index = (self.brush_index + step) % len(self.brushes)
        self.picked = None
        self._update_palette()
        self._update_status()

    def action_erase(self) -> None:
        canvas = self.canvas
        if canvas.selection is not None:
            self._edit(lambda: self.model.erase_region(canvas.level, *canvas.selection))
        else:
            self._edit(lambda: self.model.erase(canvas.level, *canvas.cursor))

    def action_edge(self, direction: str) -> None:
        canvas = self.canvas
        self._edit(lambda: self.model.toggle_edge(canvas.level, *canvas.cursor,
                                                  DIRECTION_BITS[direction]))

    # ------------------------------------------------------------------ undo

    def action_undo(self) -> None:
        if self.model.undo():
            self._show_changed_level()
        else:
            self.notify("Nothing to undo.")

    def action_redo(self) -> None:
        if self.model.redo():
            self._show_changed_level()
        else:
            self.notify("Nothing to redo.")

    def _show_changed_level(self) -> None:
        """After an undo or redo, show the level it changed, so the author sees what moved."""
        level = self.model.last_level
        if level != MAP and level != self.level and level < self.model.level_count:
            self.show_level(level)
        else:
            self.update_views()

    def action_inspector(self) -> None:
        inspector = self.query_one(Inspector)
        inspector.toggle_class("shown")
        if inspector.has_class("shown"):
            self._update_status()
            inspector.call_after_refresh(inspector.focus_first)
        else:
            self.canvas.focus()

    def on_inspector_changed(self, message: Inspector.Changed) -> None:
        message.stop()
        level, model = self.level, self.model
        if message.cell is None:
            self._edit(lambda: model.set_legend(level, message.glyph, message.entry))
            return
        # This cell only: a new entry, on a glyph of its own, painted on the cell; one step.
        card = entry_card(message.entry) or ""
        glyph = glyph_for_new_entry(card, model.legend(level))
        model.begin_stroke()
        model.set_legend(level, glyph, message.entry)
        model.set_glyph(level, *message.cell, glyph)
        model.end_stroke()
        self.update_views()
        self.notify(f"This cell has an entry of its own now: {glyph}.", markup=False)

    def on_inspector_edge_changed(self, message: Inspector.EdgeChanged) -> None:
        message.stop()
        canvas = self.canvas
        self._edit(lambda: self.model.set_edge(canvas.level, *canvas.cursor, message.bit,
                                               message.open))

    def on_inspector_left(self, message: Inspector.Left) -> None:
        message.stop()
        self.canvas.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the inspector has the keys, a key it leaves alone must not edit the map."""
        focused = self.focused
        if focused is not None and action not in INSPECTOR_KEYS \
                and self.query_one(Inspector) in focused.ancestors_with_self:
            return False
        return True

    def action_card_view(self) -> None:
        self.canvas.show_cards(not self.canvas.cards)
        self._update_status()

    def action_minimap(self) -> None:
        self.minimap_on = not self.minimap_on
        self._update_overview()

    def on_minimap_jump(self, message: Minimap.Jump) -> None:
        message.stop()
        self.canvas.move_to(message.row, message.col)
        self.canvas.focus()
        self._update_status()

    def on_levels_strip_chosen(self, message: LevelsStrip.Chosen) -> None:
        message.stop()
        self.show_level(message.level)

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
            self.show_level(level)
        if problem.cell is not None:
            canvas.move_to(*problem.cell)
        canvas.focus()
        self._update_status()


def open_editor(app, path: Path | None = None) -> None:
    """Open the editor on `path` (a new map when it is None or does not exist yet)."""
    from engine.cardrogue.maps import MapError

    model = None
    if path is not None and Path(path).exists():
        try:
            model = MapModel.load(path)
        except (MapError, NotEditable) as error:
            app.notify(shown(str(error)), title="This file cannot be edited", severity="error",
                       markup=False)
            return
    app.push_screen(EditorScreen(model, path))


