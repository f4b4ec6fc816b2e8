"""Watching a Rogue Like Roguelike run: `cardrogue replay RUN` (the app's open_run_file) opens its
own viewer, verified first, stepping through the actions with the map as it was discovered, the
rogue's panel and the Dungeon Master's log; a forged run opens to its refusal instead."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Static

from app.cardrogue_app import CardRogueApp
from app.games.roguelike.screens.replay import RogueReplayScreen
from app.screens.watch import RunRefusedScreen
from engine.roguelike import RULES
from tests.app.roguelike.support import RUN

SIZE = (80, 24)


def played(steps: int | None = None):
    """The corpus run's game after its first `steps` actions (all without), played here on a
    fresh state."""
    doc = json.loads(RUN.read_text("utf-8"))
    state = RULES.new_game(seed=doc["seed"])
    for action in doc["actions"][:steps]:
        state.apply(RULES.parse_action(action))
    return state, doc


def view_at(steps: int):
    return played(steps)[0].view(0)


def header(app: CardRogueApp) -> str:
    return str(app.screen.query_one("#step", Static).render())


def shown(app: CardRogueApp) -> tuple[tuple[str, ...], str, list[str]]:
    """The map's rows, the panel's text and the log's lines on show."""
    screen = app.screen
    return (screen.query_one("MapView").rows, str(screen.query_one("RoguePanel").render()),
            screen.query_one("EventLog").plain_lines)


async def test_a_roguelike_run_opens_in_its_own_viewer(app: CardRogueApp) -> None:
    state, doc = played()
    final = state.view(0)
    total = len(doc["actions"])
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(RUN)
        await pilot.pause()
        assert isinstance(app.screen, RogueReplayScreen)
        assert f"step 0 of {total}" in header(app)
        assert f"verified, score {final.score}" in header(app)
        assert "Next: Take stealth at 2d6" in header(app)
        rows, panel, lines = shown(app)
        assert rows == view_at(0).map_rows and lines == []

        await pilot.press("right", "right", "right", "right")
        await pilot.pause()
        at_four = view_at(4)
        rows, panel, lines = shown(app)
        assert f"step 4 of {total}" in header(app)
        assert rows == at_four.map_rows and rows != view_at(0).map_rows  # doors opened
        assert f"HP {at_four.hp}/{at_four.max_hp}" in panel
        assert any("sets up level 1" in line for line in lines)
        assert any("rolls for the door" in line for line in lines)

        await pilot.press("left")  # back a step: the map as it was then, the log shorter
        await pilot.pause()
        assert shown(app)[0] == view_at(3).map_rows
        assert len(shown(app)[2]) < len(lines)

        await pilot.press("end")
        await pilot.pause()
        rows, panel, lines = shown(app)
        assert f"step {total} of {total}" in header(app)
        assert f"The end: {doc['player']} won, deepest level 10." in header(app)
        assert rows == final.map_rows and "Level 10" in panel
        assert lines[-1] == f"The game is over: won, score {final.score}."
        assert app.screen.replay.state.fingerprint() == state.fingerprint()

        await pilot.press("home")
        await pilot.pause()
        assert "step 0 of" in header(app) and shown(app)[2] == []
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RogueReplayScreen)


async def test_help_over_the_viewer_shows_the_roguelike_legend(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(RUN)
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RogueReplayScreen)


def forged(tmp_path: Path, **change) -> Path:
    doc = json.loads(RUN.read_text("utf-8"))
    path = tmp_path / "forged.run.json"
    path.write_text(json.dumps({**doc, **change}), "utf-8")
    return path


async def test_a_forged_run_opens_to_its_refusal(app: CardRogueApp, tmp_path: Path) -> None:
    doc = json.loads(RUN.read_text("utf-8"))
    real = doc["claimed"]["score"]
    path = forged(tmp_path, claimed={**doc["claimed"], "score": real + 100})
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(path)
        await pilot.pause()
        assert isinstance(app.screen, RunRefusedScreen)
        assert str(app.screen.query_one("#reason", Static).render()) == "Claims differ"
        assert str(app.screen.query_one("#message", Static).render()) == \
            f"Score: the run claims {real + 100}, the replay gives {real}"


async def test_a_run_with_an_illegal_action_opens_to_its_refusal(app: CardRogueApp,
                                                                 tmp_path: Path) -> None:
    doc = json.loads(RUN.read_text("utf-8"))
    actions = list(doc["actions"])
    actions[5] = {"do": "descend"}  # no stairs down in that room
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(forged(tmp_path, actions=actions))
        await pilot.pause()
        assert isinstance(app.screen, RunRefusedScreen)
        assert str(app.screen.query_one("#reason", Static).render()) == "Illegal action"


async def test_a_run_of_a_game_not_installed_here_says_so(app: CardRogueApp,
                                                        tmp_path: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(forged(tmp_path, game="chess"))
        await pilot.pause()
        assert isinstance(app.screen, RunRefusedScreen)
        assert str(app.screen.query_one("#reason", Static).render()) == "Other game"
        message = str(app.screen.query_one("#message", Static).render())
        assert "chess" in message


async def test_the_whole_sheet_shows_at_80x24_in_the_replay(app: CardRogueApp) -> None:
    """The replay's step lines sit above the board: the map still shows every row of the
    sheet (none scrolled off the top), with no scrollbar, at the smallest supported size."""
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(RUN)
        await pilot.pause()
        for key in ("right", "end"):  # the rogue near the top, then where he died
            await pilot.press(key)
            await pilot.pause()
            map_view = app.screen.query_one("MapView")
            assert map_view.scrollable_content_region.height >= len(map_view.rows)
            assert map_view.scroll_offset.y == 0
            assert map_view.scrollbars_enabled == (False, False)


async def test_the_viewer_goes_to_the_next_level_and_to_a_step(app: CardRogueApp) -> None:
    from textual.widgets import Input

    state, doc = played(0)
    levels = []
    for n, action in enumerate(doc["actions"], start=1):
        before = len(state.levels)  # the levels set up so far: the first comes after the rogue
        state.apply(RULES.parse_action(action))
        if len(state.levels) > before:
            levels.append(n)
    total = len(doc["actions"])
    async with app.run_test(size=SIZE) as pilot:
        app.open_run_file(RUN)
        await pilot.pause()
        viewer = app.screen
        assert len(levels) > 1
        for want in [*levels, total][:3]:
            await pilot.press("n")
            await pilot.pause()
            assert f"step {want} of {total}" in header(app)
        await pilot.press("colon")
        await pilot.pause()
        app.screen.query_one(Input).value = "3"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is viewer and f"step 3 of {total}" in header(app)
        assert shown(app)[0] == view_at(3).map_rows
