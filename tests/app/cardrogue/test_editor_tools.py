"""The editor's tools beyond painting: levels, properties, rectangles, fill and mouse strokes."""

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.model import MAP, MapModel
from app.games.cardrogue.screens.editor import EditorScreen
from engine.cardrogue.board import E, N, S, W

SIZE = (80, 24)


def corridor(model: MapModel, level: int, row: int, cols: range) -> None:
    for col in cols:
        model.corridor_step(level, row, col, E)


# ---------------------------------------------------------------------- the model

def test_levels_are_added_duplicated_moved_and_removed_with_undo() -> None:
    model = MapModel()
    model.set_glyph(0, 0, 0, "@")
    assert model.add_level() == 1
    assert [model.level_id(i) for i in range(2)] == ["level-1", "level-2"]
    assert model.duplicate_level(0) == 1
    assert model.level_id(1) == "level-1-1" and model.glyph(1, 0, 0) == "@"
    assert model.move_level(1, 2) == 2
    assert [model.level_id(i) for i in range(3)] == ["level-1", "level-2", "level-1-1"]
    assert model.remove_level(0)
    assert [model.level_id(i) for i in range(2)] == ["level-2", "level-1-1"]
    for _ in range(4):
        assert model.undo()
    assert model.level_count == 1 and model.glyph(0, 0, 0) == "@"
    assert model.redo() and model.level_count == 2


def test_the_last_level_cannot_be_removed() -> None:
    model = MapModel()
    assert not model.remove_level(0)
    assert not model.can_undo


def test_level_edits_after_a_level_change_undo_in_order() -> None:
    model = MapModel()
    model.add_level()
    model.set_glyph(1, 2, 2, "@")
    model.set_field(1, "title", "The second")
    model.remove_level(0)
    assert model.field(0, "title") == "The second" and model.glyph(0, 2, 2) == "@"
    model.undo()
    assert model.level_count == 2 and model.field(1, "title") == "The second"
    model.undo()
    assert model.field(1, "title") is None and model.last_level == 1
    model.undo()
    assert model.glyph(1, 2, 2) == " "


def test_map_and_level_fields_set_remove_and_undo() -> None:
    model = MapModel()
    model.set_field(MAP, "author", "Ana")
    model.set_field(0, "story", "[b]Not markup[/b]")
    assert model.document["author"] == "Ana"
    assert model.document["levels"][0]["story"] == "[b]Not markup[/b]"
    model.set_field(MAP, "author", None)
    assert "author" not in model.document
    model.undo()
    assert model.document["author"] == "Ana"
    model.undo()
    model.undo()
    assert "author" not in model.document and "story" not in model.document["levels"][0]
    assert not model.modified


def test_resize_crops_and_closes_edges_that_would_lead_off_the_grid() -> None:
    model = MapModel()
    corridor(model, 0, 0, range(0, 5))
    model.resize_level(0, 3, 2)
    assert model.size(0) == (3, 2)
    assert (model.bits(0, 0, 2), model.glyph(0, 0, 2)) == (W, ".")  # its east edge is gone
    assert model.report().problems == [] or all(p.rule != "edges" for p in model.problems())
    model.undo()
    assert model.size(0) == (8, 8) and model.bits(0, 0, 2) == E | W


def test_copy_and_paste_keep_legend_entries_and_leave_no_half_open_edges() -> None:
    model = MapModel()
    model.set_glyph(0, 0, 0, "g", {"card": "goblin", "health": 9})
    model.corridor_step(0, 0, 0, E)
    model.corridor_step(0, 0, 1, E)  # the copy's edge to (0, 2) is not copied
    clip = model.copy_region(0, 0, 0, 0, 1)
    assert clip.size == (2, 1) and clip.legend == {"g": {"card": "goblin", "health": 9}}
    assert clip.cells[0][1] == (W, ".")

    other = MapModel()
    corridor(other, 0, 3, range(0, 1))  # (3,0)-(3,1) connected; (3,1) east of it is empty
    other.paste(0, 3, 1, clip)  # lands on (3,1)-(3,2)
    assert other.legend(0)["g"] == {"card": "goblin", "health": 9}
    assert other.glyph(0, 3, 1) == "g" and other.glyph(0, 3, 2) == "."
    # The outside neighbour was open towards a pasted card: the connection stays.
    assert other.bits(0, 3, 0) & E and other.bits(0, 3, 1) & W
    assert other.bits(0, 3, 1) & E and other.bits(0, 3, 2) == W
    other.undo()
    assert other.glyph(0, 3, 1) == "." and "legend" not in other.document["levels"][0]


def test_pasting_blank_cells_closes_the_neighbours_edges_into_them() -> None:
    model = MapModel()
    corridor(model, 0, 0, range(0, 2))
    blank = model.copy_region(0, 5, 5, 5, 5)
    model.paste(0, 0, 2, blank)
    assert model.bits(0, 0, 1) == W and model.bits(0, 0, 2) == 0


def test_cut_is_copy_then_erase_and_fill_paints_an_area_as_one_step() -> None:
    model = MapModel()
    corridor(model, 0, 1, range(0, 3))
    model.erase_region(0, 1, 1, 1, 2)
    assert model.bits(0, 1, 0) == 0 and model.glyph(0, 1, 1) == " "
    area = model.flood_area(0, 0, 0)
    assert (1, 0) not in area and (1, 3) not in area and len(area) == 62
    model.fill(0, area, "k", "key")
    assert model.glyph(0, 7, 7) == "k" and model.legend(0) == {"k": "key"}
    model.undo()
    assert model.glyph(0, 7, 7) == " " and "legend" not in model.document["levels"][0]


# ---------------------------------------------------------------------- the screen

async def open_new(app: CardRogueApp, pilot) -> EditorScreen:
    await app.push_screen(EditorScreen())
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, EditorScreen)
    return screen


async def test_a_mouse_drag_paints_a_stroke_that_undoes_in_one_step(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new(app, pilot)
        canvas = screen.canvas
        await pilot.press("]", "b")  # brush: ladder; the paint tool
        assert screen.tool == "paint" and screen.brush.glyph == ">"

        def at(row: int, col: int) -> tuple[int, int]:
            region = canvas.region_of(row, col)
            return region.x + 1, region.y

        await pilot.mouse_down(canvas, offset=at(2, 1))
        for col in (2, 3, 4):
            await pilot.hover(canvas, offset=at(2, col))
        await pilot.mouse_up(canvas, offset=at(2, 4))
        await pilot.pause()
        assert [screen.model.glyph(0, 2, c) for c in range(1, 5)] == [">"] * 4
        await pilot.press("u")
        assert [screen.model.glyph(0, 2, c) for c in range(1, 5)] == [" "] * 4
        assert not screen.model.can_undo


async def test_a_corridor_drag_connects_the_cells_it_crosses(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new(app, pilot)
        canvas = screen.canvas
        await pilot.press("c")

        def at(row: int, col: int) -> tuple[int, int]:
            region = canvas.region_of(row, col)
            return region.x + 1, region.y

        await pilot.mouse_down(canvas, offset=at(1, 1))
        await pilot.hover(canvas, offset=at(1, 3))  # skips (1, 2): still connected
        await pilot.hover(canvas, offset=at(3, 3))
        await pilot.mouse_up(canvas, offset=at(3, 3))
        await pilot.pause()
        model = screen.model
        assert (model.bits(0, 1, 1), model.bits(0, 1, 2), model.bits(0, 1, 3)) == (E, E | W, W | S)
        assert model.bits(0, 3, 3) == N
        await pilot.press("u")
        assert model.bits(0, 1, 2) == 0


async def test_select_copy_paste_and_cut_with_keys(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new(app, pilot)
        model = screen.model
        await pilot.press("4", "right", "5")  # a goblin and a potion side by side
        await pilot.press("left", "v", "right")
        assert screen.canvas.selection == (0, 0, 0, 1) and "sel 1x2" in screen.status_text
        await pilot.press("y", "escape")
        assert screen.canvas.selection is None and isinstance(app.screen, EditorScreen)
        await pilot.press("down", "down", "left", "ctrl+v")
        assert (model.glyph(0, 2, 0), model.glyph(0, 2, 1)) == ("g", "p")
        await pilot.press("escape", "v", "right", "ctrl+x")
        assert (model.glyph(0, 2, 0), model.glyph(0, 2, 1)) == (" ", " ")
        await pilot.press("u")
        assert model.glyph(0, 2, 1) == "p"


async def test_fill_paints_the_selection_with_the_brush(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new(app, pilot)
        await pilot.press("]", "]", "v", "down", "right", "f")  # brush: plain path
        model = screen.model
        assert {model.glyph(0, r, c) for r in (0, 1) for c in (0, 1)} == {"."}
        assert model.glyph(0, 2, 2) == " "


async def test_levels_menu_adds_switches_and_undo_shows_the_changed_level(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new(app, pilot)
        await pilot.press("L")
        await pilot.pause()
        await pilot.press("1")  # "Add a level after this one"
        await pilot.pause()
        assert screen.model.level_count == 2 and screen.level == 1
        assert "level-2 (2/2)" in screen.status_text
        await pilot.press("1")  # paint the start on level 2
        await pilot.press("pageup")
        assert screen.level == 0
        await pilot.press("u")
        assert screen.level == 1 and screen.model.glyph(1, 0, 0) == " "
        await pilot.press("pagedown")
        assert screen.level == 1  # no level 3: a notice, nothing else


async def test_levels_menu_duplicates_moves_and_removes_with_a_question(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new(app, pilot)
        model = screen.model
        await pilot.press("1")  # a start on level 1, to tell the copy apart
        await pilot.press("L", "2")  # duplicate
        await pilot.pause()
        assert model.level_count == 2 and screen.level == 1
        assert model.level_id(1) == "level-1-1" and model.glyph(1, 0, 0) == "@"
        await pilot.press("L", "3")  # move earlier
        await pilot.pause()
        assert [model.level_id(i) for i in range(2)] == ["level-1-1", "level-1"]
        assert screen.level == 0
        await pilot.press("L", "5")  # remove: asks first
        await pilot.pause()
        assert model.level_count == 2
        await pilot.press("y")
        await pilot.pause()
        assert [model.level_id(i) for i in range(1)] == ["level-1"] and model.level_count == 1
        await pilot.press("L", "5")  # the last level stays
        await pilot.pause()
        assert model.level_count == 1 and isinstance(app.screen, EditorScreen)
        await pilot.press("L", "6")  # "Go to level-1", after the five actions
        await pilot.pause()
        assert screen.level == 0 and isinstance(app.screen, EditorScreen)


async def test_choosing_a_problem_on_another_level_shows_that_level(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        model = MapModel()
        model.set_glyph(0, 0, 0, "@")
        model.corridor_step(0, 0, 0, E)
        model.set_glyph(0, 0, 1, ">")
        model.add_level()
        model.set_glyph(1, 0, 0, "@")
        model.corridor_step(1, 0, 0, E)
        model.set_glyph(1, 0, 1, ">")
        model.set_glyph(1, 5, 6, "Z")  # no legend entry: an error on level 2, at r6c7
        await app.push_screen(EditorScreen(model))
        await pilot.pause()
        screen = app.screen
        assert screen.level == 0
        problems = model.problems()
        index = next(i for i, p in enumerate(problems) if p.cell == (5, 6))
        await pilot.press("tab")
        screen.panel.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert screen.level == 1 and screen.canvas.cursor == (5, 6)
        assert "level-2 (2/2) r6c7" in screen.status_text
