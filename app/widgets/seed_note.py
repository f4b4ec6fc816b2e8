"""What every game's seed field says when something other than digits is typed: the letters
stay on show (an integer-only field dropped them without a word) and this note says why the
game will not start on them."""

from __future__ import annotations

import re

SEED_NOTE = "A seed is a number: type only the digits 0 to 9"


def seed_problem(text: str, *, blank_allowed: bool = True) -> str:
    """The note when `text` holds anything but the digits 0 to 9 (not str.isdigit, which
    takes "²" that int() refuses), else ""."""
    text = text.strip()
    if not text or re.fullmatch(r"[0-9]+", text):
        return ""
    return f"{SEED_NOTE} (or leave it blank)." if blank_allowed else f"{SEED_NOTE}."
