"""The hero chooser shows each character's numbers and traits, from the engine's character
data, in story, challenge and play-test as at a classic table."""

from __future__ import annotations

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.look import character_facts
from app.games.cardrogue.screens.story import StoryScreen
from app.screens.dialogs import ChooseScreen
from engine.cardrogue import level_from_grids, map_from_levels
from engine.cardrogue.cards import standard_catalog
from tests.app.support import SIZE, press

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def open_choice():
    """A map any of four characters may play."""
    level = level_from_grids("hall", "╶╴", "@>", title="Hall",
                             characters=("warrior", "rogue", "mage", "bard"))
    return map_from_levels([level], seed=1, title="Open Choice")


def test_character_facts_come_from_the_character_data() -> None:
    characters = standard_catalog().characters
    warrior, mage, bard = characters["warrior"], characters["mage"], characters["bard"]
    assert character_facts(warrior)[:2] == [f"health {warrior.max_health}", "attack +1"]
    assert "never flees unless an item allows it" in character_facts(warrior)
    assert (f"casts {mage.spell_damage} sure damage every {mage.spell_cooldown} turns"
            in character_facts(mage))
    assert "also flees on 3" in character_facts(bard)
    assert "sells every card for 1 more gold" in character_facts(bard)
    rogue = characters["rogue"]
    assert not any("steals" in fact for fact in character_facts(rogue))  # no stealing alone
    assert "steals on 5 or 6" in character_facts(rogue, table=True)


async def test_the_chooser_shows_numbers_and_traits(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        launch.play(app, open_choice())
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ChooseScreen) and chooser.title_text == "Choose your hero"
        labels = [choice.label.plain for choice in chooser.choices]
        assert labels[0].startswith("Warrior  health 12 · attack +1")
        assert labels[2].startswith("Mage     health 8 · attack +0\n            casts 3 sure damage")
        await press(pilot, "3")
        assert isinstance(app.screen, StoryScreen)
        await press(pilot, "enter")
        assert app.screen.session.game.players[0].character == "mage"


@pytest.mark.parametrize("size", SIZES)
def test_hero_chooser_snapshot(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        launch.play(app, open_choice())
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_at_a_full_table_every_character_shows_whole_at_80x24(app: CardRogueApp) -> None:
    # Six characters with their facts: no line wraps or runs under the frame, and the list
    # needs no scrolling, so the last character's traits are not hidden below.
    from textual.widgets import OptionList

    from tests.app.support import new_table

    async with app.run_test(size=(80, 24)) as pilot:
        await new_table(app, pilot, names=("Ann",), pick=False)
        chooser = app.screen
        assert isinstance(chooser, ChooseScreen) and len(chooser.choices) == 6
        options = chooser.query_one(OptionList)
        shown = options.scrollable_content_region
        rows = [f"{n}  {choice.label.plain}".split("\n")
                for n, choice in enumerate(chooser.choices, start=1)]
        lines = [line for entry in rows for line in entry]
        assert all(len(line) <= shown.width for line in lines), (shown.width, lines)
        assert len(lines) <= shown.height
        # ... and the list, its frame included, is not clipped by the dialog around it
        assert chooser.query_one("#dialog").content_region.contains_region(options.region)
