"""Rogue Like Roguelike and the community server, against a real server on loopback: a game
finished in the app goes on the server's board from the results screen, as a Mini Rogue delve
does (at once with an account, on s without one), the server's daily descent on its day's board;
out of reach, the run waits, the run file stays, and s sends it once the server answers."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from app.cardrogue_app import CardRogueApp
from app.games.roguelike.screens.play import PlayScreen
from app.games.roguelike.screens.results import ResultsScreen
from engine.roguelike import RULES, record_run
from services import clock, community
from services.settings import Settings, save_settings
from tests.app.support import text_of
from tests.engine.roguelike.support import random_play
from tests.server.live import LiveServer
from tests.server.sqlite_template import migrated_sqlite
from tests.support import free_port, until

pytestmark = pytest.mark.clock

NOW = datetime.datetime(2027, 1, 31, 10, tzinfo=datetime.UTC)
TODAY = "2027-01-31"
SEED = 7


def use_server(url: str, *, account: str | None = None) -> None:
    save_settings(Settings(server=url))
    if account is not None:
        community.keep_login(community.Client(url).register(account))


async def finish_game(app: CardRogueApp, pilot: Any, seed: int) -> None:
    """A game of `seed` played to one action before its end, then its last action chosen from
    the actions menu (Enter), as a player does: the results show."""
    history = random_play(seed).history
    state = RULES.new_game(seed=seed)
    for action in history[:-1]:
        state.apply(action)
    app.push_screen(PlayScreen(state, []))
    await until(pilot, lambda: isinstance(app.screen, PlayScreen))
    last = app.screen.view.legal.index(history[-1])
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press(*["down"] * last, "enter")
    await until(pilot, lambda: isinstance(app.screen, ResultsScreen))


def community_text(app: CardRogueApp) -> str:
    return text_of(app.screen, "#community")


async def test_with_an_account_the_servers_daily_goes_on_its_days_board(
        app: CardRogueApp, server: LiveServer, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    use_server(server.url, account="Tester")
    with clock.frozen(NOW):
        seed = community.Client(server.url).daily("roguelike")["seed"]
        async with app.run_test(size=(80, 24)) as pilot:
            await finish_game(app, pilot, seed)
            await until(pilot, lambda: "global rank" in community_text(app),
                        why=lambda: community_text(app))
            assert "Verified by the server: global rank 1 of 1." in community_text(app)
            assert "Daily streak: 1 day in a row" in community_text(app)
            assert "Score" in text_of(app.screen, "#results-text")  # the local results stay
    board = community.Client(server.url).points_leaderboard("roguelike", f"daily:{TODAY}")
    score = random_play(seed).view(0).score
    assert [(i["player"], i["score"]) for i in board["items"]] == [("Tester", score)]


async def test_without_an_account_s_registers_and_submits_to_the_seeds_board(
        app: CardRogueApp, server: LiveServer, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    use_server(server.url)
    async with app.run_test(size=(80, 24)) as pilot:
        await finish_game(app, pilot, SEED)
        await until(pilot, lambda: "Press s" in community_text(app),
                    why=lambda: community_text(app))
        assert community_text(app) == f"Press s to put this run on the boards of {server.url}."
        await pilot.press("s")
        await until(pilot, lambda: "global rank" in community_text(app),
                    why=lambda: community_text(app))
    assert community.stored_login(server.url).name == "Tester"
    board = community.Client(server.url).points_leaderboard("roguelike", f"seed:{SEED}")
    assert [i["player"] for i in board["items"]] == ["Tester"]


async def test_out_of_reach_the_run_waits_and_s_sends_it_once_the_server_answers(
        app: CardRogueApp, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    port = free_port()  # nothing listens there yet
    url = f"http://127.0.0.1:{port}"
    use_server(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await finish_game(app, pilot, SEED)
        await until(pilot, lambda: "Press s" in community_text(app))
        await pilot.press("s")
        await until(pilot, lambda: "outbox" in community_text(app),
                    why=lambda: community_text(app))
        assert "could not be reached" in community_text(app)
        assert community_text(app).endswith(" Press s to try again.")
        [saved] = (user_data / "runs").glob("roguelike_Tester_*.run.json")  # nothing lost
        [waiting] = community.waiting(url)
        assert waiting.run["seed"] == SEED
        migrated_sqlite(tmp_path / "server.db", tmp_path_factory)
        live = LiveServer(tmp_path / "server.db", port)
        live.start()
        try:
            await pilot.press("s")
            await until(pilot, lambda: "global rank" in community_text(app),
                        why=lambda: community_text(app))
            board = community.Client(url).points_leaderboard("roguelike", f"seed:{SEED}")
        finally:
            live.stop()
    assert [i["player"] for i in board["items"]] == ["Tester"]
    assert saved.exists() and community.waiting(url) == []


async def test_a_refusal_says_why(app: CardRogueApp, server: LiveServer,
                                  user_data: Path) -> None:
    """Ann sent these very moves first: the app's run is refused as a copy, and says so."""
    user_data.mkdir(parents=True, exist_ok=True)
    client = community.Client(server.url)
    client.register("Ann")
    original = record_run(random_play(SEED), "Ann", recorded="2026-01-01T00:00:00Z").to_dict()
    run_id = client.submit(original)
    assert community.wait_for_verdicts(client, [run_id], 30)[run_id]["status"] == "verified"
    use_server(server.url, account="Tester")
    async with app.run_test(size=(80, 24)) as pilot:
        await finish_game(app, pilot, SEED)
        await until(pilot, lambda: "refused" in community_text(app),
                    why=lambda: community_text(app))
        # The server's words, without its code (a tester read "copied_run: these actions…").
        assert community_text(app).startswith("The server refused the run: these actions ")
        assert f"run {run_id} by Ann" in community_text(app)


async def test_no_server_set_offers_nothing(app: CardRogueApp, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await finish_game(app, pilot, SEED)
        await app.workers.wait_for_complete()  # the look for a server found none
        await pilot.pause()
        assert not app.screen.query_one("#community", Static).has_class("shown")
        await pilot.press("s")  # not offered: nothing happens
        assert not app.screen.query_one("#community", Static).has_class("shown")
