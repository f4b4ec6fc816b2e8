"""The editor's inspector (issue 22): the cursor's cell, its card's options edited in place."""

from textual.widgets import Input, Static

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.inspector import Inspector
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.editor.templates import TEMPLATES
from app.games.cardrogue.screens.editor import EditorScreen
from engine.cardrogue.board import N, S

SIZE = (80, 24)
CHALLENGE = {t.name: t for t in TEMPLATES}["Challenge"]
ROW, GOBLIN = 4, 3  # the template's goblin


def paths(inspector: Inspector) -> set[str]:
    """The sides whose path box is ticked."""
    return {str(box.id)[len("path-"):] for box in inspector.query("#inspect-paths Checkbox")
            if box.value}


def head(inspector: Inspector) -> str:
    return str(inspector.query_one("#inspect-head", Static).render())


async def open_on_goblin(app: CardRogueApp, pilot) -> EditorScreen:
    app.push_screen(EditorScreen(MapModel(CHALLENGE.build(8, 8, "Inspect"))))
    await pilot.pause()
    await pilot.press(*["down"] * ROW, *["right"] * GOBLIN, "i")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, EditorScreen)
    return screen


async def test_the_inspector_edits_an_enemys_numbers_and_undo_restores_them(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_goblin(app, pilot)
        inspector = screen.query_one(Inspector)
        assert inspector.display and "Goblin" in head(inspector) and "enemy" in head(inspector)
        assert paths(inspector) == {"east", "west"}
        assert app.focused is inspector.query_one("#value-name", Input)  # the first field
        await pilot.press("tab", *"7", "tab", *"12", "enter")  # attack 7, health 12
        await pilot.pause()
        assert screen.model.legend(0)["g"] == {"card": "goblin", "attack": 7, "health": 12}
        assert inspector.query_one("#value-health", Input).value == "12"
        await pilot.press("escape")  # back to the map, the inspector still open
        assert app.focused is screen.canvas and inspector.display
        await pilot.press("u")
        await pilot.pause()
        assert screen.model.legend(0)["g"] == "goblin"
        # The fields show the entry as it is again: the card's own numbers.
        assert inspector.query_one("#value-attack", Input).value == ""
        assert inspector.query_one("#value-health", Input).value == ""
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert inspector.query_one("#value-attack", Input).value == "7"


async def test_a_refused_number_says_why_and_keys_do_not_reach_the_map(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_goblin(app, pilot)
        inspector = screen.query_one(Inspector)
        before = screen.model.document["levels"][0]["cells"]
        await pilot.press("tab", "tab", *"999", "enter")  # health 999: out of range
        await pilot.pause()
        assert "Health: 999 is out of range" in str(
            inspector.query_one("#inspect-message", Static).render())
        assert screen.model.legend(0)["g"] == "goblin" and not screen.model.modified
        # On a field that takes no digits (the checkbox), a palette key paints nothing.
        inspector.query_one("#value-revealed").focus()
        await pilot.press("1", "x", "space")
        await pilot.pause()
        assert screen.model.document["levels"][0]["cells"] == before


async def test_the_inspector_follows_the_cursor(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_goblin(app, pilot)
        inspector = screen.query_one(Inspector)
        await pilot.press("escape", "right")
        await pilot.pause()
        assert "r5c5" in head(inspector) and "path, built in" in head(inspector)
        assert not inspector.query("#value-attack")  # a path has no numbers to edit
        await pilot.press("up")
        await pilot.pause()
        assert "empty" in head(inspector)
        await pilot.press("i")  # hides it
        await pilot.pause()
        assert not inspector.display


async def test_this_cell_only_gives_the_cell_an_entry_of_its_own(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        model = MapModel(CHALLENGE.build(8, 8, "Inspect"))
        model.set_glyph(0, ROW + 1, GOBLIN, "g")  # a second goblin, below the first
        model.mark_saved()
        app.push_screen(EditorScreen(model))
        await pilot.pause()
        await pilot.press(*["down"] * ROW, *["right"] * GOBLIN, "i")
        await pilot.pause()
        screen = app.screen
        inspector = screen.query_one(Inspector)
        assert "legend g, 2 cells" in head(inspector)
        await pilot.press("tab", *"9")  # attack 9
        await pilot.click("#inspect-fork")
        await pilot.pause()
        glyph = model.glyph(0, ROW, GOBLIN)
        assert glyph not in ("g", "k", "$", "^", "p", "C", "f")  # no number key's glyph
        assert model.legend(0)[glyph] == {"card": "goblin", "attack": 9}
        assert model.legend(0)["g"] == "goblin" and model.glyph(0, ROW + 1, GOBLIN) == "g"
        assert f"legend {glyph}, 1 cell" in head(inspector)
        assert not inspector.query_one("#inspect-fork").display  # one cell: nothing to split
        await pilot.press("escape", "u")  # one step undoes it all
        await pilot.pause()
        assert model.glyph(0, ROW, GOBLIN) == "g" and glyph not in model.legend(0)


async def test_the_inspector_opens_and_closes_paths_with_undo(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_on_goblin(app, pilot)
        inspector = screen.query_one(Inspector)
        model = screen.model
        await pilot.click("#path-south")
        await pilot.pause()
        assert paths(inspector) == {"east", "west", "south"}
        assert model.bits(0, ROW, GOBLIN) & S and model.bits(0, ROW + 1, GOBLIN) & N
        await pilot.press("escape", "down")  # the cell below shows its new path north
        await pilot.pause()
        assert paths(inspector) == {"north"}
        await pilot.press("u")
        await pilot.pause()
        assert paths(inspector) == set() and not model.bits(0, ROW + 1, GOBLIN)
