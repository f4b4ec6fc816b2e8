"""The computer player: honest (it sees only its own view), legal, deterministic for its own
dice, and sensible at the normal level."""

import dataclasses

import pytest

from engine.core.dice import Dice
from engine.tabledungeon.actions import Action
from engine.tabledungeon.policy import LEVELS, choose
from tests.engine.tabledungeon.support import hand, lay_all, play_out, scramble_hidden, table


def states_along_a_game(seed, players=3, level="normal"):
    """Snapshots of one computer game, a few actions apart."""
    final = play_out(seed, players, level)
    from engine.tabledungeon import RULES
    state = RULES.new_game(seed=seed, players=final.names)
    for n, action in enumerate(final.history):
        if n % 3 == 0:
            yield state.clone()
        state.apply(action)


@pytest.mark.parametrize("level", LEVELS)
def test_the_computer_never_reads_hidden_information(level):
    """The policy is handed a View, which holds no other seat's hidden card (the view tests
    check that); a state whose hidden cards differ gives the same choice, and so do hand
    sizes it has no business weighing."""
    checked = 0
    for state in states_along_a_game(seed=35, level=level):
        seat = state.current_player
        legal = state.legal_actions()
        honest = choose(state.view(seat), legal, level, Dice(7))
        peeking = choose(scramble_hidden(state, seat).view(seat), legal, level, Dice(7))
        view = state.view(seat)
        stripped = dataclasses.replace(view, players=tuple(
            p if p.seat == seat else dataclasses.replace(p, hand_size=0) for p in view.players))
        assert honest == peeking == choose(stripped, legal, level, Dice(7))
        checked += 1
    assert checked > 10


def test_the_computer_draws_its_chances_from_its_own_dice_only():
    state = table("fighter", "wizard", "rogue", seed=4)
    before = state.fingerprint()
    picks = {choose(state.view(0), state.legal_actions(), "easy", Dice(s)) for s in range(30)}
    assert len(picks) > 1  # its dice matter...
    assert state.fingerprint() == before  # ...and the game's dice are untouched


def test_an_unknown_level_or_no_choice_is_refused():
    state = table("fighter", "wizard")
    with pytest.raises(ValueError, match="level"):
        choose(state.view(0), state.legal_actions(), "hard", Dice(1))
    with pytest.raises(ValueError, match="no legal action"):
        choose(state.view(0), [], "easy", Dice(1))


def test_normal_takes_the_loot_with_its_lowest_card_when_the_win_is_sure():
    state = table("fighter", "wizard", roll=(1, 1))  # automatic win
    hand(state, 0, "6C", "2C", "QC", "5S", "4H")
    assert choose(state.view(0), state.legal_actions(), "normal", Dice(1)) == \
        Action("play", card="2C")


def test_normal_plays_just_enough_attack():
    state = table("fighter", "wizard", roll=(6, 5))  # 11: spiders; expects 4 from the wizard
    hand(state, 0, "6C", "5C", "2C", "QC", "3H")
    # needs 7: 5C gives 5+2 = 7, the smallest card that is enough
    assert choose(state.view(0), state.legal_actions(), "normal", Dice(1)) == \
        Action("play", card="5C")


def test_normal_makes_a_deadly_enemy_flee_when_it_can():
    state = table("fighter", "wizard", roll=(4, 4))  # cave bats flee from a heart
    state.seats[0].health = 3
    hand(state, 0, "AH", "2C", "QC", "3S", "4S")
    state.enemy_health = 30  # a fight it cannot win
    assert choose(state.view(0), state.legal_actions(), "normal", Dice(1)) == \
        Action("play", card="AH")


def test_a_heal_is_used_when_hurt_and_never_wasted():
    state = table("wizard", "fighter", roll=(2, 2))
    state.seats[0].loot = ["QD"]  # mana draught: heal 5
    legal = state.legal_actions()
    for level in LEVELS:
        for s in range(20):
            assert choose(state.view(0), legal, level, Dice(s)).kind != "use"
    state.seats[0].health = 4
    assert choose(state.view(0), state.legal_actions(), "normal", Dice(1)) == \
        Action("use", card="QD")


def test_normal_keeps_high_xp_cards_and_buries_low_ones():
    state = table("fighter", "wizard", roll=(2, 2))
    hand(state, 0, "QC", "AS", "3C", "4C", "5C")
    state.seats[0].xp = ["9C", "2S"]
    lay_all(state, "QC", "6D")
    assert state.view(0).waiting_for == "royal"
    assert choose(state.view(0), state.legal_actions(), "normal", Dice(1)) == \
        Action("xp_to_discard")
    state.seats[0].xp = ["2S", "9C"]
    assert choose(state.view(0), state.legal_actions(), "normal", Dice(1)) == \
        Action("hand_to_xp", card="AS")


def test_normal_declines_a_royals_move_that_would_only_bury_a_good_card():
    state = table("fighter", "wizard", roll=(2, 2))
    hand(state, 0, "QC", "6C", "5C", "4C", "3C")
    state.seats[0].xp = []
    lay_all(state, "QC", "6D")
    assert state.view(0).waiting_for == "royal"
    assert choose(state.view(0), state.legal_actions(), "normal", Dice(1)) == Action("decline")
    hand(state, 0, "AS", "6C", "5C", "4C")
    assert choose(state.view(0), state.legal_actions(), "normal", Dice(1)) == \
        Action("hand_to_xp", card="AS")  # a weak card is still worth burying


def test_normal_does_better_than_easy_over_the_same_tables():
    """Deterministic (fixed seeds): the greedy level survives to the fourth ace more often and
    lasts longer than random-with-sense play."""
    def summary(level):
        games = [play_out(seed, 2 + seed % 3, level) for seed in range(60)]
        return sum(g.outcome == "won" for g in games), sum(g.round for g in games)

    easy, normal = summary("easy"), summary("normal")
    assert normal[0] > easy[0] and normal[1] > easy[1]


def test_easy_follows_the_normal_plan_one_action_in_three_and_is_no_random_player():
    """Easy is a step above a random player: over many of its own dice streams it plays
    normal's choice about one time in three plus its random share, where a random sensible
    pick would agree with normal only about one time in the number of choices."""
    state = table("fighter", "wizard", seed=4)
    hand(state, 0, "9C", "7S", "5D", "3H", "2C")
    legal = state.legal_actions()
    plays = [a for a in legal if a.kind == "play"]
    assert len(plays) >= 5
    planned = choose(state.view(0), legal, "normal", Dice(1))
    agree = sum(choose(state.view(0), legal, "easy", Dice(s)) == planned for s in range(600))
    by_chance = 600 / len(legal)
    assert agree > by_chance + 600 // 5
