"""The one sanitiser for text from outside the program, before it reaches a screen or stdout.

File names, map texts, run fields (and, later, server data) can hold characters a terminal
obeys instead of showing: ESC and BEL start sequences that set the window title or write the
clipboard, C1 controls (U+0080-U+009F, such as U+009B, a one-character CSI) do the same on some
terminals, and bidirectional overrides and isolates reorder the text around them. `shown`
spells each such character out as visible, harmless text (`\\x1b`, `\\u202e`), so a reader
sees that it is there and the terminal never receives it.

    label = shown(path.name)                 # one line: tabs and line breaks spelled out too
    story = shown(text, keep="\\n\\t")         # several lines

Textual's `Text` already keeps markup literal; this is about the characters underneath.
"""

from __future__ import annotations

# Reorder the text around them: embeddings and overrides (LRE, RLE, PDF, LRO, RLO), isolates
# (LRI, RLI, FSI, PDI), and the marks (LRM, RLM, ALM).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                          "\u200e\u200f\u061c")

def _spell(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def shown(text: str, keep: str = "") -> str:
    """`text` with every character a terminal might obey, or that is invisible, spelled out as
    `\\x..`/`\\u....`; the characters in `keep` (such as "\\n\\t") pass unchanged."""
    if text.isprintable():  # no control, format or unassigned character (bidi ones are format)
        return text
    return "".join(char if char in keep or char == " " or char.isprintable()
                   and char not in BIDI_CONTROLS else _spell(char) for char in text)


# What a grid cell shows for a character `shown` would spell out: it has room for one.
REPLACEMENT = "\ufffd"


def shown_glyph(char: str) -> str:
    """One character for one grid cell: `char`, or REPLACEMENT where `shown` would spell it."""
    return char if char == " " or char.isprintable() and char not in BIDI_CONTROLS \
        else REPLACEMENT
