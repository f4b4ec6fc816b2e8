"""Words every game's screens and the command line share: plurals, capitals, cut-down names, an
error on one line and an illegal key's explanation. Built as `rich.text.Text` where styled, never
as markup. Rich is imported only where a styled line is made: the command line starts without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text

from services.words import Line, cap, counted, par_verdict, plural

__all__ = ["cap", "counted", "middle_cut", "one_line", "par_verdict", "plural", "reason_line",
           "styled"]


def styled(line: Line) -> Text:
    """A log line of services.words as Rich Text (its parts and styles, never markup)."""
    from rich.text import Text

    text = Text(style=line.style)
    for part, style in line.parts:
        text.append(part, style=style)
    return text


def middle_cut(text: str, width: int) -> str:
    """`text` in at most `width` characters: its start and its end kept, "…" between them
    (a long seed stays recognisable by both ends)."""
    if len(text) <= width:
        return text
    if width < 3:
        return text[:width]
    tail = (width - 1) // 2
    return text[:width - 1 - tail] + "…" + text[len(text) - tail:]


def one_line(error: BaseException) -> str:
    """An error's message on one line (its type's name if it has none)."""
    return " ".join(str(error).split()) or type(error).__name__


def reason_line(reason: str) -> Text:
    """An illegal key's explanation, as the engine gave it."""
    from rich.text import Text

    line = Text("✗ ", style="bold yellow")
    line.append(reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else "."))
    return line
