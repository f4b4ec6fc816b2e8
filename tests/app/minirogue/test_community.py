"""Mini Rogue and the community server, against a real server on loopback: a finished delve goes
on the server's board from the results screen (at once with an account, on s without one) and
shows its global rank; the boards screen shows the server's board of the highlighted dungeon,
and says so in words when the server is out of reach, losing nothing."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from textual.widgets import Static

from app.cardrogue_app import CardRogueApp
from app.games.minirogue.records import Setup, finish
from app.games.minirogue.screens.boards import MiniRogueBoardsScreen
from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen
from app.games.minirogue.screens.play import MiniRogueScreen
from app.games.minirogue.screens.results import MiniRogueResultsScreen
from app.widgets.choices import Choices
from app.widgets.event_log import EventLog
from engine.minirogue import RULES, daily_seed
from services import clock, community
from services.settings import Settings, save_settings
from tests.app.minirogue.keys import DEATH, WIN, delve_keys
from tests.app.minirogue.support import start_with_seed
from tests.app.support import text_of
from tests.engine.minirogue.players import careful_choice, play
from tests.server.live import LiveServer
from tests.support import free_port, until

pytestmark = pytest.mark.clock

DAY = datetime.date(2026, 11, 22)


def use_server(url: str, *, account: str | None = None) -> None:
    save_settings(Settings(server=url))
    if account is not None:
        community.keep_login(community.Client(url).register(account))


async def delve_to_results(app: CardRogueApp, pilot, setup: dict, difficulty_steps: int) -> None:
    keys, _ = delve_keys(**setup)
    await start_with_seed(app, pilot, setup["seed"], difficulty_steps)
    for key in keys:
        await pilot.press(key)
    await until(pilot, lambda: isinstance(app.screen, MiniRogueResultsScreen))


async def test_with_an_account_the_delve_goes_on_the_server_and_shows_its_rank(
        server: LiveServer, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    use_server(server.url, account="Tester")
    _, won = delve_keys(**WIN)
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await delve_to_results(app, pilot, WIN, 0)
        await until(pilot, lambda: "global rank" in text_of(app.screen, "#community"),
                    why=lambda: text_of(app.screen, "#community"))
        assert "Verified by the server: global rank 1 of 1." in text_of(app.screen, "#community")
    board = community.Client(server.url).points_leaderboard("minirogue", "seed:0:casual:plain")
    assert [(i["player"], i["score"], i["ending"]) for i in board["items"]] == \
        [("Tester", won.score, "won")]


async def test_without_an_account_s_registers_and_submits(server: LiveServer,
                                                          user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    use_server(server.url)
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await delve_to_results(app, pilot, DEATH, 3)
        await until(pilot, lambda: "Press s" in text_of(app.screen, "#community"))
        await pilot.press("s")
        await until(pilot, lambda: "global rank" in text_of(app.screen, "#community"),
                    why=lambda: text_of(app.screen, "#community"))
    assert community.stored_login(server.url).name == "Tester"
    board = community.Client(server.url).points_leaderboard(
        "minirogue", "seed:4:impossible:plain")
    assert [(i["player"], i["ending"]) for i in board["items"]] == [("Tester", "dead")]


async def test_no_server_set_offers_nothing(user_data: Path) -> None:
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await delve_to_results(app, pilot, DEATH, 3)
        await pilot.pause(0.3)
        assert not app.screen.query_one("#community", Static).has_class("shown")
        await pilot.press("s")  # not offered: nothing happens
        assert not app.screen.query_one("#community", Static).has_class("shown")


async def test_offline_the_delve_waits_in_the_outbox(user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    url = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    use_server(url)
    community.keep_login(community.Login(url, "Tester", "cr_not_checked_offline"))
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await delve_to_results(app, pilot, DEATH, 3)
        await until(pilot, lambda: "outbox" in text_of(app.screen, "#community"),
                    why=lambda: text_of(app.screen, "#community"))
        assert "Dead in area" in text_of(app.screen, "#summary")  # the local results are all there
    [waiting] = community.waiting(url)
    assert waiting.run["seed"] == DEATH["seed"]


def local_delve(setup: Setup, player: str) -> dict:
    state = play(RULES.new_game(seed=setup.seed, difficulty=setup.difficulty,
                                dungeon_keys=setup.dungeon_keys), careful_choice)
    standing = finish(state, setup, player)
    assert standing.document is not None
    return standing.document


async def open_boards(app: CardRogueApp, pilot,
                      today: datetime.date | None = DAY) -> MiniRogueBoardsScreen:
    """The boards screen, from the new-delve form of `today` (None: the clock's day)."""
    app.push_screen(MiniRogueNewGameScreen(today=today))
    await pilot.pause()
    await pilot.press("ctrl+b")
    await pilot.pause()
    assert isinstance(app.screen, MiniRogueBoardsScreen)
    return app.screen


async def test_the_boards_screen_shows_the_servers_board_of_the_highlighted_dungeon(
        server: LiveServer, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    document = local_delve(Setup(7, "hard", True), "Tester")
    client = community.Client(server.url)
    client.register("Ann")
    run_id = client.submit(document)
    assert community.wait_for_verdicts(client, [run_id], 30)[run_id]["status"] == "verified"
    use_server(server.url)
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        await open_boards(app, pilot)
        await until(pilot, lambda: "Nobody is on this board" in text_of(app.screen, "#community"))
        await pilot.press("down")  # Seed 7, Hard, Dungeon Keys
        await until(pilot, lambda: "Ann" in text_of(app.screen, "#community"),
                    why=lambda: text_of(app.screen, "#community"))
        shown = text_of(app.screen, "#community")
        assert f"On {server.url}" in shown
        claimed = document["claimed"]
        assert f"  1. {'Ann':<20} {claimed['score']:>5}  {claimed['outcome']}" in shown
        assert "  1. Tester" in text_of(app.screen, "#entries")  # the local board, as it was


async def test_the_servers_daily_board_says_how_each_delve_was_played(
        server: LiveServer, user_data: Path) -> None:
    """On DAY, whatever today is: the one clock is set for the app and for the server, which
    files a delve on its own daily seed of DAY on the day's board while that day is near."""
    user_data.mkdir(parents=True, exist_ok=True)
    with clock.frozen(datetime.datetime(2026, 11, 22, 18, 30, tzinfo=datetime.UTC)):
        client = community.Client(server.url)
        seed = client.daily("minirogue")["seed"]
        document = local_delve(Setup(seed, "hard", True), "Tester")
        assert document["recorded"] == "2026-11-22T18:30:00Z"
        client.register("Ann")
        run_id = client.submit(document)
        verdict = community.wait_for_verdicts(client, [run_id], 30)[run_id]
        assert (verdict["status"], verdict["board"]) == ("verified", f"daily:{DAY.isoformat()}")
        use_server(server.url)
        app = CardRogueApp()
        app.animation_level = "none"
        async with app.run_test(size=(100, 30)) as pilot:
            await open_boards(app, pilot, today=None)
            await until(pilot, lambda: "Ann" in text_of(app.screen, "#community"),
                        why=lambda: text_of(app.screen, "#community"))
            line = next(line for line in text_of(app.screen, "#community").splitlines()
                        if "Ann" in line)
            assert line.endswith("Hard, keys"), line


async def test_the_boards_screen_says_when_the_server_is_out_of_reach(user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    local_delve(Setup(7, "hard", True), "Tester")
    use_server(f"http://127.0.0.1:{free_port()}")
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        await open_boards(app, pilot)
        await pilot.press("down")
        await until(pilot, lambda: "could not be reached" in text_of(app.screen, "#community"))
        assert "The boards on this computer are as they were." in text_of(app.screen, "#community")
        assert "  1. Tester" in text_of(app.screen, "#entries")


async def choose_the_servers_daily(app: CardRogueApp, pilot) -> MiniRogueNewGameScreen:
    app.push_screen(MiniRogueNewGameScreen(today=DAY))
    await pilot.pause()
    for _ in range(2):  # the Dungeon Keys box, then the dungeon choice
        await pilot.press("tab")
    await pilot.press("right")  # today's daily, then the server's
    screen = app.screen
    assert isinstance(screen, MiniRogueNewGameScreen)
    assert screen.query_one("#seed-choice", Choices).chosen == "named-1"  # the server's
    await pilot.click("#start")
    return screen


async def test_the_servers_daily_is_played_on_the_seed_it_published_today(
        server: LiveServer, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    use_server(server.url)
    with clock.frozen(datetime.datetime(2026, 11, 22, 9, tzinfo=datetime.UTC)):
        seed = community.Client(server.url).daily("minirogue")["seed"]
        app = CardRogueApp()
        app.animation_level = "none"
        async with app.run_test(size=(100, 30)) as pilot:
            await choose_the_servers_daily(app, pilot)
            await until(pilot, lambda: isinstance(app.screen, MiniRogueScreen),
                        why=lambda: text_of(app.screen, "#problem"))
            assert app.screen.setup.seed == seed != daily_seed(DAY)
            # The player reads which day's dungeon it is, not a bare seed (a tester saw
            # "Seed 7194774665884695376, Normal" and took it for an ordinary seeded delve).
            first = app.screen.query_one("#log", EventLog).plain_lines[0]
            assert first.startswith("The server's daily dungeon of 2026-11-22, here on Seed "), \
                first


async def test_the_servers_daily_out_of_reach_is_said_under_the_form(user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    use_server(f"http://127.0.0.1:{free_port()}")
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        form = await choose_the_servers_daily(app, pilot)
        await until(pilot, lambda: "not to be had" in text_of(form, "#problem"),
                    why=lambda: text_of(form, "#problem"))
        assert "cannot reach the server" in text_of(form, "#problem")
        assert app.screen is form  # nothing started; today's offline daily is still there


def test_a_delve_on_the_servers_board_of_the_day_tells_the_daily_streak(
        server: LiveServer, user_data: Path) -> None:
    from app.screens.submit import streak_sentence

    user_data.mkdir(parents=True, exist_ok=True)
    with clock.frozen(datetime.datetime(2026, 11, 22, 9, tzinfo=datetime.UTC)):
        client = community.Client(server.url)
        community.keep_login(client.register("Tester"))
        document = local_delve(Setup(client.daily("minirogue")["seed"], "hard", True), "Tester")
        run_id = client.submit(document)
        verdict = community.wait_for_verdicts(client, [run_id], 30)[run_id]
        assert verdict["board"] == "daily:2026-11-22"
        assert streak_sentence(server.url, document, verdict["board"]) == \
            " Daily streak: 1 day in a row (longest 1 day)."
        assert streak_sentence(server.url, document, "seed:7:hard:keys") == ""
    assert streak_sentence(f"http://127.0.0.1:{free_port()}", document, verdict["board"]) == ""
