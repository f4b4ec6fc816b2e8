"""`cardrogue scores`, `play` and `replay` (and `verify --map`) take a share code wherever a map
is named, for the bundled maps and the user's maps folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cardrogue_app import CardRogueApp
from app.cli import cardrogue, textual_app
from app.games.cardrogue import launch
from services.library import read_map
from tests.app.support import CORPUS, MAPS, lines, run_main

MARKET = MAPS / "market.toml"
pytestmark = pytest.mark.usefixtures("data_dir")


def code_of(path: Path) -> str:
    return read_map(path).share_code


def test_scores_by_share_code_match_scores_by_file(capsys, user_maps) -> None:
    run_main(capsys, "import", CORPUS / "market-shortest.run.json")
    by_file = run_main(capsys, "scores", MARKET)
    by_code = run_main(capsys, "scores", code_of(MARKET).lower())  # any case
    assert by_code == by_file and by_file[0] == 0
    assert "1 player" in by_file[1]


def test_an_unknown_share_code_is_one_line(capsys, user_maps) -> None:
    for command in ("scores", "play"):
        status, out, err = run_main(capsys, command, "ZZZZ-ZZZZ")
        assert status in (1, 2) and out == ""
        assert err.count("\n") == 1 and "no known map has the share code ZZZZ-ZZZZ" in err


def test_verify_with_a_share_code_for_the_map(capsys, user_maps) -> None:
    status, out, _ = run_main(capsys, "verify", CORPUS / "market-shortest.run.json",
                              "--map", code_of(MARKET))
    assert status == 0 and lines(out)[0]["moves"] == 12


def test_play_and_replay_open_the_map_the_code_names(capsys, user_maps,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[CardRogueApp] = []
    played: list[Path] = []
    monkeypatch.setattr(CardRogueApp, "run", lambda app: opened.append(app))
    monkeypatch.setattr(textual_app, "can_open_app", lambda command="": True)  # as in a terminal
    monkeypatch.setattr(launch, "open_path", lambda app, path: played.append(path))
    code = code_of(MARKET)
    assert cardrogue.main(["play", code]) == 0
    opened[-1].at_start(opened[-1])  # what the app opens once it starts
    assert played == [user_maps / "market.toml"]
    assert cardrogue.main(["replay", str(CORPUS / "market-shortest.run.json"), "--map", code]) == 0
    assert opened[-1].replay_map == user_maps / "market.toml"
