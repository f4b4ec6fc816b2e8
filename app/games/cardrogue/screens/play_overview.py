"""The overview in play: on a board larger than the view, the side panel ends with the editor's
minimap of the level as the hero knows it: "█" a card turned up, "░" one still face down, "·"
nothing known, "@" the hero. The part of the board on screen is shaded. M hides or shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.cardrogue.editor.overview import CARD, EMPTY, PATH, START, Minimap
from app.games.cardrogue.widgets.board import CELL_H, CELL_W
from app.games.cardrogue.widgets.game_views import GameViews
from engine.cardrogue import FACE_DOWN, UNSEEN

if TYPE_CHECKING:
    from engine.cardrogue import State


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
        self.game: State | None = None

    def level_size(self, level: int) -> tuple[int, int]:
        assert self.game is not None
        return self.game.board.width, self.game.board.height

    def cell_kind(self, level: int, row: int, col: int) -> int:
        assert self.game is not None
        board = self.game.board
        index = row * board.width + col
        hero = self.game.player.pos if self.game.players else None
        if index == hero:
            return START
        face = board.face[index]
        return EMPTY if face == UNSEEN else PATH if face == FACE_DOWN else CARD

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

    def show_overview(self) -> None:
        """Show the minimap when the board is larger than the view, with the view shaded."""
        minimap = self.query_one(PlayMinimap)
        board = self.board
        width, height = board.scrollable_content_region.size
        virtual = board.virtual_size
        game = self.game  # type: ignore[attr-defined]  # the play screen's
        # Story and challenge maps only: the classic table grows as it is laid, mostly unknown,
        # and at 80x24 a minimap of it would push the seats' panel out of sight.
        if not (self.overview_on and game.mode == "story" and width > 0
                and (virtual.width > width or virtual.height > height)):
            minimap.display = False
            return
        minimap.game = game
        minimap.display = True
        x, y = round(board.scroll_offset.x), round(board.scroll_offset.y)
        rows, columns = game.board.height, game.board.width
        view = (y // CELL_H, x // CELL_W, min(rows - 1, (y + height - 1) // CELL_H),
                min(columns - 1, (x + width - 1) // CELL_W))
        hero = game.player.pos if game.players else None
        cursor = game.board.cell(hero) if hero is not None else (-1, -1)
        minimap.show(game.level_index, None, view, cursor)

    def action_overview(self) -> None:
        self.overview_on = not self.overview_on
        self.show_overview()
