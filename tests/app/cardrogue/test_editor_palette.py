"""The editor's palette (issue 22): number keys that keep meaning the same card, and the card
palette with names, groups, recent cards first and a search."""

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.editor.templates import TEMPLATES
from app.games.cardrogue.screens.editor import EditorScreen
from app.games.cardrogue.screens.new_map import NewMapScreen
from tests.app.support import open_start_screen

SIZE = (80, 24)
CHALLENGE = [t.name for t in TEMPLATES].index("Challenge")


def palette_line(screen: EditorScreen) -> str:
    return str(screen.query_one("#palette", Static).render())


async def test_a_number_key_paints_the_same_card_twice(app: CardRogueApp, user_data: Path) -> None:
    """The issue's steps: New map, Challenge, Create; 7 paints a spike trap, then 7 again must
    paint a spike trap too, not whatever slid into place 7."""
    async with app.run_test(size=SIZE) as pilot:
        await open_start_screen(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewMapScreen)
        await pilot.press(*["down"] * CHALLENGE, "enter")
        await pilot.click("#create")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        model = screen.model
        assert "7^" in palette_line(screen)
        before = palette_line(screen)
        await pilot.press("7")
        assert model.legend(0)["^"] == "trap_spikes"
        assert palette_line(screen) == before  # nothing moved
        assert screen.brush.glyph == "^"
        await pilot.press("right", "7")
        row, col = screen.canvas.cursor
        assert model.glyph(0, row, col) == "^" and model.glyph(0, row, col - 1) == "^"
        assert model.legend(0)["^"] == "trap_spikes" and "$" not in model.legend(0)
        assert palette_line(screen) == before


def listed(screen) -> list[str]:
    """The card palette's lines, headings included."""
    choices = screen.query_one("#choices", OptionList)
    return [str(choices.get_option_at_index(i).prompt) for i in range(choices.option_count)]


async def test_the_card_palette_lists_recent_cards_first_in_groups_and_searches(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EditorScreen(MapModel(TEMPLATES[CHALLENGE].build(8, 8, "Palette"))))
        await pilot.pause()
        editor = app.screen
        await pilot.press("7", "right", "4", "a")  # a spike trap, a goblin, then the palette
        await pilot.pause()
        lines = listed(app.screen)
        # The goblin painted last comes first, each line its glyph, name and number key.
        assert lines[:3] == ["Recent", "  g  Goblin  goblin  key 4",
                             "  ^  Spike Trap  trap_spikes  key 7"]
        headings = [line for line in lines if not line.startswith("  ")]
        assert headings == ["Recent", "This level", "Enemies", "Traps", "Items", "Potions",
                            "Scrolls", "Tiles"]
        assert lines.index("  f  Fountain of Healing  fountain  key 0") > lines.index("Tiles")
        await pilot.press(*"poison")
        lines = listed(app.screen)
        # The poison trap matches a whole word: its group before the scroll whose id holds it.
        assert lines[0] == "Traps" and "Poison Trap" in lines[1]
        assert any("Scroll of Reversal" in line for line in lines)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is editor and editor.brush.card == "trap_poison"
        await pilot.press("right", "space")
        row, col = editor.canvas.cursor
        glyph = editor.model.glyph(0, row, col)
        assert editor.model.legend(0)[glyph] == "trap_poison"
        await pilot.press("a", *"nothing like it")
        await pilot.pause()
        assert listed(app.screen) == []
        await pilot.press("enter")
        await pilot.pause()
        assert "Nothing matches" in str(app.screen.query_one("#message", Static).render())


async def test_a_card_from_the_palette_takes_no_number_keys_glyph(app: CardRogueApp) -> None:
    """The kobold's first letter is the key's glyph (k, key 8): the kobold gets another, so the
    key keeps its number key."""
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EditorScreen(MapModel(TEMPLATES[CHALLENGE].build(8, 8, "Keys"))))
        await pilot.pause()
        editor = app.screen
        before = palette_line(editor)
        assert "8k" in before
        await pilot.press("a", *"kobold", "enter", "space")
        await pilot.pause()
        glyph = editor.brush.glyph
        assert glyph != "k" and editor.model.legend(0)[glyph] == "kobold"
        await pilot.press("right", "8")
        assert editor.model.legend(0)["k"] == "key"
        assert palette_line(editor).startswith(before.split("  a all")[0])


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_snapshot_card_palette(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        await app.push_screen(EditorScreen(MapModel(TEMPLATES[CHALLENGE].build(8, 8, "Snap"))))
        await pilot.pause()
        await pilot.press("7", "right", "4", "a", *"tr")  # recent cards; "tr": the traps
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_a_glyph_given_another_card_keeps_its_number_key(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EditorScreen(MapModel(TEMPLATES[CHALLENGE].build(8, 8, "Keys"))))
        await pilot.pause()
        editor = app.screen
        before = palette_line(editor)
        assert "4g" in before
        level = editor.level
        editor.model.set_legend(level, "g", "kobold")  # as the legend form would
        editor.update_views()
        await pilot.press("4")
        row, col = editor.canvas.cursor
        assert editor.model.glyph(level, row, col) == "g"
        assert palette_line(editor) == before  # g is still key 4, the rest unmoved
        assert editor.brush.label == "kobold"
