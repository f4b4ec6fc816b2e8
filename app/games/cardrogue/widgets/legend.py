"""The board's legend: every glyph and colour on the current board, drawn as the board draws
it, with its meaning (app/games/cardrogue/look.py says what each one is)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from app.games.cardrogue.look import FRAME_ENTRIES, legend_entries
from app.games.cardrogue.words import GHOST_GLYPH

if TYPE_CHECKING:
    from app.games.cardrogue.widgets.board import BoardView
    from engine.cardrogue import Catalog, View


def legend_text(view: View, catalog: Catalog, board: BoardView, racing: bool = False) -> Text:
    """One line per glyph: the glyph in the board's colours, then what it stands for (and the
    ghost's, while one is raced)."""
    out = Text()
    out.append("On this board\n", style="bold underline")
    for entry in legend_entries(view, catalog):
        out.append(" ")
        out.append(entry.glyph, style=board.glyph_style(entry.category, entry.colour))
        out.append("  ")
        out.append(entry.meaning)
        out.append("\n")
    if racing:
        out.append(" ")
        out.append(GHOST_GLYPH, style=board.glyph_style("ghost", None))
        out.append("  the ghost you race (left of a card's middle)\n")
    out.append("\nFrames\n", style="bold underline")
    for name, meaning in FRAME_ENTRIES:
        out.append("╭─╮", style=board.glyph_style(name, None))
        out.append(f" {meaning}\n")
    out.rstrip()
    return out


class Legend(Static):
    """The legend as a panel, shown in place of the side panel while toggled on."""

    DEFAULT_CSS = """
    Legend {
        width: 30;
        height: 1fr;
        background: $surface;
        border-left: tall $panel;
        padding: 0 1;
        display: none;
    }
    """
