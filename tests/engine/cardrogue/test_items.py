"""Rulebook: Items (the card symbols), Scrolls, Weapons and Armor, Artifacts, Potions, the
Exceptional Rules on teleporting or moving out of turn, and the clarifications on slots
(Primary, Secondary, Head, Chest, Feet; the Maul; the Rogue's second dagger), Cursed, the
scrolls (Identify, Move to any adjacent tile, Poison instead heals, Remove all your cursed items,
+X to max health), and each Potion (drunk and thrown) with Teleportation's limits."""

from __future__ import annotations

import pytest

from engine.cardrogue import Action, characters
from engine.cardrogue.turn import MOVES_USED
from tests.engine.cardrogue.support import (
    OPEN,
    act,
    first,
    foe,
    give,
    hero,
    kinds,
    reason,
    rig,
    story,
    table,
    uid_of,
    versus,
)


def hand(g, seat=0) -> list[str]:
    return [g.catalog.cards[c.id].base or c.id for c in g.players[seat].hand]


def slots(g, seat=0) -> dict[str, str]:
    return {s: g.catalog.cards[c.id].base or c.id for s, c in g.players[seat].equipped.items()}


def equip(g, card_id: str, seat=0) -> list:
    return g.apply(Action("equip", card=give(g, card_id, seat)))


def plain(character="rogue", **fields):
    """Hero on (0,1) with a revealed empty tile west and a face-down path east."""
    return story("╶─╴", "o@.", {"o": OPEN}, character=character, **fields)


# ----------------------------------------------------------------------------- equipment slots

@pytest.mark.parametrize("card, slot", [
    ("sword", "primary"), ("dagger", "primary"), ("battle_axe", "primary"),
    ("helm", "head"), ("vision_lens", "head"), ("chestplate", "chest"),
    ("shadow_cape", "chest"), ("boots", "feet"), ("hasty_boots", "feet"),
    ("shield", "secondary"),
])
def test_each_item_goes_to_its_slot(card, slot):
    g = plain()
    events = equip(g, card)
    assert first(events, "equip")["slots"] == [slot]
    assert slots(g) == {slot: card}
    assert hand(g) == []


def test_all_five_slots_can_be_filled_at_once():
    g = plain()
    for card in ("sword", "shield", "helm", "chestplate", "boots"):
        equip(g, card)
    assert slots(g) == {"primary": "sword", "secondary": "shield", "head": "helm",
                        "chest": "chestplate", "feet": "boots"}


def test_one_item_per_slot_the_old_one_returns_to_the_hand():
    g = plain()
    equip(g, "helm")
    equip(g, "vision_lens")
    assert slots(g) == {"head": "vision_lens"}
    assert hand(g) == ["helm"]


def test_swapping_weapons():
    g = plain()
    equip(g, "sword")
    equip(g, "battle_axe")
    assert slots(g) == {"primary": "battle_axe"} and hand(g) == ["sword"]
    g.apply(Action("equip", card=uid_of(g, "sword")))
    assert slots(g) == {"primary": "sword"} and hand(g) == ["battle_axe"]


def test_only_weapons_and_armour_can_be_equipped():
    g = plain()
    for card, name in (("potion", "Potion"), ("scroll_identify", "Scroll of Identify"),
                       ("ring_of_might", "Ring of Might")):
        uid = give(g, card, colour="red" if card == "potion" else None)
        assert reason(g, f"equip {uid}") == f"{name} is not a weapon or armour"


def test_equip_needs_the_card_in_hand():
    g = plain()
    assert reason(g, "equip 999") == "that card is not in your hand"
    equip(g, "sword")
    assert reason(g, f"equip {hero(g).equipped['primary'].uid}") == "that card is not in your hand"


def test_unequip_returns_the_card_to_the_hand():
    g = plain()
    equip(g, "helm")
    events = g.apply(Action("unequip", card=hero(g).equipped["head"].uid))
    assert first(events, "unequip")["card"] == "helm"
    assert slots(g) == {} and hand(g) == ["helm"]
    assert reason(g, f"unequip {uid_of(g, 'helm')}") == "that card is not equipped"


def test_gear_works_only_when_equipped():
    g = versus({"card": "goblin", "health": 20})
    give(g, "sword")
    rig(g, "fight", 3)
    assert first(act(g, "attack E"), "attack")["damage"] == 3
    g.apply(Action("equip", card=uid_of(g, "sword")))
    rig(g, "fight", 3)
    assert first(act(g, "attack E"), "attack")["damage"] == 4


def test_maul_takes_both_hands():
    g = plain()
    equip(g, "sword")
    equip(g, "shield")
    events = equip(g, "maul")
    assert first(events, "equip")["slots"] == ["primary", "secondary"]
    assert slots(g) == {"primary": "maul", "secondary": "maul"}
    assert sorted(hand(g)) == ["shield", "sword"]


def test_a_shield_pushes_the_maul_out_of_both_hands():
    g = plain()
    equip(g, "maul")
    equip(g, "shield")
    assert slots(g) == {"secondary": "shield"} and hand(g) == ["maul"]


def test_a_one_handed_weapon_pushes_the_maul_out_of_both_hands():
    g = plain()
    equip(g, "maul")
    equip(g, "sword")
    assert slots(g) == {"primary": "sword"} and hand(g) == ["maul"]


def test_unequipping_the_maul_frees_both_hands():
    g = plain()
    equip(g, "maul")
    g.apply(Action("unequip", card=hero(g).equipped["primary"].uid))
    assert slots(g) == {} and hand(g) == ["maul"]


def test_rogue_holds_a_second_dagger_in_the_secondary_hand():
    g = plain("rogue")
    equip(g, "dagger")
    events = equip(g, "dagger")
    assert first(events, "equip")["slots"] == ["secondary"]
    assert slots(g) == {"primary": "dagger", "secondary": "dagger"}
    assert hero(g).equipped["primary"] != hero(g).equipped["secondary"]


def test_rogue_third_dagger_replaces_the_second():
    g = plain("rogue")
    equip(g, "dagger")
    equip(g, "dagger")
    second = hero(g).equipped["secondary"]
    equip(g, "dagger")
    assert hero(g).hand == [second]


def test_rogue_second_dagger_replaces_a_shield():
    g = plain("rogue")
    equip(g, "dagger")
    equip(g, "shield")
    equip(g, "dagger")
    assert slots(g) == {"primary": "dagger", "secondary": "dagger"} and hand(g) == ["shield"]


def test_rogue_dagger_without_a_dagger_in_hand_goes_to_the_primary_hand():
    g = plain("rogue")
    equip(g, "sword")
    equip(g, "dagger")
    assert slots(g) == {"primary": "dagger"} and hand(g) == ["sword"]


def test_secondary_hand_holds_a_second_dagger_only_beside_a_dagger():
    """Secondary hand: only the Rogue's second dagger, beside a dagger, goes there. A weapon
    that takes the primary hand sends both daggers back, never leaving axe and dagger."""
    g = plain("rogue")
    equip(g, "dagger")
    equip(g, "dagger")
    events = equip(g, "battle_axe")
    assert slots(g) == {"primary": "battle_axe"} and sorted(hand(g)) == ["dagger", "dagger"]
    assert first(events, "equip")["slots"] == ["primary"]


def test_secondary_hand_a_lone_dagger_is_held_in_the_primary_hand():
    g = plain("rogue")
    equip(g, "dagger")
    equip(g, "dagger")
    first_dagger = hero(g).equipped["primary"]
    second = hero(g).equipped["secondary"]
    g.apply(Action("unequip", card=first_dagger.uid))
    assert hero(g).equipped == {"primary": second}
    # a dagger equipped now is the second dagger again
    equip(g, "dagger")
    assert slots(g) == {"primary": "dagger", "secondary": "dagger"}


@pytest.mark.parametrize("character", ["warrior", "cleric", "explorer", "mage", "bard"])
def test_other_characters_swap_daggers(character):
    g = plain(character)
    equip(g, "dagger")
    equip(g, "dagger")
    assert slots(g) == {"primary": "dagger"} and hand(g) == ["dagger"]


def cursed_sword(**fields):
    """Hero on (0,0); a revealed cursed sword on (0,1)."""
    g = story("╶╴", "@c", {"c": {"card": "sword", "cursed": True, "revealed": True}},
              character="rogue", **fields)
    act(g, "move E")
    return g


def test_cursed_equipment_cannot_be_unequipped():
    g = cursed_sword()
    g.apply(Action("equip", card=uid_of(g, "sword")))
    uid = hero(g).equipped["primary"].uid
    assert reason(g, f"unequip {uid}") == "the cursed Sword cannot be taken off"


def test_cursed_equipment_cannot_be_pushed_out_of_its_slot():
    g = cursed_sword()
    g.apply(Action("equip", card=uid_of(g, "sword")))
    for card in ("battle_axe", "maul"):
        uid = give(g, card)
        assert reason(g, f"equip {uid}") == "the cursed Sword cannot be taken off"
    equip(g, "helm")  # other slots are free
    assert slots(g)["primary"] == "sword"


# ----------------------------------------------------------------------------- scrolls

def test_scroll_is_discarded_once_read():
    g = plain("bard")
    uid = give(g, "scroll_max_health")
    g.apply(Action("read", card=uid))
    assert hand(g) == []


def test_only_scrolls_are_read():
    g = plain()
    uid = give(g, "sword")
    assert reason(g, f"read {uid}") == "Sword is not a scroll"


def test_scrolls_cannot_be_thrown():
    g = versus()
    uid = give(g, "scroll_identify")
    assert reason(g, f"throw {uid} E") == "Scroll of Identify cannot be thrown"


def test_identify_reveals_a_potion_colour_without_using_the_potion():
    g = plain()
    potion = give(g, "potion", colour="blue")
    scroll = give(g, "scroll_identify")
    rig(g, "potion:blue", 3)
    events = g.apply(Action("read", card=scroll, cards=(potion,)))
    assert first(events, "potion_identified") == {"colour": "blue", "effect": "strength",
                                                  "rolls": [3]}
    assert g.potion_identity == {"blue": "strength"}
    assert [c.uid for c in hero(g).hand] == [potion]
    assert hero(g).bonus_attack == 0  # identified, not drunk


def test_identify_needs_an_unknown_potion_in_hand():
    g = plain(potion_identity={"blue": "healing"})
    scroll = give(g, "scroll_identify")
    sword = give(g, "sword")
    known = give(g, "potion", colour="blue")
    assert reason(g, Action("read", card=scroll, cards=(sword,))) == \
        "choose one potion in your hand to identify"
    assert reason(g, Action("read", card=scroll)) == "choose one potion in your hand to identify"
    assert reason(g, Action("read", card=scroll, cards=(known,))) == \
        "blue potions are already known"


def walled(target_entry=None, **fields):
    """Hero on (0,0) with no path east; (0,1) revealed but walled off; (1,0) face down south."""
    target = target_entry or OPEN
    return story("╷╶\n╵ ", "@x\n. ", {"x": target}, character="bard", **fields)


def test_move_scroll_crosses_a_wall_and_ends_the_turn():
    g = walled()
    assert reason(g, "move E") == "there is a wall that way"
    scroll = give(g, "scroll_move_adjacent")
    turn = g.turn
    events = g.apply(Action("read", card=scroll, target=(0, 1)))
    assert first(events, "teleported")["to"] == [0, 1]
    assert hero(g).pos == g.index((0, 1))
    assert g.turn == turn + 1
    assert hand(g) == []


def test_move_scroll_arrival_waits_for_the_next_turn():
    g = walled({"card": "trap_spikes", "revealed": True})
    events = g.apply(Action("read", card=give(g, "scroll_move_adjacent"), target=(0, 1)))
    order = kinds(events)
    assert order.index("turn_start") < order.index("arrive") < order.index("trap")
    assert hero(g).health == 10 - 2


def test_move_scroll_goes_only_one_tile_up_down_left_or_right():
    g = story("╶─╴\n╶─╴", "@oo\noo.", {"o": OPEN}, character="bard")
    scroll = give(g, "scroll_move_adjacent")
    for target in ((1, 1), (0, 2)):
        assert reason(g, Action("read", card=scroll, target=target)) == \
            "the scroll moves you one tile up, down, left or right"
    assert reason(g, Action("read", card=scroll)) == "choose the tile to move to"


def test_move_scroll_needs_a_revealed_free_tile():
    g = walled()
    scroll = give(g, "scroll_move_adjacent")
    assert reason(g, Action("read", card=scroll, target=(1, 0))) == \
        "you can only move onto a revealed tile with no one on it"   # face down
    g = walled({"card": "goblin", "revealed": True})
    scroll = give(g, "scroll_move_adjacent")
    assert reason(g, Action("read", card=scroll, target=(0, 1))) == \
        "you can only move onto a revealed tile with no one on it"   # an enemy


def test_poison_heals_scroll_is_read_while_poisoned():
    g = plain("bard", potion_identity={"green": "poison"})
    g.apply(Action("drink", card=give(g, "potion", colour="green")))
    g.apply(Action("read", card=give(g, "scroll_poison_heals")))
    assert hero(g).poison_heal == 1 and hand(g) == []


def test_remove_cursed_discards_cursed_cards_in_hand_and_equipped():
    g = cursed_sword()
    g.apply(Action("equip", card=uid_of(g, "sword")))
    for card in ("cursed_skull", "cursed_ring", "ring_of_might", "helm"):
        give(g, card)
    equip(g, "boots")
    assert characters.max_health(g, hero(g)) == 8 - 2
    events = g.apply(Action("read", card=give(g, "scroll_remove_cursed")))
    assert sorted(first(events, "cursed_removed")["cards"]) == ["cursed_ring", "cursed_skull",
                                                                "test:c"]
    assert sorted(hand(g)) == ["helm", "ring_of_might"]
    assert slots(g) == {"feet": "boots"}
    assert characters.max_health(g, hero(g)) == 8
    assert characters.attack_modifier(g, hero(g)) == 1  # the ring of might stays


def test_max_health_scroll_raises_max_and_current_health():
    g = plain("bard", health=7)
    events = g.apply(Action("read", card=give(g, "scroll_max_health")))
    assert first(events, "max_health") == {"player": 0, "change": 2, "max_health": 12,
                                           "health": 9}


# ----------------------------------------------------------------------------- artifacts

def test_flipped_artifact_goes_to_the_hand_and_leaves_a_path():
    g = story("╶─╴", "o@a", {"o": OPEN, "a": "ring_of_might"}, character="rogue")
    events = act(g, "flip E")
    assert first(events, "pickup")["card"] == "ring_of_might"
    assert hand(g) == ["ring_of_might"]
    assert g.board.content[g.index((0, 2))] is None
    act(g, "move E")
    assert hand(g) == ["ring_of_might"]


def test_artifact_attack_bonus_lasts_while_held():
    g = versus({"card": "goblin", "health": 20})
    give(g, "ring_of_might")
    rig(g, "fight", 2)
    assert first(act(g, "attack E"), "attack")["damage"] == 3


def test_artifact_damage_reduction_lasts_while_held():
    g = versus({"card": "goblin", "health": 20})
    give(g, "stone_charm")
    rig(g, "fight", 1)
    events = act(g, "attack E")
    assert first(events, "enemy_attack")["damage"] == 1


def test_artifacts_cannot_be_equipped_drunk_or_sold():
    g = story("╶╴", "@s", {"s": {"card": "shop", "revealed": True, "stock": []}},
              character="rogue")
    act(g, "move E")
    for card, name in (("ring_of_might", "Ring of Might"), ("cursed_skull", "Cursed Skull")):
        uid = give(g, card)
        assert reason(g, f"sell {uid}") == f"{name} cannot be sold"
        assert reason(g, f"drink {uid}") == f"{name} is not a potion"
        assert reason(g, f"equip {uid}") == f"{name} is not a weapon or armour"
    assert g.players[0].gold == 0


def test_artifacts_cannot_be_traded():
    g = table("╶╴", "@@", None, [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 1)])
    ring = give(g, "ring_of_might")
    assert reason(g, Action("trade", player=1, cards=(ring,))) == \
        "you can only give tradeable cards from your hand"


# ----------------------------------------------------------------------------- potion identity

def test_potion_identity_is_rolled_on_first_use():
    g = plain("bard")
    rig(g, "potion:red", 3)
    events = g.apply(Action("drink", card=give(g, "potion", colour="red")))
    assert first(events, "potion_identified") == {"colour": "red", "effect": "strength",
                                                  "rolls": [3]}
    assert first(events, "drink")["effect"] == "strength"
    assert g.potion_identity == {"red": "strength"}


def test_a_taken_effect_is_rolled_again_so_colours_differ():
    g = plain("bard")
    rig(g, "potion:red", 3)
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    rig(g, "potion:blue", 3, 3, 1)
    events = g.apply(Action("drink", card=give(g, "potion", colour="blue")))
    assert first(events, "potion_identified") == {"colour": "blue", "effect": "healing",
                                                  "rolls": [3, 3, 1]}
    assert g.potion_identity == {"red": "strength", "blue": "healing"}


def test_every_potion_of_a_colour_shares_its_identity():
    g = plain("bard")
    rig(g, "potion:red", 4)
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    events = g.apply(Action("drink", card=give(g, "potion", colour="red")))
    assert "potion_identified" not in kinds(events)
    assert first(events, "drink")["effect"] == "weakness"
    assert hero(g).bonus_attack == -2


def test_identities_are_shared_by_all_players():
    g = table("╶─╴", "@o@", {"o": OPEN}, [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 2)])
    rig(g, "potion:red", 3)
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    act(g, "end")
    events = g.apply(Action("drink", card=give(g, "potion", colour="red", seat=1)))
    assert "potion_identified" not in kinds(events)
    assert hero(g, 1).bonus_attack == 1


def test_level_potion_identity_fixes_the_effects():
    g = plain("bard", potion_identity={"red": "poison"})
    events = g.apply(Action("drink", card=give(g, "potion", colour="red")))
    assert "potion_identified" not in kinds(events)
    assert first(events, "drink")["effect"] == "poison"


def test_a_fixed_effect_is_not_rolled_for_another_colour():
    g = plain("bard", potion_identity={"red": "strength"})
    rig(g, "potion:blue", 3, 5)
    events = g.apply(Action("drink", card=give(g, "potion", colour="blue")))
    assert first(events, "potion_identified")["rolls"] == [3, 5]
    assert g.potion_identity["blue"] == "teleport"


# ----------------------------------------------------------------------------- drinking

def drinker(effect, **fields):
    g = plain("bard", potion_identity={"red": effect}, **fields)
    return g, g.apply(Action("drink", card=give(g, "potion", colour="red")))


def test_drinking_is_allowed_only_for_potions():
    g = plain()
    assert reason(g, f"drink {give(g, 'sword')}") == "Sword is not a potion"


def test_drinking_discards_the_potion():
    g, _ = drinker("strength")
    assert hand(g) == []


def test_drink_healing_restores_max_health():
    g, _ = drinker("healing", health=3)
    assert hero(g).health == 10


def test_drink_poison_poisons_for_three_turns():
    g, _ = drinker("poison")
    assert hero(g).poison == 3


def test_drink_strength_adds_one_to_attack_rolls():
    g, _ = drinker("strength")
    assert hero(g).bonus_attack == 1
    assert characters.attack_modifier(g, hero(g)) == -1 + 1  # the Bard's -1, then +1


def test_drink_weakness_takes_one_from_attack_rolls():
    g, _ = drinker("weakness")
    assert characters.attack_modifier(g, hero(g)) == -2


def test_strength_counts_in_the_attack():
    g = versus({"card": "goblin", "health": 20}, potion_identity={"red": "strength"})
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    rig(g, "fight", 4)
    assert first(act(g, "attack E"), "attack")["damage"] == 5


def test_drink_paralysis_ends_the_turn_without_losing_the_next():
    g, events = drinker("paralysis")
    assert first(events, "turn_ended")["cause"] == "potion of paralysis"
    assert "turn_end" in kinds(events) and "turn_lost" not in kinds(events)
    assert hero(g).skip == 0 and g.turn == 2


def teleport_board(character="bard", **fields):
    """Hero on (0,0) of a corridor: (0,1) revealed, (0,2) a revealed goblin, (0,3) revealed,
    (0,4) a revealed spike trap, (1,0) face down."""
    legend = {"o": OPEN, "g": {"card": "goblin", "revealed": True},
              "t": {"card": "trap_spikes", "revealed": True}}
    return story("┌───╴\n╵    ", "@ogot\n.    ", legend, character=character,
                 potion_identity={"red": "teleport"}, **fields)


def test_drink_teleport_leaves_a_place_to_choose():
    g = teleport_board()
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    assert g.pending is not None
    assert {a.kind for a in g.legal_actions()} == {"place"}
    assert reason(g, "end") == "choose where the teleported one lands first"
    assert reason(g, "move E") == "choose where the teleported one lands first"


def test_place_is_only_for_a_pending_teleport():
    g = teleport_board()
    assert reason(g, "place 0,1") == "there is nothing to place"


def test_teleport_cannot_land_on_an_occupied_or_unrevealed_tile():
    g = teleport_board()
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    for cell in ("0,2", "1,0", "0,0", "1,3"):  # enemy, face down, self, no card at all
        assert reason(g, f"place {cell}") == \
            "a teleport must land on a free, revealed pathing tile"
    legal = sorted(a.target for a in g.legal_actions())
    assert legal == [(0, 1), (0, 3), (0, 4)]


def test_drink_teleport_moves_the_hero_and_ends_the_turn_arrival_waits():
    g = teleport_board()
    turn = g.turn
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    events = act(g, "place 0,4")
    assert hero(g).pos == g.index((0, 4))
    assert g.turn == turn + 1
    order = kinds(events)
    # The trap springs only when the next turn begins.
    assert order.index("turn_end") < order.index("turn_start") < order.index("arrive") \
        < order.index("trap")
    assert g.in_combat(hero(g)) == []


def test_teleportation_lands_only_on_pathing_tiles():
    """The rulebook's "any pathing tile": a plain tile or a trap, never a shop, a fountain, a
    chest, an exit, a starting tile or a loose card."""
    legend = {"o": OPEN, "$": {"card": "shop", "revealed": True},
              "f": {"card": "fountain", "revealed": True}, "c": {"card": "chest", "revealed": True},
              "p": {"card": "potion", "revealed": True, "colour": "white"},
              "t": {"card": "trap_paralysis", "revealed": True}, ">": {"card": "ladder", "revealed": True}}
    g = story("╶──────╴", "@$fcpot>", legend, character="bard", potion_identity={"red": "teleport"})
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    assert sorted(a.target for a in g.legal_actions()) == [(0, 5), (0, 6)]
    for cell in ("0,1", "0,2", "0,3", "0,4", "0,7"):
        assert reason(g, f"place {cell}") == "a teleport must land on a free, revealed pathing tile"


def test_teleported_next_to_an_enemy_the_fight_starts_on_the_next_turn():
    g = teleport_board()
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    events = act(g, "place 0,3")
    assert "enemy_attack" not in kinds(events)
    assert g.in_combat(hero(g))
    assert reason(g, "end") == "you are in combat: attack or flee first"


# ----------------------------------------------------------------------------- throwing at enemies

def thrown(effect, enemy="goblin", character="bard", **fields):
    g = versus(enemy, character, potion_identity={"red": effect}, **fields)
    events = g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    return g, events


def test_throw_needs_someone_that_way_and_a_throwable_card():
    g = versus()
    potion = give(g, "potion", colour="red")
    assert reason(g, f"throw {potion} W") == "there is no one to throw at that way"
    assert reason(g, f"throw {potion} N") == "there is no one to throw at that way"
    assert reason(g, f"throw {give(g, 'sword')} E") == "Sword cannot be thrown"


def test_throw_at_an_enemy_out_of_reach_is_refused():
    g = story("╶──╴", "@o.e", {"o": OPEN, "e": {"card": "goblin", "revealed": True}},
              character="bard")
    act(g, "move E")
    potion = give(g, "potion", colour="red")
    assert reason(g, f"throw {potion} E") == "there is no one to throw at that way"


def test_throw_discards_the_potion():
    g, events = thrown("strength")
    assert hand(g) == [] and first(events, "throw")["target"] == [0, 2]


def test_throw_healing_restores_the_enemy_to_full_health():
    g = versus({"card": "goblin", "health": 9}, potion_identity={"red": "healing"},
               character="bard")
    rig(g, "fight", 5)
    act(g, "attack E")
    assert foe(g).health == 5
    g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    assert foe(g).health == 9


def test_throw_poison_poisons_the_enemy_for_three_turns():
    g, _ = thrown("poison")
    assert foe(g).poison == 3 and foe(g).poisoner == 0


def test_throw_strength_weakens_the_enemy_attack():
    g, events = thrown("strength")
    assert first(events, "enemy_attack_changed")["attack_mod"] == -1
    rig(g, "fight", 1)
    assert first(act(g, "attack E"), "enemy_attack")["attack"] == 1


def test_throw_weakness_strengthens_the_enemy_attack():
    g, _ = thrown("weakness")
    rig(g, "fight", 1)
    assert first(act(g, "attack E"), "enemy_attack")["attack"] == 3


def test_weakened_enemy_attack_below_zero_does_nothing():
    g = versus("cave_bat", "bard", potion_identity={"red": "strength"})
    for _ in range(2):
        g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    rig(g, "fight", 1)
    events = act(g, "attack E")
    assert first(events, "enemy_attack")["damage"] == 0
    assert hero(g).health == 10


def test_throw_paralysis_makes_the_enemy_sit_out_a_round():
    g, events = thrown("paralysis", {"card": "goblin", "health": 9})
    assert foe(g).paralysed == 1
    rig(g, "fight", 1)
    events = act(g, "attack E")
    assert "enemy_attack" not in kinds(events)
    assert hero(g).health == 10


def test_throw_teleport_lets_the_thrower_place_the_enemy():
    g = teleport_board()
    act(g, "move E")
    assert g.in_combat(hero(g))
    g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    assert reason(g, "place 0,1") == "a teleport must land on a free, revealed pathing tile"
    events = act(g, "place 0,4")
    assert first(events, "teleported") == {"enemy": True, "from": [0, 2], "to": [0, 4]}
    assert list(g.enemies) == [g.index((0, 4))]
    assert not g.in_combat(hero(g))
    act(g, "end")  # out of combat: the turn may simply end


def test_teleported_enemy_landing_on_a_trap_triggers_it():
    legend = {"o": OPEN, "g": {"card": "goblin", "revealed": True},
              "t": {"card": "trap_spikes", "revealed": True}}
    g = story("╶──╴", "@gtt", legend, character="bard", potion_identity={"red": "teleport"})
    g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    events = act(g, "place 0,3")
    assert first(events, "enemy_trap")["trap"] == "spikes"
    assert g.enemies[g.index((0, 3))].health == 5 - 2


# ----------------------------------------------------------------------------- throwing at players

def pair(effect, **fields):
    """Ann (bard) next to Bob (rogue), Ann to play, with a potion of `effect` coloured red."""
    g = table("╶─╴", "@@o", {"o": OPEN}, [("Ann", "bard"), ("Bob", "rogue")],
              [(0, 0), (0, 1)], potion_identity={"red": effect}, **fields)
    return g


def throw_at_bob(g):
    return g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))


def test_throw_healing_at_a_player_heals_them_fully():
    g = pair("healing", health=2)
    throw_at_bob(g)
    assert hero(g, 1).health == 8 and hero(g, 0).health == 2


def test_throw_poison_at_a_player():
    g = pair("poison")
    throw_at_bob(g)
    assert hero(g, 1).poison == 3 and hero(g, 0).poison == 0
    act(g, "end")
    assert hero(g, 1).health == 8 - 1


def test_throw_strength_at_a_player_raises_their_attack():
    g = pair("strength")
    throw_at_bob(g)
    assert hero(g, 1).bonus_attack == 1 and hero(g, 0).bonus_attack == 0


def test_throw_weakness_at_a_player_lowers_their_attack():
    g = pair("weakness")
    throw_at_bob(g)
    assert hero(g, 1).bonus_attack == -1


def test_throw_teleport_at_a_player_the_thrower_places_them():
    g = pair("teleport")
    throw_at_bob(g)
    assert g.player.seat == 0  # Ann chooses
    events = act(g, "place 0,2")
    assert hero(g, 1).pos == g.index((0, 2)) and hero(g, 1).deferred
    assert g.current == 0 and "turn_end" not in kinds(events)  # Ann's turn goes on
    act(g, "end")
    assert not hero(g, 1).deferred


def test_throw_paralysis_at_a_player_costs_them_a_turn():
    g = pair("paralysis")
    throw_at_bob(g)
    assert hero(g, 1).skip == 1
    events = act(g, "end")
    assert first(events, "turn_lost")["player"] == 1 and g.current == 1
    act(g, "end")
    assert g.current == 0


# ----------------------------------------------------------------------------- the end rush

def rush(**fields):
    g = pair("teleport", **fields)
    give(g, "golem", seat=1)  # Bob holds the golem: the end rush is on
    assert g.end_rush
    return g


def test_known_teleport_cannot_be_drunk_or_thrown_in_the_end_rush():
    g = rush()
    potion = give(g, "potion", colour="red")
    assert reason(g, f"drink {potion}") == "teleportation does not work during the end rush"
    assert reason(g, f"throw {potion} E") == "teleportation does not work during the end rush"


def test_unknown_potion_that_turns_out_teleport_has_no_effect_in_the_end_rush():
    g = table("╶─╴", "@@o", {"o": OPEN}, [("Ann", "bard"), ("Bob", "rogue")],
              [(0, 0), (0, 1)])
    give(g, "golem", seat=1)
    rig(g, "potion:red", 5)
    events = g.apply(Action("drink", card=give(g, "potion", colour="red")))
    assert first(events, "drink")["effect"] == "teleport"
    assert "no_effect" in kinds(events)
    assert g.pending is None and hero(g).pos == g.index((0, 0)) and hand(g) == []


def test_throwing_a_potion_identifies_its_colour():
    g = versus({"card": "goblin", "health": 9}, "bard")
    rig(g, "potion:red", 2)
    events = g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    assert first(events, "potion_identified")["effect"] == "poison"
    assert g.potion_identity == {"red": "poison"}


def test_potions_work_in_combat_and_several_in_one_turn():
    g = versus({"card": "goblin", "health": 9}, "bard",
               potion_identity={"red": "strength", "blue": "weakness"})
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    g.apply(Action("drink", card=give(g, "potion", colour="red")))
    g.apply(Action("throw", card=give(g, "potion", colour="blue"), dir="E"))
    assert hero(g).bonus_attack == 2 and foe(g).attack_mod == 1
    rig(g, "fight", 1)
    events = act(g, "attack E")
    assert first(events, "attack")["damage"] == 1 - 1 + 2
    assert first(events, "enemy_attack")["attack"] == 3


def test_hasty_boots_add_a_move_after_flipping():
    g = story("╶──╴", "@.oo", {"o": OPEN}, character="rogue")
    g.apply(Action("equip", card=give(g, "hasty_boots")))
    act(g, "flip E", "move E", "move E")
    assert hero(g).pos == g.index((0, 2))
    assert reason(g, "move E") == MOVES_USED


def test_taking_hasty_boots_off_takes_the_extra_move_away():
    g = story("╶──╴", "@.oo", {"o": OPEN}, character="rogue")
    g.apply(Action("equip", card=give(g, "hasty_boots")))
    act(g, "end")  # worn from the start of this turn
    act(g, "flip E", "move E")
    g.apply(Action("unequip", card=hero(g).equipped["feet"].uid))
    assert reason(g, "move E") == MOVES_USED


def test_hasty_boots_give_no_move_in_combat():
    g = story("╶─╴", "@oe", {"o": OPEN, "e": {"card": "goblin", "revealed": True}},
              character="rogue")
    act(g, "move E")  # combat begun by moving next to the goblin
    g.apply(Action("equip", card=give(g, "hasty_boots")))
    assert reason(g, "move W") == "you are in combat: attack or flee"
    rig(g, "fight", 6)
    act(g, "attack E")  # slain: the turn is at step 4, boots or not
    assert reason(g, "move W") == MOVES_USED


def test_teleportation_with_nowhere_to_land_has_no_effect():
    """No softlock: a teleport potion drunk when no other free pathing tile is revealed does
    nothing, rather than waiting for a landing place that cannot be chosen."""
    g = story("╶╴", "@.", {}, character="bard", potion_identity={"red": "teleport"})
    events = g.apply(Action("drink", card=give(g, "potion", colour="red")))
    assert first(events, "no_effect")["reason"] == "there is no free pathing tile to land on"
    assert g.pending is None and g.legal_actions()
