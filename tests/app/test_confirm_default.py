"""The confirm dialog's default (issue 34): Enter answers No at first, and the button it
presses is marked by a glyph, not by colour alone; no button is drawn as the primary one."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Button

from app.screens.dialogs import ENTER_MARK, ConfirmScreen
from tests.app.support import SIZE, press


def labels(screen: ConfirmScreen) -> list[str]:
    return [str(button.label) for button in screen.query(Button)]


async def test_the_button_enter_presses_is_marked_and_the_mark_follows_it() -> None:
    answers: list[bool | None] = []
    app: App = App()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ConfirmScreen("Start the whole map again?", "Start again"),
                        answers.append)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        assert labels(screen) == ["Start again", f"{ENTER_MARK}No"]
        assert all(button.variant == "default" for button in screen.query(Button))
        await press(pilot, "left")
        assert labels(screen) == [f"{ENTER_MARK}Start again", "No"]
        await press(pilot, "right", "enter")
    assert answers == [False]  # what the mark said Enter would answer
