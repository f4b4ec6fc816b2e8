"""LEVELING UP: after an ace, every living player gains 5 max health and heals 5, then sorts
the top three XP cards, each to the discard pile or the XP pile's bottom."""

import pytest

from engine.core.protocol import IllegalAction
from tests.engine.tabledungeon.support import act, keep_order, lay_all, table


def levelled(**health):
    state = table("fighter", "wizard", "cleric", roll=(1, 1, 1))
    keep_order(state, "loot")
    state.loot_deck = ["AS", "9S"]  # one ace, then 9 points
    for seat, value in health.items():
        state.seats[int(seat[1:])].health = value
    for s in state.seats:
        s.xp = ["10C", "7H", "2S", "KH"]
    return state


def test_a_level_up_grows_health_and_asks_each_living_player_three_xp_moves():
    state = levelled(s0=3, s2=8)
    state.seats[1].alive, state.seats[1].health = False, 0  # the dead do not level up
    state.order = [0, 2]
    lay_all(state, "2C", "3D")
    assert state.aces == 1
    assert state.level == 2
    assert [(s.health, s.max_health) for s in state.seats] == [(8, 15), (0, 10), (13, 15)]
    assert state.pending == [("level", 0), ("level", 2)]
    assert state.current_player == 0 and state.view(0).moves_left == 3
    with pytest.raises(IllegalAction, match="sort the top XP card"):
        act(state, "hand_to_xp", card=state.seats[0].hand[0])
    act(state, "xp_to_discard")
    act(state, "xp_to_bottom")
    act(state, "xp_to_discard")
    assert state.seats[0].xp == ["KH", "7H"] and state.seats[0].discard[-2:] == ["10C", "2S"]
    assert state.current_player == 2 and state.view(2).moves_left == 3
    for _ in range(3):
        act(state, "xp_to_bottom")
    assert state.seats[2].xp == ["KH", "10C", "7H", "2S"]
    assert state.phase == "play" and state.round == 2


def test_an_empty_xp_pile_skips_the_sorting():
    state = levelled()
    for s in state.seats:
        s.xp = []
    state.seats[1].xp = ["8D"]
    lay_all(state, "2C", "3D", "2C")
    assert state.aces == 1
    assert state.current_player == 1 and state.view(1).moves_left == 1
    act(state, "xp_to_discard")
    assert state.phase == "play"  # the one card was the whole sorting


def test_leveling_up_sorts_each_of_fewer_than_three_xp_cards_once():
    """LEVELING UP: "take the top 3 cards from the XP pile and place each card" in the discard
    pile or at the XP pile's bottom. Two cards are two moves: neither card is sorted twice."""
    state = levelled()
    for s in state.seats:
        s.xp = []
    state.seats[0].xp = ["8D", "9D"]
    lay_all(state, "2C", "3D", "4C")
    assert state.current_player == 0 and state.view(0).moves_left == 2
    act(state, "xp_to_bottom")
    assert state.view(0).moves_left == 1 and state.seats[0].xp == ["9D", "8D"]
    act(state, "xp_to_bottom")
    assert state.seats[0].xp == ["8D", "9D"]  # each card sorted once, back in its order
    assert state.phase == "play" and state.round == 2  # no third move on 8D again
