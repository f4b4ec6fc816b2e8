"""WIN/LOSE CONDITIONS: the fourth ace ends the game and the living tally their loot points;
everyone dead is a loss for all."""

import pytest

from engine.core.protocol import IllegalAction
from tests.engine.tabledungeon.support import act, first, keep_order, lay_all, table


def four_aces_table():
    state = table("fighter", "wizard", "cleric", roll=(1, 1, 1))
    keep_order(state, "loot")
    state.aces = 3
    state.level = 4
    state.loot_deck = ["AS", "9S"]
    return state


def test_the_fourth_ace_ends_the_game_and_the_most_points_wins():
    state = four_aces_table()
    state.seats[0].loot = ["9D", "QD"]  # 9 points: royals score nothing
    state.seats[1].loot = ["10C", "2C"]  # 12
    state.seats[2].loot = ["10S", "KS", "JS"]  # 10
    events = lay_all(state, "2C", "3D", "4C")
    over = first(events, "game_over")
    assert over == {"outcome": "won", "points": [9, 12, 10], "winners": [1], "score": 12}
    assert state.is_over and state.outcome == "won" and state.winners == [1]
    assert state.score == 12 and state.returns() == [9, 12, 10]
    assert state.current_player is None and state.legal_actions() == []
    assert "9S" in state.loot_deck  # no draw after the fourth ace
    with pytest.raises(IllegalAction, match="game is over"):
        act(state, "play", card=state.seats[0].hand[0])


def test_the_dead_tally_nothing_and_a_tie_shares_the_win():
    state = four_aces_table()
    state.seats[0].loot = ["10D", "9D"]  # the best loot, but dead
    state.seats[0].alive, state.seats[0].health = False, 0
    state.order = [1, 2]
    state.current = 1
    state.seats[1].loot = ["5C"]
    state.seats[2].loot = ["3S", "2S"]
    events = lay_all(state, "3D", "4C")
    over = first(events, "game_over")
    assert over["points"] == [0, 5, 5] and over["winners"] == [1, 2] and over["score"] == 5


def test_everyone_dead_is_a_loss_for_all():
    state = table("fighter", "wizard", roll=(5, 5))  # spiders: 5 damage
    state.seats[0].health, state.seats[1].health = 5, 4
    state.seats[0].loot = ["10D"]
    events = lay_all(state, "QC", "QD")
    assert first(events, "game_over") == {"outcome": "lost", "points": [0, 0], "winners": [],
                                          "score": 0}
    assert state.outcome == "lost" and state.returns() == [0, 0] and state.score == 0
    assert state.legal_actions() == []


def test_one_survivor_plays_on_alone():
    state = table("fighter", "wizard", roll=(5, 5))
    state.seats[0].health = 5
    events = lay_all(state, "QC", "AH")
    assert first(events, "died") == {"seat": 0} and not state.is_over
    assert state.order == [1] and state.current_player == 1
    assert len(first(events, "enemy")["dice"]) == 1
