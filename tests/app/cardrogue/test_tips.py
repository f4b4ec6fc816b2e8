"""First-time tips (issue 34): a story level that begins with a face-up path teaches the
walk-on rule in one line of the log, once per player, and Settings turns tips off."""

from __future__ import annotations

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.tips import WALK_ON_TEXT
from app.screens.settings import SettingsScreen
from app.widgets.checkbox import MarkedCheckbox
from services.settings import load_settings, save_settings
from tests.app.maps import lookout, tutorial
from tests.app.support import SIZE, log_text, press, start


def fresh_app() -> CardRogueApp:
    app = CardRogueApp()
    app.animation_level = "none"
    return app


async def tip_shown(spec) -> bool:
    app = fresh_app()
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, spec)
        await pilot.pause()
        return WALK_ON_TEXT in log_text(play)


async def test_a_level_opening_on_a_face_up_path_teaches_walking_on_once() -> None:
    assert await tip_shown(lookout())
    assert load_settings().seen_tips == ("cardrogue.walk_on",)
    assert not await tip_shown(lookout())  # the same player, later: not again


async def test_a_level_with_every_card_face_down_gives_no_tip() -> None:
    assert not await tip_shown(tutorial())
    assert load_settings().seen_tips == ()  # kept for the level that needs it


async def test_tips_switched_off_in_settings_are_not_shown() -> None:
    app = fresh_app()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        assert app.screen.query_one("#tips", MarkedCheckbox).value
        app.screen.query_one("#tips", MarkedCheckbox).value = False
        await press(pilot, "ctrl+s")
    assert load_settings().tips is False
    assert not await tip_shown(lookout())
    save_settings(load_settings().but(tips=True))
    assert await tip_shown(lookout())
