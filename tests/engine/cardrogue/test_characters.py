"""Rulebook: Starting the game > The deciding roll and characters, Convenient Cards (10 max
health unless the character says otherwise), the later edition's six characters (the Mage and
its cooldown card, the Bard), and the clarifications they lean on (Character card, Max health,
+X to attack roll, +X Movement, Roll a die: if X: can flee / can avoid trap, Secondary hand slot
for the Rogue's second dagger, Stealing). The numbers are those of data/cards.toml."""

from __future__ import annotations

import pytest

from engine.cardrogue import Action, characters
from engine.cardrogue.turn import MOVES_USED
from tests.engine.cardrogue.support import (
    OPEN,
    act,
    first,
    give,
    hero,
    kinds,
    reason,
    rig,
    story,
    table,
    uid_of,
)

ALL = ("warrior", "rogue", "cleric", "explorer", "mage", "bard")


def fight(character, enemy="goblin", **fields):
    """Hero on (0,1) with a revealed tile west, flipping the enemy east to start a fight."""
    g = story("╶─╴", "o@e", {"o": OPEN, "e": enemy}, character=character, **fields)
    act(g, "flip E")
    return g


# ----------------------------------------------------------------------------- the numbers

@pytest.mark.parametrize("character, health", [
    ("warrior", 12), ("rogue", 8), ("cleric", 10), ("explorer", 9), ("mage", 8), ("bard", 10)])
def test_max_health_and_starting_health(character, health):
    g = story("╶╴", "@.", character=character)
    assert hero(g).health == health
    assert characters.max_health(g, hero(g)) == health


@pytest.mark.parametrize("character, modifier", [
    ("warrior", 1), ("rogue", 0), ("cleric", -1), ("explorer", 0), ("mage", 0), ("bard", -1)])
def test_attack_roll_modifier(character, modifier):
    g = fight(character, {"card": "goblin", "health": 20})
    rig(g, "fight", 4)
    hit = first(act(g, "attack E"), "attack")
    assert hit["modifier"] == modifier and hit["damage"] == 4 + modifier


def mover(character):
    """Hero on (0,0); a face-down path east, then two revealed tiles."""
    return story("╶──╴", "@.oo", {"o": OPEN}, character=character)


@pytest.mark.parametrize("character", ["warrior", "rogue", "cleric", "mage", "bard"])
def test_one_move_after_flipping(character):
    g = mover(character)
    act(g, "flip E", "move E")
    assert reason(g, "move E") == MOVES_USED


def test_explorer_moves_one_more_tile():
    g = mover("explorer")
    act(g, "flip E", "move E", "move E")
    assert hero(g).pos == g.index((0, 2))
    assert reason(g, "move E") == MOVES_USED


def test_explorer_extra_move_needs_to_be_out_of_combat():
    g = story("╶─╴", "@og", {"o": OPEN, "g": {"card": "goblin", "revealed": True}},
              character="explorer")
    act(g, "move E")
    assert reason(g, "move W") == "you are in combat: attack or flee"


# ----------------------------------------------------------------------------- fleeing

@pytest.mark.parametrize("character", ["rogue", "cleric", "explorer", "mage"])
def test_flee_on_four_to_six_only(character):
    g = fight(character)
    rig(g, "flee", 3)
    assert not first(act(g, "flee W"), "flee")["success"]
    g = fight(character)
    rig(g, "flee", 4)
    assert first(act(g, "flee W"), "flee")["success"]


def test_bard_also_flees_on_three():
    g = fight("bard")
    rig(g, "flee", 3)
    assert first(act(g, "flee W"), "flee")["success"]
    g = fight("bard")
    rig(g, "flee", 2)
    assert not first(act(g, "flee W"), "flee")["success"]


def test_warrior_does_not_flee():
    g = fight("warrior")
    # Whichever way he tries, even where no tile would do (found by a tester: he was told
    # about the tile, not that he does not flee).
    for way in ("N", "E", "S", "W"):
        assert reason(g, f"flee {way}") == \
            "the Warrior does not flee without an item that allows it", way


def test_warrior_with_an_item_flees_only_on_the_item_face():
    for face, success in ((3, True), (4, False), (5, False), (6, False)):
        g = fight("warrior")
        g.apply(Action("equip", card=give(g, "shadow_cape")))
        rig(g, "flee", face)
        assert first(act(g, "flee W"), "flee")["success"] is success


# ----------------------------------------------------------------------------- traps

@pytest.mark.parametrize("character", ["explorer", "mage"])
def test_explorer_and_mage_avoid_traps_on_a_six(character):
    g = story("╶─╴", "o@t", {"o": OPEN, "t": "trap_spikes"}, character=character)
    health = hero(g).health
    rig(g, "trap", 6)
    trap = first(act(g, "flip E"), "trap")
    assert trap["roll"] == 6 and trap["avoided"] and trap["avoid_on"] == [6]
    assert hero(g).health == health


@pytest.mark.parametrize("character", ["explorer", "mage"])
def test_explorer_and_mage_are_hit_on_other_faces(character):
    g = story("╶─╴", "o@t", {"o": OPEN, "t": "trap_spikes"}, character=character)
    health = hero(g).health
    rig(g, "trap", 5)
    assert not first(act(g, "flip E"), "trap")["avoided"]
    assert hero(g).health == health - 2


@pytest.mark.parametrize("character", ["warrior", "rogue", "cleric", "bard"])
def test_other_characters_roll_nothing_against_traps(character):
    g = story("╶─╴", "o@t", {"o": OPEN, "t": "trap_spikes"}, character=character)
    health = hero(g).health
    trap = first(act(g, "flip E"), "trap")
    assert trap["roll"] is None and not trap["avoided"]
    assert hero(g).health == health - 2


def test_vision_lens_adds_its_faces_to_the_explorer_six():
    g = story("╶─╴", "o@t", {"o": OPEN, "t": "trap_spikes"}, character="explorer")
    g.apply(Action("equip", card=give(g, "vision_lens")))
    rig(g, "trap", 5)
    trap = first(act(g, "flip E"), "trap")
    assert trap["avoid_on"] == [5, 6] and trap["avoided"]


# ----------------------------------------------------------------------------- the Rogue

def test_rogue_second_dagger_goes_to_the_secondary_hand():
    g = story("╶╴", "@.", character="rogue")
    g.apply(Action("equip", card=give(g, "dagger")))
    g.apply(Action("equip", card=give(g, "dagger")))
    assert set(hero(g).equipped) == {"primary", "secondary"}
    assert {g.catalog.cards[c.id].id for c in hero(g).equipped.values()} == {"dagger"}


def neighbours(thief, victim="bard"):
    g = table("╶╴", "@@", None, [("Ann", thief), ("Bob", victim)], [(0, 0), (0, 1)])
    give(g, "sword", seat=1)
    return g


def test_rogue_steals_on_a_five():
    g = neighbours("rogue")
    rig(g, "steal", 5)
    steal = first(g.apply(Action("steal", player=1)), "steal")
    assert steal["success"] and steal["card"] == "sword"
    assert [c.id for c in g.players[0].hand] == ["sword"]


@pytest.mark.parametrize("character", ["warrior", "cleric", "explorer", "mage", "bard"])
def test_others_need_a_six_to_steal(character):
    g = neighbours(character)
    rig(g, "steal", 5)
    assert not first(g.apply(Action("steal", player=1)), "steal")["success"]
    g = neighbours(character)
    rig(g, "steal", 6)
    assert first(g.apply(Action("steal", player=1)), "steal")["success"]


# ----------------------------------------------------------------------------- the Cleric

def test_cleric_heals_one_at_the_start_of_each_turn():
    g = story("╶╴", "@.", character="cleric", health=4)
    assert first(g.opening_events, "healed")["health"] == 5  # the first turn counts too
    events = act(g, "end")
    assert first(events, "healed") == {"player": 0, "amount": 1, "health": 6, "max_health": 10,
                                       "cause": "Cleric"}
    act(g, "end", "end")
    assert hero(g).health == 8


def test_cleric_healing_stops_at_max_health():
    g = story("╶╴", "@.", character="cleric", health=9)
    act(g, "end", "end")
    assert hero(g).health == 10


def test_cleric_does_not_heal_in_combat():
    g = fight("cleric", {"card": "goblin", "health": 20}, health=5)
    health = hero(g).health
    rig(g, "fight", 1)
    events = act(g, "attack E")  # the turn ends; the next starts in combat
    assert "healed" not in kinds(events)
    assert hero(g).health == health - 2


@pytest.mark.parametrize("character, healed", [("cleric", 1 + 3), ("bard", 2)])
def test_cleric_fountain_heals_one_more(character, healed):
    g = story("╶╴", "@f", {"f": {"card": "fountain", "revealed": True}}, character=character,
              health=3)
    act(g, "move E")
    health = hero(g).health
    rig(g, "fountain", 1)
    act(g, "end")
    assert hero(g).health == health + healed


def test_other_characters_do_not_regenerate():
    for character in ("warrior", "rogue", "explorer", "mage", "bard"):
        g = story("╶╴", "@.", character=character, health=5)
        act(g, "end", "end")
        assert hero(g).health == 5


# ----------------------------------------------------------------------------- the Mage

def test_mage_spell_deals_its_damage_to_an_adjacent_enemy():
    g = fight("mage", {"card": "goblin", "health": 9})
    events = act(g, "cast E")
    assert first(events, "spell") == {"player": 0, "target": [0, 2], "damage": 3, "cooldown": 3}
    assert g.enemies[g.index((0, 2))].health == 6


def test_mage_spell_is_not_the_attack_of_the_round():
    g = fight("mage", {"card": "goblin", "health": 9})
    events = act(g, "cast E")
    assert "enemy_attack" not in kinds(events)
    assert reason(g, "end") == "you are in combat: attack or flee first"
    rig(g, "fight", 6)
    act(g, "attack E")  # 3 + 6 kills it in the same turn
    assert not g.enemies


def test_mage_spell_and_attack_kill_a_zombie_in_one_turn():
    g = fight("mage", "zombie")
    act(g, "cast E")
    rig(g, "fight", 3)
    events = act(g, "attack E")
    assert first(events, "slain")["card"] == "zombie"


def test_mage_spell_slaying_a_flipped_enemy_resumes_the_turn():
    g = fight("mage", "cave_bat")
    events = act(g, "cast E")
    assert first(events, "slain")["card"] == "cave_bat"
    assert [c.id for c in hero(g).hand] == ["cave_bat"]
    act(g, "move E")  # combat began by flipping: the hero may move on


def test_mage_spell_cools_down_for_three_turns():
    g = story("╶─╴", "o@e", {"o": OPEN, "e": {"card": "troll", "health": 40}}, character="mage")
    act(g, "flip E", "cast E")
    assert hero(g).cooldown == 3
    assert reason(g, "cast E") == "the spell is cooling down (3 turn(s) left)"
    act(g, "flee W", "end")                 # trolls do not chase
    assert hero(g).cooldown == 2
    act(g, "move E")
    assert reason(g, "cast E") == "the spell is cooling down (2 turn(s) left)"
    act(g, "flee W", "end", "move E")
    assert reason(g, "cast E") == "the spell is cooling down (1 turn(s) left)"
    act(g, "flee W", "end", "move E")
    assert hero(g).cooldown == 0
    assert first(act(g, "cast E"), "spell")["damage"] == 3


def test_mage_spell_needs_an_adjacent_enemy():
    g = story("╶─╴", "o@.", {"o": OPEN}, character="mage")
    assert reason(g, "cast E") == "there is no adjacent enemy that way"
    assert reason(g, "cast W") == "there is no adjacent enemy that way"


@pytest.mark.parametrize("character", ["warrior", "rogue", "cleric", "explorer", "bard"])
def test_only_the_mage_casts(character):
    g = fight(character)
    name = character.capitalize()
    assert reason(g, "cast E") == f"the {name} casts no spells"


# ----------------------------------------------------------------------------- the Bard

def shop_with_loot(character):
    g = story("╶─╴", "s@e", {"s": {"card": "shop", "revealed": True, "stock": ["boots"]},
                             "e": "kobold"}, character=character)
    act(g, "flip E")
    rig(g, "fight", 6)
    act(g, "attack E", "move W")
    return g


def test_bard_sells_for_one_more_gold():
    g = shop_with_loot("bard")
    events = g.apply(Action("sell", card=uid_of(g, "kobold")))
    assert first(events, "sell")["gold"] == 2 + 1
    g.apply(Action("sell", card=give(g, "potion", colour="red")))
    assert hero(g).gold == 3 + 2


@pytest.mark.parametrize("character", ["warrior", "rogue", "cleric", "explorer", "mage"])
def test_others_sell_for_the_card_gold(character):
    g = shop_with_loot(character)
    g.apply(Action("sell", card=uid_of(g, "kobold")))
    assert hero(g).gold == 2


def test_bard_pays_full_price():
    g = shop_with_loot("bard")
    boots = g.stock[g.index((0, 0))][0].uid
    g.apply(Action("sell", card=uid_of(g, "kobold")))
    g.apply(Action("sell", card=give(g, "potion", colour="red")))
    assert hero(g).gold == 5
    assert first(g.apply(Action("buy", card=boots)), "buy")["price"] == 4
    assert hero(g).gold == 1
