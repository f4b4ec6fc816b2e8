"""Players' names as the server compares them: look-alikes are one name, invisibles are refused.

    name_key("ＢＯＢ")          # "bob": equal but for case or width
    name_skeleton("Аlice")    # the same as name_skeleton("Alice") (a Cyrillic А)
    invisible("Bob\ufe0f")    # "U+FE0F": a variation selector, which shows as nothing

Look-alikes are found by the Unicode TR39 skeleton, worked out by ICU's spoof checker (PyICU,
the `server` extra), the reference implementation of the standard and its data, not a table of
ours. The skeleton is taken with case folded in between (skeleton, fold, skeleton again), so a
name that looks like another in any case ("Iris" and "lris", "аlice" and "Alice") is taken.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any

MAX_MARKS = 2  # combining marks on one letter: more stack into a smear that hides the letter


def name_key(name: str) -> str:
    """A name as names are compared for case and width: "BOB", "Bob" and full-width "ｂｏｂ"
    are all "bob"."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


@functools.cache
def _checker() -> Any:
    import icu

    return icu.SpoofChecker()


def skeleton(text: str) -> str:
    """The TR39 skeleton of `text` (ICU's)."""
    return str(_checker().getSkeleton(0, text))


def name_skeleton(name: str) -> str:
    """The key under which names that look alike are one name."""
    return skeleton(name_key(skeleton(unicodedata.normalize("NFKC", name))))


def invisible(name: str) -> str | None:
    """The first code point of `name` that shows as nothing (Unicode's Default_Ignorable_Code
    _Point: variation selectors, joiners, tag characters, fillers...), as U+XXXX; None if
    there is none."""
    import icu

    for char in name:
        if icu.Char.hasBinaryProperty(char, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT):
            return f"U+{ord(char):04X}"
    return None


def too_many_marks(name: str) -> bool:
    """More than MAX_MARKS combining marks on one letter, counted decomposed (Vietnamese
    letters carry two: "ệ" is e, dot below, circumflex)."""
    run = 0
    for char in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.combining(char) or unicodedata.category(char) == "Me" \
            else 0
        if run > MAX_MARKS:
            return True
    return False
