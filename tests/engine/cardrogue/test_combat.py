"""Rulebook: Turns > Combat (combat turn sequence, Fleeing from an enemy, Slaying an enemy),
Interacting with other players > Surround an Enemy, and the clarifications on the attack roll
(Min. Attack, Double Damage, Rolling an X: reroll twice / attack misses / block, +X and -X to
attack roll, Attack roll modifier + other attack modifiers) and on enemy abilities (Dodges,
Poison, Paralyze, Heals each attack, Does not chase, Must kill within a single turn, Attack is
double the roll, -X damage taken, Flee)."""

from __future__ import annotations

from engine.cardrogue import Action
from engine.cardrogue.turn import MOVES_USED
from tests.engine.cardrogue.support import (
    OPEN,
    act,
    duel,
    fight,
    first,
    foe,
    give,
    kinds,
    reason,
    rig,
    story,
    table,
    uid_of,
    up,
)


def approach(enemy="goblin", character="rogue", **fields):
    """Hero on (0,0), a revealed empty tile (0,1), a revealed enemy on (0,2)."""
    return story("╶─╴", "@oe", {"o": OPEN, "e": up(enemy) if isinstance(enemy, str)
                                else {**enemy, "revealed": True}},
                 character=character, **fields)


def attacks(events) -> list[dict]:
    return [e.data for e in events if e.kind == "enemy_attack"]


# ----------------------------------------------------------------------------- entering combat

def test_flipping_an_enemy_enters_combat():
    g = duel()
    events = act(g, "flip E")
    assert first(events, "flip")["card"] == "goblin"
    assert g.index((0, 2)) in g.enemies
    assert g.in_combat(g.players[0])


def test_moving_next_to_a_revealed_enemy_enters_combat():
    g = approach()
    assert not g.in_combat(g.players[0])
    act(g, "move E")
    assert g.in_combat(g.players[0])
    assert reason(g, "move W") == "you are in combat: attack or flee"


def test_combat_must_be_answered_by_an_attack_or_a_flee():
    g = fight()
    assert reason(g, "end") == "you are in combat: attack or flee first"
    assert reason(g, "move W") == "you are in combat: attack or flee"
    legal = {a.kind for a in g.legal_actions()}
    assert {"attack", "flee"} <= legal
    assert "end_turn" not in legal and "move" not in legal


def test_attack_needs_combat_and_an_enemy_that_way():
    g = duel()
    assert reason(g, "attack E") == "you are not in combat: no enemy is next to you"
    act(g, "flip E")
    assert reason(g, "attack W") == "there is no enemy that way"


# ----------------------------------------------------------------------------- the attack roll

def test_attack_deals_the_roll_plus_the_attack_modifier():
    g = fight(character="warrior")  # the Warrior's +1 to attack roll
    rig(g, "fight", 3)
    events = act(g, "attack E")
    hit = first(events, "attack")
    assert hit["rolls"] == [3] and hit["modifier"] == 1 and hit["damage"] == 4
    assert foe(g).health == 5 - 4


def test_attack_modifier_changes_the_damage_not_the_roll():
    # Rolling a 5 with +1 deals 6 but the roll stays a 5: a 5 is no dagger 6.
    g = fight({"card": "goblin", "health": 20}, character="warrior")
    g.apply(Action("equip", card=give(g, "dagger")))
    rig(g, "fight", 5)
    hit = first(act(g, "attack E"), "attack")
    assert hit["rolls"] == [5] and hit["damage"] == 6


def test_attack_of_zero_does_nothing():
    g = fight(character="cleric")  # -1 to attack roll
    rig(g, "fight", 1, 1)
    events = act(g, "attack E")
    hit = first(events, "attack")
    assert hit["damage"] == 0 and hit["dealt"] == 0
    assert "enemy_damage" not in kinds(events)


def test_negative_attack_does_nothing_and_never_heals_the_enemy():
    g = fight(character="cleric")
    give(g, "cursed_ring")  # another -1: roll 1 - 2 = -1
    rig(g, "fight", 1)
    hit = first(act(g, "attack E"), "attack")
    assert hit["damage"] == 0
    assert foe(g).health == 5


def test_min_attack_lifts_a_low_roll():
    g = fight()
    g.apply(Action("equip", card=give(g, "battle_axe")))
    rig(g, "fight", 1)
    hit = first(act(g, "attack E"), "attack")
    assert hit["min_attack"] == 3 and hit["damage"] == 3
    assert foe(g).health == 2


def test_min_attack_does_not_lower_a_high_roll():
    g = fight({"card": "goblin", "health": 9})
    g.apply(Action("equip", card=give(g, "battle_axe")))
    rig(g, "fight", 5)
    assert first(act(g, "attack E"), "attack")["damage"] == 5


def test_min_attack_applies_before_a_positive_modifier():
    # Roll 2, Min. Attack 3, +1: the floor first, then the modifier: 4.
    g = fight(character="warrior")
    g.apply(Action("equip", card=give(g, "battle_axe")))
    rig(g, "fight", 2)
    assert first(act(g, "attack E"), "attack")["damage"] == 4


def test_min_attack_and_a_negative_modifier_give_the_better_reading():
    # Roll 2, Min. Attack 3, -1: the rulebook still deals 3, not 3 - 1.
    g = fight(character="cleric")
    g.apply(Action("equip", card=give(g, "battle_axe")))
    rig(g, "fight", 2)
    assert first(act(g, "attack E"), "attack")["damage"] == 3


def test_min_attack_with_a_negative_modifier_still_subtracts_from_a_high_roll():
    g = fight(character="cleric")
    g.apply(Action("equip", card=give(g, "battle_axe")))
    rig(g, "fight", 5)
    assert first(act(g, "attack E"), "attack")["damage"] == 4


def test_double_damage_then_the_modifier_last():
    # The rulebook's example: roll 5, double damage, +1 => 5 * 2 + 1 = 11.
    g = fight({"card": "goblin", "health": 30}, character="warrior")
    g.apply(Action("equip", card=give(g, "maul")))
    rig(g, "fight", 5)
    hit = first(act(g, "attack E"), "attack")
    assert hit["multiplier"] == 2 and hit["damage"] == 11
    assert foe(g).health == 30 - 11


def test_maul_misses_on_a_one():
    g = fight(character="warrior")
    g.apply(Action("equip", card=give(g, "maul")))
    rig(g, "fight", 1)
    events = act(g, "attack E")
    hit = first(events, "attack")
    assert hit["missed"] and hit["dealt"] == 0
    assert foe(g).health == 5
    # A miss is still the round's attack: the enemy answers.
    assert attacks(events)[0]["damage"] == 2


def test_dagger_six_is_replaced_by_two_dice_and_the_modifier_is_added_to_the_sum():
    # The rulebook's example: +2 to attack roll, a 6, then 2 and 5 => 2 + 5 + 2 = 9.
    g = fight({"card": "goblin", "health": 30}, character="warrior")  # +1
    give(g, "ring_of_might")  # +1 more
    g.apply(Action("equip", card=give(g, "dagger")))
    rig(g, "fight", 6, 2, 5)
    hit = first(act(g, "attack E"), "attack")
    assert hit["rolls"] == [6, 2, 5] and hit["counted"] == [2, 5]
    assert hit["modifier"] == 2 and hit["damage"] == 9


def test_dagger_rerolls_chain_while_sixes_keep_coming():
    g = fight({"card": "goblin", "health": 40})
    g.apply(Action("equip", card=give(g, "dagger")))
    # 6 -> two dice: 6 (two more) and 1; then 2 and 3.
    rig(g, "fight", 6, 6, 1, 2, 3)
    hit = first(act(g, "attack E"), "attack")
    assert hit["rolls"] == [6, 6, 1, 2, 3]
    assert hit["counted"] == [1, 2, 3] and hit["damage"] == 6


def test_dagger_second_die_six_also_chains():
    g = fight({"card": "goblin", "health": 40})
    g.apply(Action("equip", card=give(g, "dagger")))
    rig(g, "fight", 6, 2, 6, 4, 1)
    hit = first(act(g, "attack E"), "attack")
    assert hit["counted"] == [2, 4, 1] and hit["damage"] == 7


def test_without_a_dagger_a_six_is_just_six():
    g = fight({"card": "goblin", "health": 40})
    rig(g, "fight", 6, 6)
    hit = first(act(g, "attack E"), "attack")
    assert hit["rolls"] == [6] and hit["damage"] == 6


def test_shield_blocks_the_enemy_attack_and_abilities_on_a_one():
    always_poison = {"card": "sewer_rat", "health": 10, "poison": {"on": [1, 2, 3, 4, 5, 6],
                                                                   "turns": 2}}
    g = fight(always_poison)
    g.apply(Action("equip", card=give(g, "shield")))
    rig(g, "fight", 1)
    events = act(g, "attack E")
    hit = first(events, "attack")
    assert hit["blocked"] and hit["dealt"] == 1  # the attack itself still lands
    assert "blocked" in kinds(events)
    assert "enemy_attack" not in kinds(events) and "enemy_ability" not in kinds(events)
    assert g.players[0].health == 8 and g.players[0].poison == 0


def test_shield_does_not_block_on_other_faces():
    g = fight({"card": "goblin", "health": 10})
    g.apply(Action("equip", card=give(g, "shield")))
    rig(g, "fight", 2)
    events = act(g, "attack E")
    assert not first(events, "attack")["blocked"]
    assert attacks(events)[0]["damage"] == 2


# ----------------------------------------------------------------------------- enemy abilities

def test_imp_dodges_on_its_face():
    g = fight("imp")
    rig(g, "fight", 5, 6)  # attack 5, dodge roll 6
    events = act(g, "attack E")
    hit = first(events, "attack")
    assert hit["dodge_roll"] == 6 and hit["dodged"] and hit["dealt"] == 0
    assert foe(g).health == 4
    assert attacks(events)[0]["damage"] == 2  # a dodge does not stop its attack


def test_imp_takes_the_hit_on_other_faces():
    g = fight({"card": "imp", "health": 9})
    rig(g, "fight", 5, 3)
    hit = first(act(g, "attack E"), "attack")
    assert hit["dodge_roll"] == 3 and not hit["dodged"]
    assert foe(g).health == 4


def test_enemy_poisons_on_its_face_for_its_turns():
    g = fight({"card": "sewer_rat", "health": 9})
    rig(g, "fight", 1, 6)
    events = act(g, "attack E")
    ability = first(events, "enemy_ability")
    assert ability == {"target": [0, 2], "enemy": "Sewer Rat", "ability": "poison", "roll": 6, "on": [6], "hit": True}
    # Poisoned for 2 turns; the turn ended and the first tick already came.
    assert first(events, "poisoned")["after"] == 2
    assert g.players[0].poison == 1


def test_enemy_does_not_poison_on_other_faces():
    g = fight({"card": "sewer_rat", "health": 9})
    rig(g, "fight", 1, 5)
    events = act(g, "attack E")
    assert not first(events, "enemy_ability")["hit"]
    assert "poisoned" not in kinds(events) and g.players[0].poison == 0


def test_enemy_paralyses_on_its_face():
    g = fight("basilisk_gaze", character="warrior")
    rig(g, "fight", 1, 6, 1)  # hero's die, the gaze die, the gaze die in the lost turn
    events = act(g, "attack E")
    assert first(events, "paralysed")["turns"] == 1
    # The turn ended, and the next one was lost (the basilisk still struck in it).
    assert kinds(events).count("turn_lost") == 1
    assert len(attacks(events)) == 2
    assert g.players[0].skip == 0


def test_enemy_does_not_paralyse_on_other_faces():
    g = fight("basilisk_gaze", character="warrior")
    rig(g, "fight", 1, 5)
    events = act(g, "attack E")
    assert "paralysed" not in kinds(events) and "turn_lost" not in kinds(events)


def test_enemy_heals_each_attack():
    g = fight("vampire_bat")
    rig(g, "fight", 2)
    events = act(g, "attack E")
    assert first(events, "enemy_healed")["amount"] == 1
    assert foe(g).health == 4 - 2 + 1


def test_enemy_healing_stops_at_its_max_health():
    g = fight("vampire_bat", character="cleric")
    rig(g, "fight", 1)  # 1 - 1 = 0 damage
    events = act(g, "attack E")
    assert first(events, "enemy_healed")["amount"] == 0
    assert foe(g).health == 4


def test_kill_in_one_turn_enemy_recovers_at_the_end_of_the_turn():
    g = fight("zombie")
    rig(g, "fight", 3)
    events = act(g, "attack E")
    assert first(events, "enemy_recovered")["health"] == 6
    assert foe(g).health == 6


def test_kill_in_one_turn_enemy_dies_to_enough_damage_in_one_turn():
    g = fight("zombie")
    rig(g, "fight", 6)
    events = act(g, "attack E")
    assert first(events, "slain")["card"] == "zombie"
    assert not g.enemies


def test_golem_attack_is_twice_a_die():
    g = fight("golem", character="warrior")
    rig(g, "fight", 1, 4)  # hero's attack 1, the golem's die 4
    strike = attacks(act(g, "attack E"))[0]
    assert strike["roll"] == 4 and strike["attack"] == 8 and strike["damage"] == 8
    assert g.players[0].health == 12 - 8


def test_enemy_attack_is_reduced_by_stacked_damage_taken():
    g = fight("golem", character="warrior")
    for item in ("helm", "chestplate", "boots"):
        g.apply(Action("equip", card=give(g, item)))
    give(g, "stone_charm")  # an artifact: 1 + 2 + 1 + 1 = 5
    rig(g, "fight", 1, 6)
    strike = attacks(act(g, "attack E"))[0]
    assert strike["attack"] == 12 and strike["reduction"] == 5 and strike["damage"] == 7
    assert g.players[0].health == 12 - 7


def test_damage_reduction_larger_than_the_attack_leaves_no_damage():
    g = fight({"card": "goblin", "health": 20})
    g.apply(Action("equip", card=give(g, "chestplate")))
    g.apply(Action("equip", card=give(g, "helm")))
    rig(g, "fight", 1)
    events = act(g, "attack E")
    assert attacks(events)[0]["damage"] == 0
    assert "damage" not in kinds(events)
    assert g.players[0].health == 8


def test_armour_in_the_hand_does_not_reduce_damage():
    g = fight({"card": "goblin", "health": 20})
    give(g, "chestplate")
    rig(g, "fight", 1)
    assert attacks(act(g, "attack E"))[0]["damage"] == 2


def test_enemy_attack_rolls_come_after_the_hero_attack_in_order():
    # Venom basilisk: hero's die, then its poison die, then its attack (no die).
    g = fight("basilisk_venom", character="warrior")
    rig(g, "fight", 2, 5)
    events = act(g, "attack E")
    assert kinds(events)[:4] == ["attack", "enemy_damage", "enemy_ability", "poisoned"]
    assert attacks(events)[0]["damage"] == 3


# ----------------------------------------------------------------------------- after a round

def test_round_with_the_enemy_alive_ends_the_turn():
    g = fight({"card": "goblin", "health": 9})
    turn = g.turn
    rig(g, "fight", 2)
    events = act(g, "attack E")
    assert "turn_end" in kinds(events)
    assert g.turn == turn + 1
    # Next turn the fight goes on from the top of the combat sequence.
    assert g.in_combat(g.players[0])
    assert reason(g, "end") == "you are in combat: attack or flee first"


def test_only_one_attack_a_turn():
    # Slay a flipped enemy, walk next to another: the turn's attack is spent.
    g = story("╶─╴", "@ab", {"a": "cave_bat", "b": up("goblin")}, character="rogue")
    act(g, "flip E")
    rig(g, "fight", 4)
    act(g, "attack E", "move E")
    assert g.in_combat(g.players[0])
    assert reason(g, "attack E") == "you have already attacked this turn"
    act(g, "end")
    assert g.players[0].health == 8  # the goblin never struck


# ----------------------------------------------------------------------------- fleeing

def test_flee_fails_on_one_to_three_and_the_enemy_acts():
    for face in (1, 2, 3):
        g = fight()
        turn = g.turn
        rig(g, "flee", face)
        events = act(g, "flee W")
        flee = first(events, "flee")
        assert flee["roll"] == face and not flee["success"]
        assert attacks(events)[0]["damage"] == 2
        assert g.players[0].pos == g.index((0, 1))  # did not move
        assert g.turn == turn + 1  # and the turn ended


def test_flee_succeeds_on_four_to_six():
    for face in (4, 5, 6):
        g = fight()
        rig(g, "flee", face)
        events = act(g, "flee W")
        assert first(events, "flee")["success"]
        assert g.players[0].pos == g.index((0, 0))
        assert not g.in_combat(g.players[0])
        assert "enemy_attack" not in kinds(events)


def test_flee_rolls_on_the_flee_stream_of_that_enemy():
    g = fight()
    rig(g, "flee:0:2", 5)
    assert first(act(g, "flee W"), "flee")["roll"] == 5


def test_enemy_health_is_restored_after_a_successful_flee():
    g = fight({"card": "goblin", "health": 9})
    rig(g, "fight", 4)
    act(g, "attack E")
    assert foe(g).health == 5
    rig(g, "flee", 6)
    act(g, "flee W")
    assert foe(g).health == 9


def test_enemy_health_is_kept_after_a_failed_flee():
    g = fight({"card": "goblin", "health": 9})
    rig(g, "fight", 4)
    act(g, "attack E")
    rig(g, "flee", 1)
    act(g, "flee W")
    assert foe(g).health == 5


def test_after_fleeing_only_items_and_ending_the_turn_remain():
    g = story("╶─╴", "o@e", {"o": {"card": "path", "revealed": True}, "e": "goblin"},
              character="rogue")
    act(g, "flip E")
    rig(g, "flee", 4)
    act(g, "flee W")
    assert reason(g, "move E") == MOVES_USED
    assert reason(g, "flee W") == "you are not in combat: no enemy is next to you"
    legal = {a.kind for a in g.legal_actions()}
    assert "end_turn" in legal
    assert not legal & {"move", "flip", "attack", "flee", "cast"}
    act(g, "end")


def test_flee_must_go_to_a_free_revealed_connected_tile():
    g = story("╶┬╴\n ╵ ", "o@e\n . ", {"o": OPEN, "e": "goblin"}, character="rogue")
    act(g, "flip E")
    assert reason(g, "flee E") == "that tile is occupied"  # onto the enemy
    assert reason(g, "flee N") == "you can only flee onto a revealed tile connected to yours"
    assert reason(g, "flee S") == "you can only flee onto a revealed tile connected to yours"


def test_flee_cannot_cross_a_wall():
    # (0,0) is revealed but the hero's tile has no path west.
    g = story("╶╶╴", "o@e", {"o": OPEN, "e": "goblin"}, character="rogue")
    act(g, "flip E")
    assert reason(g, "flee W") == "you can only flee onto a revealed tile connected to yours"


def test_fleeing_next_to_another_enemy_is_combat_again():
    g = story("╶──╴", "bo@e", {"o": OPEN, "b": up("cave_bat"), "e": "goblin"},
              character="rogue")
    act(g, "flip E")
    rig(g, "flee", 5)
    act(g, "flee W")
    assert [e.card.id for e in g.in_combat(g.players[0])] == ["cave_bat"]
    assert reason(g, "attack W") == "you have already fled this turn"
    act(g, "end")  # fleeing was this turn's combat action


def test_item_flee_face_adds_to_four_to_six():
    g = fight()
    g.apply(Action("equip", card=give(g, "shadow_cape")))
    rig(g, "flee", 3)
    assert first(act(g, "flee W"), "flee")["success"]


def test_three_fails_without_the_item():
    g = fight()
    rig(g, "flee", 3)
    assert not first(act(g, "flee W"), "flee")["success"]


def test_warrior_cannot_flee_without_an_item():
    g = fight(character="warrior")
    assert reason(g, "flee W") == "the Warrior does not flee without an item that allows it"
    assert not any(a.kind == "flee" for a in g.legal_actions())


def test_warrior_with_a_flee_item_flees_only_on_its_face():
    g = fight(character="warrior")
    g.apply(Action("equip", card=give(g, "shadow_cape")))
    rig(g, "flee", 6)
    assert not first(act(g, "flee W"), "flee")["success"]
    rig(g, "flee", 3)
    assert first(act(g, "flee W"), "flee")["success"]


def test_flee_from_an_enemy_that_does_not_chase_needs_no_roll():
    g = fight("troll", character="warrior")  # even the Warrior may walk away
    events = act(g, "flee W")
    flee = first(events, "flee")
    assert flee["success"] and flee["free"] and flee["roll"] is None
    assert g.players[0].pos == g.index((0, 0))


def test_flee_from_a_paralysed_enemy_needs_no_roll():
    g = fight(character="warrior", potion_identity={"red": "paralysis"})
    g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    assert foe(g).paralysed == 1
    flee = first(act(g, "flee W"), "flee")
    assert flee["success"] and flee["free"]


def test_paralysed_enemy_skips_its_round():
    g = fight({"card": "goblin", "health": 9}, potion_identity={"red": "paralysis"})
    g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    rig(g, "fight", 1)
    events = act(g, "attack E")
    assert "enemy_paralysed" in kinds(events) and not attacks(events)
    assert foe(g).paralysed == 0
    rig(g, "fight", 1)
    assert attacks(act(g, "attack E"))  # the next round it strikes again


# ----------------------------------------------------------------------------- several enemies

def crossroads(kobold_health=9, character="rogue"):
    """Hero on (0,1) between a revealed goblin (W) and kobold (E), a free tile south."""
    return story("╶┬╴\n ╵ ", "g@k\n o ",
                 {"g": up("goblin", health=9), "k": up("kobold", health=kobold_health),
                  "o": OPEN}, character=character)


def test_next_to_several_enemies_the_hero_fights_them_all():
    g = crossroads()
    assert len(g.in_combat(g.players[0])) == 2


def test_attack_hits_only_the_chosen_enemy_but_every_enemy_acts():
    g = crossroads()
    rig(g, "fight", 4)
    events = act(g, "attack E")
    assert g.enemies[g.index((0, 2))].health == 5
    assert g.enemies[g.index((0, 0))].health == 9
    assert sorted(a["target"] for a in attacks(events)) == [[0, 0], [0, 2]]
    assert g.players[0].health == 8 - 2 - 2


def test_slaying_one_of_two_enemies_still_ends_the_turn():
    g = crossroads(kobold_health=5)
    rig(g, "fight", 6)
    turn = g.turn
    events = act(g, "attack E")
    assert "slain" in kinds(events)
    assert len(attacks(events)) == 1  # the goblin still strikes
    assert g.turn == turn + 1


def test_flee_from_several_enemies_restores_them_all():
    g = crossroads()
    rig(g, "fight", 4)
    act(g, "attack E")
    rig(g, "flee", 5)
    act(g, "flee S")
    assert not g.in_combat(g.players[0])
    assert g.enemies[g.index((0, 2))].health == 9
    assert g.enemies[g.index((0, 0))].health == 9


def test_failed_flee_from_several_enemies_lets_all_of_them_act():
    g = crossroads()
    rig(g, "flee", 2)
    events = act(g, "flee S")
    assert len(attacks(events)) == 2


# ----------------------------------------------------------------------------- slaying

def test_slain_enemy_card_goes_to_the_hand_as_loot():
    g = fight()
    rig(g, "fight", 5)
    events = act(g, "attack E")
    slain = first(events, "slain")
    assert slain == {"player": 0, "card": "goblin", "name": "Goblin", "target": [0, 2], "gold": 2}
    assert [c.id for c in g.players[0].hand] == ["goblin"]
    assert "enemy_attack" not in kinds(events)  # dead enemies do not strike back


def test_slain_enemy_tile_becomes_a_path():
    g = fight()
    rig(g, "fight", 5)
    act(g, "attack E")
    cell = g.index((0, 2))
    assert cell not in g.enemies and g.board.content[cell] is None
    act(g, "move E")
    assert g.players[0].pos == cell
    assert not g.players[0].hand[1:]  # nothing more to pick up there


def test_after_slaying_a_flipped_enemy_the_turn_resumes_at_moving():
    g = fight()
    rig(g, "fight", 5)
    act(g, "attack E")
    legal = {(a.kind, a.dir) for a in g.legal_actions()}
    assert ("move", "E") in legal and ("move", "W") in legal
    assert reason(g, "flip W") == "cards can only be flipped at the start of a turn, before moving"


def test_after_slaying_an_enemy_met_by_moving_the_turn_resumes_at_step_four():
    g = approach()
    act(g, "move E")
    rig(g, "fight", 6)
    act(g, "attack E")
    assert not g.enemies
    assert reason(g, "move E") == MOVES_USED
    act(g, "end")


def test_loot_can_pay_in_the_shop():
    shop = up("shop", stock=["boots"])
    g = story("╶─╴", "s@e", {"s": shop, "e": "goblin"}, character="rogue", gold=2)
    act(g, "flip E")
    rig(g, "fight", 5)
    act(g, "attack E", "move W")
    boots = g.stock[g.index((0, 0))][0].uid
    loot = uid_of(g, "goblin")
    events = g.apply(Action("buy", card=boots, cards=(loot,)))
    assert first(events, "buy")["paid_with"] == ["goblin"]
    assert g.players[0].gold == 2 + 2 - 4
    assert [c.id for c in g.players[0].hand] == ["boots"]


def test_loot_sells_for_its_gold():
    shop = up("shop", stock=[])
    g = story("╶─╴", "s@e", {"s": shop, "e": "kobold"}, character="rogue")
    act(g, "flip E")
    rig(g, "fight", 5)
    act(g, "attack E", "move W")
    g.apply(Action("sell", card=uid_of(g, "kobold")))
    assert g.players[0].gold == 2 and not g.players[0].hand


# ----------------------------------------------------------------------------- surround

def surround(enemy="goblin", chars=("rogue", "explorer")):
    """Two heroes on either side of a revealed enemy, each with a free tile behind them."""
    legend = {"o": OPEN, "e": up(enemy) if isinstance(enemy, str) else
              {**enemy, "revealed": True}}
    return table("╶───╴", "o@e@o", legend, [("Ann", chars[0]), ("Bob", chars[1])],
                 [(0, 1), (0, 3)])


def test_surrounded_enemy_attacks_only_its_first_opponent():
    g = surround({"card": "goblin", "health": 20})
    rig(g, "fight", 1)
    events = act(g, "attack E")  # Ann engaged first
    assert attacks(events)[0]["player"] == 0
    rig(g, "fight", 1)
    events = act(g, "attack W")  # Bob hits it too, but is not struck back
    assert first(events, "attack")["dealt"] == 1
    assert not attacks(events)
    assert g.players[1].health == 9
    assert foe(g).aggro == [0, 1]


def test_second_opponent_does_not_trigger_the_enemy_abilities():
    g = surround({"card": "imp", "health": 20})
    rig(g, "fight", 2, 1)
    act(g, "attack E")  # Ann's attack and the imp's dodge die
    rig(g, "fight", 6, 6)
    events = act(g, "attack W")
    hit = first(events, "attack")
    assert hit["dodge_roll"] is None and not hit["dodged"] and hit["dealt"] == 6


def test_other_opponents_flee_without_rolling():
    g = surround()
    rig(g, "fight", 1)
    act(g, "attack E")
    events = act(g, "flee E")  # Bob
    flee = first(events, "flee")
    assert flee["free"] and flee["roll"] is None and flee["success"]
    assert g.players[1].pos == g.index((0, 4))


def test_first_opponent_must_roll_to_flee():
    g = surround()
    rig(g, "flee", 1)
    flee = first(act(g, "flee W"), "flee")
    assert flee["roll"] == 1 and not flee["success"] and not flee["free"]


def test_when_the_first_opponent_flees_the_next_one_is_attacked():
    g = surround({"card": "goblin", "health": 20})
    rig(g, "fight", 1)
    act(g, "attack E")              # Ann
    rig(g, "fight", 1)
    act(g, "attack W")              # Bob: not struck
    rig(g, "flee", 6)
    act(g, "flee W", "end")         # Ann leaves
    assert foe(g).aggro == [1]
    rig(g, "fight", 1)
    events = act(g, "attack W")     # Bob is now the one it fights
    assert attacks(events)[0]["player"] == 1


def test_a_returning_hero_queues_behind_the_others():
    g = surround({"card": "goblin", "health": 20})
    rig(g, "fight", 1)
    act(g, "attack E")              # Ann
    act(g, "attack W")              # Bob
    rig(g, "flee", 6)
    act(g, "flee W", "end")         # Ann
    act(g, "attack W")              # Bob, struck now
    act(g, "move E")                # Ann comes back
    assert foe(g).aggro == [1, 0]
    events = act(g, "attack E")
    assert not attacks(events)


def test_the_last_hit_takes_the_loot():
    g = surround({"card": "goblin", "health": 4})
    foe_card = foe(g).card.uid
    rig(g, "fight", 3)
    act(g, "attack E")  # Ann: 3 damage
    rig(g, "fight", 1)
    events = act(g, "attack W")  # Bob finishes it
    assert first(events, "slain")["player"] == 1
    assert uid_of(g, "goblin", seat=1) == foe_card
    assert not g.players[0].hand


def test_a_dodge_saves_the_enemy_even_from_a_killing_blow():
    g = fight("imp")
    rig(g, "fight", 6, 6)
    events = act(g, "attack E")
    assert first(events, "attack")["dodged"] and "slain" not in kinds(events)
    assert foe(g).health == 4


def test_shield_block_stops_every_enemy_in_the_round():
    g = crossroads()
    g.apply(Action("equip", card=give(g, "shield")))
    rig(g, "fight", 1)
    events = act(g, "attack E")
    assert not attacks(events) and g.players[0].health == 8


def test_warrior_who_is_not_the_first_opponent_flees_freely():
    g = surround(chars=("rogue", "warrior"))
    rig(g, "fight", 1)
    act(g, "attack E")  # Ann engages first
    flee = first(act(g, "flee E"), "flee")
    assert flee["success"] and flee["free"]


def test_a_surrounded_enemy_keeps_its_wounds_when_one_hero_flees():
    """The enemy does not leave combat while another hero fights it, so it does not heal."""
    g = surround({"card": "goblin", "health": 20})
    rig(g, "fight", 4)
    act(g, "attack E")              # Ann: 4 damage
    act(g, "flee E")                # Bob flees freely
    assert foe(g).health < 20 and foe(g).aggro == [0]


def test_two_daggers_turn_a_six_into_four_dice():
    """A Rogue with a dagger in each hand: each dagger gives two more dice on a 6."""
    g = fight({"card": "goblin", "health": 60}, character="rogue")
    g.apply(Action("equip", card=give(g, "dagger")))
    g.apply(Action("equip", card=give(g, "dagger")))
    assert len(set(c.uid for c in g.players[0].equipped.values())) == 2
    rig(g, "fight", 6, 1, 2, 3, 4)
    hit = first(act(g, "attack E"), "attack")
    assert hit["rolls"] == [6, 1, 2, 3, 4] and hit["counted"] == [1, 2, 3, 4]
    assert hit["damage"] == 10


# ----------------------------------------------------------------------------- attack again

def test_rolling_an_x_attack_again_rolls_a_second_attack_in_the_same_round():
    """Rolling an X: attack again. The Rapier's 6 is followed by a whole new attack roll
    before the enemy acts; only the first roll's face decides."""
    g = fight("troll")
    g.apply(Action("equip", card=give(g, "rapier")))
    rig(g, "fight", 6, 2)
    events = act(g, "attack E")
    attacks = [e.data for e in events if e.kind == "attack"]
    assert [(a["rolls"], a["again"]) for a in attacks] == [([6], True), ([2], False)]
    assert foe(g).health == 10 - 6 - 2
    assert kinds(events).index("attack") < kinds(events).index("enemy_attack")
    assert len([e for e in events if e.kind == "enemy_attack"]) == 1


def test_rolling_an_x_attack_again_stops_when_the_enemy_falls():
    g = fight("cave_bat")
    g.apply(Action("equip", card=give(g, "rapier")))
    rig(g, "fight", 6, 6)
    events = act(g, "attack E")
    assert kinds(events).count("attack") == 1 and "slain" in kinds(events)


def test_rolling_an_x_attack_again_chains_but_a_round_is_bounded():
    every = {str(face): "attack_again" for face in range(1, 7)}
    legend = {"o": OPEN, "e": "troll", "x": {"card": "sword", "on_roll": every}}
    g = story("╶─╴ ", "o@ex", legend, character="rogue")  # x: a custom sword, off the paths
    custom = next(cid for cid, d in g.catalog.cards.items() if d.base == "sword" and cid != "sword")
    g.apply(Action("equip", card=give(g, custom)))
    act(g, "flip E")
    g.enemies[g.index((0, 2))].health = 1000
    events = act(g, "attack E")
    from engine.cardrogue.combat import MAX_ATTACKS_PER_ROUND

    assert kinds(events).count("attack") == MAX_ATTACKS_PER_ROUND
