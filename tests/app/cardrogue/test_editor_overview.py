"""The editor's overview (issue 22): a minimap of a level larger than the canvas, and a strip of
the map's levels."""

import pytest
from rich.segment import Segment

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.model import MapModel, new_document
from app.games.cardrogue.editor.overview import LevelsStrip, Minimap
from app.games.cardrogue.editor.templates import TEMPLATES
from app.games.cardrogue.screens.editor import EditorScreen
from engine.cardrogue.board import E
from tests.support import until

SIZE = (80, 24)


def minimap_lines(minimap: Minimap) -> list[str]:
    return ["".join(segment.text for segment in minimap.render_line(y)).rstrip()
            for y in range(len(minimap.blocks))]


def marked(minimap: Minimap, style_name: str) -> set[tuple[int, int]]:
    """The blocks drawn with a component style's background (the view, or the cursor)."""
    wanted = minimap.get_component_rich_style(style_name).bgcolor
    found = set()
    for y in range(len(minimap.blocks)):
        x = 0
        for segment in minimap.render_line(y):
            assert isinstance(segment, Segment)
            if segment.style is not None and segment.style.bgcolor == wanted and segment.text:
                found.add((y, x))
            x += len(segment.text)
    return found


async def test_the_minimap_of_a_64x64_level_follows_edits_and_jumps(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EditorScreen(MapModel(new_document(64, 64))))
        await pilot.pause()
        screen = app.screen
        minimap = screen.query_one(Minimap)
        # Shown once the canvas has its size, after a refresh, and drawn once laid out: on a
        # loaded machine either can be later than the first pause (CI saw it hidden, then blank).
        await until(pilot, lambda: minimap.display and minimap.content_region.width > 0,
                    why=lambda: "for the minimap to show")
        # 64 cells in 16 blocks of 4 a line; 64 rows in 8 lines of blocks 8 rows tall.
        assert minimap.scale == 4 and len(minimap.blocks) == 8
        assert minimap_lines(minimap) == ["·" * 16] * 8
        # The canvas shows the top left corner: those blocks are shaded, the cursor's marked.
        view = marked(minimap, "minimap--view")
        assert (0, 1) in view and (7, 15) not in view
        assert marked(minimap, "minimap--cursor") == {(0, 0)}
        # A paint far away shows on its block at once.
        screen.canvas.move_to(62, 61)
        await pilot.press("1")  # the start
        await pilot.pause()
        assert minimap_lines(minimap)[7] == "·" * 15 + "@"
        # A click on a block takes the cursor there, and the canvas with it.
        region = minimap.content_region
        await pilot.click(minimap, offset=(region.x - minimap.region.x + 8,
                                           region.y - minimap.region.y + 3))
        await pilot.pause()
        row, col = screen.canvas.cursor
        assert row // 8 == 3 and col // 4 == 8
        assert marked(minimap, "minimap--cursor") == {(3, 8)}
        assert (3, 8) not in view and (3, 9) in marked(minimap, "minimap--view")
        await pilot.press("m")  # hidden on request
        await pilot.pause()
        assert not minimap.display
        await pilot.press("m")
        await pilot.pause()
        assert minimap.display and minimap_lines(minimap)[7] == "·" * 15 + "@"


async def test_a_level_that_fits_has_no_minimap(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EditorScreen(MapModel(new_document(8, 8))))
        await pilot.pause()
        assert not app.screen.query_one(Minimap).display
        assert not app.screen.query_one(LevelsStrip).display  # one level: no strip


async def test_the_levels_strip_names_the_levels_and_a_click_switches(app: CardRogueApp) -> None:
    campaign = {t.name: t for t in TEMPLATES}["Campaign"]
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EditorScreen(MapModel(campaign.build(8, 8, "Three"))))
        await pilot.pause()
        screen = app.screen
        strip = screen.query_one(LevelsStrip)
        assert strip.display
        assert str(strip.render()) == "Levels  1 level-1   2 level-2   3 level-3 "
        third = str(strip.render()).index("3 level-3")
        await pilot.click(strip, offset=(third + 1, 0))  # the padding is one column
        await pilot.pause()
        assert screen.level == 2
        await pilot.press("pageup")
        await pilot.pause()
        assert screen.level == 1 and strip._shown[1] == 1


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_snapshot_minimap_and_inspector(snap_compare, app: CardRogueApp, size) -> None:
    """A 64x64 level with a corridor and a few cards, the inspector open on a goblin."""
    model = MapModel(new_document(64, 64))
    for col in range(20):
        model.corridor_step(0, 30, col, E)
    model.set_glyph(0, 30, 0, "@")
    model.set_glyph(0, 30, 10, "g", "goblin")
    model.set_glyph(0, 30, 20, ">")
    model.set_glyph(0, 60, 60, "$", "shop")
    model.mark_saved()

    async def run_before(pilot) -> None:
        await app.push_screen(EditorScreen(model))
        await pilot.pause()
        screen = app.screen
        screen.canvas.move_to(30, 10)
        await pilot.press("i")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
