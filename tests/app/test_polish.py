"""The smaller things a newcomer meets in the first hour: the footer at 80x24, dialogs that
default to the safe choice, and a help screen that names every binding's id."""

from __future__ import annotations

from textual.widgets import Button
from textual.widgets._footer import FooterKey

from engine.cardrogue import exceptional, level_from_grids, map_from_levels

from app.cardrogue_app import CardRogueApp
from app.screens.dialogs import ConfirmScreen
from app.screens.play import PlayScreen
from app.screens.rules import RulesScreen
from tests.app.test_play import SIZE, press, start


def footer_keys(screen) -> list[str]:
    """The descriptions of the footer keys that are drawn inside the terminal's width."""
    width = screen.app.size.width
    return [key.description for key in screen.query(FooterKey)
            if key.region.width and key.region.right <= width]


def mage_map():
    level = level_from_grids("hall", "╶─╴", "@.>", {".": {"card": "path", "revealed": True},
                                                   ">": {"card": "ladder", "revealed": True}},
                             title="Hall", characters=("mage",))
    return map_from_levels([level], seed=1, title="Hall", kind="challenge")


async def test_the_footer_keeps_the_main_keys_at_80_columns(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)  # the tutorial's Warrior
        shown = footer_keys(play)
        for needed in ("End turn", "Undo", "Menu", "Help"):
            assert needed in shown, shown
        assert "Cast" not in shown  # the Warrior casts nothing
        assert "Mole" not in shown  # and face-down cards are left to flip


async def test_class_keys_appear_when_they_apply(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, mage_map())
        await pilot.pause()
        assert "Cast" in footer_keys(play)
        # Nothing is face down on this level: the engine lets the mole come.
        assert exceptional.stuck(play.game)
        assert "Mole" in footer_keys(play)


async def test_a_confirmation_defaults_to_the_safe_choice(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "right", "ctrl+r")  # restart the level?
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert dialog.query_one("#no", Button).has_focus
        await press(pilot, "enter")  # Enter takes the safe answer: nothing restarts
        assert app.screen is play and play.game.moves == 1
        await press(pilot, "ctrl+r", "left")  # the arrows move to Yes
        assert app.screen.query_one("#yes", Button).has_focus
        await press(pilot, "right")
        assert app.screen.query_one("#no", Button).has_focus
        await press(pilot, "left", "enter")
        assert app.screen is play and play.game.moves == 0


async def test_the_help_lists_binding_ids(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot)
        await press(pilot, "f1")
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        text = rules.query_one("#term-text").render().plain
        for line in ("End your turn  [end_turn]", "Look at any card", "[look]", "[legend]",
                     "[history]", "[help]"):
            assert line in text, text
        assert "keymap.toml" in rules.query_one("#term-see").render().plain
        await press(pilot, "escape")
        assert isinstance(app.screen, PlayScreen)
