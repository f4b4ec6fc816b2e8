"""Every worked example in the rulebook's notes and clarifications, reproduced exactly."""

from engine.cardrogue import characters
from tests.engine.support import act, first, give, rig, story

# A start with a goblin-like dummy enemy to the east (lots of health, so it survives a hit).
CORRIDOR = ("──", "@D")
DUMMY = {"D": {"card": "goblin", "health": 40}}


def fight(character="explorer", **kw):
    game = story(*CORRIDOR, DUMMY, character=character, **kw)
    act(game, "flip E")
    return game


def test_double_damage_then_strength_potion_is_5x2_plus_1_is_11():
    """Attack roll modifier + other attack modifiers: a double-damage weapon and a potion of
    strength, a roll of 5, deals 5*2+1 = 11."""
    game = fight(potion_identity={"red": "strength"})
    p = game.players[0]
    act(game, f"drink {give(game, 'potion', colour='red')}", f"equip {give(game, 'maul')}")
    assert characters.attack_modifier(game, p) == 1
    rig(game, "fight", 5)
    attack = first(act(game, "attack E"), "attack")
    assert (attack["rolls"], attack["multiplier"], attack["modifier"], attack["damage"]) == ([5], 2, 1, 11)


def test_poison_three_then_four_lasts_four_turns():
    game = fight()
    p = game.players[0]
    from engine.cardrogue import effects
    effects.poison_player(game, p, 3, "test", [])
    effects.poison_player(game, p, 4, "test", [])
    assert p.poison == 4


def test_poison_three_then_one_lasts_three_turns():
    game = fight()
    p = game.players[0]
    from engine.cardrogue import effects
    effects.poison_player(game, p, 3, "test", [])
    effects.poison_player(game, p, 1, "test", [])
    assert p.poison == 3


def test_plus_x_max_health_raises_max_and_current():
    """Max 10, health 7; +X max health gives max 10+X and health 7+X."""
    game = fight(character="cleric")
    p = game.players[0]
    p.health = 7
    give(game, "amulet_of_vigour")  # +2
    assert (characters.max_health(game, p), p.health) == (12, 9)


def test_minus_x_max_health_keeps_current_health_and_caps_later_healing():
    """Max 10, health 10; -X gives max 10-X but health stays 10. After losing 1 (9), healing
    cannot restore it; below 10-X it heals only up to 10-X."""
    from engine.cardrogue import effects

    game = fight(character="cleric")
    p = game.players[0]
    give(game, "cursed_skull")  # -2
    assert (characters.max_health(game, p), p.health) == (8, 10)
    p.health = 9
    assert effects.heal(game, p, 5, "test", []) == 0 and p.health == 9
    p.health = 5
    effects.heal(game, p, 10, "test", [])
    assert p.health == 8


def test_reroll_twice_2_plus_5_plus_2_is_9():
    """+2 to the attack roll and a dagger: a 6 becomes two rolls, 2 and 5: 2 + 5 + 2 = 9."""
    game = fight()
    p = game.players[0]
    p.bonus_attack = 2
    act(game, f"equip {give(game, 'dagger')}")
    rig(game, "fight", 6, 2, 5)
    attack = first(act(game, "attack E"), "attack")
    assert attack["rolls"] == [6, 2, 5] and attack["counted"] == [2, 5]
    assert attack["damage"] == 9


def test_min_attack_3_with_plus_x_adds_to_3():
    """A roll of 2 with Min. Attack 3 and +X deals 3 + X."""
    game = fight()
    p = game.players[0]
    p.bonus_attack = 1
    act(game, f"equip {give(game, 'battle_axe')}")
    rig(game, "fight", 2)
    assert first(act(game, "attack E"), "attack")["damage"] == 4


def test_min_attack_3_with_minus_x_still_deals_3():
    """A roll of 2 with Min. Attack 3 and -X still deals 3 (the reading better for the hero)."""
    game = fight()
    p = game.players[0]
    p.bonus_attack = -1
    act(game, f"equip {give(game, 'battle_axe')}")
    rig(game, "fight", 2)
    assert first(act(game, "attack E"), "attack")["damage"] == 3


def test_attack_roll_plus_one_is_not_a_six():
    """A +1 item and a roll of 5: 6 damage, but the roll still counts as a 5 (no 6-effects)."""
    game = fight()
    act(game, f"equip {give(game, 'dagger')}")  # reroll on a natural 6 only
    game.players[0].bonus_attack = 1
    rig(game, "fight", 5)
    attack = first(act(game, "attack E"), "attack")
    assert attack["rolls"] == [5] and attack["damage"] == 6


def test_a_dead_end_has_exactly_one_adjacent_tile():
    game = story("╶┼╴\n ╵ ", "@..\n . ")
    dead_end = game.index((0, 0))
    assert game.board.adjacent(dead_end) == [game.index((0, 1))]


def test_the_example_turn_shop_then_spikes_then_shopping():
    """The rulebook's example turn: flip a card (a shop), flip another (a spike trap: -2
    health), move onto the shop and buy there, all in one turn."""
    game = story("┬─\n│ ", "@$\n^ ", {"$": {"card": "shop", "stock": ["sword"]}, "^": "trap_spikes"},
                 character="warrior", gold=8)
    p = game.players[0]
    act(game, "flip E")
    assert first(act(game, "flip S"), "damage")["amount"] == 2 and p.health == 10
    act(game, "move E")
    sword = game.stock[p.pos][0].uid
    act(game, f"buy {sword}")
    assert [c.id for c in p.hand] == ["sword"] and p.gold == 0
    assert game.turn == 1  # all of it in a single turn


def test_identify_scroll_reveals_a_potion_without_using_it():
    """A red potion of unknown identity: the scroll rolls its identity, the potion stays."""
    game = fight()
    potion = give(game, "potion", colour="red")
    scroll = give(game, "scroll_identify")
    rig(game, "potion:red", 3)
    events = act(game, f"read {scroll} potion={potion}")
    assert first(events, "potion_identified") == {"colour": "red", "effect": "strength", "rolls": [3]}
    assert potion in [c.uid for c in game.players[0].hand]
