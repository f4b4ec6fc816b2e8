"""The solver in the editor: the current level's proved optimum in the status line, worked out
in a thread, restarted by every edit, never shown for content it was not computed for."""

from __future__ import annotations

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor import playtest
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.editor.par import Found, level_key
from app.games.cardrogue.screens.editor import EditorScreen
from tests.support import until

pytestmark = pytest.mark.slow  # the solver's searches

SIZE = (120, 30)


@pytest.fixture(autouse=True)
def solver_on(editor_solver_waits, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.games.cardrogue.screens.editor.PAR_DELAY", 0.4)


def corridor(cells: str = "@..>", paths: str = "╶──╴") -> dict:
    return {"format_version": 1, "kind": "challenge", "title": "Corridor", "seed": 1,
            "levels": [{"id": "only", "character": "warrior", "paths": paths + "\n",
                        "cells": cells + "\n"}]}


async def status_shows(pilot, editor: EditorScreen, words: str) -> None:
    """Wait until the status line shows `words` (the solver works in its own thread)."""
    await until(pilot, lambda: words in editor.status_text,
                why=lambda: f"for the status line to show {words!r}: {editor.status_text!r}")


async def open_editor(app: CardRogueApp, pilot, document: dict) -> EditorScreen:
    editor = EditorScreen(MapModel(document), None)
    app.push_screen(editor)
    await pilot.pause()
    return editor


async def test_typing_restarts_the_solver_and_the_status_line_reaches_the_proved_par(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        editor = await open_editor(app, pilot, corridor())
        # Each step: flip the next card and move onto it, ending the turn between steps.
        await status_shows(pilot, editor, "par 8 ✓")
        first_key = editor.par_key
        first = editor.pars[first_key]
        # What the proof cost, so an author sees a level coming near the solver's limit.
        assert (f"par 8 ✓ ({first.search.states:,} states, {first.search.seconds:.1f} s)"
                in editor.status_text)

        # The author paints a ladder on the second cell (2: the ladder on the palette).
        await pilot.press("right", "2")
        await pilot.pause()
        assert editor.par_key != first_key
        assert "par 8" not in editor.status_text  # the old content's par is not this one's
        # A result for the old content arriving late is kept for it, not shown for this one.
        editor.post_message(Found(first_key, first))
        await pilot.pause()
        assert "par 8" not in editor.status_text
        await status_shows(pilot, editor, "par 2 ✓")

        # Undo: the old content again, and its proved par at once.
        await pilot.press("u")
        await pilot.pause()
        assert editor.par_key == first_key and "par 8 ✓" in editor.status_text


async def test_no_win_and_errors(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        # A goblin no warrior survives stands before the ladder.
        document = corridor("@B>", "╶─╴")
        document["levels"][0]["legend"] = {"B": {"card": "goblin", "health": 200,
                                                 "attack": 50}}
        editor = await open_editor(app, pilot, document)
        await status_shows(pilot, editor, "no win")
        # Without a start the level has an error: nothing to solve, nothing shown.
        await pilot.press("x")
        await pilot.pause()
        assert editor.model.glyph(0, 0, 0) != "@" and editor.par_key is None
        assert "par" not in editor.status_text and "no win" not in editor.status_text
        assert "≥" not in editor.status_text


async def test_a_search_out_of_budget_shows_its_lower_bound(app: CardRogueApp,
                                                          monkeypatch) -> None:
    from app.games.cardrogue.editor import par

    monkeypatch.setattr(par, "BUDGET_SECONDS", 0.0)
    async with app.run_test(size=SIZE) as pilot:
        editor = await open_editor(app, pilot, corridor())
        await status_shows(pilot, editor, "≥ ")
        outcome = editor.pars[editor.par_key]
        assert outcome.finished and not outcome.search.proved
        assert (f"≥ {outcome.search.lower_bound}… (out of time: {outcome.search.states:,} "
                "states)" in editor.status_text)


async def test_publishing_sets_a_missing_par_from_the_proved_optimum(app: CardRogueApp,
                                                                    user_data) -> None:
    async with app.run_test(size=SIZE) as pilot:
        editor = await open_editor(app, pilot, corridor())
        await status_shows(pilot, editor, "par 8 ✓")
        assert playtest.proved_pars(editor) == {0: 8}
        # Clear the map in the play-test, slowly: an extra end of turn at the start.
        playtest.play_level(editor)
        await pilot.pause()
        for key in ["enter", "space", *["right", "right", "space"] * 2, "right", "right",
                    "escape"]:
            await pilot.press(key)
            await pilot.pause()
        assert app.screen is editor and editor.clear_run is not None
        assert editor.clear_run.claimed["moves"] > 8
        assert editor.model.field(0, "par") == 8  # the proved optimum, not the clear's moves

        editor.model.set_field(0, "par", None)  # the author removes it; publishing restores it
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert editor.model.field(0, "par") == 8
        published = [p for p in (user_data / "exports").iterdir() if p.suffix == ".toml"]
        assert len(published) == 1 and "par = 8" in published[0].read_text(encoding="utf-8")


def test_the_content_key_leaves_out_the_par_only() -> None:
    document = corridor()
    with_par = corridor()
    with_par["levels"][0]["par"] = 8
    assert level_key(document, 0) == level_key(with_par, 0)
    assert level_key(document, 0) != level_key(corridor("@.>."), 0)
