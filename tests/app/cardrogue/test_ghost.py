"""Racing a ghost in story and challenge play: `G` picks a run, the board shows its hero
faintly and the status line its move counter, and the game itself is the same without it."""

from __future__ import annotations

import json

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.results import ResultsScreen
from app.screens.dialogs import ChooseScreen
from engine.cardrogue import record_run
from services import community
from services.library import read_map
from tests.app.maps import WIN_KEYS_LEVEL_1, WIN_KEYS_LEVEL_2
from tests.app.support import SIZE, log_text, new_table, press, start, text_of
from tests.server.conftest import CHALLENGES, CLEARS
from tests.support import until

WIN = [*WIN_KEYS_LEVEL_1, "enter", *WIN_KEYS_LEVEL_2]
# The same win with a turn ended first: one move behind the fastest, all the way.
SLOW_WIN = ["space", *WIN]
START, SHOP = (1, 0), (1, 1)  # the cellar's start and its shop, as (row, column)


def last_line(play: PlayScreen) -> str:
    return log_text(play).splitlines()[-1]


async def win_then_again(app: CardRogueApp, pilot, keys=WIN) -> PlayScreen:
    """Win the tutorial with `keys` (the local leaderboard keeps the run), then start it again
    from the results: the play screen on level 1, with a best to race."""
    play = await start(app, pilot)
    await press(pilot, *keys)
    assert isinstance(app.screen, ResultsScreen)
    await pilot.click("#again")
    await pilot.pause()
    await press(pilot, "enter")
    assert app.screen is play and play.session.game.moves == 0
    return play


async def race_best(pilot) -> None:
    await press(pilot, "G")
    assert isinstance(pilot.app.screen, ChooseScreen)
    await press(pilot, "enter")  # the first choice: your best


async def test_picking_your_best_shows_its_counter_and_its_hero(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await win_then_again(app, pilot)
        assert "Ghost" not in text_of(play, "#status")
        await race_best(pilot)
        assert "Racing your best run" in last_line(play)
        await press(pilot, "space", "right")  # a turn lost: the ghost is on the shop already
        status = text_of(play, "#status")
        assert "Moves 2 · Ghost 2 · Par 14" in status
        board = play.session.game.board
        assert play.ghost_cell() == SHOP
        assert play.session.game.player.pos == board.index(*START)
        drawn = play.board.region_of(*SHOP)
        middle = "".join(segment.text for segment in play.board.render_line(drawn.y + 1))
        assert "━@$" in middle  # the ghost's faint @ beside the shop's $
        assert "the ghost you race" in play.legend_text().plain
        # All but the last step of the level: the ghost has left it by now, in 14 moves.
        await press(pilot, *WIN_KEYS_LEVEL_1[1:-1])
        assert play.session.game.level_index == 0 and play.session.game.level_moves[0] == 14
        assert "Moves 14 · Ghost 14 done · Par 14" in text_of(play, "#status")
        assert play.ghost_cell() is None
        await press(pilot, WIN_KEYS_LEVEL_1[-1], "enter")  # the next level: the race goes on
        assert "Moves 0 · Ghost 0 · Par 2" in text_of(play, "#status")
        assert play.ghost_cell() == play.session.view().hero.cell


async def test_the_game_is_the_same_with_and_without_a_ghost(app: CardRogueApp) -> None:
    async def slow_win(play: PlayScreen) -> tuple[str, list[str]]:
        await press(pilot, *SLOW_WIN)
        assert play.session.game.outcome == "won" and isinstance(app.screen, ResultsScreen)
        run = record_run(play.session.game, play.session.name, identity=play.session.map_id)
        return run.to_json(), [line.plain for line in play.session.lines()]

    async with app.run_test(size=SIZE) as pilot:
        play = await win_then_again(app, pilot)  # the fastest win: the best to race
        alone = await slow_win(play)
        await pilot.click("#again")
        await pilot.pause()
        await press(pilot, "enter")
        await race_best(pilot)
        seen = []
        for key in SLOW_WIN:
            await press(pilot, key)
            if isinstance(app.screen, PlayScreen):
                seen.append(play.ghost_cell())
        assert play.ghost is not None and any(cell is not None for cell in seen)
        run = record_run(play.session.game, play.session.name, identity=play.session.map_id)
        raced = run.to_json(), [line.plain for line in play.session.lines()]
    assert raced[0] == alone[0]  # the run file, byte for byte
    assert raced[1] == alone[1]  # every event, in the game's words


async def test_no_best_yet_is_said_and_nothing_is_drawn(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await race_best(pilot)
        assert "Tester has not won this map on this computer yet" in last_line(play)
        assert play.ghost is None and "Ghost" not in text_of(play, "#status")
        assert "ghost" not in play.legend_text().plain


async def test_offline_the_leader_is_refused_plainly(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "G", "down", "enter")
        await until(pilot, lambda: "No leader to race" in last_line(play),
                    lambda: f"for the refusal; the log ends {last_line(play)!r}")
        assert "no community server is set (choose one in Settings)" in last_line(play)
        assert play.ghost is None
        await press(pilot, "right")  # the game goes on
        assert play.session.game.moves == 1


async def test_racing_the_leader_of_a_published_map(app: CardRogueApp, server, monkeypatch
                                                    ) -> None:
    name = "shop-economy"
    client = community.Client(server.url)
    client.register("Author")
    clear = json.loads((CLEARS / f"{name}.run.json").read_text())
    client.publish((CHALLENGES / f"{name}.toml").read_text(), clear)
    monkeypatch.setenv("CARDROGUE_SERVER", server.url)
    known = read_map(CHALLENGES / f"{name}.toml")
    async with app.run_test(size=SIZE) as pilot:
        launch.play(app, known.spec)
        await pilot.pause()
        if not isinstance(app.screen, PlayScreen):
            await press(pilot, "enter")  # its story
        play = app.screen
        assert isinstance(play, PlayScreen)
        await press(pilot, "G", "down", "enter")
        await until(pilot, lambda: play.ghost is not None,
                    lambda: f"for the leader's run; the log ends {last_line(play)!r}")
        assert f"Racing Author's run, first on {server.url}" in last_line(play)
        assert "Moves 0 · Ghost 0 · " in text_of(play, "#status")
        assert play.ghost_cell() == play.session.view().hero.cell


def test_a_ghost_race_at_80x24(snap_compare, app: CardRogueApp) -> None:
    async def run_before(pilot) -> None:
        await win_then_again(app, pilot)
        await race_best(pilot)
        await press(pilot, "space", "right")

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_the_classic_table_has_no_ghost(app: CardRogueApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await new_table(app, pilot)
        before = type(app.screen)
        await press(pilot, "G")
        assert type(app.screen) is before  # no ghost chooser over a table
