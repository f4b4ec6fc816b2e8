"""What every game's seed field says when something other than digits is typed: the letters
stay on show (an integer-only field dropped them without a word) and this note says why the
game will not start on them."""

from __future__ import annotations

import re

SEED_NOTE = "A seed is a number: type only the digits 0 to 9 (or leave it blank)."


def seed_problem(text: str) -> str:
    """SEED_NOTE when `text` holds anything but the digits 0 to 9, else ""."""
    text = text.strip()
    return SEED_NOTE if text and not re.fullmatch(r"[0-9]+", text) else ""
