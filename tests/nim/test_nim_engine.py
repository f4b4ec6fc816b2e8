"""A game installed from outside the project (Nim, tests/nim/nim_game) is a game like the built-in
ones: registered by its entry point, verified by `cardrogue verify`, ranked by a live server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from engine import games
from services import community

CARDROGUE = Path(sys.executable).with_name("cardrogue")


def played(moves: list[int], seed: int = 3, stones: int = 21) -> Any:
    """A Nim game from `seed`, taking `moves` stones in turn (each cut to what is left), ended
    by taking as many as allowed."""
    rules = games.load("nim")
    state = rules.new_game(seed=seed, stones=stones)
    for take in moves:
        if state.is_over:
            break
        state.apply(rules.parse_action({"kind": "take", "stones": min(take, state.stones)}))
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    return state


def test_an_installed_game_is_registered_after_the_built_in_ones(nim_installed) -> None:
    assert games.names()[-1] == "nim" and games.names()[:4] == [
        "cardrogue", "minirogue", "tabledungeon", "roguelike"]
    info = games.load("nim").info
    assert info.long_name == "Nim" and info.option("stones").default == 21


def test_a_nim_run_verifies_and_a_forged_one_is_refused(nim_installed, tmp_path: Path) -> None:
    rules = games.load("nim")
    document = rules.record(played([1, 2, 3]), player="Ann")
    verdict = games.verify(document)
    assert verdict.ok and verdict.figures["score"] == document["claimed"]["score"]
    forged = {**document, "claimed": {**document["claimed"], "score": 100}}
    assert games.verify(forged).code == "claims_differ"

    good, bad = tmp_path / "good.run.json", tmp_path / "bad.run.json"
    good.write_text(json.dumps(document))
    bad.write_text(json.dumps(forged))
    answer = subprocess.run([str(CARDROGUE), "verify", str(good)], capture_output=True,
                            text=True, env=nim_installed, timeout=120)
    assert answer.returncode == 0, answer.stderr
    refused = subprocess.run([str(CARDROGUE), "verify", str(bad)], capture_output=True,
                             text=True, env=nim_installed, timeout=120)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert "score" in refused.stdout + refused.stderr


def test_without_the_plugin_a_nim_run_is_another_game(tmp_path: Path) -> None:
    """The same command, where Nim is not installed: a clear refusal, no traceback."""
    run = {"format_version": 2, "game": "nim", "rules_version": 1, "seed": 3, "stones": 21,
           "player": "Ann", "actions": [{"kind": "take", "stones": 1}]}
    path = tmp_path / "nim.run.json"
    path.write_text(json.dumps(run))
    answer = subprocess.run([str(CARDROGUE), "verify", str(path)], capture_output=True,
                            text=True, timeout=120)
    assert answer.returncode != 0 and "Traceback" not in answer.stderr
    assert "nim" in answer.stdout + answer.stderr


def test_a_live_server_ranks_nim_runs_on_their_board(nim_installed, server) -> None:
    rules = games.load("nim")
    runs = {}
    for name, moves in (("Ann", [1, 1, 1, 1]), ("Bob", [3, 3, 3])):
        state = played(moves, seed=11)
        runs[name] = rules.record(state, player=name)
    for name, document in runs.items():
        client = community.Client(server.url)
        client.register(name)
        run_id = client.submit(document)
        answer = community.wait_for_verdicts(client, [run_id], 30).get(run_id, {})
        assert answer.get("status") == "verified", answer
        assert answer.get("board") == "stones-21"
    board = community.Client(server.url).points_leaderboard("nim", "stones-21")
    scores = [(entry["player"], entry["score"]) for entry in board["items"]]
    expected = sorted(((name, document["claimed"]["score"]) for name, document in runs.items()),
                      key=lambda pair: -pair[1])
    assert scores == expected and scores[0][1] > scores[1][1]


def test_a_nim_run_goes_on_the_local_board(nim_installed, tmp_path: Path) -> None:
    """`cardrogue import` enters it on its board, and `cardrogue scores` lists and shows it."""
    rules = games.load("nim")
    path = tmp_path / "ann.run.json"
    path.write_text(json.dumps(rules.record(played([3, 3, 3], seed=11), player="Ann")))
    env = {**nim_installed, "CARDROGUE_DATA_DIR": str(tmp_path / "data")}

    def cardrogue(*args: str) -> str:
        answer = subprocess.run([str(CARDROGUE), *args], capture_output=True, text=True,
                                env=env, timeout=120)
        assert answer.returncode == 0 and not answer.stderr, answer.stderr
        return answer.stdout

    assert "Nim from 21 stones" in cardrogue("import", str(path))
    assert "Nim from 21 stones (stones-21), 1 player" in cardrogue("scores")
    board = cardrogue("scores", "stones-21").splitlines()
    assert board[0] == "Nim from 21 stones: Nim local leaderboard, 1 player"
    assert board[2].split()[:4] == ["1", "Ann", "75", "won"]


def test_cardrogue_scores_shows_a_nim_board_on_the_server(nim_installed, server,
                                                          tmp_path: Path) -> None:
    rules = games.load("nim")
    client = community.Client(server.url)
    client.register("Bob")
    run_id = client.submit(rules.record(played([3, 3, 3], seed=11), player="Bob"))
    assert community.wait_for_verdicts(client, [run_id], 30)[run_id]["status"] == "verified"
    env = {**nim_installed, "CARDROGUE_DATA_DIR": str(tmp_path / "data")}
    answer = subprocess.run([str(CARDROGUE), "scores", "stones-21", "--server", server.url],
                            capture_output=True, text=True, env=env, timeout=120)
    assert answer.returncode == 0, answer.stderr
    lines = answer.stdout.splitlines()
    assert lines[0] == f"stones-21: Nim global leaderboard on {server.url}, 1 player"
    assert lines[2].split()[:4] == ["1", "Bob", "75", "won"]
    # The server lists Nim's boards with the facts Nim reads from their keys.
    [listed] = client.boards("nim")["items"]
    assert (listed["board"], listed["kind"], listed["stones"], listed["entries"]) == \
        ("stones-21", "stones", 21, 1)
