"""A menu whose highlighted entry carries a mark ("›") as well as its colour, so it is seen
without colour and read by a braille display or a screen reader (issue 34)."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import OptionList

MARK = "›"


class MarkedOptionList(OptionList):
    """An OptionList whose options keep a column of their own on the left, where the
    highlighted one shows MARK. The list's left padding moves into the options, so its
    entries stand where an OptionList's do."""

    DEFAULT_CSS = """
    MarkedOptionList {
        padding: 0 1 0 0;
        & > .option-list--option {
            padding: 0 0 0 1;
        }
    }
    """

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:  # the option and its row on this line (Textual keeps no public map of them)
            index, row = self._lines[self.scroll_offset.y + y]
        except IndexError:
            return strip
        if index != self.highlighted or row != 0 or not strip.text.startswith(" "):
            return strip
        first = next(iter(strip), None)
        style = first.style if first is not None else None
        return Strip.join([Strip([Segment(MARK, style)], 1),
                           strip.crop(1, strip.cell_length)])
