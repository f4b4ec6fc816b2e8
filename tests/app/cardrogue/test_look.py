"""Look mode: a cursor over the board says what lies on each card, in numbers from the engine,
without giving away a face-down card."""

from __future__ import annotations

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.look import describe_cell
from tests.app.maps import big_level, lookout, tutorial
from tests.app.support import SIZE, press, start

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def look_shown(play) -> str:
    return play.query_one("#look").render().plain


async def test_the_look_key_moves_a_cursor_and_says_what_is_there(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "v")
        assert play.picking == "look" and play.cursor == (1, 0)
        assert play.has_class("looking") and not play.log_view.display
        assert "You, the Warrior" in look_shown(play)
        await press(pilot, "right")  # the shop, still face down
        assert play.cursor == (1, 1) and play.session.game.player.pos == play.session.game.index((1, 0))
        shown = look_shown(play)
        assert "A face-down card" in shown
        assert "Shop" not in shown and "shop" not in shown  # nothing leaks
        assert "East of you: → will flip the card to the east." in shown
        await press(pilot, "escape")
        assert play.picking is None and play.cursor is None and play.log_view.display
        assert play.session.game.moves == 0  # looking changes nothing


async def test_a_refused_direction_is_told_before_it_is_pressed(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "right", "right", "semicolon", "right")  # flip, enter the shop, look
        shown = look_shown(play)
        reason = play.session.game.why_illegal(play.intent("E"))
        assert reason and f"would flip the card to the east, but not now: {reason}." in shown


async def test_an_enemy_is_described_before_the_fight(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, lookout())
        goblin = play.session.game.catalog.cards["goblin"]
        await press(pilot, "v", "right", "right")
        shown = look_shown(play)
        assert shown.startswith("Goblin  not fighting yet")
        assert f"health {goblin.health}/{goblin.health}, attack {goblin.attack}" in shown
        assert f"its card is worth {goblin.gold} gold once slain" in shown
        await press(pilot, "right")  # the Sword, face down: its name stays hidden
        assert "Sword" not in look_shown(play) and "A face-down card" in look_shown(play)
        await press(pilot, "right")
        assert "Ladder" in look_shown(play) and "every goal" in look_shown(play)


async def test_clicking_a_card_away_from_the_hero_looks_at_it(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, lookout())
        region = play.board.region_of(0, 2)
        await pilot.click("#board", offset=(region.x + 3, region.y + 1))
        await pilot.pause()
        assert play.picking == "look" and play.cursor == (0, 2)
        assert look_shown(play).startswith("Goblin")
        region = play.board.region_of(0, 4)
        await pilot.click("#board", offset=(region.x + 3, region.y + 1))
        await pilot.pause()
        assert play.cursor == (0, 4) and "Ladder" in look_shown(play)
        assert play.session.game.moves == 0
        # A click next to the hero still acts: the path to the east is entered.
        await press(pilot, "escape")
        region = play.board.region_of(0, 1)
        await pilot.click("#board", offset=(region.x + 3, region.y + 1))
        await pilot.pause()
        assert play.session.game.player.pos == play.session.game.index((0, 1))


def test_a_face_down_card_never_leaks_what_it_is() -> None:
    from engine.cardrogue import State

    game = State.story(tutorial())
    for index, face in enumerate(game.board.face):
        if face == 1:  # face down
            text = describe_cell(game.view(0), game.catalog, game.cell(index)).plain
            card = game.board.content[index]
            if card is not None:
                assert game.catalog.cards[card.id].name not in text


@pytest.mark.parametrize("size", SIZES)
def test_look_mode_snapshot(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        launch.play(app, lookout())
        await pilot.pause()
        for key in ("enter", "v", "right", "right"):
            await pilot.press(key)
            await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_while_looking_the_cursor_follows_the_mouse(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, lookout())
        region = play.board.region_of(0, 2)
        await pilot.hover("#board", offset=(region.x + 3, region.y + 1))
        await pilot.pause()
        assert play.picking is None  # hovering alone changes nothing
        await press(pilot, "v")
        region = play.board.region_of(0, 4)
        await pilot.hover("#board", offset=(region.x + 3, region.y + 1))
        await pilot.pause()
        assert play.cursor == (0, 4) and "Ladder" in look_shown(play)
        assert play.session.game.moves == 0


async def test_facing_a_wall_look_mode_gives_the_wall_as_the_reason(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "right", "right", "v", "up")  # flip, onto the shop, look north
        assert "would move north, but not now: there is a wall that way." in look_shown(play)


async def test_look_mode_names_the_walk_on_rule_where_it_allows_a_move(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, big_level(5))
        await press(pilot, "right", "v", "right")  # the turn's move, then look east
        assert "→ will move east (walk on: this turn has only moved)." in look_shown(play)
