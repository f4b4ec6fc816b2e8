"""Mini Rogue's local boards next to Card Rogue's: on the High scores screen (Pilot) and in
`cardrogue scores` (the real command), ranked by score, the highest first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from app.cardrogue_app import CardRogueApp
from app.games.minirogue.screens.replay import MiniRogueReplayScreen
from services.scores import ScoreStore
from tests.app.minirogue.support import RUNS, SEED_BOARD, fill_boards, mini_run
from tests.app.support import open_scores, table_rows
from tests.engine.minirogue.support import cardrogue

pytestmark = pytest.mark.usefixtures("no_bundled_maps")


async def test_the_high_scores_screen_lists_mini_rogues_boards_after_the_maps(
        corpus_maps: Path) -> None:
    won, dead = fill_boards()
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_scores(app, pilot)
        options = screen.map_list
        prompts = [str(options.get_option_at_index(n).prompt)
                   for n in range(options.option_count)]
        maps = [board.info.name for board in screen.boards].index("minirogue")
        assert prompts[maps:] == ["Seed 987654321, Impossible\nMini Rogue",
                                  "Seed 0, Casual\nMini Rogue"]
        options.highlighted = maps  # the last played first
        await pilot.pause()
        table = screen.query_one("#entries", DataTable)
        # A seed's board names its difficulty in its title, not on each entry.
        assert [str(c.label) for c in table.columns.values()] == \
            ["Rank", "Player", "Score", "End", "Date"]
        assert [row[:4] for row in table_rows(table)] == \
            [["1", "Ann", str(dead), "dead"], ["1", "Tester", str(dead), "dead"]]  # a tie
        assert "2 players" in str(screen.query_one("#board-title", Static).render())
        assert str(screen.query_one("#mine", Static).render()) == \
            f"Your best: rank 1 of 2, {dead} points"
        options.highlighted = maps + 1
        await pilot.pause()
        assert [row[:4] for row in table_rows(table)] == [["1", "Tester", str(won), "won"]]
        # Enter on an entry watches its run.
        table.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        # Back on a map: Card Rogue's columns again.
        options.highlighted = 0
        await pilot.pause()
        assert [str(c.label) for c in table.columns.values()] == \
            ["Rank", "Player", "Moves", "Turns", "Date"]


async def test_a_daily_board_in_high_scores_says_how_each_delve_was_played(
        corpus_maps: Path) -> None:
    # A daily board takes every difficulty and variant (the score counts the difficulty).
    with ScoreStore.open() as store:
        store.add_scored(mini_run("won-normal-keys", "Ann"), "daily:2026-11-22")
        store.add_scored(mini_run("random-impossible", "Bo"), "daily:2026-11-22")
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_scores(app, pilot)
        screen.map_list.highlighted = [b.info.name for b in screen.boards].index("minirogue")
        await pilot.pause()
        table = screen.query_one("#entries", DataTable)
        assert [str(c.label) for c in table.columns.values()] == \
            ["Rank", "Player", "Score", "End", "Played", "Date"]
        assert sorted((row[1], row[4]) for row in table_rows(table)) == \
            [("Ann", "Normal, keys"), ("Bo", "Impossible")]


def test_cardrogue_scores_lists_every_board_and_shows_a_dungeons(
        corpus_maps: Path, user_data: Path) -> None:
    won, dead = fill_boards()
    listing = cardrogue("scores", data=user_data)
    assert listing.returncode == 0, listing.stderr
    lines = listing.stdout.splitlines()
    assert lines[0] == "Card Rogue (fewest moves first):"
    assert lines[1].startswith("  Corridor") and lines[1].endswith(", 1 player")
    assert lines[2:] == [
        "Mini Rogue (highest score first; show one with cardrogue scores BOARD):",
        f"  Seed 987654321, Impossible ({SEED_BOARD}), 2 players",
        "  Seed 0, Casual (seed:0:casual:plain), 1 player",
        # The roguelike ranks in points too (issue 33).
        "Rogue Like Roguelike (highest score first; show one with cardrogue scores BOARD):",
        "  No board has a score here yet."]
    board = cardrogue("scores", SEED_BOARD, "--player", "Tester", data=user_data)
    assert board.returncode == 0, board.stderr
    assert board.stdout.splitlines() == [
        "Seed 987654321, Impossible: Mini Rogue local leaderboard, 2 players",
        "rank  player  score  end   date",
        f"   1  Ann       {dead:>3}  dead  2026-11-22",
        f"   1  Tester    {dead:>3}  dead  2026-11-22",  # the same score shares the rank
        f"Tester's best: rank 1 of 2, {dead} points"]
    as_json = json.loads(cardrogue("scores", "seed:0:casual:plain", "--json",
                                   data=user_data).stdout)
    assert [(e["rank"], e["player"], e["score"]) for e in as_json["entries"]] == \
        [(1, "Tester", won)]
    empty = cardrogue("scores", "daily:2026-11-22", data=user_data)
    assert empty.stdout.splitlines()[-1] == "No scores yet on this board."


def test_cardrogue_scores_shows_a_dungeons_board_on_the_server(user_data: Path, server) -> None:
    dead = int(mini_run("random-impossible", "Ann").claimed["score"])
    assert cardrogue("login", "Ann", "--server", server.url, data=user_data).returncode == 0
    sent = cardrogue("submit", str(RUNS / "random-impossible.run.json"), "--server", server.url,
                     data=user_data)
    assert sent.returncode == 0, sent.stderr
    assert sent.stdout.splitlines()[-1].endswith(
        f": verified, rank 1, {dead} points on {SEED_BOARD}")
    done = cardrogue("scores", SEED_BOARD, "--server", server.url, "--player", "Ann",
                     data=user_data)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"{SEED_BOARD}: Mini Rogue global leaderboard on {server.url}, 1 player"
    assert lines[2].startswith(f"   1  Ann       {dead:>3}  dead  ") and lines[2].endswith(" <")
    assert lines[-1] == f"Ann's best: rank 1 of 1, {dead} points"
    # As on the local boards: the board, then that the player has no score on it.
    missing = cardrogue("scores", "daily:2026-11-22", "--server", server.url,
                        "--player", "Nobody", data=user_data)
    assert missing.returncode == 0, missing.stderr
    assert missing.stdout.splitlines()[-2:] == ["No scores yet on this board.",
                                                "Nobody has no score on this board yet."]
