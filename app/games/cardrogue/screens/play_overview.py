"""The overview in play: on a board larger than the view, the side panel ends with the editor's
minimap of the level as the hero knows it: "█" a card turned up, "░" one still face down, "·"
nothing known, "@" the hero. The part of the board on screen is shaded. M hides or shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.cardrogue.editor.overview import CARD, EMPTY, PATH, START, Minimap
from app.games.cardrogue.widgets.board import CELL_H, CELL_W
from app.games.cardrogue.widgets.game_views import GameViews

if TYPE_CHECKING:
    from engine.cardrogue import View


class PlayMinimap(Minimap):
    """The minimap of a game's current level (Minimap draws; this says what each cell holds).
    Docked at the panel's foot, so it stays in sight while the panel's text scrolls above."""

    DEFAULT_CSS = """
    PlayMinimap {
        dock: bottom;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(None, id=id)
        self.game_view: View | None = None
        self.faces: dict[tuple[int, int], str] = {}  # the view's cells that hold a card

    def follow(self, view: View) -> None:
        """Draw the level as `view` shows it (the engine's view of the hero's seat)."""
        self.game_view = view
        self.faces = {cell.cell: cell.face for cell in view.cells}

    def level_size(self, level: int) -> tuple[int, int]:
        assert self.game_view is not None
        return self.game_view.columns, self.game_view.rows

    def cell_kind(self, level: int, row: int, col: int) -> int:
        assert self.game_view is not None
        if (row, col) == self.game_view.hero.cell:
            return START
        face = self.faces.get((row, col), "unseen")
        return EMPTY if face == "unseen" else PATH if face == "face_down" else CARD

    def on_click(self, event) -> None:
        event.stop()  # in play a click only looks: the camera follows the hero


class Overview(GameViews):
    """Mixed into the play screen: keeps the overview up to date as the game is drawn."""

    overview_on = True  # M hides it

    def mount_overview(self) -> None:
        """Put the minimap at the foot of the side panel; it is drawn once the board has its
        size."""
        self.panel.mount(PlayMinimap(id="minimap"))
        self.call_after_refresh(self.show_overview)

    def show_overview(self, view: View | None = None) -> None:
        """Show the minimap when the board is larger than the view, with the view shaded;
        `view` is the game's view just drawn (None: the one the minimap last drew)."""
        minimap = self.query_one(PlayMinimap)
        if view is not None:
            minimap.follow(view)
        shown = minimap.game_view
        board = self.board
        width, height = board.scrollable_content_region.size
        virtual = board.virtual_size
        # Story and challenge maps only: the classic table grows as it is laid, mostly unknown,
        # and at 80x24 a minimap of it would push the seats' panel out of sight.
        if shown is None or not (self.overview_on and shown.mode == "story" and width > 0
                                 and (virtual.width > width or virtual.height > height)):
            minimap.display = False
            return
        minimap.display = True
        x, y = round(board.scroll_offset.x), round(board.scroll_offset.y)
        on_screen = (y // CELL_H, x // CELL_W, min(shown.rows - 1, (y + height - 1) // CELL_H),
                     min(shown.columns - 1, (x + width - 1) // CELL_W))
        minimap.show(shown.level, None, on_screen, shown.hero.cell or (-1, -1))

    def action_overview(self) -> None:
        self.overview_on = not self.overview_on
        self.show_overview()
