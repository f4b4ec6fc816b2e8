"""The hint key, assisted runs, and the optimal solution shown after a win (issue 19, "In
play"): Pilot tests on a small bundled challenge, checked against the solver itself."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.play import PlayScreen
from engine.cardrogue.solver import search
from services import library
from tests.app.support import SIZE, log_text, press, start

pytestmark = pytest.mark.slow  # the solver's searches

ROOT = Path(__file__).resolve().parents[3]
CHALLENGE = ROOT / "campaigns" / "challenges" / "paralysis-corridor.toml"


def challenge():
    return library.read_map(CHALLENGE).spec


async def hint(pilot, play: PlayScreen) -> str:
    """Press the hint key (twice the first time: it first says what a hint costs), wait for
    the solver's thread, and return the log's last line."""
    await press(pilot, "H")
    if "counts as assisted" in play.log_view.plain_lines[-1]:
        await press(pilot, "H")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return play.log_view.plain_lines[-1]


async def test_the_hint_names_the_solvers_first_move_and_it_keeps_the_level_winnable(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, challenge())
        expected = search(play.session.game.clone(), level_only=True, max_seconds=30, clock=time.monotonic)
        assert expected.proved and expected.solution is not None
        first = expected.solution.actions[0]

        line = await hint(pilot, play)
        assert "Thinking…" in log_text(play)
        assert line.startswith(f"Hint: {play.session.describe(first)} (")
        assert f"finished in {expected.solution.moves} moves from here" in line
        assert play.session.assisted

        play.act(first)
        await pilot.pause()
        after = search(play.session.game.clone(), level_only=True, max_seconds=30, clock=time.monotonic)
        assert after.proved and after.solution is not None
        assert after.solution.moves == expected.solution.moves - 1


async def test_the_first_hint_key_says_what_a_hint_costs_before_any_hint(
        app: CardRogueApp) -> None:
    """Found by a tester: H put the run off the leaderboard without a word."""
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, challenge())
        await press(pilot, "H")
        await pilot.app.workers.wait_for_complete()
        assert play.log_view.plain_lines[-1] == (
            "A hint takes this run off the leaderboard (it counts as assisted). Press H again "
            "for the hint.")
        assert not play.session.assisted and "Thinking…" not in log_text(play)
        assert (await hint(pilot, play)).startswith("Hint: ")
        assert play.session.assisted
        # Once assisted, the key gives the hint at once.
        before = len(play.log_view.plain_lines)
        await press(pilot, "H")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert play.log_view.plain_lines[before:][-1].startswith("Hint: ")


async def test_a_hint_where_no_win_exists_says_so(app: CardRogueApp, monkeypatch) -> None:
    """What the solver answers when it has seen every state and none finishes the level (a
    proved "no"): the screen says so and gives nothing away. The answer is substituted here
    because no bundled level can be lost into a dead end within a few keys."""
    from app.games.cardrogue.session import Session
    from engine.cardrogue.solver import Search

    monkeypatch.setattr(Session, "hint_search",
                        lambda session, *_: lambda: Search(None, True, 0, 1, 0.0))
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, challenge())
        line = await hint(pilot, play)
        assert line == "✗ No way to finish this level from here: undo or restart."
        assert not play.session.assisted


async def test_a_hint_for_a_position_left_behind_is_not_shown(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, challenge())
        asked = list(play.session.game.history)
        found = search(play.session.game.clone(), level_only=True, max_seconds=30, clock=time.monotonic)
        play.act(found.solution.actions[0])
        play.show_hint(found, asked)
        assert "was for an earlier position" in play.log_view.plain_lines[-1]
        assert not play.session.assisted


async def test_the_hint_key_is_in_the_help(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, challenge())
        bindings = {b.id: b for b in play.BINDINGS}
        assert bindings["hint"].key == "H"
        await press(pilot, "f1")
        shown = "\n".join(str(s.render()) for s in app.screen.query("Static"))
        # In words (help names no binding ids): the key, then what it does.
        assert any(line.split()[:1] == ["H"] and "next move of a shortest way" in line
                   for line in shown.splitlines()), shown


# ---------------------------------------------------------------------- assisted runs

async def win_with_the_solver(pilot, play: PlayScreen) -> None:
    """Play the solver's line to the end, through the screen, and reach the results."""
    from app.games.cardrogue.screens.results import ResultsScreen
    from app.games.cardrogue.screens.story import StoryScreen

    found = search(play.session.game.clone(), level_only=True, max_seconds=30, clock=time.monotonic)
    for action in found.solution.actions:
        assert play.act(action).accepted
        await pilot.pause()
    if isinstance(pilot.app.screen, StoryScreen):  # the level's epilogue
        await press(pilot, "enter")
    assert play.session.game.outcome == "won"
    assert isinstance(pilot.app.screen, ResultsScreen)


async def test_a_run_that_used_a_hint_stays_off_the_leaderboard(app: CardRogueApp) -> None:
    from services.scores import ScoreStore
    from tests.app.support import text_of

    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, challenge())
        assert (await hint(pilot, play)).startswith("Hint: ")
        await win_with_the_solver(pilot, play)
        records = text_of(app.screen, "#records")
        assert "Assisted (a hint was used): not entered on the leaderboard." in records
        assert "Personal best: none yet" in records
    with ScoreStore.open() as store:
        assert store.best(play.session.map_id, "Tester") is None
        assert store.players(play.session.map_id) == 0


async def test_without_a_hint_the_same_win_is_entered(app: CardRogueApp) -> None:
    from services.scores import ScoreStore
    from tests.app.support import text_of

    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, challenge())
        await win_with_the_solver(pilot, play)
        assert "Assisted" not in text_of(app.screen, "#records")
    with ScoreStore.open() as store:
        assert store.best(play.session.map_id, "Tester").moves == play.session.game.moves


def test_a_kept_run_remembers_that_it_was_assisted() -> None:
    from app.games.cardrogue import saves
    from app.games.cardrogue.session import Session

    session = Session(challenge(), name="Tester")
    first = search(session.game.clone(), level_only=True, max_seconds=30, clock=time.monotonic).solution.actions[0]
    session.attempt(first)
    assert not saves.resume(saves.keep(session)).assisted
    session.assisted = True
    assert saves.resume(saves.keep(session)).assisted
    session.restart_campaign()
    assert not session.assisted  # a new run owes nothing to the old one's hint


# ---------------------------------------------------------------------- the optimal solution

async def test_after_a_win_the_optimal_solution_opens_in_the_replay_viewer(
        app: CardRogueApp) -> None:
    from app.games.cardrogue.screens.replay import ReplayScreen
    from app.games.cardrogue.screens.results import ResultsScreen

    async with app.run_test(size=SIZE, notifications=True) as pilot:
        play = await start(app, pilot, challenge())
        proved = search(play.session.game.clone(), level_only=True, max_seconds=30, clock=time.monotonic)
        assert proved.proved
        await win_with_the_solver(pilot, play)
        results = app.screen
        await pilot.click("#solution")
        await app.workers.wait_for_complete()
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        toasts = [toast.render().plain for toast in viewer.query("Toast")]
        assert any(f"An optimal solution: {proved.solution.moves} moves, proved the fewest."
                   in toast for toast in toasts)
        assert viewer.replay.total == proved.solution.moves
        for _ in range(viewer.replay.total):
            await press(pilot, "right")
        assert viewer.replay.at_end
        assert viewer.replay.game.outcome == "won" and viewer.replay.game.moves == proved.solution.moves
        assert "The end: won in" in viewer.controls_text().plain
        await press(pilot, "escape")
        assert app.screen is results and isinstance(results, ResultsScreen)


def test_a_campaigns_solution_chains_its_levels_and_replays_to_the_proved_total() -> None:
    from app.games.cardrogue.solutions import optimal_replay
    from engine.cardrogue import State
    from engine.cardrogue.identity import map_id
    from tests.app.maps import tutorial

    spec = tutorial()
    game = State.story(spec)
    total = 0
    while game.outcome is None:  # each level from where the previous one's solution leaves
        found = search(game, level_only=True, max_seconds=30, clock=time.monotonic)
        assert found.proved
        total += found.solution.moves
        for action in found.solution.actions:
            game.apply(action)
    shown = optimal_replay(spec, game.players[0].character, game.seed, map_id(spec))
    assert shown.message == f"An optimal solution: {total} moves, proved the fewest."
    replay = shown.replay
    replay.seek(replay.total)
    assert replay.game.outcome == "won" and replay.game.moves == replay.total == total
    assert total <= sum(level.par for level in spec.levels)  # never worse than the pars
