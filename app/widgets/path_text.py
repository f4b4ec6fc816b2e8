"""Text that holds a file path and wraps between words or after a "/" of the path, never
inside a folder's or a file's name ("…/runs/tabledungeon_Player-1_lo" / "st_915.run.json" was
hard to read and to copy). A name longer than a whole line is folded. A Static takes it."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

# What a line may break after: a name and the slashes or spaces that end it.
PIECE = re.compile(r"[^\s/]+/*\s*|/+\s*|\s+")


def wrapped(text: Text, width: int) -> Text:
    """`text` with a line break before each piece that would pass `width` cells."""
    lines = []
    for line in text.split("\n"):
        breaks, used = [], 0
        for piece in PIECE.finditer(line.plain):
            size = cell_len(piece.group().rstrip())
            if used and used + size > width:
                breaks.append(piece.start())
                used = 0
            used += cell_len(piece.group())
        for part in line.divide(breaks):
            part.rstrip()  # the spaces a line broke at
            lines.append(part)
    return Text("\n").join(lines)


class PathText(Visual):
    """`text` (a sentence with a path in it), wrapped by `wrapped` to the room it is given."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text.plain

    @property
    def plain(self) -> str:
        return self.text.plain

    def _content(self, width: int) -> Content:
        return Content.from_rich_text(wrapped(self.text, width))

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return Content.from_rich_text(self.text).get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._content(width).get_height(rules, width)

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        return self._content(width).render_strips(width, height, style, options)
