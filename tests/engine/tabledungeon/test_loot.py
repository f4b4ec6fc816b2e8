"""DRAWING LOOT: the lowest non-royal card draws; royals are items of the drawer's class sheet;
an ace goes back, levels the party up and is followed by another draw."""

from engine.tabledungeon.cards import is_ace
from tests.engine.tabledungeon.support import first, keep_order, kinds, lay_all, table


def test_the_lowest_ranked_card_draws_whatever_the_stats_add():
    state = table("fighter", "wizard", roll=(2, 2))
    state.loot_deck = ["9C", "5S"]
    events = lay_all(state, "2C", "3D")  # 2+2=4 against 3+3=6: the rank decides, not the attack
    assert first(events, "loot") == {"seat": 0, "card": "9C"}
    assert state.seats[0].loot == ["9C"] and state.points(0) == 9
    assert state.loot_deck == ["5S"]


def test_a_heart_counts_as_the_lowest_card_too():
    state = table("fighter", "wizard", roll=(1, 1))  # automatic win
    state.loot_deck = ["9C"]
    events = lay_all(state, "5C", "AH")
    assert first(events, "loot")["seat"] == 1


def test_a_tie_goes_to_the_first_in_the_rounds_order():
    state = table("fighter", "wizard", roll=(1, 1))
    state.loot_deck = ["9C"]
    assert state.order == [0, 1]
    events = lay_all(state, "2C", "2D")
    assert first(events, "loot")["seat"] == 0


def test_all_royals_means_no_loot():
    state = table("fighter", "wizard", roll=(1, 1))
    state.loot_deck = ["9C"]
    events = lay_all(state, "QC", "KD")
    assert first(events, "revealed")["defeated"] and "loot" not in kinds(events)


def test_a_royal_loot_is_an_item_from_the_drawers_class_sheet():
    state = table("fighter", "wizard", roll=(1, 1))
    state.loot_deck = ["QD", "QC"]
    events = lay_all(state, "5C", "2D")
    assert first(events, "loot") == {"seat": 1, "card": "QD", "item": "Mana draught"}
    assert state.points(1) == 0  # items score nothing
    view = state.view(0).players[1]
    assert view.items[0].name == "Mana draught" and view.loot == ()


def test_an_ace_goes_back_levels_up_and_the_player_draws_again():
    state = table("fighter", "wizard", roll=(1, 1))
    keep_order(state, "loot")  # the ace goes back at the bottom and stays there
    state.loot_deck = ["AS", "7C"]
    events = lay_all(state, "5C", "2D")
    assert first(events, "ace") == {"seat": 1, "card": "AS", "aces": 1}
    assert first(events, "loot") == {"seat": 1, "card": "7C"}
    assert state.aces == 1 and state.level == 2 and state.loot_deck == ["AS"]
    assert kinds(events).index("ace") < kinds(events).index("loot")
    assert kinds(events).count("level_up") == 1


def test_two_aces_in_one_draw_are_two_level_ups():
    state = table("fighter", "wizard", roll=(1, 1))
    keep_order(state, "loot")
    state.loot_deck = ["AS", "AH", "7C"]
    events = lay_all(state, "5C", "2D")
    assert [e.data["aces"] for e in events if e.kind == "ace"] == [1, 2]
    assert state.level == 3 and kinds(events).count("level_up") == 2
    assert state.seats[1].loot == ["7C"] and state.seats[1].max_health == 20
    assert state.pending == [("level", 0), ("level", 1)] * 2  # one sorting per level up
    assert state.view(0).moves_left == 3  # of the top three XP cards


def test_a_loot_pile_never_holds_an_ace():
    state = table("fighter", "wizard", roll=(1, 1))
    state.loot_deck = ["AS", "7C"]
    lay_all(state, "5C", "2D")
    assert not any(is_ace(c) for s in state.seats for c in s.loot)
