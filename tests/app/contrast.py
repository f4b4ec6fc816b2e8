"""WCAG contrast of what the app draws: the relative luminance of each character's colour
against its background, measured on a rendered screen (after Textual's own filters, with
dim text blended half-way to its background as Textual's DimFilter does)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from textual.app import App
from textual.color import Color
from textual.filter import DimFilter
from textual.geometry import Region

AA = 4.5  # WCAG AA for normal text


def relative_luminance(red: int, green: int, blue: int) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 for black, 1 for white)."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast_ratio(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    lighter, darker = sorted((relative_luminance(*first), relative_luminance(*second)),
                             reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def is_drawing(character: str) -> bool:
    """Box-drawing, blocks and shades: lines and bars, not text to read."""
    return 0x2500 <= ord(character) <= 0x259F or character.isspace()


@dataclass(frozen=True)
class Pair:
    text: str
    foreground: tuple[int, int, int]
    background: tuple[int, int, int]

    @property
    def ratio(self) -> float:
        return contrast_ratio(self.foreground, self.background)

    def __str__(self) -> str:
        return (f"{self.text!r}: {Color(*self.foreground).hex} on {Color(*self.background).hex}"
                f" = {self.ratio:.2f}")


def text_pairs(app: App, within: Region | None = None) -> set[Pair]:
    """Every (text, colour, background) the top screen shows now, or the part `within` (a
    dialog: the screen under it is dimmed on purpose, as it takes no keys)."""
    background = Color.parse(app.current_theme.background or "black")
    filters = [*app.get_line_filters(), DimFilter()]
    pairs = set()
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        if within is not None:
            if not within.y <= y < within.bottom:
                continue
            strip = strip.crop(within.x, within.right)
        segments: list[Segment] = list(strip)
        for line_filter in filters:
            segments = line_filter.apply(segments, background)
        for segment in segments:
            text = "".join(c for c in segment.text if not is_drawing(c))
            style = segment.style
            if not text or style is None or style.color is None or style.bgcolor is None:
                continue
            foreground, back = style.color.get_truecolor(), style.bgcolor.get_truecolor()
            if style.reverse:
                foreground, back = back, foreground
            pairs.add(Pair(text, tuple(foreground), tuple(back)))
    return pairs


def too_faint(app: App, within: Region | None = None) -> list[str]:
    """The text on the top screen (or `within` it) below AA, in words, for an assertion."""
    return sorted(str(pair) for pair in text_pairs(app, within) if pair.ratio < AA)
