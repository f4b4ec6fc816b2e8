"""The shell's one file dialog (FilePromptScreen) at a terminal, as Card Rogue's map list asks with it for a map
file to play: Enter opens the path given (~ is the home folder), an empty line or Escape
nothing. The run file dialog is the same screen (tests/app/cardrogue/test_replays.py)."""

from __future__ import annotations

from pathlib import Path

from textual.containers import Vertical
from textual.widgets import Input

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.campaigns import MapListScreen
from app.games.cardrogue.screens.story import StoryScreen
from app.screens.file_prompt import FilePromptScreen
from app.screens.watch import ask_run_file
from tests.app.support import SIZE, press

TUTORIAL = Path(__file__).parent / "fixtures" / "tutorial.toml"


async def test_the_map_list_asks_for_a_map_file_and_plays_it(user_data: Path) -> None:
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")  # Story campaigns
        maps = app.screen
        assert isinstance(maps, MapListScreen)
        for leave in ("escape", "enter"):  # Escape, or Enter on an empty line: nothing opens
            await press(pilot, "o")
            assert isinstance(app.screen, FilePromptScreen)
            await press(pilot, leave)
            assert app.screen is maps
        await press(pilot, "o")
        dialog = app.screen
        assert dialog.query_one("#dialog", Vertical).border_title == "Open a map file"
        dialog.query_one(Input).value = f"  {TUTORIAL}  "
        await press(pilot, "enter")
        assert isinstance(app.screen, StoryScreen)


async def test_a_path_from_the_home_folder_is_expanded(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    given: list[Path | None] = []
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ask_run_file(), given.append)
        await pilot.pause()
        app.screen.query_one(Input).value = "~/runs/a.run.json"
        await press(pilot, "enter")
    assert given == [tmp_path / "runs" / "a.run.json"]
