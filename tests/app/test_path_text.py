"""A run's path in a game-over dialog wraps after a "/" or between words, never inside a name
(issue 34: Table Dungeon's showed ".../runs/tabledungeon_Player-1_lost_915" then
"64506.run.json")."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from app.cardrogue_app import CardRogueApp
from app.games.tabledungeon.screens.results import ResultsScreen
from app.games.tabledungeon.screens.table import TableScreen
from app.games.tabledungeon.session import Seat, TableSession
from app.widgets.path_text import wrapped
from tests.app.support import SIZE
from tests.support import until

SENTENCE = "Run saved to /home/ann/.local/share/cardrogue/runs/tabledungeon_Ann_lost_915.run.json."


def test_a_path_breaks_after_a_slash_or_a_space_only() -> None:
    lines = wrapped(Text(SENTENCE), 40).plain.splitlines()
    assert lines == ["Run saved to /home/ann/.local/share/", "cardrogue/runs/",
                     "tabledungeon_Ann_lost_915.run.json."]


def test_a_name_longer_than_the_line_is_left_whole_for_folding() -> None:
    assert wrapped(Text("to /a/verylongname"), 8).plain.splitlines() == ["to /a/", "verylongname"]


async def test_table_dungeons_game_over_shows_the_run_file_whole(
        tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("app.games.tabledungeon.screens.table.COMPUTER_DELAY", 0)
    monkeypatch.setenv("CARDROGUE_DATA_DIR",
                       str(tmp_path / "a-folder-with-a-rather-long-name" / "cardrogue-data"))
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TableScreen(TableSession(
            [Seat("Computer 1", "normal"), Seat("Computer 2", "normal")], seed=3)))
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.pause()
        runs = list((tmp_path / "a-folder-with-a-rather-long-name").rglob("*.run.json"))
        assert len(runs) == 1
        tally = app.screen.query_one("#tally")
        rows = ["".join(segment.text for segment in strip.crop(tally.region.x,
                                                               tally.region.right))
                for strip in app.screen._compositor.render_strips()[tally.region.y:
                                                                     tally.region.bottom]]
        assert any(runs[0].name in row for row in rows), rows
        # Every line of the path ends at one of its slashes (the last line holds the name).
        said = [row.strip() for row in rows if row.strip()]
        start = next(n for n, row in enumerate(said) if "Run saved to" in row)
        end = next(n for n, row in enumerate(said) if runs[0].name in row)
        assert all(row.endswith("/") for row in said[start:end]), said
