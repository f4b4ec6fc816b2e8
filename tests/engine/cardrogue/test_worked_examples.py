"""Every worked example in the rulebook's notes and clarifications, reproduced exactly."""

import pytest

from engine.cardrogue import characters
from engine.core import IllegalAction
from tests.engine.cardrogue.support import act, action, first, give, rig, story

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


def poison_ticks(game, turns: int) -> list[int]:
    """End `turns` turns; the health the hero has after each new turn begins."""
    health = []
    for _ in range(turns):
        act(game, "end")
        health.append(game.players[0].health)
    return health


def poisoned_twice(second_turns: int):
    """A bard drinks a potion of poison (3 turns), then flips a poison trap lasting
    `second_turns`, in the same turn."""
    trap = {"t": {"card": "trap_poison", "turns": second_turns}}
    game = story("╶╴", "@t", trap, character="bard", potion_identity={"green": "poison"})
    act(game, f"drink {give(game, 'potion', colour='green')}", "flip E")
    return game


def test_poison_three_then_four_lasts_four_turns():
    """Poison for 3 turns, then for 4: the longer replaces it, so exactly 4 turns of 1 health."""
    game = poisoned_twice(4)
    assert poison_ticks(game, 6) == [9, 8, 7, 6, 6, 6]


def test_poison_three_then_one_lasts_three_turns():
    """Poison for 3 turns, then for 1: the shorter changes nothing, so 3 turns of 1 health."""
    game = poisoned_twice(1)
    assert poison_ticks(game, 5) == [9, 8, 7, 7, 7]


def test_plus_x_max_health_raises_max_and_current():
    """Max 10, health 7; finding a +X max health artifact gives max 10+X and health 7+X."""
    game = story("╶╴", "@a", {"a": "amulet_of_vigour"}, character="bard", health=7)
    events = act(game, "flip E")  # the artifact goes to the hand as it is flipped
    p = game.players[0]
    assert first(events, "max_health")["change"] == 2
    assert (characters.max_health(game, p), p.health) == (12, 9)


def test_minus_x_max_health_keeps_current_health_and_caps_later_healing():
    """Max 10, health 10; -X gives max 10-X but health stays 10. After losing 1 (9), healing
    cannot restore it; below 10-X it heals only up to 10-X."""
    legend = {"k": "cursed_skull", "s": {"card": "trap_spikes", "amount": 1},
              "S": {"card": "trap_spikes", "amount": 4}}
    game = story(" ╷ \n ├╴\n ╵ ", " k \n @s\n S ", legend, character="bard",
                 potion_identity={"red": "healing"})
    p = game.players[0]
    act(game, "flip N")  # the Cursed Skull, -2
    assert (characters.max_health(game, p), p.health) == (8, 10)
    act(game, "flip E")  # spikes: 1 damage
    healed = first(act(game, f"drink {give(game, 'potion', colour='red')}"), "healed")
    assert healed["amount"] == 0 and p.health == 9
    act(game, "flip S")  # spikes: 4 damage
    assert p.health == 5
    act(game, f"drink {give(game, 'potion', colour='red')}")
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
    """A dead end's only adjacent tile is the one its path leads to: flipping or moving any
    other way is refused, and the way out is the path."""
    game = story("╶┼╴\n ╵ ", "@..\n . ")
    for text in ("flip N", "flip S", "flip W", "move N", "move S", "move W"):
        with pytest.raises(IllegalAction, match="there is a wall that way"):
            game.apply(action(text))
    act(game, "flip E", "move E")
    assert game.players[0].pos == game.index((0, 1))


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
