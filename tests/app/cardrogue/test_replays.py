"""Pilot tests of the high scores screen, the replay viewer and the rank on the results screen.

The corpus maps (tests/runs/maps_toml) go in the user's maps folder so runs find their map by
id; bundled maps are hidden, so what the screens list does not change as campaigns are added.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Input

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.replay import open_run_file
from app.games.cardrogue.screens.replay import ReplayScreen
from app.games.cardrogue.screens.results import ResultsScreen
from app.games.cardrogue.widgets.board import DOWN, MARK_PLAYER
from app.games.cardrogue.words import Narrator
from app.screens.file_prompt import FilePromptScreen
from app.screens.scores import HighScoresScreen
from app.screens.title import TitleScreen
from app.screens.watch import RunRefusedScreen
from engine.cardrogue import runs
from engine.cardrogue.board import FACE_DOWN, UNSEEN
from engine.cardrogue.identity import map_id
from engine.cardrogue.runs import Run, read_run
from engine.core.runs import save_run
from services.library import find_map
from services.scores import ScoreStore
from tests.app.maps import WIN_KEYS_LEVEL_1, WIN_KEYS_LEVEL_2, tutorial
from tests.app.support import CORPUS, SIZE, WATCHED, open_scores, table_rows, text_of

# The lists hold only the maps a test installs (conftest.py).
pytestmark = pytest.mark.usefixtures("no_bundled_maps")


# ---------------------------------------------------------------------- high scores

async def test_high_scores_list_entries_in_rank_order_with_your_best(app, corridor_board):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_scores(app, pilot, "Corridor")
        assert [b.title for b in screen.boards] == ["Alchemy", "Corridor", "Crossroads", "Troll's Lair",
                                                   "Goblin Gate", "Market", "Two Floors"]
        assert screen.current is not None and screen.current.key == corridor_board
        rows = table_rows(screen.table)
        assert rows == [["1", "Ana", "11", "4", "2025-01-01"],
                        ["1", "[bold]Bob", "11", "4", "2025-01-01"],  # a tie shares the rank
                        ["3", "Tester", "29", "6", "2025-01-01"]]
        # The player's own row stands out; the others do not.
        assert screen.table.get_row_at(2)[1].style == "bold"
        assert screen.table.get_row_at(0)[1].style == ""
        assert text_of(screen, "#mine") == "Your best: rank 3 of 3, 29 moves, 6 turns"
        assert "Corridor" in text_of(screen, "#board-title")
        assert "3 players" in text_of(screen, "#board-title")
        assert not screen.query_one("#empty").has_class("shown")


async def test_the_high_scores_header_fits_80_columns_with_a_long_name(
        app, corridor_board, monkeypatch: pytest.MonkeyPatch):
    name = "Maximiliana Wolkenstein-Radebeul of Ost"  # near the longest name a run keeps (40)
    monkeypatch.setenv("CARDROGUE_PLAYER", name)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_scores(app, pilot, "Corridor")
        assert text_of(screen, "#heading") == f"High scores · you play as {name}"
        assert text_of(screen, "#where").startswith("Scores on this computer")
        for part in ("#heading", "#where"):  # one line each: nothing wraps
            assert screen.query_one(part).content_size.height == 1, part


async def test_high_scores_of_a_map_without_scores(app, corridor_board):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_scores(app, pilot, "Alchemy")
        assert screen.table.row_count == 0 and screen.table.has_class("empty")
        assert screen.query_one("#empty").has_class("shown")
        assert text_of(screen, "#empty") == "No scores yet for this map. Win it to set the first one."
        assert text_of(screen, "#mine") == "Your best: none yet (Tester has not won this map)"
        # Back to a map with scores: the table returns.
        screen.map_list.highlighted = 1
        await pilot.pause()
        assert screen.table.row_count == 3 and not screen.query_one("#empty").has_class("shown")


async def test_high_scores_without_any_map(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_scores(app, pilot)
        assert screen.boards == [] and screen.table.row_count == 0
        assert text_of(screen, "#where").startswith("No maps found.")
        assert screen.query_one("#empty").has_class("shown")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_high_scores_say_when_the_database_was_damaged(app, corpus_maps, user_data):
    (user_data / "scores.db").write_bytes(b"this is not a database" * 100)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_scores(app, pilot, "Corridor")
        assert "The high score database was damaged" in text_of(screen, "#where")
        assert screen.table.row_count == 0 and screen.query_one("#empty").has_class("shown")
    assert list(user_data.glob("scores.db.corrupt-*"))


async def test_high_scores_and_run_files_are_in_the_command_palette(app, corridor_board):
    async with app.run_test(size=SIZE) as pilot:
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert "High scores" in commands and "Watch a run file" in commands
        commands["Watch a run file"].callback()
        await pilot.pause()
        assert isinstance(app.screen, FilePromptScreen)
        await pilot.press("escape")
        await pilot.pause()
        commands["High scores"].callback()
        await pilot.pause()
        assert isinstance(app.screen, HighScoresScreen)


async def test_enter_on_an_entry_watches_its_run(app, corridor_board):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_scores(app, pilot, "Corridor")
        await pilot.press("enter")  # from the map list to the board
        await pilot.pause()
        assert screen.table.has_focus
        await pilot.press("down", "enter")  # the second entry: Bob's
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        assert viewer.replay.run.player == "[bold]Bob" and viewer.replay.step == 0
        assert "[bold]Bob" in text_of(viewer, "#status")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_opening_a_run_file_from_the_high_scores_screen(app, corpus_maps):
    async with app.run_test(size=SIZE) as pilot:
        await open_scores(app, pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, FilePromptScreen)
        app.screen.query_one(Input).value = str(WATCHED)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.replay.source == WATCHED


# ---------------------------------------------------------------------- the replay viewer

def engine_state(run: Run, steps: int):
    """The game after `steps` actions and the log in words, worked out here independently."""
    spec = find_map(run.map_id).spec
    game = runs.start(run, spec)
    narrator = Narrator(game)
    lines = [t.plain for t in narrator.narrate(game.opening_events)]
    for action in run.actions[:steps]:
        names = narrator.enemy_names()
        lines += [t.plain for t in narrator.narrate(game.apply(action), names)]
    return game, lines


def assert_shows(viewer: ReplayScreen, steps: int) -> None:
    """The viewer shows exactly the engine's game after `steps` actions: state, board, log."""
    game, lines = engine_state(viewer.replay.run, steps)
    assert viewer.replay.step == steps
    assert viewer.replay.game.fingerprint() == game.fingerprint()
    assert viewer.log_view.plain_lines == lines
    board = viewer.board
    hero = game.players[0].pos
    for index, face in enumerate(game.board.face):
        signature = board._signatures[index]
        marks = signature[4] if signature is not None else 0
        assert bool(marks & MARK_PLAYER) == (index == hero), index
        if face == UNSEEN and index != hero:
            assert signature is None, index
        elif face == FACE_DOWN:
            assert signature[2] == DOWN, index
    assert text_of(viewer, "#status").startswith(f"Step {steps}/{viewer.replay.total} · "
                                                 f"Moves {game.moves} · Turn {game.turn}")


async def open_viewer(app: CardRogueApp, pilot, path: Path = WATCHED) -> ReplayScreen:
    app.open_run_file(path)
    await pilot.pause()
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


async def test_stepping_forward_and_back_follows_the_engine(app, corpus_maps):
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(app, pilot)
        assert viewer.replay.total == len(read_run(WATCHED).actions)
        assert_shows(viewer, 0)
        for steps in range(1, 41):
            await pilot.press("right")
            assert_shows(viewer, steps)
        assert "You roll 1 = 1 damage to the Kobold." in viewer.log_view.plain_lines
        for steps in range(39, 34, -1):  # back: the game is rebuilt from the prefix
            await pilot.press("left")
            await pilot.pause()
            assert_shows(viewer, steps)
        await pilot.press("end")
        await pilot.pause()
        assert_shows(viewer, viewer.replay.total)
        assert viewer.replay.game.outcome == "won"
        assert "The end: won in 85 moves" in text_of(viewer, "#controls")
        await pilot.press("right")  # nothing after the end
        await pilot.pause()
        assert viewer.replay.step == viewer.replay.total
        await pilot.press("home")
        await pilot.pause()
        assert_shows(viewer, 0)
        await pilot.press("left")  # nothing before the start
        await pilot.pause()
        assert_shows(viewer, 0)


async def test_next_level_and_go_to_a_step(app, corpus_maps):
    run = read_run(CORPUS / "two_floors-shortest.run.json")
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(app, pilot, CORPUS / "two_floors-shortest.run.json")
        game = open_run_file(CORPUS / "two_floors-shortest.run.json").game
        second = next(n for n, action in enumerate(run.actions, start=1)
                      if game.apply(action) is not None and game.level_index == 1)
        await pilot.press("n")  # the second floor's first step
        await pilot.pause()
        assert_shows(viewer, second)
        assert viewer.replay.game.level_index == 1
        await pilot.press("n")  # no third floor: the end
        await pilot.pause()
        assert_shows(viewer, viewer.replay.total)
        await pilot.press("colon")
        await pilot.pause()
        await pilot.press("x", "enter")  # not a number: asked again
        await pilot.pause()
        assert "A whole number" in text_of(app.screen, "#why")
        app.screen.query_one(Input).value = "7"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is viewer
        assert_shows(viewer, 7)
        await pilot.press("colon")
        await pilot.pause()
        await pilot.press("escape")  # cancelled: where it was
        await pilot.pause()
        assert_shows(viewer, 7)


async def test_play_advances_on_the_timer_and_pause_stops_it(app, corpus_maps):
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(app, pilot)
        await pilot.press("plus", "plus")  # 2 -> 4 -> 8 steps a second
        assert viewer.speed == 8 and "8 steps/s" in text_of(viewer, "#controls")
        await pilot.press("space")
        assert viewer.playing and "▶ Playing" in text_of(viewer, "#controls")
        for _ in range(200):  # only a limit on waiting; no timing is asserted
            if viewer.replay.step >= 3:
                break
            await pilot.pause(0.05)
        assert viewer.replay.step >= 3
        await pilot.press("space")
        assert not viewer.playing and viewer.timer is None
        assert "❚❚ Paused" in text_of(viewer, "#controls")
        stopped = viewer.replay.step
        assert_shows(viewer, stopped)
        await pilot.pause(0.3)
        assert viewer.replay.step == stopped


async def test_the_timer_beat_steps_and_pauses_at_the_end(app, corpus_maps):
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(app, pilot, CORPUS / "corridor-shortest.run.json")
        viewer.tick()  # a beat while paused does nothing
        assert viewer.replay.step == 0
        viewer.action_toggle_play()
        total = viewer.replay.total
        for steps in range(1, total + 1):
            viewer.tick()
            assert viewer.replay.step == steps
        assert not viewer.playing and viewer.timer is None  # the end pauses
        await pilot.pause()
        assert_shows(viewer, total)
        viewer.action_toggle_play()  # playing again from the end starts over
        assert viewer.playing and viewer.replay.step == 0
        viewer.action_toggle_play()


async def test_speeds_are_one_two_four_and_eight(app, corpus_maps):
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(app, pilot)
        seen = []
        for key in ["minus", "minus", "plus", "plus", "plus", "plus"]:
            await pilot.press(key)
            seen.append(viewer.speed)
        assert seen == [1, 1, 2, 4, 8, 8]
        speed_4 = next(c for c in app.get_system_commands(viewer)
                       if c.title == "Replay speed: 4 steps/s")
        speed_4.callback()
        assert viewer.speed == 4


async def test_the_viewer_is_read_only(app, corpus_maps):
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(app, pilot)
        before = viewer.replay.game.fingerprint()
        for key in ["x", "f", "b", "u", "e", "enter"]:  # the play screen's keys do nothing here
            await pilot.press(key)
        await pilot.click("#board", offset=(10, 3))
        await pilot.pause()
        assert app.screen is viewer and viewer.replay.game.fingerprint() == before
        assert not viewer.panel.hints


async def test_f1_lists_the_replay_keys(app, corpus_maps):
    from app.screens.rules import RulesScreen

    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(app, pilot)
        await pilot.press("space")
        assert viewer.playing
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert not viewer.playing  # help on top pauses the replay
        keys = text_of(app.screen, "#term-text")
        assert "Go back one action" in keys and "Play the run at the chosen speed" in keys
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is viewer


def forged(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Run files that must not open, and the reason each is refused with."""
    good = read_run(CORPUS / "corridor-shortest.run.json")
    out = {}
    tampered = list(good.actions)
    tampered[1] = replace(tampered[1], dir="W")
    cases = {
        "tampered": (replace(good, actions=tuple(tampered)), "Illegal action"),
        "edited_moves": (replace(good, claimed={**good.claimed, "moves": 3}), "Claims differ"),
        "other_rules": (replace(good, rules_version=good.rules_version + 1),
                        "Other rules version"),
        "swapped_map": (replace(good, map_id="0" * 64), "Unknown map"),
    }
    for name, (run, reason) in cases.items():
        path = tmp_path / f"{name}.run.json"
        save_run(path, run)
        out[name] = (path, reason)
    truncated = tmp_path / "truncated.run.json"
    truncated.write_text(good.to_json()[:200])
    out["truncated"] = (truncated, "Not json")
    out["missing"] = (tmp_path / "nowhere.run.json", "Unreadable")
    return out


async def test_a_forged_or_unreadable_run_opens_to_its_reason(app, corpus_maps, tmp_path):
    async with app.run_test(size=SIZE) as pilot:
        for name, (path, reason) in forged(tmp_path).items():
            app.open_run_file(path)
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, RunRefusedScreen), name
            assert text_of(dialog, "#reason") == reason, name
            assert text_of(dialog, "#message"), name
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen), name


async def test_the_app_opens_a_run_given_at_start(corpus_maps):
    app = CardRogueApp(replay_path=CORPUS / "corridor-shortest.run.json")
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.replay.run.player == "Corpus"
        await pilot.press("escape")  # `cardrogue replay RUN`: closing the viewer ends the app
        await pilot.pause()
    assert app.return_code == 0


def test_a_replay_rebuilds_steps_back_from_the_start(corpus_maps):
    replay = open_run_file(WATCHED)
    replay.seek(50)
    at_50 = replay.game.fingerprint()
    replay.seek(replay.total)
    replay.seek(50)
    assert replay.game.fingerprint() == at_50
    assert replay.back() and replay.step == 49
    assert replay.next_action() and replay.last_action()


def test_new_bindings_have_ids():
    from app.games.cardrogue.screens import replay
    from app.screens import file_prompt, scores, watch

    for screen_class in (scores.HighScoresScreen, replay.ReplayScreen, file_prompt.FilePromptScreen,
                         watch.RunRefusedScreen):
        for binding in screen_class.BINDINGS:
            assert binding.id, f"{screen_class.__name__} binding {binding.key!r} has no id"


# ---------------------------------------------------------------------- the results' rank

async def win_tutorial(app: CardRogueApp, pilot) -> ResultsScreen:
    launch.play(app, tutorial())
    await pilot.pause()
    for key in ["enter", *WIN_KEYS_LEVEL_1, "enter", *WIN_KEYS_LEVEL_2]:
        await pilot.press(key)
        await pilot.pause()
    assert isinstance(app.screen, ResultsScreen)
    return app.screen


async def test_the_results_show_the_rank_on_the_local_board(monkeypatch):
    # Ana wins first; Tester then ties her 16 moves, and a tie goes to the earlier entry.
    monkeypatch.setenv("CARDROGUE_PLAYER", "Ana")
    first = CardRogueApp()
    first.animation_level = "none"
    async with first.run_test(size=SIZE) as pilot:
        results = await win_tutorial(first, pilot)
        assert "Local rank: 1 of 1" in text_of(results, "#records")

    monkeypatch.setenv("CARDROGUE_PLAYER", "Tester")
    second = CardRogueApp()
    second.animation_level = "none"
    async with second.run_test(size=SIZE) as pilot:
        results = await win_tutorial(second, pilot)
        records = text_of(results, "#records")
        assert "Personal best: 16 moves, 5 turns (new!)" in records
        assert "Local rank: 1 of 2" in records  # the same score: the same rank, as the server

    with ScoreStore.open() as store:
        board = store.leaderboard(map_id(tutorial()))
    assert [(e.rank, e.player, e.moves) for e in board] == [(1, "Ana", 16), (1, "Tester", 16)]
