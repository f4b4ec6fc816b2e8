"""Look mode: a cursor over the board and, in place of the log, what is under it and what a
direction key would do there. It reads the view the engine gives and the session's card book,
never the live game."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from app.games.cardrogue.look import describe_cell
from app.games.cardrogue.screens.play_section import PlaySection
from app.games.cardrogue.words import DIRECTION_NAMES
from engine.cardrogue import DIRECTION_BITS, DIRECTIONS, STEP


class LookMode(PlaySection):
    """The look cursor of PlayScreen (the "look" kind of its `picking`)."""

    def action_look(self) -> None:
        if self.picking == "look":
            self.stop_looking()
        elif self.cursor is None:
            self.start_looking(self.view().hero.cell or (0, 0))  # off the board: the corner

    def start_looking(self, cell: tuple[int, int]) -> None:
        if self.cursor is not None and self.picking != "look":
            return  # a teleport or the mole is choosing a cell: that comes first
        self.asking = None
        self.picking, self.cursor = "look", cell
        self.redraw()

    def stop_looking(self) -> None:
        if self.picking == "look":
            self.picking, self.cursor = None, None
            self.redraw()


    def _show_look(self) -> None:
        """Look mode's panel, in place of the log: what is under the cursor."""
        looking = self.picking == "look" and self.cursor is not None
        self.set_class(looking, "looking")
        if looking and self.cursor is not None:
            self.query_one("#look", Static).update(self.look_text(self.cursor))

    def look_text(self, cell: tuple[int, int]) -> Text:
        """What is on `cell`, then what a direction key would do there, if it is next to you."""
        text = describe_cell(self.view(), self.session.catalog, cell)
        way = self._way_to(cell)
        if way is not None:
            step = self.view().step(way)
            action, reason = step.action, step.reason
            text.append(f"\n{DIRECTION_NAMES[way].capitalize()} of you: ", style="bold")
            if reason is None:
                note = f" ({step.note})" if step.note else ""
                text.append(f"{self.key_for('step', way)} will {self.session.describe(action)}"
                            f"{note}.")
            else:
                text.append(f"{self.key_for('step', way)} would {self.session.describe(action)}, "
                            f"but not now: {reason}.", style="yellow")
        return text

    def _way_to(self, cell: tuple[int, int]) -> str | None:
        """The direction from the hero to `cell` when it is the next cell across an edge."""
        hero = self.view().hero.cell
        if hero is None:
            return None
        # Geometry, not the view's steps: a cell the map has no card on is still next to you.
        row, col = hero
        for direction in DIRECTIONS:
            dr, dc = STEP[DIRECTION_BITS[direction]]
            if (row + dr, col + dc) == cell:
                return direction
        return None

