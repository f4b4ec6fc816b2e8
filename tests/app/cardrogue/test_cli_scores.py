"""`cardrogue scores` as a new user types it (the real command): a board's name
given in a wrong shape is explained, and --player without a map lists that player's bests."""

from __future__ import annotations

import json
from pathlib import Path

from tests.app.minirogue.support import SEED_BOARD, fill_boards
from tests.engine.minirogue.support import cardrogue


def test_a_board_name_in_a_wrong_shape_says_which_shapes_are_taken(user_data: Path) -> None:
    for wrong in ("seed:123:normal", "seed:123:easy:keys", "daily:2026-13-01", "seed:x:hard:plain"):
        done = cardrogue("scores", wrong, data=user_data)
        assert done.returncode == 2 and not done.stdout
        lines = done.stderr.splitlines()
        assert len(lines) == 1, done.stderr  # one line, no traceback
        assert lines[0].startswith(f"cardrogue scores: {wrong} is not the name of a board")
        assert "daily:YYYY-MM-DD" in lines[0] and "seed:SEED:DIFFICULTY:keys|plain" in lines[0]
        assert "no such file" not in lines[0]
    # A map file whose name starts like a board is still read as a map.
    odd = user_data / "seed:1:map.toml"
    odd.parent.mkdir(parents=True, exist_ok=True)
    odd.write_text("not a map", encoding="utf-8")
    done = cardrogue("scores", str(odd), data=user_data)
    assert done.returncode == 1 and "the map cannot be read" in done.stderr


def test_player_without_a_map_shows_their_best_on_every_board(
        corpus_maps: Path, user_data: Path) -> None:
    won, dead = fill_boards()
    done = cardrogue("scores", "--player", "Tester", data=user_data)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Tester's best on each local board:",
        "Card Rogue (fewest moves first):",
        "  Tester has no score on any map here yet.",  # only Ana won the Corridor
        "Mini Rogue (highest score first):",
        # Ann scored the same, earlier: equal scores share a rank.
        f"  Seed 987654321, Impossible ({SEED_BOARD}): rank 1 of 2, {dead} points",
        f"  Seed 0, Casual (seed:0:casual:plain): rank 1 of 1, {won} points",
        "Rogue Like Roguelike (highest score first):",  # it ranks in points too (issue 33)
        "  Tester has no score on any board here yet."]
    ana = cardrogue("scores", "--player", "Ana", "--json", data=user_data)
    doc = json.loads(ana.stdout)
    assert doc["player"] == "Ana" and doc["minirogue"] == []
    [corridor] = doc["cardrogue"]
    assert corridor["title"] == "Corridor" and corridor["rank"] == 1
    assert "--player NAME" in cardrogue("scores", "--help", data=user_data).stdout
    assert "without MAP" in " ".join(cardrogue("scores", "--help", data=user_data).stdout.split())
