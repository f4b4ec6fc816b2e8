"""Play-testing from the editor, the clear check and publishing (issue 6).

The map is two tiny levels: "first" is the start and the ladder (flip, step: 2 moves), "second"
a corridor of three (flip, step, end the turn, flip, step: 5 moves). Only the first names a hero,
so a play-test of the second level alone asks for one, as a player would be asked.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor import playtest
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.editor.playtest import (
    CHANGED,
    NOT_CLEARED,
    PublishRefused,
    check_clear,
    clear_path,
    level_document,
    publish_files,
    set_pars,
)
from app.games.cardrogue.screens.editor import EditorScreen
from app.games.cardrogue.screens.play import PlayTestScreen
from app.games.cardrogue.screens.results import PlayTestResultsScreen
from app.games.cardrogue.screens.story import StoryScreen
from app.screens.dialogs import ChooseScreen, ConfirmScreen
from engine.cardrogue import Action, State, runs
from engine.cardrogue.identity import map_id, share_code
from engine.cardrogue.maps import SCHEMA_PATH, check_document, save_map, validate_file
from engine.cardrogue.runs import read_run
from services.scores import ScoreStore
from tests.app.support import last_note, press

SIZE = (80, 24)
FIRST_KEYS = ["right", "right"]
SECOND_KEYS = ["right", "right", "space", "right", "right"]


def two_steps() -> dict:
    return {
        "format_version": 1, "kind": "challenge", "title": "Two Steps!", "seed": 1,
        "levels": [
            {"id": "first", "character": "warrior", "paths": "╶╴\n", "cells": "@>\n"},
            {"id": "second", "paths": "╶─╴\n", "cells": "@.>\n"},
        ],
    }


def spec_of(document: dict):
    return check_document(copy.deepcopy(document)).spec


def win(document: dict) -> runs.Run:
    """Play `document` to the end with the fastest actions, and record the run as a clear."""
    spec = spec_of(document)
    game = State.story(spec, "warrior", "Author")
    steps = [Action("flip", dir="E"), Action("move", dir="E")]
    for level in spec.levels:
        if level.width == 3:
            game.apply(Action("flip", dir="E"))
            game.apply(Action("move", dir="E"))
            game.apply(Action("end_turn"))
        for action in steps:
            game.apply(action)
    assert game.outcome == "won"
    return runs.record(game, identity=map_id(spec))


# ---------------------------------------------------------------------- the helpers

def test_the_clear_is_kept_beside_the_map_file() -> None:
    assert clear_path(Path("maps/dungeon.toml")) == Path("maps/dungeon.clear.json")


def test_publishing_is_refused_before_a_clear(tmp_path: Path) -> None:
    with pytest.raises(PublishRefused) as refusal:
        publish_files(two_steps(), None, tmp_path)
    assert str(refusal.value) == NOT_CLEARED
    assert list(tmp_path.iterdir()) == []


def test_publishing_after_a_clear_writes_the_map_and_its_clear(tmp_path: Path) -> None:
    document = two_steps()
    run = win(document)
    assert check_clear(document, run) is None
    path, code = publish_files(document, run, tmp_path)
    assert code == share_code(map_id(spec_of(document)))
    assert path == tmp_path / f"two-steps-{code}.toml"
    assert not validate_file(path).errors
    assert validate_file(path).spec is not None
    # The schema travels with the map: its `#:schema` line points at the copy beside it.
    assert path.read_text(encoding="utf-8").startswith("#:schema map.schema.json\n")
    assert (tmp_path / "map.schema.json").read_bytes() == SCHEMA_PATH.read_bytes()
    kept = read_run(clear_path(path))
    assert kept.hash == run.hash
    assert runs.verify(kept, validate_file(path).spec).won


def test_a_gameplay_edit_after_the_clear_refuses_publishing(tmp_path: Path) -> None:
    document = two_steps()
    run = win(document)
    document["levels"][1]["gold"] = 5
    assert check_clear(document, run) == CHANGED
    with pytest.raises(PublishRefused):
        publish_files(document, run, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_title_story_and_par_edits_keep_the_clear(tmp_path: Path) -> None:
    document = two_steps()
    run = win(document)
    document["title"] = "A new name"
    document["levels"][0]["story"] = "Down you go."
    document["levels"][1]["par"] = 9
    path, _ = publish_files(document, run, tmp_path)
    assert path.name.startswith("a-new-name-")


def test_a_map_with_errors_cannot_be_published(tmp_path: Path) -> None:
    document = two_steps()
    run = win(document)
    document["levels"][1]["cells"] = "..>\n"  # no start
    reason = check_clear(document, run)
    assert reason is not None and reason.startswith("The map has 1 error")


def test_a_level_alone_clears_only_a_one_level_map() -> None:
    document = two_steps()
    first_alone = level_document(document, 0)
    run = win(first_alone)
    assert check_clear(document, run) == CHANGED  # one level of two is not the map
    assert check_clear(first_alone, run) is None  # but a one-level map is its level


def test_pars_come_from_the_clear_in_one_undo_step() -> None:
    model = MapModel(two_steps())
    model.set_field(1, "par", 7)
    assert set_pars(model, [2, 5]) == [0]
    assert (model.field(0, "par"), model.field(1, "par")) == (2, 7)
    model.undo()
    assert (model.field(0, "par"), model.field(1, "par")) == (None, 7)


# ---------------------------------------------------------------------- in the app

async def test_play_testing_clears_sets_par_and_publishes(app: CardRogueApp, tmp_path: Path,
                                                          user_data: Path) -> None:
    map_file = tmp_path / "two-steps.toml"
    save_map(two_steps(), map_file)
    exports = user_data / "exports"
    async with app.run_test(size=SIZE) as pilot:
        editor = EditorScreen(MapModel.load(map_file), map_file)
        app.push_screen(editor)
        await pilot.pause()
        editor.canvas.set_level(1)
        editor.canvas.move_to(0, 2)
        await pilot.pause()
        where = (editor.canvas.level, editor.canvas.cursor, editor.canvas.scroll_offset)

        playtest.publish(editor)  # no clear yet
        await pilot.pause()
        assert not exports.exists() or not any(exports.iterdir())
        assert last_note(app) == NOT_CLEARED

        # The second level alone (key p): no hero named there, so the author chooses one.
        await press(pilot, "p")
        assert isinstance(app.screen, ChooseScreen)
        await press(pilot, "enter")
        assert isinstance(app.screen, StoryScreen)
        await press(pilot, "enter")
        assert isinstance(app.screen, PlayTestScreen)
        assert app.screen.status_text().plain.startswith("PLAY-TEST")  # off the record
        await press(pilot, *SECOND_KEYS)
        assert isinstance(app.screen, PlayTestResultsScreen)
        assert not app.screen.query("#save")  # a play-test's run is not kept for the player
        await press(pilot, "escape")
        assert app.screen is editor
        assert getattr(editor, "clear_run", None) is None  # one level of two is no clear
        assert last_note(app).startswith("Level won in 5 moves.")
        assert editor.model.field(1, "par") is None

        # The whole map: the first level names the Warrior, so no choice is asked.
        playtest.play_map(editor)
        await pilot.pause()
        assert isinstance(app.screen, StoryScreen)
        await press(pilot, "enter", *FIRST_KEYS)
        assert isinstance(app.screen, StoryScreen)  # the second level's story
        await press(pilot, "enter", *SECOND_KEYS)
        assert isinstance(app.screen, PlayTestResultsScreen)
        await press(pilot, "escape")

        assert app.screen is editor
        assert (editor.canvas.level, editor.canvas.cursor,
                editor.canvas.scroll_offset) == where
        assert (editor.model.field(0, "par"), editor.model.field(1, "par")) == (2, 5)
        assert editor.clear_run.claimed["moves"] == 7
        assert last_note(app).startswith("Cleared in 7 moves: your record.")
        assert "Par set for first, second." in last_note(app)
        assert read_run(clear_path(map_file)).hash == editor.clear_run.hash
        # Off the record: nothing on the leaderboard, nothing in the runs folder.
        with ScoreStore.open() as store:
            assert store.entries(editor.clear_run.map_id) == []
        assert not (user_data / "runs").exists() or not any((user_data / "runs").iterdir())

        await press(pilot, "ctrl+e")
        published = sorted(path.name for path in exports.iterdir())
        code = share_code(editor.clear_run.map_id)
        assert published == ["map.schema.json", f"two-steps-{code}.clear.json",
                             f"two-steps-{code}.toml"]
        assert validate_file(exports / f"two-steps-{code}.toml").document["levels"][1]["par"] == 5
        assert f"Share code {code}. Your record: 7 moves." in last_note(app)

        # A gameplay edit: publishing is refused until the map is cleared again.
        editor.model.set_glyph(1, 0, 1, "$", "shop")
        for path in exports.iterdir():
            path.unlink()
        playtest.publish(editor)
        await pilot.pause()
        assert not any(exports.iterdir())
        assert last_note(app) == CHANGED


async def test_a_clear_before_the_first_save_is_kept_on_save(app: CardRogueApp,
                                                             user_data: Path) -> None:
    one_level = two_steps()
    del one_level["levels"][1]
    async with app.run_test(size=SIZE) as pilot:
        editor = EditorScreen(MapModel(one_level), None)
        app.push_screen(editor)
        await pilot.pause()
        playtest.play_level(editor)  # the level alone is the whole map: it counts
        await pilot.pause()
        await press(pilot, "enter", *FIRST_KEYS, "escape")
        assert app.screen is editor
        assert editor.clear_run is not None and editor.model.field(0, "par") == 2
        editor.action_save()
        playtest.after_save(editor)
        assert read_run(clear_path(editor.path)).hash == editor.clear_run.hash


async def test_leaving_a_play_test_midway_returns_to_the_editor(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        editor = EditorScreen(MapModel(two_steps()), None)
        app.push_screen(editor)
        await pilot.pause()
        await press(pilot, "P", "enter", "right")  # the whole map; one card flipped
        play = app.screen
        assert isinstance(play, PlayTestScreen) and play.session.game.moves == 1
        await press(pilot, "escape", "6")  # the game menu: Leave the game
        assert isinstance(app.screen, ConfirmScreen)
        assert PlayTestScreen.LEAVE_QUESTION in str(app.screen.query_one("#question").render())
        await press(pilot, "y")
        assert app.screen is editor
        assert editor.clear_run is None and editor.model.field(0, "par") is None


def played(document: dict, second_level: list[Action]) -> State:
    game = State.story(spec_of(document), "warrior", "Author")
    for action in [Action("flip", dir="E"), Action("move", dir="E"), *second_level]:
        game.apply(action)
    assert game.outcome == "won"
    return game


async def test_the_record_is_the_best_clear_not_the_latest(app: CardRogueApp,
                                                           tmp_path: Path) -> None:
    map_file = tmp_path / "two-steps.toml"
    save_map(two_steps(), map_file)
    fast = [Action("flip", dir="E"), Action("move", dir="E"), Action("end_turn"),
            Action("flip", dir="E"), Action("move", dir="E")]
    slow = [Action("flip", dir="E"), Action("move", dir="E"), Action("end_turn"),
            Action("move", dir="W"), Action("move", dir="E"), Action("end_turn"),
            Action("flip", dir="E"), Action("move", dir="E")]
    async with app.run_test(size=SIZE) as pilot:
        editor = EditorScreen(MapModel.load(map_file), map_file)
        await app.push_screen(editor)
        await pilot.pause()
        identity = map_id(spec_of(two_steps()))
        editor.model.set_field(0, "par", 3)  # the author's own par: never replaced
        playtest._won(editor, played(two_steps(), slow), identity)
        assert editor.clear_run.claimed["moves"] == 10
        assert (editor.model.field(0, "par"), editor.model.field(1, "par")) == (3, 8)
        playtest._won(editor, played(two_steps(), fast), identity)
        assert editor.clear_run.claimed["moves"] == 7  # better: the new record
        # The par the slower clear set follows the record; the author's own stays.
        assert (editor.model.field(0, "par"), editor.model.field(1, "par")) == (3, 5)
        playtest._won(editor, played(two_steps(), slow), identity)
        assert editor.clear_run.claimed["moves"] == 7  # worse: the record stays
        assert read_run(clear_path(map_file)).claimed["moves"] == 7
        await pilot.pause()
        assert last_note(app) == "Cleared again in 10 moves; your record stays 7 moves."
