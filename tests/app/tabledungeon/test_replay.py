"""Watching a Table Dungeon run: `cardrogue replay RUN` (the app's open_run_file) opens Table
Dungeon's own viewer, verified first; a forged run opens to its refusal instead."""

from __future__ import annotations

import json

import pytest
from textual.widgets import RichLog

from app.cardrogue_app import CardRogueApp
from app.games.tabledungeon.screens.replay import TableReplayScreen, open_table_run
from app.screens.watch import RunRefusedScreen
from engine.core import RunError, read_document
from engine.core.runs import save_run
from engine.tabledungeon import runs
from tests.app.support import text_of
from tests.engine.tabledungeon.support import play_out

SIZE = (80, 24)


def saved(tmp_path, **change):
    state = play_out(seed=12, players=3)
    run = runs.record(state, "Ann", recorded="2026-11-22T23:00:00Z")
    path = tmp_path / "table.run.json"
    if change:
        path.write_text(json.dumps({**run.to_dict(), **change}))
    else:
        save_run(path, run)
    return path, state


async def test_a_table_dungeon_run_opens_in_its_own_viewer(app: CardRogueApp, tmp_path) -> None:
    path, state = saved(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(path)
        await pilot.pause()
        assert isinstance(app.screen, TableReplayScreen)
        total = len(state.history)
        assert f"step 0 of {total}" in text_of(app.screen, "#step")
        assert f"verified, score {state.score}" in text_of(app.screen, "#step")
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert f"step 3 of {total}" in text_of(app.screen, "#step")
        assert app.screen.replay.state.fingerprint() != state.fingerprint()
        await pilot.press("end")
        await pilot.pause()
        replay = app.screen.replay
        assert replay.state.fingerprint() == state.fingerprint()
        assert any("fourth ace" in str(line) or "Everyone has fallen" in str(line)
                   for line in replay.lines())
        log = app.screen.query_one("#log", RichLog)  # no line reaches under the scrollbar
        assert log.show_vertical_scrollbar
        assert max(line.cell_length for line in log.lines) <= log.scrollable_content_region.width
        await pilot.press("left", "home")
        await pilot.pause()
        assert replay.step == 0 and replay.lines() == []
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TableReplayScreen)


async def test_a_forged_run_opens_to_its_refusal(app: CardRogueApp, tmp_path) -> None:
    real = play_out(seed=12, players=3).score
    path, _ = saved(tmp_path, claimed={"score": real + 1})
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(path)
        await pilot.pause()
        assert isinstance(app.screen, RunRefusedScreen)
        assert text_of(app.screen, "#reason") == "Claims differ"
        assert text_of(app.screen, "#message") == f"Score: the run claims {real + 1}, the replay gives {real}"


async def test_an_unreadable_run_file_opens_to_its_refusal(app: CardRogueApp, tmp_path) -> None:
    """The viewer's own opener (as app/screens/watch.py calls it) goes the shared way: a file
    that cannot be read is refused in words, and closing the refusal calls back."""
    path = tmp_path / "table.run.json"
    path.write_text("{not json", encoding="utf-8")
    closed: list[None] = []
    async with app.run_test(size=SIZE) as pilot:
        open_table_run(app, path, closed.append)
        await pilot.pause()
        assert isinstance(app.screen, RunRefusedScreen)
        with pytest.raises(RunError) as refusal:
            read_document(path)
        assert text_of(app.screen, "#reason") == refusal.value.code.replace("_", " ").capitalize()
        assert text_of(app.screen, "#message").casefold() == refusal.value.message.casefold()
        await pilot.press("escape")
        await pilot.pause()
        assert closed == [None] and not isinstance(app.screen, RunRefusedScreen)
        open_table_run(app, tmp_path / "gone.run.json")  # no such file: refused too
        await pilot.pause()
        assert isinstance(app.screen, RunRefusedScreen)
        assert (text_of(app.screen, "#reason"), text_of(app.screen, "#message")) == ("Unreadable", "No such file")


async def test_the_viewer_goes_to_a_step_by_its_number(app: CardRogueApp, tmp_path) -> None:
    from textual.widgets import Input

    path, state = saved(tmp_path)
    total = len(state.history)
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(path)
        await pilot.pause()
        viewer = app.screen
        await pilot.press("colon")
        await pilot.pause()
        app.screen.query_one(Input).value = "5"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is viewer and f"step 5 of {total}" in text_of(viewer, "#step")
        await pilot.press("colon")
        await pilot.pause()
        app.screen.query_one(Input).value = "99999"  # past the end: the end
        await pilot.press("enter")
        await pilot.pause()
        assert f"step {total} of {total}" in text_of(viewer, "#step")
