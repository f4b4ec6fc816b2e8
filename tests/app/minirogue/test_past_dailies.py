"""Past daily dungeons from the archive (issue 33): Ctrl+O on Mini Rogue's form lists today and
the days before it; a past day's dungeon is the server's (its seed for that day) when a server is
set, this computer's otherwise, and its delve goes on the day's archive board, unranked, which
the form says before play. A server out of reach is said in a line, and the list stays.
`cardrogue daily [DAY]` does the same from the command line. Every clock here is frozen."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from app.cardrogue_app import CardRogueApp
from app.cli import cardrogue, textual_app
from app.games.minirogue.records import Setup, finish
from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen
from app.games.minirogue.screens.play import MiniRogueScreen
from app.screens.past_dailies import PastDailiesScreen
from engine.minirogue import RULES, daily_seed
from services import clock, community
from services.scores import ScoreStore
from services.settings import Settings, save_settings
from tests.app.support import text_of
from tests.engine.minirogue.players import careful_choice, play
from tests.server.live import LiveServer
from tests.support import free_port, until

pytestmark = pytest.mark.clock

NOW = datetime.datetime(2026, 12, 7, 10, tzinfo=datetime.UTC)
YESTERDAY = "2026-12-06"


async def open_past_days(app: CardRogueApp, pilot: Any) -> PastDailiesScreen:
    app.push_screen(MiniRogueNewGameScreen())
    await pilot.pause()
    await pilot.press("ctrl+o")
    await until(pilot, lambda: isinstance(app.screen, PastDailiesScreen))
    screen = app.screen
    assert isinstance(screen, PastDailiesScreen)
    return screen


async def choose_yesterday(app: CardRogueApp, pilot: Any) -> tuple[PastDailiesScreen, str]:
    """The past days' screen, and what it says of its source, once yesterday is chosen."""
    screen = await open_past_days(app, pilot)
    source = text_of(screen, "#source")
    days = screen.query_one("#days", OptionList)
    assert [str(days.get_option_at_index(n).prompt) for n in range(2)] == [
        "2026-12-07  today: the day's board",
        f"{YESTERDAY}  played later: archive board, unranked"]
    await pilot.press("down", "enter")
    return screen, source


async def test_offline_a_past_day_is_this_computers_daily_on_its_archive_board(
        user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    with clock.frozen(NOW):
        app = CardRogueApp()
        app.animation_level = "none"
        async with app.run_test(size=(80, 24)) as pilot:
            _, source = await choose_yesterday(app, pilot)
            assert "no community server is set" in source
            await until(pilot, lambda: isinstance(app.screen, MiniRogueNewGameScreen))
            form = app.screen
            assert "archive board of 2026-12-06 on this computer, unranked" in \
                text_of(form, "#note")  # said before play
            await pilot.click("#start")
            await until(pilot, lambda: isinstance(app.screen, MiniRogueScreen))
            setup = app.screen.setup
    assert setup.seed == daily_seed(YESTERDAY)
    assert setup.board == f"archive:{YESTERDAY}"
    assert setup.title == f"Daily dungeon of {YESTERDAY}, played later"


def test_a_past_offline_delve_is_kept_on_the_archive_board_not_the_days(user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    setup = Setup(daily_seed(YESTERDAY), "normal", False, YESTERDAY, archive=True)
    state = play(RULES.new_game(seed=setup.seed), careful_choice)
    with clock.frozen(NOW):
        standing = finish(state, setup, "Tester")
    assert standing.rank == 1
    with ScoreStore.open() as store:
        boards = dict(store.scored_boards("minirogue", RULES.rules_version))
    assert boards == {f"archive:{YESTERDAY}": 1}


async def test_with_a_server_a_past_day_is_the_servers_seed_of_that_day(
        server: LiveServer, user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    with clock.frozen(NOW):
        seed = community.Client(server.url).daily("minirogue", YESTERDAY)["seed"]
        app = CardRogueApp()
        app.animation_level = "none"
        async with app.run_test(size=(80, 24)) as pilot:
            screen, source = await choose_yesterday(app, pilot)
            assert server.url in source
            await until(pilot, lambda: isinstance(app.screen, MiniRogueNewGameScreen),
                        why=lambda: text_of(screen, "#status"))
            assert f"archive board of {YESTERDAY} on {server.url}, unranked" in \
                text_of(app.screen, "#note")
            await pilot.click("#start")
            await until(pilot, lambda: isinstance(app.screen, MiniRogueScreen))
            assert app.screen.setup.seed == seed != daily_seed(YESTERDAY)


async def test_a_server_out_of_reach_is_said_and_the_list_stays(user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=f"http://127.0.0.1:{free_port()}"))
    with clock.frozen(NOW):
        app = CardRogueApp()
        app.animation_level = "none"
        async with app.run_test(size=(80, 24)) as pilot:
            screen, _ = await choose_yesterday(app, pilot)
            await until(pilot, lambda: "not to be had" in text_of(screen, "#status"),
                        why=lambda: text_of(screen, "#status"))
            assert "cannot reach the server" in text_of(screen, "#status")
            assert app.screen is screen


# ---------------------------------------------------------------------- cardrogue daily

def daily(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with clock.frozen(NOW):
        status = cardrogue.main(["daily", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_daily_list_offline_prints_the_days_and_where_each_goes(
        user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = daily(capsys, "--list", "--offline")
    assert status == 0
    lines = out.splitlines()
    assert lines[1:3] == ["  2026-12-07  today: ranked on the day's board",
                          f"  {YESTERDAY}  played later: on the day's archive board, unranked"]
    assert "This computer's daily dungeons" in lines[0]


@pytest.mark.parametrize(("args", "words"), [
    (["2026-13-01"], "'2026-13-01' is not a day like 2026-12-01"),
    (["2026-12-08"], "is not out yet"),
    (["--game", "\x1b[31mnim"], "no game with a daily dungeon is named"),
])
def test_daily_refuses_bad_input_in_one_line(
        user_data: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    status, out, err = daily(capsys, *args, "--offline")
    assert status == 2
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert "\x1b" not in err


def test_daily_with_a_server_out_of_reach_says_so_in_one_line(
        user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = daily(capsys, YESTERDAY, "--server", f"http://127.0.0.1:{free_port()}")
    assert status == 2
    assert "cannot reach the server" in err and "--offline" in err and err.count("\n") == 1


async def test_daily_opens_the_form_on_the_days_dungeon_saying_where_it_goes(
        server: LiveServer, user_data: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    opened: list[Any] = []
    monkeypatch.setattr(textual_app, "open_app",
                        lambda command, start, **kwargs: opened.append(start) or 0)
    status, out, _ = daily(capsys, YESTERDAY, "--server", server.url)
    assert status == 0
    assert out == (f"The daily dungeon of {YESTERDAY}: played later: it goes on the archive "
                   f"board of {YESTERDAY} on {server.url}, unranked.\n")
    with clock.frozen(NOW):
        seed = community.Client(server.url).daily("minirogue", YESTERDAY)["seed"]
        app = CardRogueApp(opened[0])
        app.animation_level = "none"
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MiniRogueNewGameScreen))
            assert app.screen.dungeon.seed == seed
            assert "unranked" in text_of(app.screen, "#note")
