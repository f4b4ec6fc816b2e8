"""The smaller things a newcomer meets in the first hour: the footer at 80x24, dialogs that
default to the safe choice, and a help screen that names every binding's id."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.words import card_label
from app.screens.dialogs import ConfirmScreen
from app.screens.rules import RulesScreen
from engine.cardrogue import level_from_grids, map_from_levels
from tests.app.support import (
    SIZE,
    footer_keys,
    log_text,
    press,
    start,
    text_of,
    words_drawn,
)


def mage_map():
    level = level_from_grids("hall", "╶─╴", "@.>", {".": {"card": "path", "revealed": True},
                                                   ">": {"card": "ladder", "revealed": True}},
                             title="Hall", characters=("mage",))
    return map_from_levels([level], seed=1, title="Hall", kind="challenge")


def two_goblins():
    """The Mage between two Goblins, face up: a spell must be told which way."""
    level = level_from_grids("hall", "╶┬╴\n ╵ ", "g@g\n > ",
                             {"g": {"card": "goblin", "revealed": True},
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
        assert any(a.kind == "mole" for a in play.session.game.legal_actions())
        assert "Mole" in footer_keys(play)


@pytest.mark.parametrize("size", [SIZE, (120, 40)])
@pytest.mark.parametrize(("level", "key", "asks"), [
    (mage_map, "m", "Which tile should the mole dig?"),
    (two_goblins, "c", "Cast the spell which way?")])
async def test_the_prompt_line_is_read_whole(app: CardRogueApp, size, level, key, asks) -> None:
    """The line that asks for a tile or a direction wraps beside the panel: it was cut at
    "Arrows move the" at 80 columns, before "cancels." at 120 (issue 34)."""
    async with app.run_test(size=size) as pilot:
        play = await start(app, pilot, level())
        await press(pilot, key)
        said = words_drawn(play.query_one("#prompt"))
        assert said.startswith(asks) and said.endswith("Esc cancels."), said


async def test_a_confirmation_defaults_to_the_safe_choice(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "right", "ctrl+r")  # restart the level?
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert dialog.query_one("#no", Button).has_focus
        await press(pilot, "enter")  # Enter takes the safe answer: nothing restarts
        assert app.screen is play and play.session.game.moves == 1
        await press(pilot, "ctrl+r", "left")  # the arrows move to Yes
        assert app.screen.query_one("#yes", Button).has_focus
        await press(pilot, "right")
        assert app.screen.query_one("#no", Button).has_focus
        await press(pilot, "left", "enter")
        assert app.screen is play and play.session.game.moves == 0


async def test_the_help_lists_keys_in_words_without_binding_ids(app: CardRogueApp) -> None:
    from app.keymap import binding_ids

    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot)
        await press(pilot, "f1")
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        text = rules.query_one("#term-text").render().plain
        lines = text.splitlines()
        for key, words in (("space", "End your turn"), ("tab", "Scroll back through the log"),
                           ("; v", "Look at any card"), ("f1 ?", "Keys and the rules")):
            assert any(line.startswith(key) and words in line for line in lines), text
        # No internal id: none in brackets, and none of the ids that are not words (end_turn).
        assert not [i for i in binding_ids() if f"[{i}]" in text or ("_" in i and i in text)]
        assert "keymap.toml" in rules.query_one("#term-see").render().plain
        await press(pilot, "escape")
        assert isinstance(app.screen, PlayScreen)


def throwing_map():
    """A Goblin face up next to the hero, who holds a potion of paralysis and 7 gold."""
    level = level_from_grids(
        "hall", "╶─╴", "@g.", {"g": {"card": "goblin", "revealed": True},
                               ".": {"card": "path", "revealed": True}},
        items=("potion",), gold=7, characters=("warrior",), title="Hall",
        potion_identity={c: "paralysis" for c in ("red", "blue", "green", "yellow", "purple",
                                                  "white")})
    return map_from_levels([level], seed=2, title="Hall")


async def test_the_log_words(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, throwing_map())
        log = log_text(play).splitlines()
        # What the level's start gives is in the log.
        assert log[:2] == ["Level 1: Hall", "You start this level with 7 gold and the Potion."]
        # A one-level map named like its level does not say the title twice.
        assert text_of(play, "#status").endswith("│ Hall")
        await press(pilot, "t")  # the only potion, at the only enemy
        assert play.session.game.history[-1].kind == "throw"
        assert not play.session.game.players[0].hand  # thrown
        await press(pilot, "u")
        label = card_label(play.session.game, play.session.game.players[0].hand[0])
        assert "paralysis" in label
        assert log_text(play).endswith(f"↶ Taken back: throw {label} east.")
