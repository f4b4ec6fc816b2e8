"""Settings at 80x24 (issue 34): every setting is in sight at once, one line a field, without
scrolling; each on/off setting says its state with an X, not a switch's colour."""

from __future__ import annotations

from app.cardrogue_app import CardRogueApp
from app.screens.settings import SettingsScreen
from app.widgets.checkbox import MarkedCheckbox
from tests.app.support import SIZE, words_drawn

FIELDS = ("#server", "#login-name", "#login-token", "#login-local", "#login", "#logout",
          "#player", "#auto", "#tips", "#plain", "#theme", "#save", "#cancel")


async def test_every_setting_is_in_sight_at_80x24() -> None:
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen.query_one("#dialog")
        assert dialog.max_scroll_y == 0  # nothing below the fold
        screen = app.screen.region
        for field in FIELDS:
            region = app.screen.query_one(field).region
            assert region.area and screen.contains_region(region), field
            assert dialog.region.contains_region(region), field
        rows = ["".join(segment.text for segment in strip)
                for strip in app.screen._compositor.render_strips()]
        assert app.screen.query_one("#tips", MarkedCheckbox).value
        assert any("▐X▌ Show a tip" in row for row in rows)
        assert any("▐ ▌ Plain mode" in row for row in rows)
        # Each box's words end where they were meant to (the plain mode's read "what is
        # around", as if cut).
        plain = words_drawn(app.screen.query_one("#plain"))
        assert plain == "▐ ▌ Plain mode for screen readers (F2 says what is around you)"


def test_settings_snapshot_at_80x24(snap_compare) -> None:
    app = CardRogueApp()
    app.animation_level = "none"

    async def run_before(pilot) -> None:
        app.push_screen(SettingsScreen())
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
