"""Legal moves: the cards a direction key can act on are marked, and a refused key says what
would work instead. Both come from the engine (why_illegal, legal_actions)."""

from __future__ import annotations

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.widgets.board import MARK_LEGAL
from engine.cardrogue import level_from_grids, map_from_levels
from tests.app.support import SIZE, log_text, press, start


def corridor():
    """The hero, a trap of paralysis in plain sight, a path and the ladder."""
    level = level_from_grids("hall", "╶──╴", "@^.>", {
        "^": {"card": "trap_paralysis", "revealed": True},
        ".": {"card": "path", "revealed": True}, ">": {"card": "ladder", "revealed": True}},
        title="Hall", characters=("warrior",))
    return map_from_levels([level], seed=1, title="Hall", kind="challenge")


def marked(play) -> set[int]:
    return {index for index, marks in play.board._marks.items() if marks & MARK_LEGAL}


async def test_cards_a_key_can_act_on_are_marked(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)  # the tutorial: face-down cards north and east
        game = play.session.game
        north, east = game.index((0, 0)), game.index((1, 1))
        assert marked(play) == {north, east}
        assert all(game.why_illegal(play.intent(d)) is None for d in ("N", "E"))
        await press(pilot, "right", "right")  # flip the shop, step onto it: the move is spent
        assert marked(play) == set()
        assert game.why_illegal(play.intent("E")) is not None
        await press(pilot, "space")  # a new turn: flip the card to the east, or walk back west
        assert marked(play) == {game.index((1, 2)), game.index((1, 0))}


async def test_a_refused_key_says_what_works(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "right", "right", "right")  # on the shop, after moving: no flip now
        reason = play.session.game.why_illegal(play.intent("E"))
        assert log_text(play).endswith(f"✗ {reason[:1].upper()}{reason[1:]}. "
                                       "Now: b trades, space ends the turn.")


async def test_when_only_ending_the_turn_works_the_refusal_says_so(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, corridor())
        await press(pilot, "right")  # onto the trap: this turn ends and the next is lost
        game = play.session.game
        assert game.player.pos == game.index((0, 1))
        # Only ending the turn is left, as the engine lists it:
        assert not {a.kind for a in game.legal_actions()} & {"flip", "move", "attack", "flee"}
        await press(pilot, "right")
        assert log_text(play).splitlines()[-1].endswith("Press space to end the turn.")
        assert game.player.pos == game.index((0, 1))
        await press(pilot, "space", "right")
        assert play.session.game.player.pos == play.session.game.index((0, 2))
