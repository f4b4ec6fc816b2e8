"""Merchant card: buy and sell at the card's prices, as often as the gold lasts, or leave."""

from __future__ import annotations

import pytest

from engine.core.protocol import IllegalAction
from tests.engine.minirogue.support import act, deal, first, game, parse

MERCHANT_FIRST = deal("merchant", "monster treasure", "resting", "event trap")


def at_merchant(gold: int):
    state = game(deals={1: MERCHANT_FIRST})
    state.hero.gold = gold
    act(state, "enter 0")
    assert state.pending == "merchant"
    return state


@pytest.mark.parametrize(("item", "price", "stat", "gain"), [
    ("ration", 1, "food", 1), ("potion", 1, "hp", 1), ("big_potion", 3, "hp", 4),
    ("armor", 6, "armor", 1)])
def test_each_ware_costs_its_price(item: str, price: int, stat: str, gain: int) -> None:
    state = at_merchant(10)
    state.hero.food = 2
    before = getattr(state.hero, stat)
    events = act(state, f"buy {item}")
    assert first(events, "bought") == {"item": item, "price": price}
    assert state.hero.gold == 10 - price and getattr(state.hero, stat) == before + gain
    assert state.pending == "merchant"  # any number of purchases


def test_any_spell_costs_8_and_sells_for_4() -> None:
    state = at_merchant(10)
    act(state, "buy poison")
    assert state.hero.spells == ["poison"] and state.hero.gold == 2
    act(state, "sell poison")
    assert state.hero.spells == [] and state.hero.gold == 6


def test_armour_sells_for_3() -> None:
    state = at_merchant(0)
    state.hero.armor = 2
    act(state, "sell armor")
    assert (state.hero.armor, state.hero.gold) == (1, 3)


def test_what_cannot_be_paid_or_held_is_refused_with_a_reason() -> None:
    state = at_merchant(2)
    assert state.why_illegal(parse("buy armor")) == "Armour Piece costs 6 gold and you have 2"
    assert state.why_illegal(parse("sell ration")) == "the merchant does not buy Ration"
    assert state.why_illegal(parse("sell armor")) == "you have no Armour Piece to sell"
    assert state.why_illegal(parse("sell fire")) == "you hold no fire spell"
    state.hero.spells, state.hero.gold = ["ice", "ice"], 10
    assert state.why_illegal(parse("buy fire")) == "both spell slots are full: sell a spell first"
    with pytest.raises(IllegalAction):
        state.apply(parse("buy fire"))
    assert state.hero.gold == 10


def test_the_legal_purchases_are_exactly_the_affordable_ones() -> None:
    state = at_merchant(1)
    assert sorted(str(a) for a in state.legal_actions()) == \
        ["buy item=potion", "buy item=ration", "leave"]


def test_leaving_moves_on_to_the_next_column() -> None:
    state = at_merchant(5)
    act(state, "leave")
    assert state.pending == "room" and state.column == 1
