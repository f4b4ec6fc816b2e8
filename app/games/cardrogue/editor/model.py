"""The editor's map document: cell edits with undo and redo, problems, and saving.

No Textual here. The document is the plain dict the maps package reads and writes
(`engine.cardrogue.maps`); each level's grids are kept as rows of characters while editing and
written back into the dict's `paths` and `cells` strings whenever the document is asked for
(grids.py).

Every change is recorded as a small `Change`, before and after: one cell, one legend entry,
one property of a level or of the map, or (for adding, removing, reordering and resizing levels)
the whole list of levels. A *stroke* groups the changes of one user action, so one undo reverts
all of them.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass
from typing import Any, cast

from app.games.cardrogue.editor.grids import BLANK, BUILT_IN, LevelGrid, blank
from engine.cardrogue import OPPOSITE, PATH_GLYPHS, STEP, E, N, S, W
from engine.cardrogue.maps import (
    FORMAT_VERSION,
    DocumentChecker,
    Report,
    canonical_grid,
    save_map,
)

DIRECTIONS = {"up": N, "right": E, "down": S, "left": W}


def new_document(width: int = 8, height: int = 8, kind: str = "challenge",
                 title: str = "Untitled") -> dict[str, Any]:
    """An empty one-level map of `width` x `height` cells (no start yet, so it has problems)."""
    empty = "".join(BLANK * width + "\n" for _ in range(height))
    return {
        "format_version": FORMAT_VERSION,
        "kind": kind,
        "title": title,
        "levels": [{"id": "level-1", "paths": canonical_grid(empty),
                    "cells": canonical_grid(empty)}],
    }


MAP = -1  # the `level` of a change to the map's own properties or to its list of levels
LEVELS = "levels"  # the `where` of a change to the list of levels
MAX_SIDE = 128  # the format's limit on a level's rows and columns


class NotEditable(ValueError):
    """A document whose shape the editor cannot hold without losing part of it."""


@dataclass(frozen=True)
class Change:
    """One edit. `where` is a cell's (row, col) with values (path bits, glyph); a legend glyph
    with a legend entry; ("field", key) with a property's value; or LEVELS with the list of
    levels. None stands for "absent"."""

    level: int
    where: tuple[int, int] | tuple[str, str] | str
    before: Any
    after: Any


@dataclass(frozen=True)
class Clip:
    """A copied rectangle: rows of (path bits, glyph), and the legend entries its glyphs use.
    Edges leaving the rectangle are not part of it."""

    cells: tuple[tuple[tuple[int, str], ...], ...]
    legend: dict[str, Any]

    @property
    def size(self) -> tuple[int, int]:
        """(width, height)."""
        return (len(self.cells[0]) if self.cells else 0), len(self.cells)


def _level_of(changes: list[Change]) -> int:
    """The one level a step changed, or MAP."""
    levels = {change.level for change in changes}
    return levels.pop() if len(levels) == 1 else MAP


class MapModel:
    """An editable map document with undo and redo."""

    def __init__(self, document: dict[str, Any] | None = None) -> None:
        self._document = copy.deepcopy(document) if document is not None else new_document()
        levels = self._document.get("levels")
        if levels is not None and not (isinstance(levels, list)
                                       and all(isinstance(level, dict) for level in levels)):
            # Editing would have to drop what is there: the author fixes it by hand instead.
            raise NotEditable("`levels` must be a list of level tables; `cardrogue validate` "
                              "says where it is not")
        if not levels:
            levels = self._document["levels"] = new_document()["levels"]
        self._grids = [LevelGrid(level) for level in levels]
        self._touched: set[int] = set()  # levels whose grids must be written back
        self._undo: list[tuple[int, list[Change]]] = []
        self._redo: list[tuple[int, list[Change]]] = []
        self._stroke: list[Change] | None = None
        self._next_id = 1
        self._saved_at = 0  # the id of the step on top of the undo stack when last saved
        self._report: Report | None = None
        self.last_level = MAP  # the level the last undo or redo changed (MAP: several, or none)
        self._checker = DocumentChecker()  # re-lints only the levels an edit changed
        # Rows whose cells changed since the views last asked, by level; None: redraw all.
        self._changed_rows: dict[int, set[int]] | None = {}

    # ------------------------------------------------------------------ reading

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> MapModel:
        from engine.cardrogue.maps import load_document

        return cls(load_document(path))

    @property
    def document(self) -> dict[str, Any]:
        """The current document (the model's own dict: do not change it)."""
        self._write_grids()
        return self._document

    def _write_grids(self) -> None:
        """Write the grids changed since the last call back into the document."""
        for index in self._touched:
            level = self._document["levels"][index]
            grid = self._grids[index]
            level["paths"] = grid.paths_text()
            level["cells"] = grid.cells_text()
        self._touched.clear()

    @property
    def level_count(self) -> int:
        return len(self._grids)

    def level_id(self, level: int) -> str:
        entry = self._document["levels"][level]
        found = entry.get("id") if isinstance(entry, dict) else None
        return found if isinstance(found, str) else f"level {level + 1}"

    def size(self, level: int = 0) -> tuple[int, int]:
        """(width, height) of a level's grids."""
        grid = self._grids[level]
        return grid.width, grid.height

    def bits(self, level: int, row: int, col: int) -> int:
        return self._grids[level].bits[row][col]

    def glyph(self, level: int, row: int, col: int) -> str:
        return self._grids[level].glyphs[row][col]

    def legend(self, level: int) -> dict[str, Any]:
        entry = self._document["levels"][level]
        legend = entry.get("legend") if isinstance(entry, dict) else None
        return legend if isinstance(legend, dict) else {}

    def on_grid(self, level: int, row: int, col: int) -> bool:
        grid = self._grids[level]
        return 0 <= row < grid.height and 0 <= col < grid.width

    @property
    def modified(self) -> bool:
        top = self._undo[-1][0] if self._undo else 0
        return top != self._saved_at

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # ------------------------------------------------------------------ strokes

    def begin_stroke(self) -> None:
        """Group the following operations into one undo step, until `end_stroke`."""
        if self._stroke is None:
            self._stroke = []

    def end_stroke(self) -> None:
        stroke, self._stroke = self._stroke, None
        if stroke:
            self._undo.append((self._next_id, stroke))
            self._next_id += 1
            self._redo.clear()

    def _record(self, change: Change) -> None:
        if change.before == change.after:
            return
        self._apply(change, change.after)
        if self._stroke is not None:
            self._stroke.append(change)
        else:
            self._undo.append((self._next_id, [change]))
            self._next_id += 1
            self._redo.clear()

    def take_changed_rows(self, level: int) -> set[int] | None:
        """The rows of `level` changed since the last call (None: anything may have), so a view
        redraws only those."""
        changed, self._changed_rows = self._changed_rows, {}
        return None if changed is None else changed.get(level, set())

    def _apply(self, change: Change, value: Any) -> None:
        self._report = None
        if isinstance(change.where, tuple) and change.where[0] != "field":
            if self._changed_rows is not None:
                row = cast(int, change.where[0])  # a cell: ("field", key) was ruled out
                self._changed_rows.setdefault(change.level, set()).add(row)
        else:
            self._changed_rows = None  # a legend entry or the levels: anything may look new
        if change.where == LEVELS:
            self._write_grids()  # before the grids are replaced
            self._document["levels"] = copy.deepcopy(value)
            self._grids = [LevelGrid(level) for level in self._document["levels"]]
            self._touched.clear()
            return
        if isinstance(change.where, tuple) and change.where[0] == "field":
            key = change.where[1]
            table = self._document if change.level == MAP else self._document["levels"][change.level]
            if value is None:
                table.pop(key, None)
            else:
                table[key] = copy.deepcopy(value)
            return
        if isinstance(change.where, tuple):
            row, col = cast(tuple[int, int], change.where)
            self._grids[change.level].set(row, col, *value)
            self._touched.add(change.level)
            return
        level = self._document["levels"][change.level]
        legend = level.get("legend")
        if value is None:
            if isinstance(legend, dict):
                legend.pop(change.where, None)
                if not legend:
                    del level["legend"]
        else:
            if not isinstance(legend, dict):
                legend = level["legend"] = {}
            legend[change.where] = copy.deepcopy(value)

    def undo(self) -> bool:
        self.end_stroke()
        if not self._undo:
            return False
        step = self._undo.pop()
        self.last_level = _level_of(step[1])
        for change in reversed(step[1]):
            self._apply(change, change.before)
        self._redo.append(step)
        return True

    def redo(self) -> bool:
        self.end_stroke()
        if not self._redo:
            return False
        step = self._redo.pop()
        self.last_level = _level_of(step[1])
        for change in step[1]:
            self._apply(change, change.after)
        self._undo.append(step)
        return True

    # ------------------------------------------------------------------ operations

    def _set_cell(self, level: int, row: int, col: int, bits: int, glyph: str) -> None:
        grid = self._grids[level]
        before = (grid.bits[row][col], grid.glyphs[row][col])
        self._record(Change(level, (row, col), before, (bits, glyph)))

    def set_glyph(self, level: int, row: int, col: int, glyph: str,
                  card: Any = None) -> None:
        """Put `glyph` on a cell. With `card`, the level's legend gets `glyph = card` if it has
        no entry for that glyph yet (built-in glyphs need none)."""
        if not self.on_grid(level, row, col):
            return
        glyph = BLANK if blank(glyph) else glyph
        own = self._stroke is None
        self.begin_stroke()
        if card is not None and glyph not in BUILT_IN and glyph != BLANK \
                and glyph not in self.legend(level):
            self._record(Change(level, glyph, None, card))
        self._set_cell(level, row, col, self.bits(level, row, col), glyph)
        if own:
            self.end_stroke()

    def set_edge(self, level: int, row: int, col: int, bit: int, open_: bool) -> None:
        """Open or close one edge of a cell and the matching edge of its neighbour."""
        if not self.on_grid(level, row, col):
            return
        own = self._stroke is None
        self.begin_stroke()
        cells = [(row, col, bit)]
        dr, dc = STEP[bit]
        if self.on_grid(level, row + dr, col + dc):
            cells.append((row + dr, col + dc, OPPOSITE[bit]))
        for r, c, b in cells:
            old = self.bits(level, r, c)
            self._set_cell(level, r, c, old | b if open_ else old & ~b, self.glyph(level, r, c))
        if own:
            self.end_stroke()

    def toggle_edge(self, level: int, row: int, col: int, bit: int) -> None:
        """Flip one edge on both of its sides (a half-open edge becomes fully open)."""
        if not self.on_grid(level, row, col):
            return
        dr, dc = STEP[bit]
        mine = bool(self.bits(level, row, col) & bit)
        theirs = (self.on_grid(level, row + dr, col + dc)
                  and bool(self.bits(level, row + dr, col + dc) & OPPOSITE[bit]))
        self.set_edge(level, row, col, bit, not (mine and (theirs or not self.on_grid(
            level, row + dr, col + dc))))

    def corridor_step(self, level: int, row: int, col: int, bit: int) -> tuple[int, int] | None:
        """Draw a corridor from a cell to its neighbour across `bit`: both edges open, and an
        empty cell on either end becomes a plain path (`.`). Returns the neighbour, or None
        off the grid."""
        dr, dc = STEP[bit]
        target = (row + dr, col + dc)
        if not (self.on_grid(level, row, col) and self.on_grid(level, *target)):
            return None
        own = self._stroke is None
        self.begin_stroke()
        try:
            self.set_edge(level, row, col, bit, True)
            for r, c in ((row, col), target):
                if self.glyph(level, r, c) == BLANK:
                    self.set_glyph(level, r, c, ".")
        finally:
            if own:
                self.end_stroke()
        return target

    def erase(self, level: int, row: int, col: int) -> None:
        """Remove a cell's card and every path of it, closing the neighbours' matching edges."""
        if not self.on_grid(level, row, col):
            return
        own = self._stroke is None
        self.begin_stroke()
        for bit in (N, E, S, W):
            if self.bits(level, row, col) & bit:
                self.set_edge(level, row, col, bit, False)
            dr, dc = STEP[bit]
            r, c = row + dr, col + dc
            if self.on_grid(level, r, c) and self.bits(level, r, c) & OPPOSITE[bit]:
                self.set_edge(level, r, c, OPPOSITE[bit], False)
        self._set_cell(level, row, col, 0, BLANK)
        if own:
            self.end_stroke()

    def set_legend(self, level: int, glyph: str, entry: Any) -> None:
        """Define (or with None, remove) the legend entry for `glyph` on a level."""
        self._record(Change(level, glyph, copy.deepcopy(self.legend(level).get(glyph)),
                            copy.deepcopy(entry)))

    # ------------------------------------------------------------------ properties

    def field(self, level: int, key: str) -> Any:
        """A property of a level, or of the map when `level` is MAP (None when absent)."""
        table = self._document if level == MAP else self._document["levels"][level]
        return table.get(key) if isinstance(table, dict) else None

    def set_field(self, level: int, key: str, value: Any) -> None:
        """Set a property of a level (or of the map, with MAP); None removes it."""
        if key in ("levels", "paths", "cells", "legend"):
            raise ValueError(f"{key} is edited through its own operations")
        self._record(Change(level, ("field", key), copy.deepcopy(self.field(level, key)),
                            copy.deepcopy(value)))

    # ------------------------------------------------------------------ levels

    def _change_levels(self, levels: list[dict[str, Any]]) -> None:
        self._record(Change(MAP, LEVELS, copy.deepcopy(self.document["levels"]), levels))

    def _unused_id(self, base: str = "level") -> str:
        taken = {self.level_id(index) for index in range(self.level_count)}
        number = 1
        while f"{base}-{number}" in taken:
            number += 1
        return f"{base}-{number}"

    def add_level(self, at: int | None = None, width: int | None = None,
                  height: int | None = None) -> int:
        """Insert an empty level (by default after the last, the size of level `at - 1` or
        8x8). Returns its index."""
        at = self.level_count if at is None else max(0, min(at, self.level_count))
        like = self.size(max(0, at - 1))
        width, height = width or like[0], height or like[1]
        level = new_document(width, height)["levels"][0]
        level["id"] = self._unused_id()
        levels = copy.deepcopy(self.document["levels"])
        levels.insert(at, level)
        self._change_levels(levels)
        return at

    def remove_level(self, index: int) -> bool:
        """Remove a level; the last one cannot go (a map has at least one)."""
        if self.level_count <= 1 or not 0 <= index < self.level_count:
            return False
        levels = copy.deepcopy(self.document["levels"])
        del levels[index]
        self._change_levels(levels)
        return True

    def duplicate_level(self, index: int) -> int:
        """Put a copy of a level right after it, with an id of its own. Returns the copy's
        index."""
        levels = copy.deepcopy(self.document["levels"])
        twin = copy.deepcopy(levels[index])
        twin["id"] = self._unused_id(self.level_id(index))
        levels.insert(index + 1, twin)
        self._change_levels(levels)
        return index + 1

    def move_level(self, index: int, to: int) -> int:
        """Move a level to position `to`; returns where it ended up."""
        to = max(0, min(to, self.level_count - 1))
        if to == index:
            return index
        levels = copy.deepcopy(self.document["levels"])
        levels.insert(to, levels.pop(index))
        self._change_levels(levels)
        return to

    def resize_level(self, index: int, width: int, height: int) -> None:
        """Grow or crop a level's grids (1 to 128 a side); cropped edges are closed."""
        width = max(1, min(width, MAX_SIDE))
        height = max(1, min(height, MAX_SIDE))
        if (width, height) == self.size(index):
            return
        grid = self._grids[index]
        bits = [[0] * width for _ in range(height)]
        glyphs = [[BLANK] * width for _ in range(height)]
        for r in range(min(height, grid.height)):
            for c in range(min(width, grid.width)):
                mask = (0 if c == width - 1 else E) | (0 if r == height - 1 else S) | N | W
                bits[r][c] = grid.bits[r][c] & mask
                glyphs[r][c] = grid.glyphs[r][c]
        levels = copy.deepcopy(self.document["levels"])
        levels[index]["paths"] = canonical_grid("".join(
            "".join(PATH_GLYPHS[b] for b in row) + "\n" for row in bits))
        levels[index]["cells"] = canonical_grid("".join("".join(row) + "\n" for row in glyphs))
        self._change_levels(levels)

    # ------------------------------------------------------------------ rectangles

    def copy_region(self, level: int, top: int, left: int, bottom: int, right: int) -> Clip:
        """The cells of a rectangle (corners inclusive, in any order)."""
        top, bottom = sorted((top, bottom))
        left, right = sorted((left, right))
        legend = self.legend(level)
        rows, used = [], {}
        for r in range(top, bottom + 1):
            row = []
            for c in range(left, right + 1):
                bits = self.bits(level, r, c)
                # Edges that leave the rectangle are not copied.
                if r == top:
                    bits &= ~N
                if r == bottom:
                    bits &= ~S
                if c == left:
                    bits &= ~W
                if c == right:
                    bits &= ~E
                glyph = self.glyph(level, r, c)
                if glyph in legend:
                    used[glyph] = copy.deepcopy(legend[glyph])
                row.append((bits, glyph))
            rows.append(tuple(row))
        return Clip(tuple(rows), used)

    def paste(self, level: int, row: int, col: int, clip: Clip) -> None:
        """Put a clip with its top left corner on (row, col), cropped at the grid's rim.

        A glyph whose legend entry is missing here gets the clip's entry; a glyph this level
        already defines keeps this level's meaning. On the rectangle's border, an edge stays
        connected where the outside neighbour is open towards a pasted card, and otherwise
        the neighbour's edge is closed, so the paste leaves no half-open edge behind."""
        own = self._stroke is None
        self.begin_stroke()
        legend = self.legend(level)
        for glyph, entry in clip.legend.items():
            if glyph not in legend and glyph not in BUILT_IN:
                self.set_legend(level, glyph, entry)
        placed = []
        for dr, cells in enumerate(clip.cells):
            for dc, (bits, glyph) in enumerate(cells):
                if self.on_grid(level, row + dr, col + dc):
                    self._set_cell(level, row + dr, col + dc, bits, glyph)
                    placed.append((row + dr, col + dc))
        inside = set(placed)
        for r, c in placed:
            for bit in (N, E, S, W):
                dr, dc = STEP[bit]
                outside = (r + dr, c + dc)
                if outside in inside or not self.on_grid(level, *outside):
                    continue
                open_out = bool(self.bits(level, *outside) & OPPOSITE[bit])
                if open_out and self.glyph(level, r, c) != BLANK:
                    self._set_cell(level, r, c, self.bits(level, r, c) | bit,
                                   self.glyph(level, r, c))
                elif open_out:
                    self._set_cell(level, *outside, self.bits(level, *outside) & ~OPPOSITE[bit],
                                   self.glyph(level, *outside))
        if own:
            self.end_stroke()

    def erase_region(self, level: int, top: int, left: int, bottom: int, right: int) -> None:
        own = self._stroke is None
        self.begin_stroke()
        for r in range(min(top, bottom), max(top, bottom) + 1):
            for c in range(min(left, right), max(left, right) + 1):
                self.erase(level, r, c)
        if own:
            self.end_stroke()

    def fill(self, level: int, cells: Any, glyph: str, card: Any = None) -> None:
        """Paint `glyph` on every cell of `cells` as one step."""
        own = self._stroke is None
        self.begin_stroke()
        for r, c in cells:
            self.set_glyph(level, r, c, glyph, card)
        if own:
            self.end_stroke()

    def flood_area(self, level: int, row: int, col: int) -> list[tuple[int, int]]:
        """The cells reachable from (row, col) through side-by-side cells with the same glyph
        (the bucket fill's area; paths do not matter)."""
        if not self.on_grid(level, row, col):
            return []
        glyph = self.glyph(level, row, col)
        seen = {(row, col)}
        todo = [(row, col)]
        while todo:
            r, c = todo.pop()
            for dr, dc in STEP.values():
                near = (r + dr, c + dc)
                if near not in seen and self.on_grid(level, *near) \
                        and self.glyph(level, *near) == glyph:
                    seen.add(near)
                    todo.append(near)
        return sorted(seen)

    # ------------------------------------------------------------------ checking and saving

    def report(self) -> Report:
        """Schema and lint results for the current content (cached until the next edit)."""
        if self._report is None:
            # The checker never changes the document; the playable spec is not needed here.
            self._report = self._checker.check(self.document, "<editor>", spec=False)
        return self._report

    def problems(self) -> list:
        return list(self.report().problems)

    def level_index(self, name: str | None) -> int | None:
        """The index of the level a problem names (by id, or "level N")."""
        if name is None:
            return None
        for index in range(self.level_count):
            if self.level_id(index) == name:
                return index
        if name.startswith("level ") and name[6:].isdigit():
            index = int(name[6:]) - 1
            return index if 0 <= index < self.level_count else None
        return None

    def save(self, path: str | os.PathLike[str], schema: str | None = None) -> bool:
        """Write the map through the maps writer (atomic, `#:schema` line first: `schema`, or
        the file's own, or the app's). Returns False when the file already held these bytes."""
        self.end_stroke()
        written = save_map(self.document, path, schema=schema)
        self._saved_at = self._undo[-1][0] if self._undo else 0
        return written

    def mark_saved(self) -> None:
        self._saved_at = self._undo[-1][0] if self._undo else 0
