"""Ghosts to race (services/ghosts.py): a verified run replayed into where its hero stood on
each level, and every way of not getting one said in a sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cardrogue import RULES_VERSION, run_from_dict, start_run
from services.ghosts import GhostRefused, best_ghost, ghost_of, leader_ghost
from services.library import read_map
from tests.server.conftest import CHALLENGES, CLEARS
from tests.support import free_port

MAP = "shop-economy"


@pytest.fixture(autouse=True)
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("CARDROGUE_SERVER", raising=False)


def clear(name: str = MAP) -> dict:
    return json.loads((CLEARS / f"{name}.run.json").read_text())


def test_a_ghost_follows_the_run_level_by_level():
    known = read_map(CHALLENGES / f"{MAP}.toml")
    run = run_from_dict(clear())
    ghost = ghost_of(run, known.spec, "the clear")
    game = start_run(run, known.spec)
    assert ghost.cell(0, 0) == game.player.pos  # where the level starts
    # One place per move on each level, and the move that finishes a level leaves it.
    assert sum(len(track) - 1 for track in ghost.tracks) == len(run.actions)
    for level, track in enumerate(ghost.tracks):
        made = len(track) - 1
        assert ghost.cell(level, made) is None and ghost.cell(level, made + 5) is None
        assert ghost.counter(level, 0) == (0, "")
        assert ghost.counter(level, made + 3) == (made, "out")  # it won: every level is done
    # Where the engine puts the hero after the first move is where the ghost stands.
    game.apply(run.actions[0])
    assert ghost.cell(0, 1) == game.player.pos
    assert ghost.counter(len(ghost.tracks), 0) == (None, "never")


def test_a_run_of_another_map_is_refused_in_words():
    known = read_map(CHALLENGES / f"{MAP}.toml")
    with pytest.raises(GhostRefused) as refused:
        ghost_of(run_from_dict(clear("golem-forge")), known.spec, "a stranger")
    assert str(refused.value).startswith("That run cannot be raced on this map: the run was "
                                         "played on map ")
    assert "a different map, or an edited one" in str(refused.value)


def test_a_run_of_other_rules_is_refused_in_words():
    known = read_map(CHALLENGES / f"{MAP}.toml")
    document = clear()
    document["rules_version"] = RULES_VERSION - 1
    with pytest.raises(GhostRefused) as refused:
        ghost_of(run_from_dict(document), known.spec, "an old run")
    assert f"the run was played under rules version {RULES_VERSION - 1} (older than this " \
           f"game's {RULES_VERSION})" in str(refused.value)


def test_no_best_of_ones_own_is_said():
    known = read_map(CHALLENGES / f"{MAP}.toml")
    with pytest.raises(GhostRefused, match="Ann has not won this map on this computer yet"):
        best_ghost(known.spec, known.map_id, "Ann")


def test_no_server_and_an_unreachable_one_are_said_without_waiting_long(monkeypatch):
    known = read_map(CHALLENGES / f"{MAP}.toml")
    with pytest.raises(GhostRefused, match=r"no community server is set \(choose one in "
                                           r"Settings\)"):
        leader_ghost(known.spec, known.map_id)
    monkeypatch.setenv("CARDROGUE_SERVER", f"http://127.0.0.1:{free_port()}")
    with pytest.raises(GhostRefused, match="No leader to race: cannot reach the server at"):
        leader_ghost(known.spec, known.map_id)
