"""How the lint's messages (level_rules.py) name what they point at: a cell, a value or glyph as
the author typed it, a card with its article, and the closest spelling of a misspelt word."""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from typing import Any


def at_cell(cell: tuple[int, int]) -> str:
    return f"row {cell[0] + 1}, col {cell[1] + 1}"


def did_you_mean(word: str, choices: Any) -> str:
    return _closest(word[:100], tuple(choices))


@lru_cache(maxsize=1024)
def _closest(word: str, choices: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {quoted(close[0])}?)" if close else ""


def quoted(value: Any) -> str:
    """A value quoted as TOML would write it."""
    return json.dumps(value, ensure_ascii=False)


def with_article(noun: str) -> str:
    """`noun` with "a" or "an" before it (none before a name that has its own "The")."""
    if noun.startswith("The "):
        return noun
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def glyph_text(char: str) -> str:
    """A glyph as an author would type it, with invisible characters spelled out."""
    if char.isprintable() and not char.isspace():
        return quoted(char)
    return f"U+{ord(char):04X}"
