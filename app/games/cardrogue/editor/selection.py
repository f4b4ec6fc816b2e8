"""The editor's rectangle selection: select, copy, cut, paste and fill."""

from __future__ import annotations

from app.games.cardrogue.editor.section import EditorSection


class Selection(EditorSection):
    """A rectangle on the canvas (v, or a drag) and the clipboard; mixed into EditorScreen."""

    def action_select(self) -> None:
        """Start a rectangle at the cursor (again: start afresh); moving stretches it."""
        self.selection_anchor = self.canvas.cursor
        self._stretch_selection(self.canvas.cursor)
        self._update_status()

    def _clear_selection(self) -> None:
        self.selection_anchor = None
        self.canvas.selection = None
        self.canvas.refresh()

    def action_copy(self) -> bool:
        selection = self.canvas.selection
        if selection is None:
            self.notify("Select a rectangle first: v, then move; or drag with the mouse.")
            return False
        self.clipboard = self.model.copy_region(self.level, *selection)
        width, height = self.clipboard.size
        self.notify(f"Copied {width}x{height} cells.")
        self.selection_anchor = None
        return True

    def action_cut(self) -> None:
        selection = self.canvas.selection
        if self.action_copy() and selection is not None:
            self._edit(lambda: self.model.erase_region(self.level, *selection))
            self._clear_selection()

    def action_paste(self) -> None:
        if self.clipboard is None:
            self.notify("Nothing copied yet.")
            return
        clip, (row, col) = self.clipboard, self.canvas.cursor
        self._edit(lambda: self.model.paste(self.level, row, col, clip))
        width, height = clip.size
        self.canvas.selection = (row, col, row + height - 1, col + width - 1)
        self._update_status()

    def action_fill(self) -> None:
        brush, level = self.brush, self.level
        self._used(brush)
        selection = self.canvas.selection
        if selection is not None:
            top, left, bottom, right = selection
            cells = [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)]
        else:
            cells = self.model.flood_area(level, *self.canvas.cursor)
        self._edit(lambda: self.model.fill(level, cells, brush.glyph, brush.card))
