"""The editor's palette: number keys that keep meaning the same card (issue 22)."""

from pathlib import Path

from textual.widgets import Static

from app.cardrogue_app import CardRogueApp
from app.editor.templates import TEMPLATES
from app.screens.editor import EditorScreen
from app.screens.new_map import NewMapScreen
from tests.app.test_editor_templates import open_start_screen

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
