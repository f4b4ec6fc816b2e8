"""Starting points for a new map, and file names for it. No Textual here.

    TEMPLATES                    the table the "New map" dialog offers, in order
    template.build(w, h, title)  a map document (the dict the maps package reads and writes)
    slug("The Deep Cellar")      "the-deep-cellar", for a file name
    unused_path(folder, stem)    folder/stem.toml, or stem-2.toml, stem-3.toml ... if taken

Every template draws through `MapModel`, so its grids are encoded exactly as the editor and the
files encode them. The playable templates lay their corridor along the middle row when it fits,
otherwise back and forth across the rows from the top left, so they work down to a few cells.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from app.games.cardrogue.editor.model import MAP, MAX_SIDE, MapModel, new_document
from engine.cardrogue import E, S, W

DEFAULT_SIZE = (8, 8)
CORRIDOR = 5  # cells in a playable template's corridor, start and ladder included
PAR_NOTE = "Play it through, then set par to your best move count."


@dataclass(frozen=True)
class Template:
    """One entry of the "New map" dialog. `min_cells` is the smallest level (in cells) the
    template can draw in; `build(width, height, title)` returns a new document."""

    name: str
    description: str
    default_title: str
    min_cells: int
    build: Callable[[int, int, str], dict[str, Any]]

    def fits(self, width: int, height: int) -> bool:
        return 1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE \
            and width * height >= self.min_cells


def _corridor_cells(width: int, height: int, length: int) -> list[tuple[int, int]]:
    """`length` cells in walking order: along the middle row if it is long enough, otherwise
    back and forth across the rows from the top left."""
    if width >= length:
        row, left = height // 2, (width - length) // 2
        return [(row, left + step) for step in range(length)]

    def snake() -> Iterator[tuple[int, int]]:
        for row in range(height):
            cols = range(width) if row % 2 == 0 else range(width - 1, -1, -1)
            for col in cols:
                yield row, col

    return list(snake())[:length]


def _lay_corridor(model: MapModel, level: int, glyphs: str) -> None:
    """A corridor with one glyph per cell (`.` for a plain path), from the first to the last."""
    width, height = model.size(level)
    cells = _corridor_cells(width, height, len(glyphs))
    model.begin_stroke()
    for (row, col), (_next_row, next_col) in pairwise(cells):
        bit = E if next_col > col else W if next_col < col else S
        model.corridor_step(level, row, col, bit)
    for (row, col), glyph in zip(cells, glyphs, strict=True):
        model.set_glyph(level, row, col, glyph, card="goblin" if glyph == "g" else None)
    model.end_stroke()


def _set_fields(model: MapModel, level: int, **fields: Any) -> None:
    for key, value in fields.items():
        model.set_field(level, key, value)


def _glyphs(length: int, enemy: bool) -> str:
    """Start, plain paths, (an enemy in the middle,) ladder: `length` glyphs in all."""
    middle = ["."] * (length - 2)
    if enemy:
        middle[len(middle) // 2] = "g"
    return "@" + "".join(middle) + ">"


def empty_level(width: int, height: int, title: str) -> dict[str, Any]:
    return new_document(width, height, "challenge", title)


def challenge(width: int, height: int, title: str) -> dict[str, Any]:
    model = MapModel(new_document(width, height, "challenge", title))
    _set_fields(model, MAP, description="A short corridor, a goblin, and the ladder down.")
    _set_fields(model, 0, id="level-1", title=title,
                story="A goblin blocks the corridor to the ladder. " + PAR_NOTE)
    _lay_corridor(model, 0, _glyphs(min(CORRIDOR, width * height), enemy=True))
    return model.document


CAMPAIGN_LEVELS = (
    ("The Way In", "The door shuts behind you. A corridor leads to a ladder going down.",
     "The ladder creaks, but it holds."),
    ("The Middle Depths", "It is colder down here. The corridor runs on to another ladder.",
     "Somewhere below, water drips."),
    ("The Bottom", "The last ladder. Whatever waits below ends the tale.",
     "You climb down into the dark, and the story is yours to finish."),
)


def campaign(width: int, height: int, title: str) -> dict[str, Any]:
    model = MapModel(new_document(width, height, "campaign", title))
    _set_fields(model, MAP, description="Three levels, each a corridor from the start to a "
                                        "ladder. Write the story and the dungeon in between.")
    for index, (level_title, story, epilogue) in enumerate(CAMPAIGN_LEVELS):
        if index:
            model.add_level(width=width, height=height)
        _set_fields(model, index, id=f"level-{index + 1}", title=level_title, story=story,
                    epilogue=epilogue)
        _lay_corridor(model, index, _glyphs(min(CORRIDOR, width * height), enemy=False))
    return model.document


TEMPLATES: tuple[Template, ...] = (
    Template("Empty level", "One empty level of the size you choose, kind challenge.",
             "Untitled", 1, empty_level),
    Template("Challenge", "One playable level: a start, a corridor, a goblin and the ladder.",
             "New challenge", 3, challenge),
    Template("Campaign", "Three levels with stories, each a corridor from start to ladder.",
             "New campaign", 2, campaign),
)


def slug(title: str) -> str:
    """A file name stem for `title`: lower-case ASCII letters and digits joined by hyphens
    ("untitled" when nothing is left)."""
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())
    return "-".join(words)[:60].strip("-") or "untitled"


def unused_path(folder: Path, stem: str) -> Path:
    """`folder/stem.toml`, or the first of stem-2.toml, stem-3.toml ... that does not exist."""
    candidate = Path(folder) / f"{stem}.toml"
    number = 2
    while candidate.exists():
        candidate = Path(folder) / f"{stem}-{number}.toml"
        number += 1
    return candidate
