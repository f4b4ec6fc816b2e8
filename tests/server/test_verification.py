"""The server's verification reads each submitted run once, and ranks it as its game declares
(engine GameInfo): runs of a map in moves on the map's board, other runs in points on the board
their game places them on."""

from __future__ import annotations

import datetime
import sys
from typing import Any

import pytest

from engine import games
from engine.core import runs
from server import verification
from tests.server.conftest import challenge
from tests.server.minirogue_runs import played, seed_board


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every run document a game's reader checks while the test runs (each game's reader
    starts with core's check_document)."""
    for name in games.names():
        games.load(name)  # its run reader imported
    seen: list[Any] = []
    check = runs.check_document

    def counted(doc: Any, *args: Any) -> int:
        seen.append(doc)
        return check(doc, *args)

    for module in list(sys.modules.values()):
        if getattr(module, "check_document", None) is check:
            monkeypatch.setattr(module, "check_document", counted)
    return seen


def test_a_run_of_a_map_is_read_once_and_ranked_in_moves(parses: list[Any]) -> None:
    text, clear = challenge("speed-maze")
    outcome = verification.verify_run(clear, text)
    assert outcome.ok and outcome.moves == clear["claimed"]["moves"] and outcome.board is None
    assert len(parses) == 1


def test_a_run_in_points_is_read_once_and_placed_by_its_game(parses: list[Any]) -> None:
    run = played(7, "hard", True)
    sent = datetime.datetime(2026, 11, 22, 12, tzinfo=datetime.UTC)
    outcome = verification.verify_run(run, None, submitted=sent)
    assert outcome.ok and outcome.board == seed_board(run) == "seed:7:hard:keys"
    assert outcome.score == run["claimed"]["score"]
    assert outcome.setup == {"seed": 7, "difficulty": "hard", "dungeon_keys": True}
    assert len(parses) == 1


def test_the_games_ranked_in_points_are_those_that_declare_it() -> None:
    declared = [name for name in games.names()
                if (ranking := games.load(name).info.ranking) and ranking.kind == "points"]
    assert list(verification.scored_games()) == declared and declared
    assert verification.board_facts("cardrogue", "0" * 64) is None  # ranked in moves
    assert verification.board_facts("nosuchgame", "daily:2026-11-22") is None
