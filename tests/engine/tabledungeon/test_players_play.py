"""PLAYERS' PLAY: cards laid face down in turn, revealed together; hearts heal after damage,
the other suits attack with their stat, a royal gives up the loot for one XP pile move."""

import dataclasses
import json

import pytest

from engine.core.protocol import IllegalAction
from engine.tabledungeon.actions import Action
from tests.engine.tabledungeon.support import act, first, hand, keep_order, kinds, lay_all, table


def test_cards_are_laid_in_turn_and_stay_hidden_until_all_are_down():
    state = table("fighter", "wizard", roll=(2, 2))
    hand(state, 0, "5C", "2H", "3S", "4S", "6C")
    assert state.current_player == 0
    events = act(state, "play", card="5C")
    assert events[0].to_dict() == {"event": "laid", "seat": 0, "card": True}
    other = state.view(1)
    assert other.players[0].laid and other.players[0].hand_size == 4
    assert other.my_card is None and "5C" not in json.dumps(dataclasses.asdict(other.players[0]))
    assert state.view(0).my_card == "5C"
    assert state.current_player == 1
    events = lay_all(state, "2S")
    assert first(events, "revealed")["cards"] == ["5C", "2S"]
    assert state.seats[0].discard == ["5C"] and state.seats[1].discard == ["2S"]


def test_the_attack_adds_each_cards_stat():
    state = table("fighter", "wizard", roll=(2, 2))
    events = lay_all(state, "3S", "2D")
    revealed = first(events, "revealed")
    assert revealed["attacks"] == [3 + 1, 2 + 3] and revealed["total"] == 9


def test_the_leader_moves_on_each_round():
    state = table("fighter", "wizard", "cleric", roll=(1, 1, 1))
    assert state.order == [0, 1, 2]
    lay_all(state, "AC", "AD", "AC")
    assert state.order == [1, 2, 0] and state.current_player == 1


def test_a_heart_heals_after_the_damage_and_never_past_the_max():
    state = table("fighter", "wizard", roll=(5, 5))  # spiders: 5 damage when lost
    state.seats[0].health = 6
    events = lay_all(state, "6H", "4H")
    assert kinds(events).index("hurt") < kinds(events).index("healed")
    assert state.seats[0].health == 6 - 5 + 6 + 1
    assert state.seats[1].health == 10 - 5 + 4


def test_a_heart_cannot_save_a_player_the_damage_kills():
    state = table("fighter", "wizard", roll=(5, 5))
    state.seats[0].health = 5
    events = lay_all(state, "6H", "QD")
    assert first(events, "died") == {"seat": 0}
    assert not state.seats[0].alive and state.seats[0].health == 0
    assert not any(e.kind == "healed" and e.data["seat"] == 0 for e in events)


@pytest.mark.parametrize("kind, card", [("xp_to_bottom", None), ("xp_to_discard", None),
                                        ("hand_to_xp", "2C")])
def test_a_royal_gives_up_the_loot_and_makes_one_xp_move(kind, card):
    state = table("fighter", "wizard", roll=(2, 2))  # a rat: 4
    hand(state, 0, "QC", "2C", "3C", "4C", "5C")
    state.seats[0].xp = ["9C", "8C", "7C"]
    state.loot_deck = ["9S"]
    events = lay_all(state, "QC", "6D")
    assert first(events, "loot")["seat"] == 1  # the royal takes the fighter out of the draw
    assert state.current_player == 0 and state.view(0).waiting_for == "royal"
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {"xp_to_bottom", "xp_to_discard", "hand_to_xp 2C", "hand_to_xp 3C",
                     "hand_to_xp 4C", "hand_to_xp 5C", "decline"}
    with pytest.raises(IllegalAction):
        act(state, "play", card="2C")
    act(state, kind, card=card)
    seat = state.seats[0]
    expected = {"xp_to_bottom": ["8C", "7C", "9C"], "xp_to_discard": ["8C", "7C"],
                "hand_to_xp": ["9C", "8C", "7C", "2C"]}[kind]
    assert seat.xp == expected
    assert ("9C" in seat.discard) == (kind == "xp_to_discard")
    assert state.phase == "play" and state.round == 2  # the round ended: new enemy, new cards
    assert len(seat.hand) == 5


def test_a_card_not_in_hand_is_refused_and_nothing_changes():
    state = table("fighter", "wizard", roll=(2, 2))
    hand(state, 0, "2C", "3C", "4C", "5C", "6C")
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="not in your hand"):
        act(state, "play", card="KH")
    with pytest.raises(IllegalAction, match="play one"):
        act(state, "pass")
    with pytest.raises(IllegalAction, match="not a move of the play"):
        act(state, "xp_to_bottom")
    assert state.fingerprint() == before and len(state.history) == 2  # the two picks


def test_an_empty_hand_can_only_pass():
    state = table("fighter", "wizard", roll=(2, 2))
    state.seats[0].hand = []
    assert state.legal_actions() == [Action("pass")]
    events = act(state, "pass")
    assert events[0].data == {"seat": 0, "card": False} and state.current_player == 1


def test_items_are_used_before_laying_a_card():
    state = table("fighter", "wizard", roll=(6, 6))  # 12: goblin thieves
    state.seats[0].loot = ["KD", "JD"]  # a war horn (+5 once) and a whetstone (+1 Str)
    assert {str(a) for a in state.legal_actions() if a.kind == "use"} == {"use KD"}
    with pytest.raises(IllegalAction, match="works by itself"):
        act(state, "use", card="JD")
    events = act(state, "use", card="KD")
    assert first(events, "item_used")["item"] == "War horn" and state.current_player == 0
    assert state.seats[0].loot == ["JD"]
    events = lay_all(state, "3C", "AS")
    revealed = first(events, "revealed")
    assert revealed["attacks"] == [3 + 2 + 1, 1 + 1] and revealed["item_attack"] == 5
    assert revealed["total"] == 13 and revealed["defeated"]


def test_a_royals_xp_move_may_be_declined():
    """PLAYERS' PLAY, Royal: "The player may do one of three things": making none is allowed."""
    state = table("fighter", "wizard", roll=(2, 2))  # a rat: 4
    hand(state, 0, "QC", "2C", "3C", "4C", "5C")
    state.seats[0].xp = ["9C", "8C", "7C"]
    state.loot_deck = ["9S"]
    lay_all(state, "QC", "6D")
    assert Action("decline") in state.legal_actions()
    events = act(state, "decline")
    assert first(events, "declined") == {"seat": 0}
    seat = state.seats[0]
    assert seat.xp == ["9C", "8C", "7C"] and "9C" not in seat.discard
    assert state.phase == "play" and state.round == 2


def test_only_a_royals_move_may_be_declined():
    state = table("fighter", "wizard", roll=(1, 1))
    keep_order(state, "loot")
    state.loot_deck = ["AS", "9S"]
    for s in state.seats:
        s.xp = ["9C", "8C", "7C"]
    lay_all(state, "2C", "3D")
    assert state.view(0).waiting_for == "level"
    assert Action("decline") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="sort the top XP card"):
        act(state, "decline")
