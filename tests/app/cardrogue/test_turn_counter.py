"""The turn counter after "Restart this level" (issue 34: a tester saw 14, then 1, then 19 on the
next level). The status's Turn counts the turns of the whole run, as Total counts its moves: a
restart takes it back to the turn the level began on, and the next level begins on the turn the
replayed level ends on, the same as if the level had been played that way at first."""

from __future__ import annotations

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.play import PlayScreen
from tests.app.maps import WIN_KEYS_LEVEL_1
from tests.app.support import SIZE, press, start, text_of


def turn_shown(play: PlayScreen) -> int:
    return int(text_of(play, "#status").rsplit("Turn ", 1)[1].split()[0])


async def restart(pilot) -> None:
    await press(pilot, "ctrl+r", "y")


async def test_a_restart_goes_back_to_the_turn_the_level_began_on(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, *WIN_KEYS_LEVEL_1, "enter")  # level 1 won: level 2 begins
        assert play.session.game.level_index == 1
        began = turn_shown(play)
        assert began == play.session.game.turn > 1
        await press(pilot, "space", "space")
        assert turn_shown(play) == began + 2
        await restart(pilot)
        assert turn_shown(play) == began  # not 1: the run's turns before this level stay


async def test_after_a_restart_of_level_1_the_next_level_counts_on_from_the_replay(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, *WIN_KEYS_LEVEL_1, "enter")
        straight = turn_shown(play)  # level 2's first turn, level 1 played once
    again = CardRogueApp()
    async with again.run_test(size=SIZE) as pilot:
        play = await start(again, pilot)
        await press(pilot, "space", "space", "space")
        assert turn_shown(play) == 4
        await restart(pilot)
        assert turn_shown(play) == 1  # the "14, then 1": level 1 began on turn 1
        await press(pilot, *WIN_KEYS_LEVEL_1, "enter")
        assert turn_shown(play) == straight  # as if level 1 had been played so at first
