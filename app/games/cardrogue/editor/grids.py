"""A level's two grids as the editor holds them while editing: rows of path bits and glyphs,
written back as the text the maps package reads. No Textual here."""

from __future__ import annotations

from typing import Any

from engine.cardrogue import GLYPH_PATHS, PATH_GLYPHS, grid_rows
from engine.cardrogue.maps import EMPTY_GLYPH, canonical_grid

BLANK = " "
BUILT_IN = {"@": "start", ">": "ladder", ".": "path"}


def blank(char: str) -> bool:
    return char in (BLANK, EMPTY_GLYPH)


class LevelGrid:
    """One level's two grids as rows of path bits and glyphs, with each row's text kept until
    that row changes (writing back a 128x128 level after one paint then costs one row)."""

    def __init__(self, level: dict[str, Any]) -> None:
        paths = grid_rows(level.get("paths", "")) if isinstance(level.get("paths"), str) else []
        cells = grid_rows(level.get("cells", "")) if isinstance(level.get("cells"), str) else []
        self.height = max(len(paths), len(cells), 1)
        self.width = max([len(r) for r in paths + cells] + [1])
        self.bits = [[0] * self.width for _ in range(self.height)]
        self.glyphs = [[BLANK] * self.width for _ in range(self.height)]
        for r, row in enumerate(paths):
            for c, char in enumerate(row):
                self.bits[r][c] = 0 if blank(char) else GLYPH_PATHS.get(char, 0)
        for r, row in enumerate(cells):
            for c, char in enumerate(row):
                self.glyphs[r][c] = BLANK if blank(char) else char
        self._path_rows: list[str | None] = [None] * self.height
        self._cell_rows: list[str | None] = [None] * self.height

    def set(self, row: int, col: int, bits: int, glyph: str) -> None:
        self.bits[row][col], self.glyphs[row][col] = bits, glyph
        self._path_rows[row] = self._cell_rows[row] = None

    def paths_text(self) -> str:
        rows = self._path_rows
        lines = []
        for r, row in enumerate(rows):
            if row is None:
                row = rows[r] = "".join(PATH_GLYPHS[b] for b in self.bits[r])
            lines.append(row + "\n")
        return canonical_grid("".join(lines))

    def cells_text(self) -> str:
        rows = self._cell_rows
        lines = []
        for r, row in enumerate(rows):
            if row is None:
                row = rows[r] = "".join(self.glyphs[r])
            lines.append(row + "\n")
        return canonical_grid("".join(lines))
