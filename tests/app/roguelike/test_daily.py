"""Rogue Like Roguelike's daily descent in the app (issue 33): Ctrl+O on the new-rogue form
lists today's and the past days' descents; the chosen one fixes the seed and says where the game
goes before play: today's offline descent on the day's board here, a past day's on its archive
board, unranked; with a server set, the server's seed of that day. A finished game is entered
on its board and the results say its rank. Every clock here is frozen."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from app.cardrogue_app import CardRogueApp
from app.games.roguelike.records import keep
from app.games.roguelike.screens.play import PlayScreen
from app.games.roguelike.screens.skills import NewRogueForm, SkillsScreen, new_rogue
from app.screens.past_dailies import PastDailiesScreen
from app.widgets.choices import Choices
from engine.roguelike.boards import daily_seed
from services import clock, community
from services.settings import Settings, save_settings
from tests.app.support import text_of
from tests.engine.roguelike.support import random_play
from tests.server.live import LiveServer
from tests.support import free_port, until

pytestmark = pytest.mark.clock

NOW = datetime.datetime(2027, 1, 31, 10, tzinfo=datetime.UTC)
TODAY, YESTERDAY = "2027-01-31", "2027-01-30"


async def open_past_days(app: CardRogueApp, pilot: Any) -> PastDailiesScreen:
    """The past days' list, from the new-rogue form (ctrl+o)."""
    app.push_screen(new_rogue())
    await pilot.pause()
    await pilot.press("ctrl+o")
    await until(pilot, lambda: isinstance(app.screen, PastDailiesScreen))
    assert isinstance(app.screen, PastDailiesScreen)
    return app.screen


async def choose_day(app: CardRogueApp, pilot: Any, steps: int) -> NewRogueForm:
    await open_past_days(app, pilot)
    days = app.screen.query_one("#days", OptionList)
    assert str(days.get_option_at_index(0).prompt) == f"{TODAY}  today: the day's board"
    assert "Rogue Like Roguelike" in text_of(app.screen, "#source")
    await pilot.press(*["down"] * steps, "enter")
    await until(pilot, lambda: isinstance(app.screen, NewRogueForm)
                and app.screen.dungeon is not None)
    screen = app.screen
    assert isinstance(screen, NewRogueForm)
    return screen


async def start_with_two_skills(app: CardRogueApp, pilot: Any) -> None:
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, SkillsScreen))
    await pilot.press("enter", "down", "enter")
    await until(pilot, lambda: isinstance(app.screen, PlayScreen))


async def test_a_past_offline_descent_has_its_seed_fixed_and_goes_on_the_archive(
        user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    with clock.frozen(NOW):
        app = CardRogueApp()
        app.animation_level = "none"
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await choose_day(app, pilot, 1)
            assert f"archive board of {YESTERDAY} on this computer, unranked" in \
                text_of(screen, "#note")
            assert screen.query_one("#seed-choice", Choices).chosen == "named-0"  # the day's
            await start_with_two_skills(app, pilot)
            assert app.screen.state.seed == daily_seed(YESTERDAY)
            assert app.screen.ranks_on == f"archive:{YESTERDAY}"


async def test_with_a_server_todays_descent_is_the_servers_seed(
        server: LiveServer, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    with clock.frozen(NOW):
        seed = community.Client(server.url).daily("roguelike")["seed"]
        app = CardRogueApp()
        app.animation_level = "none"
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await choose_day(app, pilot, 0)
            assert f"ranked on the board of {TODAY} on {server.url}" in \
                text_of(screen, "#note")
            await start_with_two_skills(app, pilot)
            assert app.screen.state.seed == seed != daily_seed(TODAY)
            assert app.screen.ranks_on is None  # the server places it; here, its seed's board


def test_a_finished_descent_is_entered_on_its_board_with_its_rank(user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    with clock.frozen(NOW):
        saved, ranked = keep(random_play(daily_seed(TODAY)), "Tester")
        assert ranked == f"Daily descent of {TODAY}, on this computer: rank 1 of 1."
        _, late = keep(random_play(daily_seed(YESTERDAY)), "Tester", f"archive:{YESTERDAY}")
        assert late == f"Daily descent of {YESTERDAY}, played later, on this computer: rank 1 of 1."
        _, plain = keep(random_play(7), "Tester")
        assert plain == "Seed 7, on this computer: rank 1 of 1."
    assert isinstance(saved, Path) and saved.exists()


async def test_the_days_list_shows_the_players_streak_in_the_descent(
        server: LiveServer, user_data: Path) -> None:
    from engine.roguelike import record_run

    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    with clock.frozen(NOW):
        client = community.Client(server.url)
        login = client.register("Tester")
        community.keep_login(login)
        client = community.Client(server.url, login.token)
        seed = client.daily("roguelike")["seed"]
        run = record_run(random_play(seed), "Tester", recorded=clock.stamp()).to_dict()
        run_id = client.submit(run)
        verdict = community.wait_for_verdicts(client, [run_id], 30)[run_id]
        assert verdict["board"] == f"daily:{TODAY}"
        app = CardRogueApp()
        app.animation_level = "none"
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_past_days(app, pilot)
            await until(pilot, lambda: "streak" in text_of(screen, "#streak"),
                        why=lambda: text_of(screen, "#streak"))
            assert text_of(screen, "#streak") == \
                "Daily streak: 1 day in a row (longest 1 day)."


def test_cardrogue_scores_shows_the_descents_day_board_with_game(
        user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import cardrogue

    user_data.mkdir(parents=True, exist_ok=True)
    with clock.frozen(NOW):
        keep(random_play(daily_seed(TODAY)), "Tester")
        assert cardrogue.main(["scores", f"daily:{TODAY}", "--game", "roguelike"]) == 0
        shown = capsys.readouterr().out
        assert shown.startswith(f"Daily descent of {TODAY}: Rogue Like Roguelike local "
                                "leaderboard, 1 player")
        assert cardrogue.main(["scores", f"daily:{TODAY}", "--game", "nim\x1b"]) == 2
        refused = capsys.readouterr().err
        assert refused.count("\n") == 1 and "no game here ranks in points" in refused
        assert "\x1b" not in refused


def test_cardrogue_scores_of_a_day_without_game_shows_each_games_board_of_that_day(
        user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """daily:DAY is a board of every game with a daily: without --game, each is shown (it
    used to be Mini Rogue's alone, whatever the player meant)."""
    import json

    from app.cli import cardrogue
    from services.scores import ScoreStore
    from tests.app.minirogue.support import mini_run

    user_data.mkdir(parents=True, exist_ok=True)
    with clock.frozen(NOW):
        keep(random_play(daily_seed(TODAY)), "Tester")
        with ScoreStore.open() as store:
            store.add_scored(mini_run("random-impossible", "Ann"), f"daily:{TODAY}")
        assert cardrogue.main(["scores", f"daily:{TODAY}"]) == 0
        lines = capsys.readouterr().out.splitlines()
        headings = [line for line in lines if "local leaderboard" in line]
        assert headings == [f"Daily dungeon of {TODAY}: Mini Rogue local leaderboard, 1 player",
                            f"Daily descent of {TODAY}: Rogue Like Roguelike local "
                            "leaderboard, 1 player"]
        assert lines[lines.index(headings[1]) - 1] == ""  # a blank line between the boards
        assert cardrogue.main(["scores", f"daily:{TODAY}", "--json"]) == 0
        boards = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [(b["game"], [e["player"] for e in b["entries"]]) for b in boards] == \
            [("minirogue", ["Ann"]), ("roguelike", ["Tester"])]


async def test_a_past_day_out_of_reach_is_said_in_the_games_words(user_data: Path) -> None:
    """The past days' list is the shell's: its lines name the day's board as the game does,
    not as Mini Rogue's dungeon."""
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=f"http://127.0.0.1:{free_port()}"))
    with clock.frozen(NOW):
        app = CardRogueApp()
        app.animation_level = "none"
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_past_days(app, pilot)
            await pilot.press("down", "enter")
            await until(pilot, lambda: "not to be had" in text_of(screen, "#status"),
                        why=lambda: text_of(screen, "#status"))
            assert text_of(screen, "#status").startswith(
                f"Daily descent of {YESTERDAY} is not to be had: ")
            assert app.screen is screen


def test_cardrogue_scores_of_a_day_on_the_server_shows_each_games_board(
        server: LiveServer, user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import cardrogue

    user_data.mkdir(parents=True, exist_ok=True)
    assert cardrogue.main(["scores", f"daily:{TODAY}", "--server", server.url]) == 0
    headings = [line for line in capsys.readouterr().out.splitlines() if "leaderboard" in line]
    assert headings == [f"daily:{TODAY}: {name} global leaderboard on {server.url}, 0 players"
                        for name in ("Mini Rogue", "Rogue Like Roguelike")]
