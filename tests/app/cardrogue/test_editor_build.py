"""An author builds a two-level map from scratch with keys and the mouse, saves it, and gets back
exactly what was drawn; undo and redo cross a mouse stroke and a property edit."""

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, TextArea

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.forms import LevelPropertiesScreen
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.screens.editor import EditorScreen
from app.games.cardrogue.screens.new_map import NewMapScreen
from app.screens.title import TitleScreen, menu
from engine.cardrogue.maps import validate_file
from tests.app.support import press_ok

SIZE = (100, 34)


def cell_offset(screen: EditorScreen, row: int, col: int) -> tuple[int, int]:
    region = screen.canvas.region_of(row, col)
    return region.x + 1, region.y


async def fill_in(pilot: Pilot, selector: str, text: str) -> None:
    """Replace what an Input or TextArea holds by typing, as an author would."""
    field = pilot.app.screen.query_one(selector)
    field.focus()
    await pilot.pause()
    if isinstance(field, TextArea):
        await pilot.press("ctrl+a", "backspace")
        for line_number, line in enumerate(text.split("\n")):
            if line_number:
                await pilot.press("enter")
            await pilot.press(*[" " if char == " " else char for char in line])
    else:
        assert isinstance(field, Input)
        await pilot.press("home", "ctrl+k", *text)


async def write_story(pilot: Pilot, title: str, story: str, epilogue: str) -> None:
    await pilot.press("e")
    await pilot.pause()
    assert isinstance(pilot.app.screen, LevelPropertiesScreen)
    await fill_in(pilot, "#title", title)
    await fill_in(pilot, "#story", story)
    await fill_in(pilot, "#epilogue", epilogue)
    await press_ok(pilot)
    assert isinstance(pilot.app.screen, EditorScreen)


async def drag(pilot: Pilot, screen: EditorScreen, cells: list[tuple[int, int]]) -> None:
    canvas = screen.canvas
    await pilot.mouse_down(canvas, offset=cell_offset(screen, *cells[0]))
    for cell in cells[1:]:
        await pilot.hover(canvas, offset=cell_offset(screen, *cell))
    await pilot.mouse_up(canvas, offset=cell_offset(screen, *cells[-1]))
    await pilot.pause()


async def test_build_a_two_level_map_save_reload_and_validate(app: CardRogueApp,
                                                             user_data: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        # From the title menu: the editor, a new map from the empty template, 6 by 3.
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("home", *["down"] * [entry.id for entry in menu()].index("editor"),
                          "enter")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewMapScreen)
        await pilot.press("enter")  # the first template: an empty level
        await fill_in(pilot, "#width", "6")
        await fill_in(pilot, "#height", "3")
        await fill_in(pilot, "#title", "Two Rooms")
        await fill_in(pilot, "#file", "two-rooms.toml")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        assert screen.path == user_data / "maps" / "two-rooms.toml"
        assert screen.model.size(0) == (6, 3)

        # Level 1 with keys: a corridor along the top row, then a start, a goblin, a potion,
        # a spike trap and a ladder on it.
        await pilot.press("c", *["right"] * 5, "c")
        await pilot.press("home")  # not bound: nothing happens
        screen.canvas.move_to(0, 0)
        await pilot.press("1", "right", "4", "right", "5", "right", "7", "right", "right", "2")
        await write_story(pilot, "The Gate", "A goblin [b]guards[/b] the gate.",
                          "The gate falls.")

        # Level 2: added from the levels menu; the corridor is dragged with the mouse, the
        # shop is chosen from the card palette and clicked into place.
        await pilot.press("L")
        await pilot.pause()
        await pilot.press("1")  # "Add a level after this one"
        await pilot.pause()
        assert screen.level == 1 and screen.model.size(1) == (6, 3)
        await pilot.press("c")
        await drag(pilot, screen, [(1, 0), (1, 1), (1, 2), (1, 3)])
        await pilot.press("c")
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"shop", "enter")
        await pilot.pause()
        assert screen.tool == "paint" and screen.brush.card == "shop"
        await pilot.click(screen.canvas, offset=cell_offset(screen, 1, 2))
        screen.canvas.move_to(1, 0)
        await pilot.press("1")
        screen.canvas.move_to(1, 3)
        await pilot.press("2")
        await write_story(pilot, "The Market", "Coins clink below.\nA ladder leads out.",
                          "You climb into daylight.")
        assert "0 errors" in screen.status_text, screen.status_text

        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not screen.model.modified
        drawn = screen.model.document

    path = user_data / "maps" / "two-rooms.toml"
    report = validate_file(path)
    assert report.valid and not report.errors, report.problems
    assert MapModel.load(path).document == drawn
    first, second = report.document["levels"]
    assert first["cells"].splitlines() == ["@gp^.>", "······", "······"]
    assert first["paths"].splitlines() == ["╶────╴", "······", "······"]
    assert first["legend"] == {"g": "goblin", "p": "potion", "^": "trap_spikes"}
    assert (first["title"], first["story"]) == ("The Gate", "A goblin [b]guards[/b] the gate.")
    assert first["epilogue"] == "The gate falls."
    assert second["id"] == "level-2"
    assert second["cells"].splitlines() == ["······", "@.$>··", "······"]
    assert second["paths"].splitlines() == ["······", "╶──╴··", "······"]
    assert second["legend"] == {"$": "shop"}
    assert second["story"] == "Coins clink below.\nA ladder leads out."


async def test_undo_and_redo_cross_a_mouse_stroke_and_a_property_edit(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(EditorScreen())
        await pilot.pause()
        screen = app.screen
        model = screen.model
        await pilot.press("c")
        await drag(pilot, screen, [(2, 1), (2, 2), (2, 3), (3, 3)])
        stroke = model.document["levels"][0]["paths"]
        await write_story(pilot, "Renamed", "Once upon a time.", "")
        assert model.field(0, "title") == "Renamed"

        await pilot.press("u")  # the whole form is one step
        assert model.field(0, "title") is None and model.field(0, "story") is None
        assert model.document["levels"][0]["paths"] == stroke
        await pilot.press("u")  # the whole drag is one step
        assert model.document["levels"][0]["paths"] == "········\n" * 8
        assert not model.can_undo
        await pilot.press("ctrl+y")
        assert model.document["levels"][0]["paths"] == stroke
        await pilot.press("ctrl+y")
        assert (model.field(0, "title"), model.field(0, "story")) == ("Renamed",
                                                                      "Once upon a time.")
        assert not model.can_redo
