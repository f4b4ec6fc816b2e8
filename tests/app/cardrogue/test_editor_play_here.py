"""Play-test from the cursor: the level played with the hero on the cursor's cell and the
starting health, gold and items chosen in a form, then back to the editor unchanged."""

from __future__ import annotations

import copy

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.forms import PlayFromHereScreen
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.editor.playtest import PublishRefused, start_moved
from app.games.cardrogue.screens.editor import EditorScreen
from app.games.cardrogue.screens.play import PlayTestScreen
from app.games.cardrogue.screens.story import StoryScreen
from tests.app.support import choose, last_note, press_button

SIZE = (120, 40)


def corridor() -> dict:
    return {"format_version": 1, "kind": "challenge", "title": "Corridor", "seed": 1,
            "levels": [{"id": "only", "character": "warrior", "health": 9,
                        "paths": "╶───╴\n", "cells": "@.g.>\n", "legend": {"g": "goblin"}}]}


def test_the_start_moves_to_the_cell_and_the_fields_are_set() -> None:
    document = corridor()
    moved = start_moved(document, 0, (0, 3), {"health": 4, "gold": 12, "items": ["potion"]})
    level = moved["levels"][0]
    assert level["cells"] == "..g@>\n"
    assert (level["health"], level["gold"], level["items"]) == (4, 12, ["potion"])
    assert document == corridor()  # the editor's own document is untouched
    for cell, words in (((0, 2), "holds a Goblin"), ((0, 4), "holds a Descending Ladder")):
        with pytest.raises(PublishRefused, match=words):
            start_moved(document, 0, cell, {})
    two_rows = corridor()
    two_rows["levels"][0].update(paths="╶───╴\n·····\n", cells="@.g.>\n·····\n")
    with pytest.raises(PublishRefused, match="no card on this cell"):
        start_moved(two_rows, 0, (1, 1), {})


async def test_play_testing_from_the_cursor_with_chosen_health_and_gold(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        model = MapModel(corridor())
        editor = EditorScreen(model, None)
        app.push_screen(editor)
        await pilot.pause()
        before = copy.deepcopy(model.document)

        # On the goblin: refused, and why.
        editor.canvas.move_to(0, 2)
        await pilot.press("t")
        await pilot.pause()
        assert app.screen is editor
        assert "holds a Goblin" in last_note(app)

        editor.canvas.move_to(0, 3)
        await pilot.pause()
        where = (editor.canvas.cursor, editor.canvas.scroll_offset)
        await pilot.press("t")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, PlayFromHereScreen)
        assert form.query_one("#health").value == "9"  # the level's own, to begin with
        form.query_one("#health").value = "4"
        form.query_one("#gold").value = "12"
        await choose(pilot, "#item-choice", "potion")
        await press_button(pilot, "#add-item")
        await press_button(pilot, "#ok")
        assert isinstance(app.screen, StoryScreen)
        await pilot.press("enter")
        await pilot.pause()

        play = app.screen
        assert isinstance(play, PlayTestScreen)
        hero = play.session.game.players[0]
        assert hero.pos == play.session.game.board.index(0, 3)
        assert (hero.health, hero.gold) == (4, 12)
        assert [card.id for card in hero.hand] == ["potion"]

        await pilot.press("escape", "6")  # the game menu: Leave the game (nothing played yet)
        await pilot.pause()
        assert app.screen is editor
        assert model.document == before and not model.modified and not model.can_undo
        assert (editor.canvas.cursor, editor.canvas.scroll_offset) == where
        assert editor.clear_run is None
