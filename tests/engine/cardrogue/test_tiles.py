"""Rulebook: Tiles (Traps, The fountain of healing, The Shop with Buy and Sell) and the potion
pick-up rule from Potions.

Traps hit the hero who flips them, once, and again each time a hero steps onto them; an item
or trait with avoid faces rolls on the trap's own dice stream. A fountain acts at the start of
a turn spent on it: it heals 2, or drains on a 6 and becomes a plain path. A shop sells its
stock for twice a card's gold, takes gold and cards with a gold amount (change back in gold),
buys cards at their gold, allows any number of deals a turn, and only to a hero standing on it
and out of combat. A potion is picked up by the hero who steps onto it.
"""

from __future__ import annotations

import pytest

from engine.cardrogue import Action, characters
from engine.cardrogue.level import DEFAULT_SHOP_STOCK, POTION_COLOURS
from engine.core import IllegalAction
from tests.engine.cardrogue.support import (
    OPEN,
    act,
    action,
    first,
    give,
    hero,
    kinds,
    rig,
    story,
    uid_of,
    up,
)

# ---------------------------------------------------------------------- traps: when they fire

def test_flipping_a_spike_trap_costs_the_flipper_two_health():
    game = story("╶─╴", "@x.", {"x": "trap_spikes"})
    events = act(game, "flip E")
    trap = first(events, "trap")
    assert (trap["trap"], trap["cell"], trap["avoided"]) == ("spikes", [0, 1], False)
    assert first(events, "damage")["amount"] == 2
    assert hero(game).health == 10
    assert hero(game).pos == game.index((0, 0))  # flipping does not move the hero onto it


def test_a_flipped_trap_does_not_fire_again_while_the_flipper_stays_put():
    game = story("╶─╴", "@x.", {"x": "trap_spikes"})
    act(game, "flip E")
    events = act(game, "end", "end")
    assert "trap" not in kinds(events)
    assert hero(game).health == 10


def test_stepping_onto_a_revealed_trap_fires_it():
    game = story("╶─╴", "@x.", {"x": "trap_spikes"})
    act(game, "flip E", "end")
    events = act(game, "move E")
    assert first(events, "trap")["cell"] == [0, 1]
    assert hero(game).health == 8  # 2 on the flip, 2 on the step


def test_standing_on_a_trap_does_not_fire_it_again():
    game = story("╶─╴", "@x.", {"x": up("trap_spikes")})
    act(game, "move E")
    events = act(game, "end", "end")
    assert "trap" not in kinds(events)
    assert hero(game).health == 10


def test_each_new_step_onto_a_trap_fires_it_again():
    game = story("╶─╴", "@x.", {"x": up("trap_spikes"), ".": OPEN})
    act(game, "move E", "end", "move E", "end")  # on, then off to the east
    assert hero(game).health == 10
    events = act(game, "move W")
    assert first(events, "trap")["trap"] == "spikes"
    assert hero(game).health == 8


def test_a_trap_can_kill_and_death_ends_a_story_run():
    game = story("╶─╴", "@x.", {"x": "trap_spikes"}, health=2)
    events = act(game, "flip E")
    assert hero(game).dead
    assert game.outcome == "lost"
    assert first(events, "game_over")["outcome"] == "lost"


# ---------------------------------------------------------------------- traps: what they do

def test_a_flipped_paralysis_trap_ends_the_turn_and_costs_the_next():
    game = story("╶─╴", "@x.", {"x": "trap_paralysis"})
    events = act(game, "flip E")
    assert first(events, "paralysed") == {"player": 0, "turns": 1, "before": 0, "after": 1,
                                          "cause": "Paralysis Trap"}
    assert "turn_lost" in kinds(events)
    assert game.turn == 2 and game.lost_turn  # the lost turn: only ending it is allowed
    assert hero(game).health == 12  # paralysis does no damage


def test_stepping_onto_a_paralysis_trap_ends_the_turn_and_costs_the_next():
    game = story("╶──╴", "@x..", {"x": up("trap_paralysis"), ".": OPEN})
    events = act(game, "move E")
    assert kinds(events)[-3:] == ["turn_end", "turn_start", "turn_lost"]
    act(game, "end")
    assert game.turn == 3
    assert hero(game).pos == game.index((0, 1))


def test_a_poison_trap_costs_one_health_at_the_start_of_each_of_the_next_two_turns():
    game = story("╶─╴", "@x.", {"x": "trap_poison"})
    events = act(game, "flip E")
    assert first(events, "poisoned")["after"] == 2
    assert hero(game).health == 12  # nothing at once
    events = act(game, "end")
    assert first(events, "damage")["cause"] == "poison"
    assert hero(game).health == 11
    events = act(game, "end")
    assert hero(game).health == 10
    assert "poison_ended" in kinds(events)
    act(game, "end")
    assert hero(game).health == 10 and hero(game).poison == 0


def test_a_poison_trap_does_not_shorten_a_longer_poison():
    game = story("╶─╴", "@x.", {"x": "trap_poison"})
    hero(game).poison = 3  # already poisoned for longer (set up directly)
    act(game, "flip E")
    assert hero(game).poison == 3


# ---------------------------------------------------------------------- traps: avoiding them

def lens_game(trap="trap_spikes", character="warrior"):
    game = story("╶─╴", "@x.", {"x": trap}, character=character)
    lens = give(game, "vision_lens")
    act(game, f"equip {lens}")
    return game


@pytest.mark.parametrize("roll", [5, 6])
def test_the_vision_lens_avoids_a_trap_on_five_or_six(roll):
    game = lens_game()
    rig(game, "trap", roll)
    trap = first(act(game, "flip E"), "trap")
    assert (trap["roll"], trap["avoid_on"], trap["avoided"]) == (roll, [5, 6], True)
    assert hero(game).health == 12


@pytest.mark.parametrize("roll", [1, 2, 3, 4])
def test_the_vision_lens_does_not_help_on_one_to_four(roll):
    game = lens_game()
    rig(game, "trap", roll)
    trap = first(act(game, "flip E"), "trap")
    assert (trap["roll"], trap["avoided"]) == (roll, False)
    assert hero(game).health == 10


def test_an_avoided_paralysis_trap_neither_ends_the_turn_nor_costs_one():
    game = lens_game("trap_paralysis")
    rig(game, "trap", 6)
    events = act(game, "flip E")
    assert "turn_end" not in kinds(events)
    assert hero(game).skip == 0
    assert game.why_illegal(action("move E")) is None


def test_the_avoid_roll_also_applies_when_stepping_on_a_trap():
    game = story("╶─╴", "@x.", {"x": up("trap_spikes")})
    act(game, f"equip {give(game, 'vision_lens')}")
    rig(game, "trap", 5)
    assert first(act(game, "move E"), "trap")["avoided"] is True
    assert hero(game).health == 12


def test_the_avoid_roll_is_drawn_from_the_trap_cells_own_stream():
    game = lens_game()
    before = dict(game.dice.counters)
    act(game, "flip E")
    drawn = {k for k, n in game.dice.counters.items() if n != before.get(k, 0)}
    assert drawn == {"trap:0:1"}


def test_without_avoid_faces_no_die_is_rolled():
    game = story("╶─╴", "@x.", {"x": "trap_spikes"})
    trap = first(act(game, "flip E"), "trap")
    assert trap["roll"] is None and trap["avoid_on"] == []
    assert not any(k.startswith("trap") for k in game.dice.counters)


def test_a_vision_lens_carried_in_the_hand_does_not_help():
    game = story("╶─╴", "@x.", {"x": "trap_spikes"})
    give(game, "vision_lens")
    trap = first(act(game, "flip E"), "trap")
    assert trap["roll"] is None
    assert hero(game).health == 10


@pytest.mark.parametrize("character", ["explorer", "mage"])
def test_explorer_and_mage_avoid_traps_on_a_six(character):
    game = story("╶─╴", "@x.", {"x": "trap_spikes"}, character=character)
    full = characters.max_health(game, hero(game))
    rig(game, "trap", 6, 5)
    trap = first(act(game, "flip E"), "trap")
    assert (trap["avoid_on"], trap["avoided"]) == ([6], True)
    assert hero(game).health == full
    act(game, "end", "move E")  # the second roll, a 5, does not avoid
    assert hero(game).health == full - 2


# ---------------------------------------------------------------------- the fountain

def fountain_game(character="warrior", health=5, **fields):
    """The hero one step west of a face-up fountain."""
    return story("╶─╴", "@f.", {"f": up("fountain")}, character=character, health=health,
                 **fields)


def test_stepping_onto_a_fountain_does_not_heal_at_once():
    game = fountain_game()
    events = act(game, "move E")
    assert "fountain" not in kinds(events)
    assert hero(game).health == 5


def test_a_fountain_heals_two_at_the_start_of_a_turn_spent_on_it():
    game = fountain_game()
    act(game, "move E")
    rig(game, "fountain", 3)
    events = act(game, "end")
    assert first(events, "fountain") == {"player": 0, "roll": 3, "drained": False, "cell": [0, 1]}
    assert first(events, "healed")["amount"] == 2
    assert hero(game).health == 7


def test_a_fountain_keeps_healing_every_turn_until_drained():
    game = fountain_game()
    act(game, "move E")
    rig(game, "fountain", 1, 5, 2)
    act(game, "end", "end", "end")
    assert hero(game).health == 11


def test_a_fountain_drains_on_a_six_and_becomes_a_plain_path():
    game = fountain_game()
    act(game, "move E")
    rig(game, "fountain", 6)
    events = act(game, "end")
    assert first(events, "fountain")["drained"] is True
    assert "healed" not in kinds(events)
    assert hero(game).health == 5
    assert game.board.content[game.index((0, 1))] is None
    events = act(game, "end")
    assert "fountain" not in kinds(events)


def test_fountain_healing_stops_at_max_health():
    game = fountain_game(health=11)
    act(game, "move E")
    rig(game, "fountain", 2)
    events = act(game, "end")
    assert first(events, "healed")["amount"] == 1
    assert hero(game).health == 12


def test_the_fountain_rolls_on_its_own_cells_stream():
    game = fountain_game()
    act(game, "move E", "end")
    assert game.dice.counters.get("fountain:0:1") == 1


def test_the_cleric_heals_one_more_at_a_fountain():
    game = fountain_game(character="cleric")
    assert hero(game).health == 6  # 5, and the cleric's mending at the start of turn 1
    act(game, "move E")
    rig(game, "fountain", 4)
    events = act(game, "end")
    healed = [(e.data["cause"], e.data["amount"]) for e in events if e.kind == "healed"]
    # The cleric's own mending out of combat, then the fountain's 2 plus the cleric's 1.
    assert healed == [("Cleric", 1), ("Fountain of Healing", 3)]
    assert hero(game).health == 10


# ---------------------------------------------------------------------- the shop

def shop_game(stock=None, gold=10, character="warrior", **fields):
    """The hero one step west of a face-up shop."""
    shop = up("shop") if stock is None else up("shop", stock=stock)
    return story("╶─╴", "@$.", {"$": shop, ".": OPEN}, character=character, gold=gold,
                 **fields)


def on_shop(stock=None, **kw):
    game = shop_game(stock, **kw)
    act(game, "move E")
    return game


def stock_uid(game, card_id):
    for card in game.stock[game.players[0].pos]:
        if card.id == card_id:
            return card.uid
    raise AssertionError(f"{card_id} is not in stock")


def stock_ids(game):
    return [c.id for c in game.stock[game.index((0, 1))]]


def test_a_shop_without_listed_stock_sells_the_default_shop_cards():
    game = shop_game()
    assert stock_ids(game) == list(DEFAULT_SHOP_STOCK)
    assert "shopkeeper_debt" in stock_ids(game)


def test_a_shop_sells_exactly_the_stock_its_author_lists():
    game = shop_game(["sword", "potion", "potion"])
    assert stock_ids(game) == ["sword", "potion", "potion"]
    colours = [c.colour for c in game.stock[game.index((0, 1))] if c.id == "potion"]
    assert all(colour in POTION_COLOURS for colour in colours)


def test_buying_costs_twice_the_cards_gold():
    game = on_shop(["sword"])
    events = act(game, f"buy {stock_uid(game, 'sword')}")
    buy = first(events, "buy")
    assert (buy["card"], buy["price"], buy["purse"]) == ("sword", 8, 2)
    assert [c.id for c in hero(game).hand] == ["sword"]
    assert hero(game).gold == 2
    assert stock_ids(game) == []


def test_buying_without_enough_to_pay_is_refused_and_changes_nothing():
    game = on_shop(["sword"], gold=7)
    before = game.fingerprint()
    assert game.why_illegal(action(f"buy {stock_uid(game, 'sword')}")) == \
        "it costs 8 gold and you have 7"
    assert game.fingerprint() == before


def test_a_card_can_be_paid_for_with_cards_that_have_a_gold_amount():
    game = on_shop(["sword"], gold=0)
    troll = give(game, "troll")  # loot worth 5
    kobold = give(game, "kobold")  # loot worth 2
    assert game.why_illegal(action(f"buy {stock_uid(game, 'sword')} pay={troll}")) == \
        "it costs 8 gold and you have 5"
    game.apply(action(f"buy {stock_uid(game, 'sword')} pay={troll},{kobold},"
                      f"{give(game, 'goblin')}"))
    # 5 + 2 + 2 = 9 paid for an 8-gold sword: 1 comes back as change.
    assert hero(game).gold == 1
    assert [c.id for c in hero(game).hand] == ["sword"]


def test_gold_and_cards_can_pay_together():
    game = on_shop(["sword"], gold=5)
    troll = give(game, "troll")
    events = act(game, f"buy {stock_uid(game, 'sword')} pay={troll}")
    assert first(events, "buy")["paid_with"] == ["troll"]
    assert hero(game).gold == 2  # 5 + 5 - 8


def test_cards_without_a_gold_amount_cannot_pay():
    game = on_shop(["sword"], gold=0)
    key = give(game, "key")
    assert game.why_illegal(action(f"buy {stock_uid(game, 'sword')} pay={key}")) == \
        "Key has no gold value to pay with"


def test_a_card_pays_only_once_and_only_from_the_hand():
    game = on_shop(["sword"], gold=0)
    troll = give(game, "troll")
    sword = stock_uid(game, "sword")
    assert game.why_illegal(action(f"buy {sword} pay={troll},{troll}")) == \
        "you can only pay with cards in your hand, each once"
    assert game.why_illegal(action(f"buy {sword} pay=999")) == \
        "you can only pay with cards in your hand, each once"


def test_a_card_not_in_stock_cannot_be_bought():
    game = on_shop(["sword"])
    sword = stock_uid(game, "sword")
    act(game, f"buy {sword}")
    assert game.why_illegal(action(f"buy {sword}")) == "the shop does not have that card"


def test_selling_gives_the_cards_gold_and_discards_it():
    game = on_shop(gold=0)
    goblin = give(game, "goblin")
    events = act(game, f"sell {goblin}")
    assert first(events, "sell") == {"player": 0, "card": "goblin", "name": "Goblin", "gold": 2,
                                     "purse": 2}
    assert hero(game).hand == []
    assert goblin not in [c.uid for c in game.stock[hero(game).pos]]


def test_the_bard_sells_for_one_gold_more():
    game = on_shop(gold=0, character="bard")
    act(game, f"sell {give(game, 'goblin')}")
    assert hero(game).gold == 3


@pytest.mark.parametrize(("card", "name"), [
    ("key", "Key"), ("amulet_of_vigour", "Amulet of Vigour"), ("cursed_skull", "Cursed Skull"),
    ("basilisk_venom", "Venom Basilisk"), ("golem", "The Golem"),
])
def test_cards_without_a_sellable_gold_amount_cannot_be_sold(card, name):
    game = on_shop()
    uid = give(game, card)
    assert game.why_illegal(action(f"sell {uid}")) == f"{name} cannot be sold"


def test_a_card_not_in_the_hand_cannot_be_sold():
    game = on_shop()
    sword = give(game, "sword")
    act(game, f"equip {sword}")
    assert game.why_illegal(action(f"sell {sword}")) == "that card is not in your hand"


def test_several_deals_can_be_made_in_one_turn():
    game = on_shop(["sword", "helm", "boots"], gold=10)
    act(game, f"buy {stock_uid(game, 'sword')}")  # 10 - 8 = 2
    act(game, f"sell {give(game, 'troll')}")  # + 5 = 7
    act(game, f"buy {stock_uid(game, 'helm')}")  # - 6 = 1
    act(game, f"sell {uid_of(game, 'sword')}")  # + 4 = 5
    act(game, f"buy {stock_uid(game, 'boots')}")  # - 4 = 1
    assert game.turn == 1
    assert hero(game).gold == 1
    assert sorted(c.id for c in hero(game).hand) == ["boots", "helm"]


def test_shopping_is_only_allowed_on_the_shop_tile():
    game = shop_game(["sword"])
    # Next to the shop is not on it.
    assert game.why_illegal(action(f"buy {stock_uid_at(game, 'sword')}")) == "you are not on a shop"
    assert game.why_illegal(action(f"sell {give(game, 'goblin')}")) == "you are not on a shop"
    act(game, "move E")
    assert game.why_illegal(action(f"buy {stock_uid(game, 'sword')}")) is None


def stock_uid_at(game, card_id, cell=(0, 1)):
    for card in game.stock[game.index(cell)]:
        if card.id == card_id:
            return card.uid
    raise AssertionError(card_id)


def test_no_shopping_while_in_combat():
    game = story("╶──╴", "@$g.", {"$": up("shop", stock=["sword"]), "g": up("goblin")}, gold=10)
    act(game, "move E")  # onto the shop, next to the goblin
    assert game.in_combat(hero(game))
    reason = "you cannot trade with the shopkeeper while in combat"
    assert game.why_illegal(action(f"buy {stock_uid(game, 'sword')}")) == reason
    assert game.why_illegal(action(f"sell {give(game, 'kobold')}")) == reason


def test_bought_potions_keep_their_colour():
    game = on_shop(["potion"])
    potion = stock_uid(game, "potion")
    colour = next(c.colour for c in game.stock[hero(game).pos] if c.uid == potion)
    act(game, f"buy {potion}")
    assert hero(game).hand[0].colour == colour


def test_the_shop_stays_after_a_deal():
    game = on_shop(["sword", "helm"])
    act(game, f"buy {stock_uid(game, 'sword')}", "end")
    assert game.board.content[hero(game).pos].id == "shop"
    assert stock_ids(game) == ["helm"]


# ---------------------------------------------------------------------- potions on the board

def test_stepping_onto_a_potion_picks_it_up_and_leaves_a_path():
    game = story("╶─╴", "@p.", {"p": up("potion", colour="green"), ".": OPEN})
    events = act(game, "move E")
    pickup = first(events, "pickup")
    assert (pickup["card"], pickup["colour"], pickup["from"]) == ("potion", "green", [0, 1])
    assert [(c.id, c.colour) for c in hero(game).hand] == [("potion", "green")]
    assert game.board.content[game.index((0, 1))] is None


def test_a_flipped_potion_is_picked_up_by_the_hero_who_steps_on_it():
    game = story("╶─╴", "@p.", {"p": "potion"})
    act(game, "flip E")
    assert hero(game).hand == []
    act(game, "move E")
    assert [c.id for c in hero(game).hand] == ["potion"]
    assert hero(game).hand[0].colour in POTION_COLOURS


def test_a_picked_up_potion_is_gone_from_the_tile_for_the_next_visit():
    game = story("╶─╴", "@p.", {"p": up("potion", colour="red"), ".": OPEN})
    act(game, "move E", "end", "move E", "end")
    events = act(game, "move W")
    assert "pickup" not in kinds(events)
    assert len(hero(game).hand) == 1


# ---------------------------------------------------------------------- enemies on traps

def enemy_sent_onto(trap):
    """A goblin next to the hero, thrown a teleport potion and landed on a face-up trap."""
    game = story("╶╴ ╶╴", "@g .x", {"g": up("goblin"), ".": OPEN, "x": up(trap)},
                 potion_identity={"red": "teleport"})
    potion = give(game, "potion", colour="red")
    events = act(game, f"throw {potion} E", "place 0,4")
    return game, game.enemies[game.index((0, 4))], events


def test_an_enemy_landing_on_spikes_loses_two_health():
    _, goblin, events = enemy_sent_onto("trap_spikes")
    assert first(events, "enemy_trap")["trap"] == "spikes"
    assert goblin.health == 3


def test_an_enemy_landing_on_a_paralysis_trap_sits_out_a_round():
    _, goblin, _ = enemy_sent_onto("trap_paralysis")
    assert goblin.paralysed == 1
    assert goblin.health == 5


def test_an_enemy_landing_on_a_poison_trap_loses_one_health_on_the_senders_next_two_turns():
    game, goblin, _ = enemy_sent_onto("trap_poison")
    assert (goblin.poison, goblin.poisoner) == (2, 0)
    act(game, "end")
    assert goblin.health == 4
    act(game, "end", "end")
    assert goblin.health == 3 and goblin.poison == 0


def test_shop_card_without_a_gold_amount_is_not_for_sale():
    """The Shop: a card's price is twice its gold amount; a card with none (an artifact, the
    key) has no price, so it is not for sale (lint refuses such a stock too)."""
    legend = {"$": {"card": "shop", "revealed": True, "stock": ["ring_of_might", "sword"]}}
    g = story("╶╴", "@$", legend, character="bard", gold=20)
    act(g, "move E")
    ring, sword = g.stock[g.index((0, 1))]
    with pytest.raises(IllegalAction, match="Ring of Might has no price: it is not for sale"):
        g.apply(Action("buy", card=ring.uid))
    assert not [a for a in g.legal_actions() if a.kind == "buy" and a.card == ring.uid]
    g.apply(Action("buy", card=sword.uid))
    assert g.players[0].gold == 20 - 8
