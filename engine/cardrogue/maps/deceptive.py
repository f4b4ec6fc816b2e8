"""Characters that deceive the eye: bidi controls in texts, invisible or combining glyphs.

The schema refuses control characters; these are the printable-looking ones it cannot name
(Python's `re` has no Unicode categories). A right-to-left override in a title makes the text
after it read backwards, and a legend glyph that is zero-width, a lone combining mark or
otherwise invisible draws nothing of its own (or draws over its neighbour), so the grid a
player sees is not the grid that is played.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from engine.cardrogue.maps.document import json_path
from engine.cardrogue.maps.format import GRID_FIELDS
from engine.cardrogue.maps.problems import ERROR, Collector
from engine.core.safe_text import BIDI_CONTROLS

# Categories of characters that cannot stand alone in a cell: marks combine with the cell
# before them; format characters are invisible (zero-width space, joiners, bidi controls);
# unassigned and noncharacter code points (U+FFFE) have no picture; surrogates are not
# characters at all. Blanks and controls are the schema's to report.
_NO_GLYPH = {"Mn": "a combining mark, drawn over the cell before it",
             "Mc": "a combining mark, drawn over the cell before it",
             "Me": "a combining mark, drawn over the cell before it",
             "Cf": "an invisible formatting character",
             "Cn": "not an assigned character", "Cs": "not a character"}


def _bidi_at(text: str) -> tuple[int, str] | None:
    for index, char in enumerate(text):
        if char in BIDI_CONTROLS:
            return index, char
    return None


def check_characters(document: Any, out: Collector,
                     level_of: Callable[[Any, list[Any]], str | None]) -> None:
    """Report bidi controls in any text and unusable legend glyphs (`document` is the bounded
    view the schema saw; `level_of(document, path parts)` names a problem's level)."""

    def walk(value: Any, parts: tuple[Any, ...]) -> None:
        if isinstance(value, str):
            if parts and parts[-1] in GRID_FIELDS:
                return  # every grid character is checked as a glyph by lint
            found = _bidi_at(value) if not value.isascii() else None
            if found is not None:
                index, char = found
                out.add(ERROR, "bidi_control",
                        f"{json_path(parts)[2:]}: holds U+{ord(char):04X} at character "
                        f"{index + 1}, which changes the direction of the text around it; "
                        "write the text without it", level=level_of(document, list(parts)),
                        path=json_path(parts))
        elif isinstance(value, dict):
            for key, item in value.items():
                if len(parts) == 3 and parts[0] == "levels" and parts[2] == "legend":
                    _check_glyph(key, parts + (key,), out, level_of(document, list(parts)))
                walk(item, parts + (key,))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, parts + (index,))

    walk(document, ())


def _check_glyph(glyph: Any, parts: tuple[Any, ...], out: Collector, level: str | None) -> None:
    if not isinstance(glyph, str) or len(glyph) != 1:
        return  # the schema reports it
    what = _NO_GLYPH.get(unicodedata.category(glyph))
    if what is not None:
        out.add(ERROR, "bad_glyph", f"U+{ord(glyph):04X} cannot be a legend glyph: it is "
                f"{what}; use a character that shows on its own", level=level,
                path=json_path(parts))
