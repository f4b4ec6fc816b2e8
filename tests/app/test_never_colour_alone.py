"""Never colour alone (issue 34): a focused field, switch, choice or check box differs from an
unfocused one in its characters (a double frame, an underline), not in its colours alone;
the side panels mark danger (low health) with a glyph as well as red."""

from __future__ import annotations

from textual.app import App
from textual.widget import Widget

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.widgets.side_panel import health_bar
from app.screens.settings import SettingsScreen
from tests.app.minirogue.support import open_new_game
from tests.app.support import SIZE


def drawn(app: App, widget: Widget) -> tuple[str, str]:
    """The characters and the text styles (bold, underline...) in `widget`'s region, without a
    colour: what a colour-blind eye, or a monochrome terminal, tells apart."""
    region = widget.region
    chars, marks = [], []
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        if region.y <= y < region.bottom:
            for segment in strip.crop(region.x, region.right):
                chars.append(segment.text)
                style = segment.style
                if style is not None:
                    marks.append(f"{style.bold}{style.underline}{style.reverse}{style.italic}"
                                 * len(segment.text))
    return "".join(chars), "".join(marks)


async def each_focus_shows_without_colour(app: App, pilot) -> list[str]:
    """The focusable widgets on the top screen that look the same focused and not."""
    same = []
    for widget in [w for w in app.screen.focus_chain]:
        app.screen.set_focus(None)
        await pilot.pause()
        blurred = drawn(app, widget)
        widget.focus()
        await pilot.pause()
        if drawn(app, widget) == blurred:
            same.append(f"{type(widget).__name__}#{widget.id}")
    return same


async def test_settings_show_their_focus_without_colour(app: CardRogueApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        assert len(app.screen.focus_chain) >= 5
        assert await each_focus_shows_without_colour(app, pilot) == []


async def test_a_new_game_form_shows_its_focus_without_colour(app: CardRogueApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await open_new_game(app, pilot)
        assert await each_focus_shows_without_colour(app, pilot) == []


async def test_a_tables_focused_seat_carries_the_mark(app: CardRogueApp) -> None:
    """Found by a tester: Table Dungeon's form showed which seat had the focus by its switch's
    colour alone. The seat's label carries "›" while its name or its switch has the focus."""
    from tests.app.tabledungeon.support import open_new_table

    async with app.run_test(size=SIZE) as pilot:
        await open_new_table(app, pilot)
        for focused in ("#name-0", "#kind-0", "#name-1", "#kind-3"):
            app.screen.query_one(focused).focus()
            await pilot.pause()
            seat = int(focused[-1])
            labels = [drawn(app, app.screen.query_one(f"#seat-label-{n}"))[0].strip()
                      for n in range(4)]
            assert labels == [f"Seat {n + 1} ›" if n == seat else f"Seat {n + 1}"
                              for n in range(4)], focused


def test_low_health_is_marked_by_a_glyph_not_only_red() -> None:
    assert "!" not in health_bar(9, 12).plain
    low = health_bar(2, 12)
    assert low.plain.endswith("2/12 !")


def test_every_list_the_app_draws_marks_its_highlighted_entry() -> None:
    """Each option list of the app is a MarkedOptionList, whose highlighted entry carries "›"
    as well as its colour: no screen builds a bare OptionList (the glossary, the scores, Mini
    Rogue's choices, the roguelike's skills and the editor's lists did)."""
    import ast
    from pathlib import Path

    import app as package

    bare = []
    for path in sorted(Path(package.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and (
                    getattr(node.func, "id", None) == "OptionList"
                    or getattr(node.func, "attr", None) == "OptionList"):
                bare.append(f"{path.name}:{node.lineno}")
    assert bare == []


async def test_a_tables_cursor_row_shows_without_colour(app: CardRogueApp) -> None:
    """The row a table's cursor is on (the level select, scores, Community, problems) is
    underlined as well as coloured: each other row draws the same characters with no underline."""
    from textual.widgets import DataTable

    from app.games.cardrogue.screens.campaigns import MapListScreen
    from tests.support import until

    async with app.run_test(size=(120, 40)) as pilot:
        maps = MapListScreen("challenge")
        app.push_screen(maps)
        await until(pilot, lambda: maps.is_mounted and maps.query_one(DataTable).row_count > 2)
        table = maps.query_one("#maps", DataTable)
        table.focus()
        table.move_cursor(row=1)
        await pilot.pause()
        strips = app.screen._compositor.render_strips()
        first_row = table.region.y + 1  # under the header
        underlined = [any(segment.style is not None and segment.style.underline
                          for segment in strips[first_row + n].crop(table.region.x,
                                                                     table.region.right))
                      for n in range(3)]
        assert underlined == [False, True, False]
