"""Mini Rogue's boards in the local leaderboard (services.scores, boards in points) and its run
files (services.runfiles): only runs that verify enter, each player's best ranks, highest first,
entering the same run twice changes nothing, and boards are apart per daily date and per seed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import games
from engine.core.runs import RunError
from engine.minirogue import GAME, RULES, RULES_VERSION, Run, record_run
from services import paths
from services.runfiles import keep_run
from services.scores import ScoreStore
from tests.engine.minirogue.players import careful_choice, play

pytestmark = pytest.mark.clock

BOARD = "daily:2026-11-22"


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(tmp_path / "data"))
    with ScoreStore.open() as opened:
        yield opened


@pytest.fixture(scope="module")
def delves() -> list[Run]:
    """Finished delves of the careful player, by score: low, middle, high."""
    runs = []
    for seed in range(3):
        state = play(RULES.new_game(seed=seed, difficulty="normal"), careful_choice)
        runs.append(record_run(state, "Ann", recorded="2026-11-22T20:00:00Z"))
    return sorted(runs, key=lambda r: r.claimed["score"])


def test_each_players_best_ranks_highest_first(store, delves) -> None:
    low, middle, high = delves
    assert low.claimed["score"] < middle.claimed["score"] < high.claimed["score"]
    first = store.add_scored(replace(low, player="Ann"), BOARD)
    assert first.added and first.best.rank == 1 and first.players == 1
    store.add_scored(replace(middle, player="Bo"), BOARD)
    better = store.add_scored(replace(high, player="Ann"), BOARD)
    assert better.best.score == high.claimed["score"] and better.best.rank == 1
    board = store.scored_board(GAME, BOARD, RULES_VERSION)
    assert [(e.rank, e.player, e.score) for e in board] == [
        (1, "Ann", high.claimed["score"]), (2, "Bo", middle.claimed["score"])]
    assert store.scored_best(GAME, BOARD, RULES_VERSION, "Bo").rank == 2
    assert store.scored_best(GAME, BOARD, RULES_VERSION, "Cy") is None


def test_equal_scores_share_a_rank_as_on_the_server(store, delves) -> None:
    low, middle, high = delves
    for player, run in (("Ann", high), ("Bo", middle), ("Cy", middle), ("Di", low)):
        store.add_scored(replace(run, player=player), BOARD)
    board = store.scored_board(GAME, BOARD, RULES_VERSION)
    # 1, 2, 2, 4: a tie shares its rank and the next rank counts everyone ahead; the earlier
    # entry is listed first.
    assert [(e.rank, e.player) for e in board] == [(1, "Ann"), (2, "Bo"), (2, "Cy"), (4, "Di")]
    assert store.scored_best(GAME, BOARD, RULES_VERSION, "Cy").rank == 2
    assert store.scored_best(GAME, BOARD, RULES_VERSION, "Di").rank == 4
    assert [e.rank for e in store.scored_board(GAME, BOARD, RULES_VERSION, limit=3)] == [1, 2, 2]


def test_the_same_run_twice_is_entered_once(store, delves) -> None:
    assert store.add_scored(delves[0], BOARD).added
    again = store.add_scored(delves[0], BOARD)
    assert not again.added and again.players == 1
    assert len(store.scored_board(GAME, BOARD, RULES_VERSION)) == 1


def test_boards_are_apart(store, delves) -> None:
    store.add_scored(delves[0], BOARD)
    store.add_scored(delves[1], "daily:2026-11-23")
    assert [e.score for e in store.scored_board(GAME, BOARD, RULES_VERSION)] == \
        [delves[0].claimed["score"]]
    assert store.scored_board(GAME, "seed:1:normal:plain", RULES_VERSION) == []


def test_a_run_that_does_not_verify_never_enters(store, delves) -> None:
    forged = replace(delves[0], claimed={**delves[0].claimed, "score": 9999})
    with pytest.raises(RunError) as caught:
        store.add_scored(forged, BOARD)
    assert caught.value.code == "claims_differ"
    assert str(caught.value).startswith("claims differ: score: the run claims 9999")
    unfinished = replace(delves[0], actions=delves[0].actions[:5], claimed={})
    with pytest.raises(RunError) as caught:
        store.add_scored(unfinished, BOARD)
    assert caught.value.code == "does_not_finish"
    assert store.scored_board(GAME, BOARD, RULES_VERSION) == []


def test_a_kept_run_file_is_named_by_its_result_and_verifies(tmp_path, delves) -> None:
    run = delves[0]
    path = keep_run(run, tmp_path)
    outcome, score = run.claimed["outcome"], run.claimed["score"]
    result = f"won-{score}-points" if outcome == "won" else outcome  # a death is not a score
    assert path.name == f"minirogue_Ann_{result}_{run.hash[:8]}.run.json"
    assert games.read_run(path) == run and games.verify(run.to_dict()).ok
    assert keep_run(run, tmp_path) == path  # keeping it again rewrites the same file
