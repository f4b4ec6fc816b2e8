"""Story and epilogue text flows to the width of its page: the line breaks an author put in the
TOML to keep it under 100 columns are joined, and blank lines still separate paragraphs."""

from __future__ import annotations

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.screens.story import StoryScreen
from app.games.cardrogue.words import reflow
from engine.cardrogue import level_from_grids, map_from_levels
from tests.app.support import SIZE, press, text_of

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]

STORY = """
Beneath the dry well behind the tannery a stair of wet stone goes down into the dark. Your
father went this way three nights ago with a lantern and a [bold]promise[/bold].

Every stone ahead of you lies face down until you turn it.
Turn the card next to you, step onto it,   and keep going.


The end of the third paragraph."""
EPILOGUE = """
At the foot of the stair a ladder drops further still.
Scratched into its top rung are your father's initials."""


def hard_wrapped():
    first = level_from_grids("stair", "╶╴", "@>", title="The Well Stair", story=STORY,
                             epilogue=EPILOGUE, characters=("warrior",))
    second = level_from_grids("foot", "╶╴", "@>", title="The Foot", story="Down.",
                              characters=("warrior",))
    return map_from_levels([first, second], seed=1, title="Descent", kind="campaign")


def test_reflow_joins_lines_and_keeps_paragraphs() -> None:
    assert reflow(STORY) == (
        "Beneath the dry well behind the tannery a stair of wet stone goes down into the dark. "
        "Your father went this way three nights ago with a lantern and a [bold]promise[/bold]."
        "\n\nEvery stone ahead of you lies face down until you turn it. Turn the card next to "
        "you, step onto it, and keep going.\n\nThe end of the third paragraph.")
    assert reflow("one line") == "one line"
    assert reflow("") == ""


async def test_the_story_screen_flows_the_text(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        launch.play(app, hard_wrapped())
        await pilot.pause()
        assert isinstance(app.screen, StoryScreen)
        assert text_of(app.screen, "#story") == reflow(STORY)  # brackets kept as written
        await press(pilot, "enter", "right", "right")  # flip the ladder, take it: the epilogue
        assert isinstance(app.screen, StoryScreen)
        assert text_of(app.screen, "#closing") == (
            "At the foot of the stair a ladder drops further still. Scratched into its top "
            "rung are your father's initials.")


@pytest.mark.parametrize("size", SIZES)
def test_reflowed_story_snapshot(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        launch.play(app, hard_wrapped())
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
