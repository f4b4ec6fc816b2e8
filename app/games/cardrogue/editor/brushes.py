"""The editor's brushes: what the palette offers on a level (built-ins, the level's legend
entries, the default cards) and the order it keeps them in for a whole session. No Textual
here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games.cardrogue.editor.cards import USUAL_GLYPHS, card_name, entry_card
from app.games.cardrogue.editor.grids import BUILT_IN
from app.games.cardrogue.editor.model import MapModel


@dataclass(frozen=True)
class Brush:
    """A palette entry: the glyph to paint, its label, the legend entry it needs (None for
    built-ins and the level's own entries), and the card id it places."""

    glyph: str
    label: str
    card: Any = None
    places: str = ""

    @property
    def key(self) -> tuple[str, str]:
        """What the brush paints: the same key means the same card, entry or not."""
        return self.glyph, self.places


BUILT_IN_BRUSHES = tuple(Brush(glyph, name, None, name) for glyph, name in BUILT_IN.items())


# Cards offered on every level, with their usual glyphs; one the legend already uses is left out.
DEFAULT_CARDS = tuple(Brush(glyph, card_name(card).lower(), card, card)
                      for card, glyph in USUAL_GLYPHS.items())


def palette_for(model: MapModel, level: int) -> list[Brush]:
    """Built-ins, then the level's own legend entries, then the default cards."""
    brushes = list(BUILT_IN_BRUSHES)
    legend = model.legend(level)
    for glyph, entry in legend.items():
        if glyph in BUILT_IN:
            continue
        card = entry_card(entry) or "?"
        name = entry.get("name") if isinstance(entry, dict) else None
        brushes.append(Brush(glyph, str(name or card_name(card).lower()), None, card))
    brushes.extend(b for b in DEFAULT_CARDS if b.glyph not in legend)
    return brushes


class PaletteOrder:
    """The order of the palette, kept for the whole editing session, so a number key keeps
    meaning the same card: painting a default card adds a legend entry for it, and that entry
    keeps the default's place. A brush seen for the first time takes the place of a gone brush
    with the same glyph (the author changed what the glyph places), else goes to the end."""

    def __init__(self) -> None:
        self._places: dict[tuple[str, str], int] = {}

    def arrange(self, brushes: list[Brush]) -> list[Brush]:
        here = {brush.key for brush in brushes}
        for brush in brushes:
            if brush.key in self._places:
                continue
            gone = [key for key in self._places if key[0] == brush.glyph and key not in here]
            self._places[brush.key] = self._places.pop(gone[0]) if gone else \
                max(self._places.values(), default=-1) + 1
        return sorted(brushes, key=lambda brush: self._places[brush.key])
