"""The editor's card view (issue 22): the level as players will see it, every card face up."""

import pytest
from textual.strip import Strip

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.editor.templates import TEMPLATES
from app.games.cardrogue.screens.editor import EditorScreen
from app.games.cardrogue.widgets import board

SIZE = (80, 24)
CHALLENGE = {t.name: t for t in TEMPLATES}["Challenge"]
# The challenge template's corridor: start, path, goblin, path, ladder along row 4.
ROW, START, GOBLIN, LADDER = 4, 1, 3, 5


def text(strip: Strip) -> str:
    return "".join(segment.text for segment in strip)


def lines(canvas) -> list[str]:
    return [text(canvas.render_line(y)) for y in range(canvas.size.height)]


def varied_model() -> MapModel:
    """The challenge, with a red potion, a spike trap and a chest below its corridor."""
    model = MapModel(CHALLENGE.build(8, 8, "Views"))
    model.set_glyph(0, ROW + 1, START, "r", {"card": "potion", "colour": "red"})
    model.set_glyph(0, ROW + 1, GOBLIN, "^", "trap_spikes")
    model.set_glyph(0, ROW + 1, LADDER, "C", "chest")
    for col in (START, GOBLIN, LADDER):
        model.corridor_step(0, ROW, col, board.S)
    model.mark_saved()
    return model


async def test_the_card_view_draws_the_boards_cards_and_z_switches_back(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EditorScreen(MapModel(CHALLENGE.build(8, 8, "Views"))))
        await pilot.pause()
        screen = app.screen
        canvas = screen.canvas
        compact = lines(canvas)
        await pilot.press("z")
        await pilot.pause()
        assert canvas.cards
        await pilot.press(*["down"] * ROW, *["right"] * GOBLIN)  # the cursor onto the goblin
        await pilot.pause()
        # The goblin's card, drawn exactly as the play board draws a face-up goblin with a
        # corridor east and west, framed in the cursor's colour.
        region = canvas.region_of(ROW, GOBLIN)
        drawn = board.draw_card((board.E | board.W, "g", "enemy", None, board.MARK_CURSOR),
                                board.card_palette(canvas))
        for part in range(board.CELL_H):
            line = text(canvas.render_line(region.y + part))
            assert line[region.x:region.x + board.CELL_W] == text(Strip(drawn[part]))
        assert "<" in "".join(lines(canvas)) and ">" in "".join(lines(canvas))
        # A click in the card view lands on the card under the mouse.
        ladder = canvas.region_of(ROW, LADDER)
        await pilot.click(canvas, offset=(ladder.x + 3, ladder.y + 1))
        assert canvas.cursor == (ROW, LADDER)
        # Painting in the card view redraws the card: the start's palette key puts a start
        # (the board's "<") where the ladder was.
        await pilot.press("1")
        await pilot.pause()
        assert screen.model.glyph(0, ROW, LADDER) == "@"
        ladder = canvas.region_of(ROW, LADDER)
        middle = text(canvas.render_line(ladder.y + 1))[ladder.x:ladder.x + board.CELL_W]
        assert "<" in middle and ">" not in middle
        await pilot.press("z")
        await pilot.pause()
        assert not canvas.cards
        assert lines(canvas) != compact  # the paint shows in the compact view too
        assert "@" in "".join(lines(canvas))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_snapshot_card_view(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        await app.push_screen(EditorScreen(varied_model()))
        await pilot.pause()
        await pilot.press("z", *["down"] * ROW, *["right"] * GOBLIN, "v", "down")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
