"""Nim through the real app, installed from elsewhere (the nim_installed fixture names its
hosting under the `cardrogue.app_games` entry point): on the title menu, started from the form
built from its option specs, played to the end, kept as a run file, watched in its viewer, and
its boards on the high scores screen and, from a live server, on the Community screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, OptionList, Static

from app import registry
from app.cardrogue_app import CardRogueApp
from app.screens.options_form import OptionsForm
from app.screens.title import menu
from engine import games
from services import community
from services.scores import ScoreStore
from services.settings import Settings, save_settings
from tests.support import until

SIZE = (100, 36)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(folder))
    monkeypatch.setenv("CARDROGUE_PLAYER", "Tester")
    return folder


async def open_form(app: CardRogueApp, pilot) -> OptionsForm:
    await pilot.pause()
    down = [entry.id for entry in menu()].index("nim")
    await pilot.press("home", *["down"] * down, "enter")
    await pilot.pause()
    assert isinstance(app.screen, OptionsForm)
    return app.screen


def test_nim_is_hosted_after_the_built_in_games_from_its_entry_point(nim_installed) -> None:
    assert [game.name for game in registry.hosted()] == games.names()
    assert registry.find("nim") is not None and registry.problems() == []
    ids = [entry.id for entry in menu()]
    assert ids.index("roguelike") < ids.index("nim") < ids.index("rules")


def test_a_built_in_name_wins_and_a_broken_plugin_is_skipped_in_words(
        nim_installed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    info = tmp_path / "site" / "nim_game-1.0.dist-info" / "entry_points.txt"
    info.write_text("[cardrogue.games]\nnim = nim_game.rules:RULES\n"
                    "[cardrogue.app_games]\nnim = nim_game.no_such_module:HOSTED\n"
                    "minirogue = nim_game.app:HOSTED\n")
    monkeypatch.setattr(registry, "_plugins", None)
    assert [game.name for game in registry.hosted()] == [
        name for name in games.names() if name != "nim"]
    assert registry.find("minirogue").help is not registry.find("roguelike").help
    assert registry.find("minirogue").menu[0].label == "Mini Rogue"  # the built-in one
    [problem] = registry.problems()
    assert "'nim'" in problem and "nim_game.no_such_module" in problem
    assert "left off the menu" in problem


async def test_hosting_that_does_not_load_is_said_in_words_when_the_app_starts(
        nim_installed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    info = tmp_path / "site" / "nim_game-1.0.dist-info" / "entry_points.txt"
    info.write_text("[cardrogue.games]\nnim = nim_game.rules:RULES\n"
                    "[cardrogue.app_games]\nnim = nim_game.rules:RULES\n")  # not a HostedGame
    monkeypatch.setattr(registry, "_plugins", None)
    said: list[str] = []
    app = CardRogueApp()
    monkeypatch.setattr(app, "notify", lambda message, **_: said.append(message))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert "nim" not in [entry.id for entry in menu()]
    assert said == ["The game 'nim' is installed but nim_game.rules:RULES is not its hosting; "
                    "it is left off the menu."]


async def test_the_form_is_built_from_the_options_and_refuses_a_bad_pile_in_the_engine_words(
        nim_installed, data_dir: Path) -> None:
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        stones = form.query_one("#option-stones", Input)
        assert stones.value == "21"  # the option's default
        stones.value = "99"
        form.query_one("#seed", Input).value = "7"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # nothing started
        problem = str(form.query_one("#problem-stones", Static).render())
        assert "pile holds 5 to 40 stones" in problem.casefold()
        stones.value = "abc"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "whole number" in str(form.query_one("#problem-stones", Static).render())


async def test_nim_is_played_to_the_end_kept_and_watched(nim_installed, data_dir: Path) -> None:
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#option-stones", Input).value = "9"
        form.query_one("#seed", Input).value = "3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        play = app.screen
        assert type(play).__name__ == "NimScreen" and play.state.start == 9
        for _ in range(9):
            if play.state.is_over:
                break
            await pilot.press("1")
            await pilot.pause()
        assert play.state.is_over
        [kept] = (data_dir / "runs").glob("nim_*.run.json")
        assert play.saved == kept
        verdict = games.verify(games.read_run(kept))
        assert verdict.ok and verdict.figures["outcome"] == play.state.outcome
        app.pop_screen()
        await pilot.pause()
        app.open_run_file(kept)
        await pilot.pause()
        viewer = app.screen
        assert type(viewer).__name__ == "NimReplay"
        await pilot.press("right", "right")
        await pilot.pause()
        assert "Step 2 of" in str(viewer.query_one("#pile", Static).render())


async def test_nim_s_boards_are_on_the_high_scores_screen_and_their_runs_are_watched(
        nim_installed, data_dir: Path) -> None:
    rules = games.load("nim")
    with ScoreStore.open() as store:
        for player in ("Ann", "Tester"):
            state = rules.new_game(seed=4, stones=5)
            state.apply(state.legal_actions()[0])  # 4 left: whatever the house takes, the
            state.apply(state.legal_actions()[-1])  # rest is ours
            run = rules.run_from_dict(rules.record(state, player=player, recorded="2026-12-01T10:00:00Z"))
            store.add_scored(run, rules.info.board_of(run))
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("home", *["down"] * [entry.id for entry in menu()].index("scores"),
                          "enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        boards = app.screen.query_one("#maps", OptionList)
        prompts = [str(boards.get_option_at_index(n).prompt) for n in range(boards.option_count)]
        assert prompts[-1] == "Nim from 5 stones\nNim"
        boards.highlighted = len(prompts) - 1
        await pilot.pause()
        table = app.screen.query_one("#entries", DataTable)
        assert [str(column.label) for column in table.columns.values()] == \
            ["Rank", "Player", "Score", "End", "Date"]
        assert [[str(cell) for cell in table.get_row_at(n)] for n in range(table.row_count)] \
            == [["1", "Ann", "90", "won", "2026-12-01"], ["1", "Tester", "90", "won", "2026-12-01"]]
        assert str(app.screen.query_one("#mine", Static).render()) == \
            "Your best: rank 1 of 2, 90 points"
        table.focus()
        await pilot.press("down", "enter")
        await pilot.pause()
        viewer = app.screen
        assert type(viewer).__name__ == "NimReplay" and viewer.run.player == "Tester"


async def test_nim_s_boards_on_the_server_are_on_the_community_screen(
        nim_installed, data_dir: Path, server) -> None:
    rules = games.load("nim")
    client = community.Client(server.url)
    client.register("Bob")
    state = rules.new_game(seed=4, stones=5)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[-1])
    run_id = client.submit(rules.record(state, player="Bob"))
    assert community.wait_for_verdicts(client, [run_id], 30)[run_id]["status"] == "verified"
    data_dir.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("home", *["down"] * [e.id for e in menu()].index("community"),
                          "enter")
        await until(pilot, lambda: app.screen.query("#heading"))
        screen = app.screen

        def heading() -> str:
            return str(screen.query_one("#heading", Static).render())

        await until(pilot, lambda: heading() != "Community")  # the ranked games are found
        assert heading() == "Community maps"  # the first ranked game: Card Rogue's maps
        for _ in games.names():  # g: the next ranked game's boards
            if "Nim" in heading():
                break
            await pilot.press("g")
            await pilot.pause()
        assert heading() == "Community boards · Nim"
        boards = screen.query_one("#maps", DataTable)
        await until(pilot, lambda: boards.row_count == 1)
        assert [str(cell) for cell in boards.get_row_at(0)] == ["Nim from 5 stones", "1"]
        entries = screen.query_one("#board", DataTable)
        await until(pilot, lambda: entries.row_count == 1)
        assert [str(column.label) for column in entries.columns.values()] == \
            ["Rank", "Player", "Score", "End"]
        assert [str(cell) for cell in entries.get_row_at(0)] == ["1", "Bob", "90", "won"]
        mine = str(screen.query_one("#mine", Static).render())
        assert mine == "1 player on the board. You have no score here yet."
        entries.focus()
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "NimReplay")
        assert app.screen.run.player == "Bob"
