"""The editor's cards and legend: the palette of every card, and adding, changing, renaming
or removing a level's legend entries."""

from __future__ import annotations

from typing import Any

from app.games.cardrogue.editor.brushes import Brush
from app.games.cardrogue.editor.cards import entry_card
from app.games.cardrogue.editor.grids import BUILT_IN
from app.games.cardrogue.editor.section import EditorSection
from app.screens.dialogs import Choice, ChooseScreen


class LegendActions(EditorSection):
    """The card palette and the legend dialogs; mixed into EditorScreen."""

    def action_all_cards(self) -> None:
        from app.games.cardrogue.editor.card_palette import CardPaletteScreen

        def chosen(result: tuple[str, Any] | None) -> None:
            if result is None:
                return
            glyph, card = result
            self.picked = self._brush(glyph, card)
            if self.tool in ("select", "corridor"):
                self.tool = "paint"
            self._update_palette()
            self._update_status()

        keys = {brush.key: (n + 1) % 10 for n, brush in enumerate(self.brushes[:10])}
        self.app.push_screen(CardPaletteScreen(self.model, self.level, self.recent_here(), keys),
                             chosen)

    def _brush(self, glyph: str, card: Any) -> Brush:
        """A brush for `glyph`: a new entry placing `card`, or (card None) the level's own."""
        places = card if card is not None else entry_card(self.model.legend(self.level).get(glyph))
        return Brush(glyph, self._label(glyph, card), card, places or BUILT_IN.get(glyph, ""))

    def _label(self, glyph: str, card: Any) -> str:
        entry = card if card is not None else self.model.legend(self.level).get(glyph)
        if isinstance(entry, dict):
            return str(entry.get("name") or entry.get("card"))
        return str(entry or BUILT_IN.get(glyph, glyph))

    def action_legend(self) -> None:
        legend = self.model.legend(self.level)
        choices = [Choice("New custom card…", ("new", None))]
        for glyph, entry in legend.items():
            choices.append(Choice(f"{glyph}  {self._label(glyph, entry)}", ("edit", glyph)))
        self.app.push_screen(ChooseScreen(f"Legend of {self.model.level_id(self.level)}",
                                          choices), self._legend_chosen)

    def _legend_chosen(self, choice: tuple[str, str | None] | None) -> None:
        if choice is None:
            return
        what, glyph = choice
        if what == "edit":
            self.app.push_screen(ChooseScreen(f"Legend entry {glyph}", [
                Choice("Change it…", ("change", glyph)),
                Choice("Remove it", ("remove", glyph),
                       "cells showing it will need another entry"),
            ]), self._legend_chosen)
            return
        if what == "remove":
            assert glyph is not None  # an entry's choices carry its glyph
            level = self.level
            self._edit(lambda: self.model.set_legend(level, glyph, None))
            return
        from app.games.cardrogue.editor.legend_form import LegendEntryScreen

        self.app.push_screen(LegendEntryScreen(self.model, self.level, glyph),
                             lambda result: self._legend_saved(glyph, result))

    def _legend_saved(self, old: str | None, result: tuple[str, Any] | None) -> None:
        if result is None:
            return
        glyph, entry = result
        level, model = self.level, self.model
        model.begin_stroke()
        if old is not None and old != glyph:  # renamed: the cells follow the new glyph
            model.set_legend(level, old, None)
            width, height = model.size(level)
            for r in range(height):
                for c in range(width):
                    if model.glyph(level, r, c) == old:
                        model.set_glyph(level, r, c, glyph)
        model.set_legend(level, glyph, entry)
        model.end_stroke()
        self.picked = self._brush(glyph, None)
        self.update_views()
