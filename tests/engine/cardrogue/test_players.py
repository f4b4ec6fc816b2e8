"""Rulebook: Interacting with other players (Trading, Tripping, Stealing), Turns > Player dies,
the clarifications on Throw, Unsellable and Starting tile, the goals' notes on stealing boss
cards (the basilisks, the golem in the end rush), and our story-mode rule that death ends the
run (PRODUCT.md)."""

from __future__ import annotations

import pytest

from engine.cardrogue import Action, Respawn, characters
from engine.cardrogue.turn import MOVES_USED
from tests.engine.cardrogue.support import (
    OPEN,
    act,
    action,
    deathbed,
    first,
    give,
    kinds,
    line,
    pair,
    reason,
    rig,
    story,
    table,
)


def names(g, seat) -> list[str]:
    return sorted(g.catalog.cards[c.id].base or c.id for c in g.players[seat].hand)


def trade(g, seat=1, give_=(), take=()):
    return g.apply(Action("trade", player=seat, cards=tuple(give_), take=tuple(take)))


# ----------------------------------------------------------------------------- turn order

def test_turns_rotate_through_the_seats():
    g = line("@o@o@", [("Ann", "bard"), ("Bob", "rogue"), ("Cy", "mage")],
             [(0, 0), (0, 2), (0, 4)])
    seen = [g.current]
    for _ in range(4):
        events = act(g, "end")
        seen.append(first(events, "turn_start")["player"])
    assert seen == [0, 1, 2, 0, 1]
    assert g.current == 1


def test_only_the_current_player_acts():
    g = pair()
    act(g, "end")
    assert g.player.name == "Bob"
    act(g, "move E")
    assert g.players[1].pos == g.index((0, 2)) and g.players[0].pos == g.index((0, 0))


# ----------------------------------------------------------------------------- trading

def test_trade_swaps_tradeable_cards():
    g = pair()
    sword = give(g, "sword", 0)
    potion = give(g, "potion", 1, colour="red")
    events = trade(g, give_=[sword], take=[potion])
    assert first(events, "trade") == {"player": 0, "with": 1, "gave": ["sword"],
                                      "took": ["potion"]}
    assert names(g, 0) == ["potion"] and names(g, 1) == ["sword"]


def test_trade_may_be_a_gift_or_a_taking():
    g = pair()
    sword = give(g, "sword", 0)
    trade(g, give_=[sword])
    assert names(g, 0) == [] and names(g, 1) == ["sword"]
    g = pair()
    helm = give(g, "helm", 1)
    trade(g, take=[helm])
    assert names(g, 0) == ["helm"] and names(g, 1) == []


def test_loot_and_the_key_can_be_traded():
    g = pair()
    cards = [give(g, "goblin", 0), give(g, "key", 0)]
    trade(g, give_=cards)
    assert names(g, 1) == ["goblin", "key"]


@pytest.mark.parametrize("card", ["ring_of_might", "cursed_skull", "shopkeeper_debt",
                                  "basilisk_venom", "table:c"])
def test_untradeable_cards_cannot_be_given(card):
    # Artifacts, a crossed-out trade symbol (debt, bosses) and cursed cards stay put.
    g = pair(cells="@@oc", legend={"c": {"card": "sword", "cursed": True, "revealed": True}})
    uid = give(g, card, 0)
    assert reason(g, Action("trade", player=1, cards=(uid,))) == \
        "you can only give tradeable cards from your hand"


def test_untradeable_cards_cannot_be_taken():
    g = pair()
    ring = give(g, "ring_of_might", 1)
    assert reason(g, Action("trade", player=1, take=(ring,))) == \
        "you can only take tradeable cards from Bob's hand"


def test_equipped_cards_are_not_traded():
    g = pair()
    g.apply(Action("equip", card=give(g, "sword", 0)))
    uid = g.players[0].equipped["primary"].uid
    assert reason(g, Action("trade", player=1, cards=(uid,))) == \
        "you can only give tradeable cards from your hand"


def test_trade_needs_cards_each_named_once_and_another_player():
    g = pair()
    sword = give(g, "sword", 0)
    assert reason(g, Action("trade", player=1)) == "a trade moves at least one card"
    assert reason(g, Action("trade", player=1, cards=(sword, sword))) == \
        "each card can be traded once"
    assert reason(g, Action("trade", player=0, cards=(sword,))) == "choose another player"
    assert reason(g, Action("trade", player=7, cards=(sword,))) == "choose another player"
    assert reason(g, Action("trade", cards=(sword,))) == "choose another player"


def test_trade_only_with_an_adjacent_player():
    g = line("@o@", [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 2)])
    sword = give(g, "sword", 0)
    assert reason(g, Action("trade", player=1, cards=(sword,))) == "Bob is not on an adjacent tile"


def test_a_wall_between_players_means_they_are_not_adjacent():
    g = table("╴╶", "@@", None, [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 1)])
    sword = give(g, "sword", 0)
    assert reason(g, Action("trade", player=1, cards=(sword,))) == "Bob is not on an adjacent tile"


def test_no_trading_in_combat():
    goblin = {"g": {"card": "goblin", "revealed": True}}
    g = line("g@@", [("Ann", "bard"), ("Bob", "bard")], [(0, 1), (0, 2)], goblin)
    sword = give(g, "sword", 0)
    assert reason(g, Action("trade", player=1, cards=(sword,))) == \
        "you cannot deal with other players while in combat"
    g = line("@@g", [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 1)], goblin)
    sword = give(g, "sword", 0)
    assert reason(g, Action("trade", player=1, cards=(sword,))) == \
        "Bob is in combat and cannot trade"


def test_one_dealing_with_players_a_turn():
    g = pair()
    sword, helm = give(g, "sword", 0), give(g, "helm", 0)
    trade(g, give_=[sword])
    assert reason(g, Action("trade", player=1, cards=(helm,))) == \
        "you have already dealt with a player this turn"
    assert reason(g, "trip 1") == "you have already dealt with a player this turn"
    assert reason(g, "steal 1") == "you have already dealt with a player this turn"
    act(g, "end")
    trade(g, seat=0, give_=[sword])  # Bob's turn: a new turn, a new deal
    assert names(g, 0) == ["helm", "sword"]


def test_throwing_a_potion_is_not_the_turn_dealing():
    g = pair(potion_identity={"red": "strength"})
    trade(g, give_=[give(g, "sword", 0)])
    g.apply(Action("throw", card=give(g, "potion", 0, colour="red"), dir="E"))
    assert g.players[1].bonus_attack == 1


def test_throwing_at_a_player_needs_them_adjacent():
    g = line("@o@", [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 2)])
    potion = give(g, "potion", 0, colour="red")
    assert reason(g, f"throw {potion} E") == "there is no one to throw at that way"


# ----------------------------------------------------------------------------- tripping

@pytest.mark.parametrize("face", [4, 5, 6])
def test_trip_succeeds_on_four_to_six(face):
    g = pair()
    rig(g, "trip:0", face)
    trip = first(act(g, "trip 1"), "trip")
    assert trip == {"player": 0, "target": 1, "roll": face, "success": True, "in_combat": False}
    assert g.players[1].skip == 1


@pytest.mark.parametrize("face", [1, 2, 3])
def test_trip_fails_on_one_to_three(face):
    g = pair()
    rig(g, "trip:0", face)
    events = act(g, "trip 1")
    assert not first(events, "trip")["success"]
    assert "counter_attack" not in kinds(events)
    assert g.players[1].skip == 0 and g.players[0].health == 10
    assert reason(g, "leap 0,2") == "there is no tripped player to leap over"


def test_tripped_player_loses_the_next_turn():
    g = pair()
    rig(g, "trip:0", 4)
    act(g, "trip 1")
    events = act(g, "end")
    assert first(events, "turn_lost")["player"] == 1
    assert reason(g, "move E") == "you lose this turn: end it"
    act(g, "end")  # Bob ends his lost turn
    assert g.current == 0
    act(g, "end")
    assert g.current == 1  # only one turn was lost


def test_tripper_may_leap_over_the_tripped_player():
    g = pair()
    rig(g, "trip:0", 6)
    act(g, "trip 1")
    assert Action("leap", target=(0, 2)) in g.legal_actions()
    events = act(g, "leap 0,2")
    assert first(events, "move") == {"player": 0, "from": [0, 0], "to": [0, 2], "leap": True}
    assert g.players[0].pos == g.index((0, 2))


def test_leap_lands_on_a_free_revealed_tile_next_to_the_tripped_player():
    g = pair(cells="@@.o")
    rig(g, "trip:0", 5)
    act(g, "trip 1")
    assert reason(g, "leap 0,0") == "leap onto a free tile next to the tripped player"
    assert reason(g, "leap 0,3") == "leap onto a free tile next to the tripped player"
    assert reason(g, "leap 0,2") == "you can only land on a revealed tile"


def test_tripping_a_player_in_combat_keeps_them_fighting_and_costs_their_turn():
    g = pair(cells="@@g", legend={"g": {"card": "goblin", "revealed": True}})
    rig(g, "trip:0", 4)
    trip = first(act(g, "trip 1"), "trip")
    assert trip["success"] and trip["in_combat"]
    assert reason(g, "leap 0,2") == "there is no tripped player to leap over"
    events = act(g, "end")
    assert first(events, "turn_lost")["player"] == 1
    strikes = [e.data for e in events if e.kind == "enemy_attack"]
    assert [s["player"] for s in strikes] == [1]  # the goblin still fights Bob
    assert g.players[1].health == 10 - 2
    assert g.in_combat(g.players[1])


def test_failing_to_trip_a_player_in_combat_earns_their_attack():
    g = pair(right="rogue", cells="@@g", legend={"g": {"card": "goblin", "revealed": True}})
    give(g, "ring_of_might", 1)                                 # Bob: +1 to attack roll
    g.apply(Action("equip", card=give(g, "chestplate", 0)))     # Ann: -2 damage taken
    rig(g, "trip:0", 3)
    rig(g, "trip:1", 5)
    events = act(g, "trip 1")
    counter = first(events, "counter_attack")
    assert counter["player"] == 1 and counter["target"] == 0
    assert counter["rolls"] == [5] and counter["damage"] == 6
    assert counter["reduction"] == 2 and counter["dealt"] == 4
    assert g.players[0].health == 10 - 4
    assert g.players[1].skip == 0


def test_no_tripping_while_in_combat():
    g = line("g@@", [("Ann", "bard"), ("Bob", "bard")], [(0, 1), (0, 2)],
             {"g": {"card": "goblin", "revealed": True}})
    assert reason(g, "trip 1") == "you cannot deal with other players while in combat"


def test_trip_only_an_adjacent_player():
    g = line("@o@", [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 2)])
    assert reason(g, "trip 1") == "Bob is not on an adjacent tile"


# ----------------------------------------------------------------------------- stealing

def test_steal_on_a_six_takes_a_card_from_the_hand():
    g = pair()
    potion = give(g, "potion", 1, colour="red")
    rig(g, "steal", 6)
    steal = first(act(g, "steal 1"), "steal")
    assert steal == {"player": 0, "target": 1, "roll": 6, "success": True, "card": "potion"}
    assert [c.uid for c in g.players[0].hand] == [potion] and not g.players[1].hand


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_steal_fails_below_six(face):
    g = pair()
    give(g, "potion", 1, colour="red")
    rig(g, "steal", face)
    assert not first(act(g, "steal 1"), "steal")["success"]
    assert names(g, 1) == ["potion"]


def test_rogue_steals_on_five_or_six():
    for face, success in ((4, False), (5, True), (6, True)):
        g = pair(left="rogue")
        give(g, "potion", 1, colour="red")
        rig(g, "steal", face)
        assert first(act(g, "steal 1"), "steal")["success"] is success


def test_steal_takes_one_random_card_of_the_hand():
    g = pair()
    cards = [give(g, c, 1) for c in ("sword", "helm", "boots", "dagger")]
    rig(g, "steal", 6)
    act(g, "steal 1")
    taken = [c.uid for c in g.players[0].hand]
    assert len(taken) == 1 and taken[0] in cards
    assert sorted(c.uid for c in g.players[1].hand) == sorted(set(cards) - set(taken))


def test_the_random_card_follows_the_seed():
    picks = set()
    for seed in range(1, 12):
        g = line("@@oo", [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 1)], seed=seed)
        for c in ("sword", "helm", "boots", "dagger"):
            give(g, c, 1)
        rig(g, "steal", 6)
        again = g.clone()
        picked = first(act(g, "steal 1"), "steal")["card"]
        assert first(act(again, "steal 1"), "steal")["card"] == picked  # same seed, same card
        picks.add(picked)
    assert len(picks) > 1  # but it is a draw, not always the first card


def test_equipped_cards_are_never_stolen():
    g = pair()
    g.apply(Action("equip", card=give(g, "sword", 0)))
    act(g, "end")
    rig(g, "steal", 6)
    steal = first(act(g, "steal 0"), "steal")  # Bob tries Ann, who only wears her sword
    assert not steal["success"] and steal["card"] is None
    assert "primary" in g.players[0].equipped and not g.players[1].hand


def test_plus_x_max_health_comes_once_when_the_artifact_is_found():
    """+X to max health: X health is added when the artifact is picked up, not again each
    time it changes hands, so stealing it back and forth creates no health."""
    g = pair()
    give(g, "amulet_of_vigour", 1)  # Bob found it: 12 of 12
    assert g.players[1].health == 12
    for thief in (0, 1, 0):
        rig(g, "steal", 6)
        act(g, f"steal {1 - thief}")
        act(g, "end")
    assert names(g, 0) == ["amulet_of_vigour"]
    assert characters.max_health(g, g.players[0]) == 12 and g.players[0].health == 10
    # Bob keeps the health he had (losing an artifact never takes health away), no more.
    assert characters.max_health(g, g.players[1]) == 10 and g.players[1].health == 12


def test_unsellable_and_untradeable_cards_can_be_stolen():
    g = pair()
    give(g, "amulet_of_vigour", 1)
    assert characters.max_health(g, g.players[1]) == 12
    rig(g, "steal", 6)
    act(g, "steal 1")
    assert names(g, 0) == ["amulet_of_vigour"]
    # The artifact works for its new holder, and no longer for the old one. Its +2 health came
    # when it was found: the thief's max rises, but no health is made by passing it around.
    assert characters.max_health(g, g.players[0]) == 12 and g.players[0].health == 10
    assert characters.max_health(g, g.players[1]) == 10


def test_a_stolen_boss_card_takes_its_points_along():
    from engine.cardrogue import goals

    g = pair()
    give(g, "basilisk_venom", 1)
    rig(g, "steal", 6)
    act(g, "steal 1")
    assert goals.victory_points(g, g.players[0]) == 1
    assert goals.victory_points(g, g.players[1]) == 0


def test_stealing_the_second_basilisk_discards_both():
    g = pair()
    give(g, "basilisk_venom", 0)
    give(g, "basilisk_gaze", 1)
    rig(g, "steal", 6)
    events = act(g, "steal 1")
    assert "basilisks_discarded" in kinds(events)
    assert not g.players[0].hand and not g.players[1].hand


def test_golem_card_can_be_stolen_in_the_end_rush():
    g = pair()
    give(g, "golem", 1)
    assert g.end_rush
    rig(g, "steal", 6)
    assert first(act(g, "steal 1"), "steal")["card"] == "golem"
    assert names(g, 0) == ["golem"]


def test_golem_card_cannot_be_stolen_outside_the_end_rush():
    # Taking the golem always starts the end rush in play; the rush is switched off here to
    # see the steal rule on its own.
    g = pair()
    give(g, "golem", 1)
    give(g, "potion", 1, colour="red")
    g.end_rush = False
    rig(g, "steal", 6)
    assert first(act(g, "steal 1"), "steal")["card"] == "potion"
    g = pair()
    give(g, "golem", 1)
    g.end_rush = False
    rig(g, "steal", 6)
    steal = first(act(g, "steal 1"), "steal")
    assert not steal["success"] and names(g, 1) == ["golem"]


def test_no_stealing_while_in_combat_or_from_afar():
    g = line("g@@", [("Ann", "bard"), ("Bob", "bard")], [(0, 1), (0, 2)],
             {"g": {"card": "goblin", "revealed": True}})
    assert reason(g, "steal 1") == "you cannot deal with other players while in combat"
    g = line("@o@", [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 2)])
    assert reason(g, "steal 1") == "Bob is not on an adjacent tile"


# ----------------------------------------------------------------------------- death (classic)

def kill_ann(g):
    rig(g, "fight", 1)
    return act(g, "attack E")


def test_classic_death_asks_how_to_come_back():
    g = deathbed()
    events = kill_ann(g)
    assert first(events, "death")["player"] == 0
    assert g.pending == Respawn(0, g.index((0, 1)))
    assert g.outcome is None and g.player.name == "Ann"
    assert {a.kind for a in g.legal_actions()} == {"respawn"}
    assert reason(g, "end") == "Ann must choose how to come back first"
    assert g.enemies[g.index((0, 2))].aggro == []


def test_respawn_keeps_one_card_and_leaves_one_plus_the_unsellables():
    g = deathbed()
    g.apply(Action("equip", card=give(g, "sword", 0)))
    potion = give(g, "potion", 0, colour="red")
    for card in ("ring_of_might", "key", "scroll_identify"):
        give(g, card, 0)
    kill_ann(g)
    sword = g.players[0].equipped["primary"].uid
    events = g.apply(Action("respawn", card=sword, cards=(potion,), target=(0, 0)))
    respawn = first(events, "respawn")
    assert respawn["kept"] == ["sword"]
    assert sorted(respawn["left"]) == ["key", "potion", "ring_of_might"]
    ann = g.players[0]
    assert [c.uid for c in ann.hand] == [sword] and ann.equipped == {}
    assert ann.pos == g.index((0, 0)) and not ann.dead
    assert sorted(c.id for c in g.stash[g.index((0, 1))]) == ["key", "potion", "ring_of_might"]
    # the identify scroll is discarded: nowhere in the game any more
    everywhere = [c.id for p in g.players for c in p.hand] + \
        [c.id for cards in g.stash.values() for c in cards]
    assert "scroll_identify" not in everywhere


def test_respawn_resets_attack_and_max_health():
    g = deathbed()
    g.apply(Action("drink", card=give(g, "potion", 0, colour="blue")))     # +1 attack
    g.apply(Action("read", card=give(g, "scroll_max_health", 0)))          # +2 max health
    assert g.players[0].bonus_attack == 1 and characters.max_health(g, g.players[0]) == 12
    kill_ann(g)
    g.apply(Action("respawn", target=(0, 0)))
    ann = g.players[0]
    assert ann.bonus_attack == 0 and ann.bonus_max == 0
    assert ann.health == characters.max_health(g, ann) == 10


def test_respawn_clears_poison_and_lost_turns():
    g = deathbed({"green": "poison"})
    g.apply(Action("drink", card=give(g, "potion", 0, colour="green")))
    kill_ann(g)
    g.apply(Action("respawn", target=(0, 0)))
    assert g.players[0].poison == 0 and g.players[0].skip == 0


def test_coming_back_ends_the_fallen_player_turn():
    g = deathbed()
    kill_ann(g)
    events = g.apply(Action("respawn", target=(0, 0)))
    assert first(events, "turn_start")["player"] == 1 and g.current == 1


def test_respawn_choices_are_checked():
    g = deathbed()
    sword, helm = give(g, "sword", 0), give(g, "helm", 0)
    bobs = give(g, "boots", 1)
    kill_ann(g)
    assert reason(g, Action("respawn", card=bobs, cards=(helm,), target=(0, 0))) == \
        "you can only keep one of your own cards"
    assert reason(g, Action("respawn", card=sword, target=(0, 0))) == \
        "choose one other card to leave where you fell"
    assert reason(g, Action("respawn", card=sword, cards=(sword,), target=(0, 0))) == \
        "choose one other card to leave where you fell"
    assert reason(g, Action("respawn", card=sword, cards=(helm,), target=(0, 1))) == \
        "come back on a starting tile"
    assert reason(g, Action("respawn", card=sword, cards=(helm,), target=(1, 1))) == \
        "that starting tile is taken"
    assert reason(g, Action("respawn", card=sword, cards=(helm,))) == "come back on a starting tile"


def test_with_one_card_there_is_nothing_to_leave():
    g = deathbed()
    sword = give(g, "sword", 0)
    kill_ann(g)
    assert reason(g, Action("respawn", card=sword, cards=(sword,), target=(0, 0))) == \
        "you have no other card to leave"
    g.apply(Action("respawn", card=sword, target=(0, 0)))
    assert g.index((0, 1)) not in g.stash


def test_the_next_player_on_the_death_tile_takes_what_was_left():
    g = deathbed()
    potion = give(g, "potion", 0, colour="red")
    give(g, "key", 0)
    kill_ann(g)
    g.apply(Action("respawn", cards=(potion,), target=(0, 0)))
    events = act(g, "move N")  # Bob
    assert sorted(first(events, "stash_taken")["cards"]) == ["key", "potion"]
    assert names(g, 1) == ["key", "potion"]
    assert g.index((0, 1)) not in g.stash


def test_plus_x_to_max_health_when_picked_up_from_where_a_hero_fell():
    """+X to max health: current health rises by X "when the artifact is picked up", and the
    first player onto the tile where a hero fell reveals the cards and puts them in his hand,
    which is picking them up."""
    g = deathbed()
    potion = give(g, "potion", 0, colour="red")
    amulet = give(g, "amulet_of_vigour", 0)
    kill_ann(g)
    g.apply(Action("respawn", card=potion, cards=(amulet,), target=(0, 0)))  # left where she fell
    bob = g.players[1]
    top, health = characters.max_health(g, bob), bob.health
    events = act(g, "move N")
    assert first(events, "stash_taken")["cards"] == ["amulet_of_vigour"]
    assert first(events, "max_health") == {"player": 1, "change": 2, "max_health": top + 2,
                                           "health": health + 2}
    assert (characters.max_health(g, bob), bob.health) == (top + 2, health + 2)


def test_player_dies_keeps_one_card_in_all_and_gold_counts_as_cards():
    """Player dies: one card kept in all (hand, equipment and gold together), each gold card
    worth 1 gold. Keeping an item means coming back with no gold."""
    g = deathbed()
    sword = give(g, "sword", 0)
    g.players[0].gold = 7
    kill_ann(g)
    g.apply(Action("respawn", card=sword, target=(0, 0)))
    ann = g.players[0]
    assert [c.id for c in ann.hand] == ["sword"] and ann.gold == 0


def test_player_dies_may_keep_one_gold_card_instead_of_an_item():
    g = deathbed()
    helm = give(g, "helm", 0)
    g.players[0].gold = 7
    kill_ann(g)
    gold_choices = [a for a in g.legal_actions() if a.name == "gold"]
    assert gold_choices and all(a.card is None for a in gold_choices)
    assert reason(g, Action("respawn", card=helm, name="gold", target=(0, 0))) == \
        "a fallen hero keeps one card in all: an item or a gold card"
    events = g.apply(Action("respawn", name="gold", cards=(helm,), target=(0, 0)))
    respawn = first(events, "respawn")
    assert respawn["kept"] == [] and respawn["kept_gold"] == 1 and respawn["left"] == ["helm"]
    ann = g.players[0]
    assert ann.gold == 1 and ann.hand == []
    assert [c.id for c in g.stash[g.index((0, 1))]] == ["helm"]


def test_player_dies_with_only_gold_leaves_one_gold_card_where_they_fell():
    g = deathbed()
    g.players[0].gold = 5
    kill_ann(g)
    events = g.apply(Action("respawn", name="gold", target=(0, 0)))
    assert first(events, "respawn")["left_gold"] == 1
    assert g.players[0].gold == 1 and g.stash_gold == {g.index((0, 1)): 1}
    bob_gold = g.players[1].gold
    events = act(g, "move N")  # Bob walks onto the tile where Ann fell
    assert first(events, "stash_taken")["gold"] == 1
    assert g.players[1].gold == bob_gold + 1 and g.stash_gold == {}


def test_player_dies_without_gold_cannot_keep_gold():
    g = deathbed()
    kill_ann(g)
    assert not [a for a in g.legal_actions() if a.name == "gold"]
    assert reason(g, Action("respawn", name="gold", target=(0, 0))) == "you have no gold to keep"


def test_in_the_end_rush_the_fallen_do_not_come_back():
    g = deathbed()
    give(g, "sword", 0)
    give(g, "golem", 1)
    assert g.end_rush
    events = kill_ann(g)
    assert g.pending is None and g.players[0].out
    assert [c.id for c in g.stash[g.index((0, 1))]] == ["sword"]
    assert first(events, "turn_start")["player"] == 1
    act(g, "end")
    assert g.current == 1  # Ann's seat is skipped from now on


# ----------------------------------------------------------------------------- death (story)

def test_death_ends_the_story_run():
    g = story("╶─╴", "o@g", {"o": OPEN, "g": {"card": "goblin", "attack": 20}},
              character="bard")
    act(g, "flip E")
    rig(g, "fight", 1)
    events = act(g, "attack E")
    assert first(events, "death")["player"] == 0
    assert first(events, "game_over")["outcome"] == "lost"
    assert g.is_over and g.outcome == "lost" and g.pending is None
    assert g.legal_actions() == []
    assert reason(g, "end") == "the game is over"


def test_a_counter_attack_can_kill_the_tripper():
    g = pair(right="rogue", cells="@@g", legend={"g": {"card": "goblin", "revealed": True}},
             health=3)
    rig(g, "trip:0", 1)
    rig(g, "trip:1", 6)
    events = act(g, "trip 1")
    assert first(events, "death")["player"] == 0
    assert g.pending == Respawn(0, g.index((0, 0)))


def test_a_player_teleported_next_to_an_enemy_fights_from_their_own_turn():
    legend = {"g": {"card": "goblin", "revealed": True}}
    g = table("╶─┬╴\n  ╵ ", "@@o \n  g ", {"o": OPEN, **legend},
              [("Ann", "bard"), ("Bob", "rogue")], [(0, 0), (0, 1)],
              potion_identity={"red": "teleport"})
    g.apply(Action("throw", card=give(g, "potion", 0, colour="red"), dir="E"))
    events = act(g, "place 0,2")  # Ann drops Bob next to the goblin
    assert "enemy_attack" not in kinds(events)
    assert g.players[1].health == 8
    events = act(g, "end")        # Bob's turn: now he is in the fight
    assert "enemy_attack" not in kinds(events)
    assert g.player.name == "Bob" and g.in_combat(g.players[1])
    assert reason(g, "end") == "you are in combat: attack or flee first"


def test_an_enemy_teleported_next_to_another_player_waits_for_their_turn():
    g = line("@gooo@", [("Ann", "bard"), ("Bob", "rogue")], [(0, 0), (0, 5)],
             {"g": {"card": "goblin", "revealed": True}}, potion_identity={"red": "teleport"})
    g.apply(Action("throw", card=give(g, "potion", 0, colour="red"), dir="E"))
    events = act(g, "place 0,4")  # next to Bob
    assert "enemy_attack" not in kinds(events)
    assert not g.in_combat(g.players[0])
    events = act(g, "end")        # Ann is free to end her turn; Bob's begins
    assert "enemy_attack" not in kinds(events) and g.players[1].health == 8
    assert g.player.name == "Bob"
    assert reason(g, "end") == "you are in combat: attack or flee first"


def test_dealing_with_a_player_ends_flipping_and_moving():
    """Interacting is step 3 of the turn: after it the hero cannot flip or move any more."""
    g = line("o@@o", [("Ann", "bard"), ("Bob", "bard")], [(0, 1), (0, 2)])
    gift = give(g, "potion", colour="red")
    assert g.why_illegal(action("move W")) is None
    trade(g, give_=(gift,))
    assert reason(g, "move W") == MOVES_USED
    assert g.why_illegal(action("end")) is None
