"""A numbered line whose text wraps under itself: a long choice's second line starts under
its first word, not under its number or key. An OptionList takes it as an option's prompt."""

from __future__ import annotations

from functools import cached_property

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual


class Hanging(Visual):
    """`lead` (a number or key, with its spaces) then `text`, hang-indented when it wraps.
    A line that fits is drawn exactly as the plain Text would be. str() is the plain line."""

    def __init__(self, lead: Text, text: Text) -> None:
        self.lead = lead
        self.text = text

    def __str__(self) -> str:
        return self.lead.plain + self.text.plain

    @cached_property
    def _line(self) -> Content:
        return Content.from_rich_text(Text.assemble(self.lead, self.text))

    @cached_property
    def _lead(self) -> Content:
        return Content.from_rich_text(self.lead)

    @cached_property
    def _text(self) -> Content:
        return Content.from_rich_text(self.text)

    def _fits(self, width: int) -> bool:
        """Whether every line (a label may hold its own line breaks) fits unwrapped."""
        widest = max(cell_len(line) for line in str(self).split("\n"))
        return widest <= width or self._lead.cell_length >= width

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self._line.get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        if self._fits(width):
            return self._line.get_height(rules, width)
        return self._text.get_height(rules, width - self._lead.cell_length)

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        if self._fits(width):
            return self._line.render_strips(width, height, style, options)
        indent = self._lead.cell_length
        lead = self._lead.render_strips(indent, 1, style, options)[0]
        blank = Strip.blank(indent, style.rich_style)
        body = self._text.render_strips(width - indent, height, style, options)
        return [Strip.join([lead if n == 0 else blank, line]) for n, line in enumerate(body)]
