"""SETUP and the class sheets: classes picked in turn order, each deck split and shuffled as the
rulebook says, everyone at 10 of 10 health with five cards."""

import pytest

from engine.core.protocol import IllegalAction
from engine.tabledungeon import RULES
from engine.tabledungeon.actions import Action
from engine.tabledungeon.cards import RANK, SUIT, SUITS, is_royal, suit_cards
from engine.tabledungeon.data import load
from tests.engine.tabledungeon.support import act, table

REMOVES = {"fighter": "D", "wizard": "C", "rogue": "H", "cleric": "S"}


def test_classes_are_picked_in_seat_order_before_anything_else():
    state = RULES.new_game(seed=3, players=["Ann", "Bo", "Cy"])
    assert state.phase == "pick" and state.current_player == 0
    assert {a.name for a in state.legal_actions()} == {"fighter", "wizard", "rogue", "cleric"}
    assert "choose a class" in state.why_illegal(Action("pass"))
    act(state, "pick", name="cleric")
    assert state.current_player == 1
    with pytest.raises(IllegalAction, match="not a class"):
        act(state, "pick", name="bard")
    act(state, "pick", name="cleric")  # two players may share a class
    act(state, "pick", name="rogue")
    assert state.phase == "play" and [s.class_id for s in state.seats] == \
        ["cleric", "cleric", "rogue"]
    with pytest.raises(IllegalAction, match="already chosen"):
        act(state, "pick", name="wizard")


@pytest.mark.parametrize("class_id", ["fighter", "wizard", "rogue", "cleric"])
def test_each_deck_is_split_as_the_setup_says(class_id):
    state = table(class_id, "fighter", seed=11)
    seat = state.seats[0]
    sheet = load().classes[class_id]
    assert sheet.removes == REMOVES[class_id]
    kept = [c for suit in SUITS if suit != sheet.removes for c in suit_cards(suit)]
    piles = seat.hand + seat.action + seat.xp
    assert sorted(piles) == sorted(kept)  # every kept card once, the removed suit gone
    assert seat.discard == [] and seat.loot == [] and len(seat.hand) == 5
    action = seat.hand + seat.action
    royals = [c for c in action if is_royal(c)]
    # One J, Q and K (of the class's royal suit) stay in the action pile through the peek.
    assert sorted(royals) == sorted(f"{r}{sheet.royal_suit}" for r in "JQK")
    assert all(RANK[c] <= 6 for c in action if not is_royal(c))
    # The peek moves the non-royals among the top ten to the XP pile: 11 to 14 cards remain.
    assert 11 <= len(action) <= 14 and len(seat.xp) == 39 - len(action)
    assert all(RANK[c] >= 7 or c in seat.xp for c in kept if c not in action)
    assert seat.health == seat.max_health == 10


def test_the_removed_suits_of_all_players_make_the_loot_deck():
    state = table("fighter", "wizard", "cleric", seed=5)
    expected = suit_cards("D") + suit_cards("C") + suit_cards("S")
    assert sorted(state.loot_deck) == sorted(expected)
    assert state.loot_deck != expected  # shuffled
    same = table("rogue", "rogue", seed=5)
    assert sorted(same.loot_deck) == sorted(suit_cards("H") * 2)


def test_the_peek_moves_between_none_and_three_royals_worth_of_cards_over_seeds():
    sizes = {len(table("fighter", "rogue", seed=s).seats[0].action) + 5 for s in range(40)}
    assert sizes <= {11, 12, 13, 14} and len(sizes) >= 2


def test_the_shuffle_comes_from_the_seed():
    a, b, c = (table("wizard", "rogue", seed=s) for s in (8, 8, 9))
    assert a.fingerprint() == b.fingerprint()
    assert a.seats[0].hand + a.seats[0].action != c.seats[0].hand + c.seats[0].action


@pytest.mark.parametrize("options, message", [
    (dict(seed=1, players=["Ann"]), "2 to 4 players, not 1"),
    (dict(seed=1, players=["A", "B", "C", "D", "E"]), "2 to 4 players, not 5"),
    (dict(seed=1, players=["Ann", "Ann"]), "same name"),
    (dict(seed=1, players=["Ann", " Bo"]), "leading or trailing spaces"),
    (dict(seed=1, players=["Ann", "B\x1bo"]), "control character"),
    (dict(seed=1, players=["Ann", 7]), "must be a string"),
    (dict(seed=1, players="AnnBo"), "list of 2 to 4 names"),
    (dict(seed=-1, players=["Ann", "Bo"]), "seed must be"),
    (dict(seed=None, players=["Ann", "Bo"]), "seed must be"),
    (dict(seed="7", players=["Ann", "Bo"]), "seed must be"),
    (dict(seed=True, players=["Ann", "Bo"]), "seed must be"),
    (dict(seed=1), "needs players"),
    (dict(seed=1, players=["Ann", "Bo"], map="x.toml"), "no option map"),
    (dict(seed=1, players=["Ann", "Bo"], difficulty="hard"), "no option difficulty"),
])
def test_new_game_refuses_bad_options_with_a_clear_message(options, message):
    with pytest.raises(ValueError, match=message):
        RULES.new_game(**options)


def test_suits_of_a_kept_deck_match_the_class():
    state = table("rogue", "cleric", seed=2)
    assert all(SUIT[c] != "H" for c in state.seats[0].hand + state.seats[0].action)
    assert all(SUIT[c] != "S" for c in state.seats[1].hand + state.seats[1].action)
