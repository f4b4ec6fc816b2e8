"""Card Rogue's Rules (engine/cardrogue/rules.py): setting a game up from options, recording
it as a run document, verifying one. The contract itself is checked in tests/contract/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import games
from engine.cardrogue import Action, MapSpec, State, runs
from engine.cardrogue.maps import load_map
from engine.cardrogue.rules import RULES

ROOT = Path(__file__).resolve().parents[3]
MAP = ROOT / "campaigns" / "challenges" / "speed-maze.toml"


def test_the_registry_gives_card_rogues_rules() -> None:
    assert games.load("cardrogue") is RULES


def test_a_story_game_takes_the_maps_seed_and_a_path_or_a_loaded_map() -> None:
    spec = load_map(MAP)
    from_path = RULES.new_game(map=str(MAP))
    from_spec = RULES.new_game(seed=None, map=spec, character=spec.levels[0].characters[0]
                               if spec.levels[0].characters else None, player="Ann")
    assert isinstance(from_path, State) and from_path.seed == spec.seed
    assert from_spec.fingerprint() == from_path.fingerprint()
    assert from_spec.players[0].name == "Ann" and from_path.players[0].name == "Player"
    assert RULES.new_game(seed=5, map=spec).seed == 5


def test_a_classic_game_seats_the_players_who_then_pick() -> None:
    game = RULES.new_game(seed=7, players=["Ann", "Bo"])
    assert [p.name for p in game.players] == ["Ann", "Bo"]
    assert {a.kind for a in game.legal_actions()} == {"pick"}
    assert game.current_player in (0, 1)
    solo = RULES.new_game(seed=7, players=["Ann"], goals=["chest", "slay:golem"])
    assert [(g.kind, g.card) for g in solo.level.goals] == [("chest", None), ("slay", "golem")]


@pytest.mark.parametrize("options, message", [
    ({}, "give map= .* or players="),
    ({"map": 42}, "map must be a map file's path or a MapSpec"),
    ({"map": "/no/such/map.toml"}, "no such file"),
    ({"map": str(MAP), "character": "dragon"}, "dragon"),
    ({"map": str(MAP), "character": 3}, "character must be a character id"),
    ({"map": str(MAP), "player": "  "}, "player must be a name"),
    ({"map": str(MAP), "players": ["Ann"]}, "the classic game takes goals, players, not map"),
    ({"map": str(MAP), "difficulty": "hard"}, "a story game takes .* not difficulty"),
    ({"seed": 1, "players": []}, "players must be a list of 1 to 4 names"),
    ({"seed": 1, "players": ["A", "B", "C", "D", "E"]}, "1 to 4 names"),
    ({"seed": 1, "players": "Ann"}, "players must be a list"),
    ({"seed": 1, "players": ["Ann", 7]}, "players must be a name"),
    ({"players": ["Ann"]}, "the classic game needs a seed"),
    ({"seed": -1, "players": ["Ann"]}, "seed must be a whole number"),
    ({"seed": True, "players": ["Ann"]}, "seed must be a whole number"),
    ({"seed": 1, "players": ["Ann"], "goals": ["treasure"]}, "'treasure' is not a goal"),
    ({"seed": 1, "players": ["Ann"], "goals": ["slay"]}, "'slay' is not a goal"),
    ({"seed": 1, "players": ["Ann", "Bo"], "goals": ["chest"]}, "only a solo player"),
])
def test_bad_options_are_a_value_error_that_says_why(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RULES.new_game(**options)


def test_record_gives_the_run_file_document_that_verify_accepts() -> None:
    spec = load_map(MAP)
    game = RULES.new_game(map=spec, player="Ann")
    game.apply(Action("quit"))
    document = RULES.record(game, recorded="2026-11-22T18:30:00Z")
    assert document == runs.record(game, recorded="2026-11-22T18:30:00Z").to_dict()
    assert document["recorded"] == "2026-11-22T18:30:00Z"
    assert "recorded" not in RULES.record(game)  # the engine reads no clock: no time given, none kept
    assert runs.run_from_dict(json.loads(json.dumps(document))).to_dict() == document
    verdict = RULES.verify(document, map=spec)
    assert verdict.ok and verdict.figures["outcome"] == "lost" and verdict.code == ""
    assert verdict.report["player"] == "Ann" and verdict.report["moves"] == 1
    assert RULES.verify(document, map=str(MAP)).ok  # a path, as new_game takes it


def test_verify_finds_a_story_runs_map_through_find_map_or_refuses() -> None:
    spec = load_map(MAP)
    game = RULES.new_game(map=spec)
    game.apply(Action("quit"))
    document = RULES.record(game)
    asked = []

    class Found:
        def __init__(self, spec: MapSpec) -> None:
            self.spec, self.map_id = spec, document["map_id"]

    def find(identity: str, title: str) -> Found:
        asked.append((identity, title))
        return Found(spec)

    assert RULES.verify(document, find_map=find).ok
    assert asked == [(document["map_id"], spec.title)]
    no_map = RULES.verify(document)
    assert not no_map.ok and no_map.code == "unknown_map"
    assert no_map.report["error"] == "unknown_map"
    with pytest.raises(TypeError, match="takes no mapp"):
        RULES.verify(document, mapp=spec)


def test_a_bad_document_is_a_verdict_never_an_exception() -> None:
    documents: list[Any] = [{}, [], {"game": "cardrogue"}, {"format_version": 9, "game": "cardrogue"}]
    for document in documents:
        verdict = RULES.verify(document)
        assert not verdict.ok and verdict.reason and verdict.code in ("bad_run",
                                                                       "other_format_version")
