"""The map as the rogue has drawn it: one character per square, drawn with Textual's Line API.

A `ScrollView` the size of the sheet; when the screen is smaller the view scrolls to keep the
rogue in sight. Where there is room, each square is two columns wide, so the map keeps the
shape of squared paper. Each glyph's colour comes from a component class, so themes restyle the map.
The rows come from the engine's view (`View.map_rows`): nothing here decides what is seen.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

# glyph -> component class (without "map--"); other glyphs use "floor".
GLYPH_CLASS = {
    "@": "rogue", "#": "wall", ".": "floor", ",": "corridor", "+": "door", "=": "locked",
    "'": "door", "x": "false", "<": "stairs", ">": "stairs", "T": "landmark", "S": "landmark",
    "A": "amulet",
}


class MapView(ScrollView, can_focus=False):
    """The current level's map, following the rogue."""

    COMPONENT_CLASSES = {f"map--{name}" for name in set(GLYPH_CLASS.values())}

    DEFAULT_CSS = """
    MapView { background: $background; scrollbar-size: 1 1; }
    MapView > .map--rogue { color: $warning; text-style: bold; }
    MapView > .map--wall { color: $foreground-darken-3; }
    MapView > .map--floor { color: $foreground-muted; }
    MapView > .map--corridor { color: $foreground-darken-2; }
    MapView > .map--door { color: $accent; text-style: bold; }
    MapView > .map--locked { color: $error; text-style: bold; }
    MapView > .map--false { color: $foreground-darken-3; }
    MapView > .map--stairs { color: $success; text-style: bold; }
    MapView > .map--landmark { color: $secondary; text-style: bold; }
    MapView > .map--amulet { color: $warning; text-style: bold reverse; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: tuple[str, ...] = ()
        self.rogue_at = (0, 0)
        self.cell = 1  # columns per square: 2 when the sheet fits that wide
        self._lines: dict[int, Strip] = {}

    def show(self, rows: tuple[str, ...], rogue_at: tuple[int, int]) -> None:
        """Draw these rows; keep the rogue in view."""
        if rows != self.rows:
            self.rows = rows
            self._fit()
        self.rogue_at = rogue_at
        self.follow()

    def _fit(self) -> None:
        width = max((len(r) for r in self.rows), default=0)
        self.cell = 2 if self.size.width >= 2 * width else 1
        self._lines.clear()
        self.virtual_size = Size(width * self.cell, len(self.rows))
        self.refresh()

    def follow(self) -> None:
        row, col = self.rogue_at
        self.scroll_to_region(Region(col * self.cell, row, self.cell, 1), spacing=None,
                              animate=False, force=True)

    def on_resize(self) -> None:
        self._fit()
        self.follow()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()

    def _style(self, name: str) -> Style:
        style = self.get_component_rich_style(f"map--{name}")
        if style.bgcolor is None:
            style += Style(bgcolor=self.rich_style.bgcolor)
        return style

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.size.width
        blank = self.rich_style
        row = y + scroll_y
        if not 0 <= row < len(self.rows):
            return Strip.blank(width, blank)
        strip = self._lines.get(row)
        if strip is None:
            strip = self._build(self.rows[row], blank)
            self._lines[row] = strip
        return strip.crop_extend(scroll_x, scroll_x + width, blank)

    def _build(self, text: str, blank: Style) -> Strip:
        segments: list[Segment] = []
        styles: dict[str, Style] = {}
        run, run_class = "", None
        for glyph in text:
            cls = None if glyph == " " else GLYPH_CLASS.get(glyph, "floor")
            if cls != run_class and run:
                segments.append(Segment(run, blank if run_class is None else styles[run_class]))
                run = ""
            if cls is not None and cls not in styles:
                styles[cls] = self._style(cls)
            # Two columns: walls join up ("##"); anything else keeps a space beside it.
            wide = glyph * 2 if glyph == "#" else glyph + " "
            run, run_class = run + (wide if self.cell == 2 else glyph), cls
        if run:
            segments.append(Segment(run, blank if run_class is None else styles[run_class]))
        return Strip(segments, len(text) * self.cell)
