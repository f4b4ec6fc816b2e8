"""`cardrogue solve`: proved fewest moves per level, the JSON shape tools rely on, a campaign
solved level after level, and a clear refusal for a bad map or an unknown level."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import cardrogue
from engine.cardrogue import Action, State
from engine.cardrogue.maps import load_map

pytestmark = pytest.mark.slow  # the solver's searches

ROOT = Path(__file__).resolve().parents[3]
CHALLENGE = ROOT / "campaigns" / "challenges" / "speed-maze.toml"


def solve(capsys, *args) -> tuple[int, str, str]:
    status = cardrogue.main(["solve", *map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "cardrogue: error:" not in err
    return status, out, err


def test_solve_json_gives_each_level_proved_with_actions_that_win_at_par(capsys):
    status, out, _ = solve(capsys, CHALLENGE, "--json")
    assert status == 0
    result = json.loads(out)
    assert result["file"] == str(CHALLENGE)
    (level,) = result["levels"]
    assert set(level) == {"id", "moves", "turns", "proved", "lower_bound", "states", "seconds",
                          "actions"}
    spec = load_map(CHALLENGE)
    assert level["proved"] and level["moves"] == level["lower_bound"] == spec.levels[0].par
    assert result["total_moves"] == level["moves"]
    game = State.story(spec)
    for action in level["actions"]:
        game.apply(Action.from_dict(action))
    assert game.outcome == "won" and game.moves == level["moves"]
    assert game.turn - 1 == level["turns"]


def test_solve_text_names_each_level_and_the_total(capsys):
    status, out, _ = solve(capsys, CHALLENGE)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("level maze: 30 moves") and "proved" in lines[0]
    assert lines[-1] == "total: 30 moves"


def test_a_search_out_of_time_reports_a_lower_bound_and_fails(capsys):
    status, out, _ = solve(capsys, ROOT / "campaigns" / "a-sons-descent.toml", "--level",
                           "golem-hall", "--max-seconds", "0", "--json")
    assert status == 1
    (level,) = json.loads(out)["levels"]
    assert level["proved"] is False and level["lower_bound"] > 0
    assert json.loads(out)["total_moves"] is None


def test_an_unknown_level_or_a_broken_map_is_refused(capsys, tmp_path):
    status, _, err = solve(capsys, CHALLENGE, "--level", "nowhere")
    assert status == 2 and "no level 'nowhere'" in err
    broken = tmp_path / "broken.toml"
    broken.write_text("format_version = 1\nkind = \n")
    status, out, _ = solve(capsys, broken)
    assert status == 2 and out
