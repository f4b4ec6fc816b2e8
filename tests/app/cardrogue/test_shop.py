"""The shop: the lists stop at their ends, spending offered cards asks first, undo works inside,
and a refusal goes away once it no longer holds."""

from __future__ import annotations

from textual.widgets import OptionList

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.shop import ShopScreen
from app.screens.dialogs import ConfirmScreen
from engine.cardrogue import level_from_grids, map_from_levels
from tests.app.support import SIZE, press, start, text_of


def market():
    """The shop east of the hero sells a Sword (8 gold); the hero has 5 gold and a Helm."""
    level = level_from_grids("market", "╶╴", "@$", {"$": {"card": "shop", "stock": ["sword"]}},
                             gold=5, items=("helm",), characters=("warrior",), title="Market")
    return map_from_levels([level], seed=1, title="Market")


async def test_the_lists_stop_at_their_ends(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot)  # the tutorial's shop: three cards for sale
        await press(pilot, "right", "right", "b")
        stock = app.screen.query_one("#stock", OptionList)
        assert stock.highlighted == 0
        await press(pilot, "up")
        assert stock.highlighted == 0  # no wrapping round to the last
        await press(pilot, "down", "down", "down", "down")
        assert stock.highlighted == stock.option_count - 1 == 2


async def test_a_refusal_goes_once_it_no_longer_holds_and_paying_asks(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, market())
        await press(pilot, "right", "right", "b")
        shop = app.screen
        assert isinstance(shop, ShopScreen)
        await press(pilot, "enter")  # the Sword: 8 gold, and we have 5
        assert text_of(shop, "#said") == "✗ It costs 8 gold and you have 5."
        await press(pilot, "tab", "space")  # offer the Helm (3): now 8 would be paid
        assert text_of(shop, "#said") == ""
        await press(pilot, "shift+tab", "enter")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Buy Sword for 8 gold, paying with Helm?")
        await press(pilot, "enter")  # the safe answer: no purchase
        assert app.screen is shop and [c.id for c in play.session.game.players[0].hand] == ["helm"]
        await press(pilot, "enter", "y")
        hero = play.session.game.players[0]
        assert [c.id for c in hero.hand] == ["sword"] and hero.gold == 0


async def test_undo_inside_the_shop(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, market())
        await press(pilot, "right", "right", "b", "tab", "enter")  # sell the Helm: 8 gold
        hero = play.session.game.players[0]
        assert hero.gold == 8 and not hero.hand
        await press(pilot, "u")
        assert isinstance(app.screen, ShopScreen)
        assert play.session.game.players[0].gold == 5 and text_of(app.screen, "#said") == "↶ Taken back."
        assert [c.id for c in play.session.game.players[0].hand] == ["helm"]
        await press(pilot, "u")  # the step onto the shop: the shop closes
        assert isinstance(app.screen, PlayScreen)
        assert play.session.game.player.pos == play.session.game.index((0, 0))


async def test_wares_the_engine_would_not_sell_now_are_dimmed(app: CardRogueApp) -> None:
    """Gold enough for the Sword, but a goblin fights the hero on the shop: no trade."""
    level = level_from_grids(
        "ambush", "╶──╴", "@$g.",
        {"$": {"card": "shop", "stock": ["sword"], "revealed": True},
         "g": {"card": "goblin", "revealed": True}},
        gold=10, characters=("warrior",), title="Ambush")
    play = None
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, map_from_levels([level], seed=1, title="Ambush"))
        await press(pilot, "right")
        assert play.view().fighting and play.view().shop is not None
        await press(pilot, "b")
        stock = app.screen.query_one("#stock", OptionList)
        assert stock.get_option_at_index(0).prompt.style == "dim"
        await press(pilot, "enter")
        assert text_of(app.screen, "#said") == \
            "✗ You cannot trade with the shopkeeper while in combat."
