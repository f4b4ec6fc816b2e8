"""Progress like a puzzle game (issue 34): the map list says which maps are solved, the best
against par, and `n` plays the next unsolved one; the results screen and the log hold each
level to its par."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import records
from app.games.cardrogue.screens.campaigns import MapListScreen
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.results import ResultsScreen, results_rows
from app.games.cardrogue.screens.story import StoryScreen
from app.games.cardrogue.session import Session
from app.words import par_verdict
from engine.cardrogue import Action
from tests.app.maps import WIN_KEYS_LEVEL_1, WIN_KEYS_LEVEL_2, tutorial
from tests.app.support import SIZE, footer_keys, press, rows_by_column, text_of
from tests.support import until

FIXTURES = Path(__file__).parents[1] / "fixtures"

# The tutorial's fastest win (tests/app/maps.py): 14 moves on level 1, 2 on level 2, its pars.
FLIP, EAST, END = Action("flip", dir="E"), Action("move", dir="E"), Action("end_turn")


def won_tutorial(extra: int = 0) -> Session:
    """The tutorial won at par, or `extra` moves over it (turns ended on the spot)."""
    session = Session(tutorial(), "warrior", name="Tester")
    shop = session.game.stock
    assert session.attempt(FLIP).accepted and session.attempt(EAST).accepted
    sword = next(c for c in shop[session.game.players[0].pos] if c.id == "sword")
    actions = [Action("buy", card=sword.uid), Action("equip", card=sword.uid), END,
               FLIP, Action("attack", dir="E"), EAST, END, *[END] * extra,
               FLIP, EAST, END, FLIP, EAST, FLIP, EAST]
    for action in actions:
        assert session.attempt(action).accepted, action
    assert session.game.outcome == "won"
    return session


@pytest.mark.parametrize(("moves", "words"), [(16, "on par"), (18, "2 over par"),
                                              (15, "under par!")])
def test_a_result_against_par_in_words(moves: int, words: str) -> None:
    assert par_verdict(moves, 16) == words


def test_the_results_hold_each_level_and_the_run_to_par() -> None:
    rows = results_rows(won_tutorial(extra=1))
    assert [row[4] for row in rows] == ["1 over par", "on par", "1 over par"]


def test_the_log_holds_a_finished_level_to_its_par() -> None:
    session = won_tutorial(extra=2)
    lines = [line.plain for line in session.lines()]
    assert "Level complete: 16 moves (2 over par), 6 turns." in lines
    assert "Level complete: 2 moves (on par), 1 turn." in lines


async def open_challenges(pilot) -> tuple[MapListScreen, dict[str, dict[str, str]]]:
    await press(pilot, "down", "enter")  # Challenges
    screen = pilot.app.screen
    assert isinstance(screen, MapListScreen)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen, {row["Title"]: row for row in rows_by_column(screen.query_one(DataTable))}


def solved_tutorial(user_data: Path) -> None:
    """The tutorial in the player's maps folder, won once at par on the local board."""
    folder = user_data / "maps"
    folder.mkdir(parents=True)
    shutil.copy(FIXTURES / "tutorial.toml", folder / "tutorial.toml")
    assert records.enter_run(won_tutorial()).improved


async def test_the_map_list_marks_solved_maps_with_the_best_against_par(
        user_data: Path) -> None:
    solved_tutorial(user_data)
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        _, rows = await open_challenges(pilot)
        assert (rows["Tutorial"]["Par"], rows["Tutorial"]["Best"]) == ("16", "✓ 16, on par")
        assert rows["Three Lanes"]["Best"] == "unsolved"  # said in words, not by colour


@pytest.mark.parametrize("menu_keys", [["enter"], ["down", "enter"]], ids=["story", "challenges"])
async def test_the_map_lists_keep_every_column_in_sight_at_80x24(
        user_data: Path, menu_keys: list[str]) -> None:
    """Found by a tester: the story list's header ended in "Dif", and after a win the challenge
    list showed "✓ 19, on par  FD9C-". At 80 columns the list keeps the title (a long one cut
    with "…"), par, best, code and difficulty whole; the line under it says the highlighted
    map's title whole, its author and where it comes from. At 120 every column is back."""
    solved_tutorial(user_data)
    long_title = "The Very Long and Winding Road Down to the Well"
    text = (FIXTURES / "tutorial.toml").read_text("utf-8")
    (user_data / "maps" / "long.toml").write_text(
        text.replace('kind = "challenge"', 'kind = "campaign"').replace(
            'title = "Tutorial"', f'title = "{long_title}"', 1), "utf-8")
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, *menu_keys)
        screen = app.screen
        assert isinstance(screen, MapListScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = screen.query_one(DataTable)
        assert table.virtual_size.width <= table.size.width  # nothing off to the right
        rows = rows_by_column(table)
        assert list(rows[0]) == ["Title", "Par", "Best", "Code", "Difficulty"]
        titles = [entry.title for entry in screen.entries]
        mine = titles.index("Tutorial" if menu_keys == ["down", "enter"] else long_title)
        row = rows[mine]
        if menu_keys == ["down", "enter"]:
            assert (row["Best"], row["Code"]) == ("✓ 16, on par", "WX57-XBSK")
        else:
            assert row["Title"].endswith("…") and long_title.startswith(row["Title"][:-1])
        table.move_cursor(row=mine)
        await pilot.pause()
        assert text_of(screen, "#about").startswith(
            f"{titles[mine]}, by the tests: from your maps folder.")
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: len(table.columns) == 8)
        assert table.virtual_size.width <= table.size.width
        assert not text_of(screen, "#about").startswith(titles[mine])


async def test_n_plays_the_next_unsolved_map(user_data: Path) -> None:
    solved_tutorial(user_data)
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, _ = await open_challenges(pilot)
        table = screen.query_one(DataTable)
        titles = [entry.title for entry in screen.entries]
        tutorial_row = titles.index("Tutorial")
        table.move_cursor(row=tutorial_row)  # on the solved map: n goes on past it
        await pilot.pause()
        await press(pilot, "n")
        assert isinstance(app.screen, StoryScreen)
        after = screen.entries[tutorial_row + 1:] + screen.entries[:tutorial_row]
        expected = next(e for e in after if e.playable and e.best is None)
        assert table.cursor_row == screen.entries.index(expected)


async def test_n_on_a_victory_plays_the_lists_next_unsolved_map(user_data: Path) -> None:
    """Found by a tester: after a challenge's victory `n` did nothing. Now it goes on to the
    next unsolved map of the list the won map was opened from (the won one counts as solved)."""
    folder = user_data / "maps"
    folder.mkdir(parents=True)
    shutil.copy(FIXTURES / "tutorial.toml", folder / "tutorial.toml")
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, _ = await open_challenges(pilot)
        table = screen.query_one(DataTable)
        mine = [entry.title for entry in screen.entries].index("Tutorial")
        table.move_cursor(row=mine)
        await press(pilot, "enter", "enter", *WIN_KEYS_LEVEL_1, "enter", *WIN_KEYS_LEVEL_2)
        assert isinstance(app.screen, ResultsScreen)
        assert "Next unsolved" in footer_keys(app.screen)
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, StoryScreen))
        entries = screen.entries
        assert entries[mine].best is not None  # the list was read again: Tutorial is solved
        expected = next(e for e in entries[mine + 1:] + entries[:mine]
                        if e.playable and e.best is None)
        assert table.cursor_row == entries.index(expected)
        under = app.screen_stack[-2]
        assert isinstance(under, PlayScreen) and under.session.title == expected.title


async def test_a_victory_outside_a_list_offers_no_next(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        results = ResultsScreen(won_tutorial(), records.Standing())
        app.push_screen(results)
        await pilot.pause()
        assert "Next unsolved" not in footer_keys(results)
        await press(pilot, "n")
        assert app.screen is results


def test_snapshot_the_challenge_list_with_a_solved_map(snap_compare, app: CardRogueApp,
                                                       user_data: Path) -> None:
    solved_tutorial(user_data)

    async def run_before(pilot) -> None:
        screen, _ = await open_challenges(pilot)
        titles = [entry.title for entry in screen.entries]
        screen.query_one(DataTable).move_cursor(row=titles.index("Tutorial"))
        # The folders line names this test's own temporary folder: fixed, so the snapshot is
        # the same on every machine.
        screen.query_one("#where", Static).update("Maps come from the bundled folder and yours.")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_one_turn_is_said_in_the_singular() -> None:
    from app.games.cardrogue.screens.results import ResultsScreen

    screen = ResultsScreen(won_tutorial(), records.Standing(best=(1, 1), rank=1, players=1))
    assert "Personal best: 1 move, 1 turn" in screen.records_text(True).plain
