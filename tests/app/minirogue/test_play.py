"""Mini Rogue played the way a person plays it: from the title menu, through the new-game form,
key by key to the Og's Blood or to a death, then the results with the board. The run file the
delve leaves behind verifies, and the boards rank per daily date and per shared seed."""

from __future__ import annotations

import datetime
import json
from contextlib import asynccontextmanager
from pathlib import Path

from textual.widgets import OptionList, Static

from app.cardrogue_app import CardRogueApp
from app.games.minirogue.records import Setup
from app.games.minirogue.screens.new_game import MiniRogueNewGameScreen
from app.games.minirogue.screens.play import MiniRogueScreen
from app.games.minirogue.screens.results import MiniRogueResultsScreen
from app.screens.dialogs import ConfirmScreen
from app.screens.rules import RulesScreen
from app.screens.title import TitleScreen
from app.widgets.event_log import EventLog
from engine import games
from engine.minirogue import daily_seed
from tests.app.minirogue.keys import DEATH, WIN, delve_keys
from tests.app.minirogue.support import open_new_game, start_with_seed

DAY = datetime.date(2026, 11, 22)


def run_files(data: Path) -> list[Path]:
    return sorted((data / "runs").glob("minirogue_*.run.json"))


def summary(app: CardRogueApp) -> str:
    return str(app.screen.query_one("#summary", Static).render())


async def test_a_seeded_delve_played_by_keys_to_the_ogs_blood(user_data: Path) -> None:
    keys, won = delve_keys(**WIN)
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await start_with_seed(app, pilot, WIN["seed"], 0)
        screen = app.screen
        assert isinstance(screen, MiniRogueScreen)
        assert (screen.setup.seed, screen.setup.difficulty) == (0, "casual")
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        assert screen.state.outcome == "won"
        assert screen.state.fingerprint() == won.fingerprint()
        assert isinstance(app.screen, MiniRogueResultsScreen)
        text = summary(app)
        assert "The Og's Blood is yours!" in text and f"Score {won.score}" in text
        assert f"Seed 0, Casual: your best, {won.score}, ranks 1 of 1." in text
        # The hero's rank (the game's dice) is not read as a place on the board.
        assert f"beaten · your hero's rank {won.view(0).rank}\n" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    [path] = run_files(user_data)
    verdict = games.verify(json.loads(path.read_text("utf-8")))
    assert verdict.ok and verdict.figures["outcome"] == "won"
    assert verdict.report["player"] == "Tester"


async def test_a_seeded_delve_played_by_keys_to_a_death(user_data: Path) -> None:
    keys, dead = delve_keys(**DEATH)
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await start_with_seed(app, pilot, DEATH["seed"], 3)
        screen = app.screen
        assert isinstance(screen, MiniRogueScreen)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        assert screen.state.outcome == "dead"
        text = summary(app)
        assert f"Dead in area {dead.area}: a boss killed you." in text
        assert f"Score {dead.score}" in text
        log = screen.query_one("#log", EventLog).plain_lines
        assert log[-1] == f"The delve ends in area {dead.area}: a boss killed you."
    [path] = run_files(user_data)
    assert games.verify(json.loads(path.read_text("utf-8"))).ok


@asynccontextmanager
async def mid_fight():
    """The winning delve after its first 12 choices (a fight, with a critical on die 1), as
    (the play screen, pilot)."""
    keys, _ = delve_keys(limit=12, **WIN)
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueScreen(Setup(0, "casual", False)))
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        yield app.screen, pilot


async def test_the_log_tells_each_roll_in_words() -> None:
    async with mid_fight() as (screen, pilot):
        log = screen.query_one("#log", EventLog).plain_lines
        assert "Area 1: The Black Sewers, level 1." in log
        assert "Round 2: you roll 6 against the Undead Soldier: 1 critical (a 6 may be rolled " \
               "again)." in log
        assert "You strike for 3: the Undead Soldier goes from 7 to 4 health." in log
        # The choices are the engine's legal actions, in its order, with their keys.
        choices = screen.query_one("#choices", OptionList)
        labels = [str(choices.get_option_at_index(n).prompt)
                  for n in range(choices.option_count)]
        assert labels == ["1 Reroll critical die 1", "2 Feat: die 1 for 2 health",
                          "3 Feat: die 1 for 1 XP", "4 Strike"]
        assert len(screen.state.legal_actions()) == 4
        await pilot.press("4")  # strike: a key that is not a choice now does nothing
        await pilot.press("9")
        assert len(screen.state.history) == 13


async def test_a_feat_is_told_first_then_what_it_cost() -> None:
    async with mid_fight() as (screen, pilot):
        health = screen.state.hero.hp
        await pilot.press("2")  # the feat on die 1, paid in health
        await pilot.pause()
        log = screen.query_one("#log", EventLog).plain_lines
        assert log[-2].startswith("Feat: die 1 rolled again: ")
        assert log[-2].endswith("(marked * on the dice).")
        assert log[-1] == f"You pay 2 health for the feat ({health} → {health - 2})."
        assert "*" in str(screen.query_one("#dice").render())


async def test_a_daily_dungeon_has_one_board_per_day(user_data: Path) -> None:
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(app, pilot)
        app.pop_screen()
        app.push_screen(MiniRogueNewGameScreen(today=DAY))
        await pilot.pause()
        await pilot.press("ctrl+s")  # Normal, no keys, today's dungeon: the defaults
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MiniRogueScreen)
        assert screen.setup == Setup(daily_seed(DAY), "normal", False, "2026-11-22")
        assert screen.setup.board == "daily:2026-11-22"
        for _ in range(2000):  # the first choice every time: a quick delve
            if screen.state.is_over:
                break
            await pilot.press("1")
        assert screen.state.is_over
        await pilot.pause()
        assert "Daily dungeon of 2026-11-22: your best" in summary(app)


async def test_help_shows_the_keys_and_the_glossary() -> None:
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueScreen(Setup(0, "casual", False)))
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        keys = str(app.screen.query_one("#term-text", Static).render())
        assert "Take the choice with this key" in keys and "Leave the delve" in keys
        terms = app.screen.query_one("#terms", OptionList)
        names = [str(terms.get_option_at_index(n).prompt) for n in range(terms.option_count)]
        assert names[0] == "Keys" and {"Feat", "Dungeon Keys", "No undo", "Camp"} <= set(names)
        assert "Standard turn sequence" not in names  # Card Rogue's terms are not Mini Rogue's
        await pilot.press(*"feat")  # typing searches the game's own terms
        await pilot.pause()
        assert "Once per die in each attack" in str(
            app.screen.query_one("#term-text", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueScreen)


async def test_leaving_a_delve_asks_first() -> None:
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueScreen(Setup(0, "casual", False)))
        await pilot.pause()
        await pilot.press("1", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueScreen)
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_quitting_during_a_delve_asks_first() -> None:
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MiniRogueScreen(Setup(0, "casual", False)))
        await pilot.pause()
        await pilot.press("1", "q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueScreen) and app.return_code is None
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_seed_too_large_is_refused_in_words() -> None:
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(app, pilot)
        for _ in range(3):
            await pilot.press("tab")
        await pilot.press(*"99999999999999999999", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueNewGameScreen)
        problem = app.screen.query_one("#problem-seed", Static).render()
        assert str(problem) == "The seed is a number from 0 to 18446744073709551615."


CORPUS = Path(__file__).resolve().parents[2] / "engine" / "minirogue" / "runs"


async def test_a_run_file_opens_in_the_viewer_and_steps_with_the_arrows(tmp_path: Path) -> None:
    from app.games.minirogue.screens.replay import MiniRogueReplayScreen
    from app.screens.watch import RunRefusedScreen

    path = CORPUS / "won-casual.run.json"
    run = games.read_run(path)
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_run_file(path)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MiniRogueReplayScreen)
        assert screen.step == 0 and not screen.state.history
        await pilot.press("right", "right", "right")
        assert screen.step == 3 and screen.state.history == list(run.actions[:3])
        choices = screen.query_one("#choices", OptionList)
        assert choices.border_title == f"Step 3 of {len(run.actions)}"
        # The choice the player made next is the one highlighted.
        assert screen.legal[choices.highlighted] == run.actions[3].to_dict()
        await pilot.press("1")  # watching: choosing plays nothing
        assert screen.step == 3 and len(screen.state.history) == 3
        await pilot.press("left")
        assert screen.step == 2
        await pilot.press("end")
        assert screen.state.outcome == "won"
        log = screen.query_one("#log", EventLog).plain_lines
        assert log[-1] == "The Og's Blood is yours. You win!"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        # A forged run is refused with its reason, never shown.
        forged = json.loads(path.read_text("utf-8"))
        forged["claimed"]["score"] = 1
        bad = tmp_path / "forged.run.json"
        bad.write_text(json.dumps(forged), "utf-8")
        app.open_run_file(bad)
        await pilot.pause()
        assert isinstance(app.screen, RunRefusedScreen)


async def test_help_from_the_new_game_form_is_mini_rogues() -> None:
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        keys = str(app.screen.query_one("#term-text", Static).render())
        assert "Start the game" in keys and "every board played here" in keys  # its own key
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_cardrogue_replay_opens_a_mini_rogue_run_and_closing_ends_the_app() -> None:
    from app.games.minirogue.screens.replay import MiniRogueReplayScreen

    app = CardRogueApp(replay_path=CORPUS / "random-impossible.run.json")
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueReplayScreen)
        await pilot.press("end")
        assert app.screen.state.outcome == "dead"
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_hostile_name_in_a_run_file_shows_harmlessly(tmp_path: Path) -> None:
    from app.games.minirogue.screens.replay import MiniRogueReplayScreen

    doc = json.loads((CORPUS / "random-impossible.run.json").read_text("utf-8"))
    doc["player"] = "Bo\u202eb[red]x[/red]"  # a bidi override and markup
    path = tmp_path / "hostile.run.json"
    path.write_text(json.dumps(doc), "utf-8")
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_run_file(path)
        await pilot.pause()
        assert isinstance(app.screen, MiniRogueReplayScreen)
        first = app.screen.query_one("#log", EventLog).plain_lines[0]
        assert first == "Bo\\u202eb[red]x[/red]'s delve: Seed 987654321, Impossible."


async def test_the_replay_goes_to_the_next_area_and_to_a_step() -> None:
    from textual.widgets import Input

    from app.games.minirogue.screens.replay import MiniRogueReplayScreen

    path = CORPUS / "random-impossible.run.json"
    run = games.read_run(path)
    state = games.load_run_game(run).new_game(**run.setup())
    areas = []
    for n, action in enumerate(run.actions, start=1):
        before = state.view(0).area
        state.apply(action)
        if state.view(0).area != before:
            areas.append(n)
    app = CardRogueApp(replay_path=path)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, MiniRogueReplayScreen)
        for want in [*areas, len(run.actions)][:3]:
            await pilot.press("n")
            await pilot.pause()
            assert viewer.step == want
        await pilot.press("colon")
        await pilot.pause()
        app.screen.query_one(Input).value = "2"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is viewer and viewer.step == 2


async def test_a_delve_played_from_the_plain_words_alone() -> None:
    """Plain mode (issue 34): F2's last line names the choices and their keys; a player who
    reads only that and presses the first key named plays the delve to its end."""
    from app.games.minirogue.screens.results import MiniRogueResultsScreen
    from app.widgets.event_log import EventLog

    app = CardRogueApp(plain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_with_seed(app, pilot, 7, 1)
        for _ in range(600):
            if isinstance(app.screen, MiniRogueResultsScreen):
                break
            log = app.screen.query_one("#log", EventLog)
            before = len(log.plain_lines)
            await pilot.press("f2")
            await pilot.pause()
            said = log.plain_lines[before:]
            assert said[0].startswith("Character: Armour ")
            now = said[-1]
            assert now.startswith("Now: "), said
            await pilot.press(now.removeprefix("Now: ")[0])
            await pilot.pause()
        assert isinstance(app.screen, MiniRogueResultsScreen)
