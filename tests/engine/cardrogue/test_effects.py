"""Rulebook clarifications on lasting effects and health: Poison (durations that overlap, the
ticks, poisoned enemies), Poison instead heals +X health, Paralysis (and the Potion and Trap of
Paralysis), Max health, +X to max health and -X to max health (with their worked examples)."""

from __future__ import annotations

import pytest

from engine.cardrogue import Action, characters
from tests.engine.cardrogue.support import (
    OPEN,
    act,
    action,
    first,
    give,
    hero,
    kinds,
    reason,
    rig,
    story,
    table,
)


def max_health(g, seat=0):
    return characters.max_health(g, g.players[seat])


def beside(card, character="bard", **fields):
    """Hero on (0,1); a revealed empty tile west; `card` face down east."""
    return story("╶─╴", "o@x", {"o": OPEN, "x": card}, character=character, **fields)


def drink(g, colour="green"):
    return g.apply(Action("drink", card=give(g, "potion", colour=colour)))


# ----------------------------------------------------------------------------- poison

@pytest.mark.parametrize("second, after", [(4, 4), (1, 3), (3, 3)])
def test_a_new_poison_only_replaces_the_old_one_when_it_lasts_longer(second, after):
    # The rulebook's examples: 3 turns then 4 => 4 turns; 3 turns then 1 => still 3.
    g = beside({"card": "trap_poison", "turns": second}, potion_identity={"green": "poison"})
    drink(g)
    assert hero(g).poison == 3
    poisoned = first(act(g, "flip E"), "poisoned")
    assert (poisoned["before"], poisoned["turns"], poisoned["after"]) == (3, second, after)
    assert hero(g).poison == after


def test_longer_poison_means_more_ticks():
    g = beside({"card": "trap_poison", "turns": 4}, potion_identity={"green": "poison"})
    drink(g)
    act(g, "flip E")
    for _ in range(6):
        act(g, "end")
    assert hero(g).health == 10 - 4


def test_poison_does_not_tick_on_the_turn_it_is_taken():
    g = beside("path", potion_identity={"green": "poison"})
    drink(g)
    assert hero(g).health == 10 and hero(g).poison == 3


def test_poison_costs_one_health_at_the_start_of_each_turn_for_its_turns():
    g = beside("path", potion_identity={"green": "poison"})
    drink(g)
    healths = []
    for _ in range(5):
        events = act(g, "end")
        healths.append(hero(g).health)
        ticks = [e for e in events if e.kind == "damage" and e.data["cause"] == "poison"]
        assert len(ticks) <= 1
    assert healths == [9, 8, 7, 7, 7]
    assert hero(g).poison == 0


def test_poison_announces_its_end():
    g = beside("path", potion_identity={"green": "poison"})
    drink(g)
    act(g, "end", "end")
    events = act(g, "end")
    assert first(events, "poison_ended") == {"player": 0}


def test_damage_reduction_does_not_soften_poison():
    g = beside("path", potion_identity={"green": "poison"})
    g.apply(Action("equip", card=give(g, "chestplate")))
    drink(g)
    events = act(g, "end")
    assert first(events, "damage") == {"player": 0, "amount": 1, "health": 9, "cause": "poison"}


def test_poison_can_kill():
    g = beside("path", potion_identity={"green": "poison"}, health=1)
    drink(g)
    events = act(g, "end")
    assert "death" in kinds(events)
    assert g.outcome == "lost"


# ----------------------------------------------------------------------------- poisoned enemies

def poison_the_troll(health=10):
    """Ann poisons a troll next to her and walks away from it (trolls do not chase); Bob plays
    far from it. Returns the game at the start of Bob's turn."""
    troll = {"card": "troll", "revealed": True, "health": health}
    g = table("╶───╴", "o@t.@", {"o": OPEN, "t": troll},
              [("Ann", "bard"), ("Bob", "rogue")], [(0, 1), (0, 4)],
              potion_identity={"green": "poison"})
    g.apply(Action("throw", card=give(g, "potion", colour="green"), dir="E"))
    act(g, "flee W", "end")
    return g


def troll(g):
    return g.enemies[g.index((0, 2))]


def test_thrown_poison_poisons_an_enemy_for_three_turns():
    g = poison_the_troll()
    assert troll(g).poison == 3 and troll(g).poisoner == 0


def test_poisoned_enemy_loses_health_only_on_the_poisoner_turns():
    g = poison_the_troll()
    assert g.current == 1 and troll(g).health == 10   # Bob's turn: no tick
    events = act(g, "end")                            # Ann's turn starts
    assert first(events, "enemy_poison_tick")["left"] == 2
    assert troll(g).health == 9
    act(g, "end")                                     # Bob's turn: no tick
    assert troll(g).health == 9
    act(g, "end", "end", "end", "end")                # Ann, Bob, Ann, Bob
    assert troll(g).health == 7 and troll(g).poison == 0
    act(g, "end", "end")
    assert troll(g).health == 7


def test_enemy_killed_by_poison_is_the_poisoner_loot():
    g = poison_the_troll(health=1)
    events = act(g, "end")
    assert first(events, "slain")["player"] == 0
    assert [c.id for c in g.players[0].hand] == ["table:t"]
    assert not g.enemies


# ----------------------------------------------------------------------------- poison heals

def test_poison_heals_scroll_turns_ticks_into_healing():
    g = beside("path", potion_identity={"green": "poison"}, health=5)
    drink(g)
    g.apply(Action("read", card=give(g, "scroll_poison_heals")))
    healths = []
    for _ in range(4):
        events = act(g, "end")
        healths.append(hero(g).health)
        assert "damage" not in kinds(events)
    assert healths == [6, 7, 8, 8]


def test_poison_heals_ends_with_the_poison():
    g = beside("path", potion_identity={"green": "poison"}, health=5)
    drink(g)
    g.apply(Action("read", card=give(g, "scroll_poison_heals")))
    act(g, "end", "end", "end")
    assert hero(g).poison == 0 and hero(g).poison_heal == 0
    drink(g)  # a new poison hurts again
    act(g, "end")
    assert hero(g).health == 8 - 1


def test_poison_heals_never_heals_past_max_health():
    g = beside("path", potion_identity={"green": "poison"})
    drink(g)
    g.apply(Action("read", card=give(g, "scroll_poison_heals")))
    events = act(g, "end")
    assert first(events, "healed")["amount"] == 0
    assert hero(g).health == 10


def test_poison_heals_scroll_needs_poison():
    g = beside("path")
    scroll = give(g, "scroll_poison_heals")
    assert reason(g, f"read {scroll}") == "this scroll only works while you are poisoned"
    assert scroll in [c.uid for c in hero(g).hand]


# ----------------------------------------------------------------------------- paralysis

def test_paralysis_ends_the_turn_and_loses_the_next():
    g = beside("trap_paralysis")
    turn = g.turn
    events = act(g, "flip E")
    assert kinds(events)[kinds(events).index("paralysed"):] == [
        "paralysed", "turn_end", "turn_start", "turn_lost"]
    assert hero(g).skip == 0
    # The lost turn allows nothing but ending it, and ending it is a move like any other.
    assert reason(g, "move W") == "you lose this turn: end it"
    act(g, "end")
    assert g.turn == turn + 2
    act(g, "move W")  # the turn after the lost one is normal


def test_paralysis_for_two_turns_loses_two_turns():
    g = beside({"card": "trap_paralysis", "turns": 2})
    events = act(g, "flip E", "end", "end")
    assert kinds(events).count("turn_lost") == 2
    assert g.why_illegal(action("move W")) is None


def test_enemies_still_act_while_the_hero_is_paralysed():
    g = story("╶─╴", "g@t", {"g": "goblin", "t": "trap_paralysis"}, character="bard")
    act(g, "flip W")                     # combat with the goblin
    events = act(g, "flip E")            # paralysed before attacking
    lost = kinds(events).index("turn_lost")
    strikes = [i for i, e in enumerate(events) if e.kind == "enemy_attack"]
    assert strikes and all(i > lost for i in strikes)
    assert hero(g).health == 10 - 2
    assert g.in_combat(hero(g))         # still in combat afterwards


def test_paralysis_at_the_start_of_ones_own_turn_ends_it_and_skips_the_next():
    """Paralysis, arriving out of turn (a Scroll of Passage) on a paralysis trap: that turn
    ends as it begins and the next one is lost, so it costs what walking onto it costs."""
    # A wall between (0,1) and (0,2): the scroll steps through it onto the trap.
    g = story("╶╴╶╴", "@.t.", {".": OPEN, "t": {"card": "trap_paralysis", "revealed": True}},
              character="bard")
    act(g, "move E", "end")
    turn = g.turn
    scroll = give(g, "scroll_move_adjacent")
    events = act(g, f"read {scroll} at=0,2")
    order = kinds(events)
    # The arrival turn starts, the trap paralyses, the turn ends by itself; the next is lost.
    tail = order[order.index("arrive"):]
    assert tail == ["arrive", "trap", "paralysed", "turn_end", "turn_start", "turn_lost"]
    assert g.turn == turn + 2 and g.lost_turn
    assert reason(g, "move E") == "you lose this turn: end it"
    act(g, "end")
    assert g.turn == turn + 3 and not g.lost_turn
    act(g, "move E")


def test_paralysis_does_not_stack_the_longer_duration_wins():
    """Paralysis, twice: lost turns do not add up (as with poison, the longer one counts), so
    an enemy that keeps paralysing cannot pile up turns the hero will never get back."""
    gaze = {"card": "goblin", "attack": 0, "paralyse": {"on": [6], "turns": 2}}
    g = story("╶─╴", "o@g", {"o": OPEN, "g": gaze}, character="bard")
    act(g, "flip E")
    # A weak attack and the paralysing face: 2 turns. The next turn is the first lost one,
    # and the goblin, still fighting, rolls the face again at its start.
    rig(g, "fight", 1, 6, 6)
    events = act(g, "attack E")
    paralysed = [e.data for e in events if e.kind == "paralysed"]
    assert [(p["before"], p["after"]) for p in paralysed] == [(0, 2), (1, 2)]
    assert g.lost_turn and hero(g).skip == 2  # not 3: the longer duration wins


def test_trap_of_paralysis_end_turn_and_skip_the_next_turn_under_a_longer_paralysis():
    """Trap of Paralysis ("end turn, and skip the next turn") felt at the start of one's own
    turn by a hero already paralysed for 2 turns: the two lost turns cover the trap's two, so
    the hero loses 2 turns in all, not 3."""
    legend = {".": OPEN, "P": {"card": "trap_paralysis", "revealed": True, "turns": 2},
              "t": {"card": "trap_paralysis", "revealed": True}}
    g = table("╶─────╴", "@.@P.t.", legend, [("Ann", "bard"), ("Bob", "bard")],
              [(0, 0), (0, 2)], potion_identity={"red": "teleport"})
    act(g, "end")
    act(g, "move E")                       # Bob onto the 2-turn trap: his turn ends
    assert g.players[1].skip == 2
    potion = give(g, "potion", colour="red")
    act(g, "move E", "move E", f"throw {potion} E", "place 0,5")  # Bob lands on the 1-turn trap
    bob_turns = 0                          # Bob's turns that begin before he may play
    for _ in range(12):
        events = act(g, "end")
        bob_turns += sum(1 for e in events if e.kind == "turn_start" and e.data["player"] == 1)
        if g.current == 1 and not g.lost_turn:
            break
    lost = bob_turns - 1                    # the last one is his to play
    assert lost == 2
    assert g.why_illegal(action("move E")) is None


def test_paralysis_on_every_face_never_hangs_the_game():
    """Termination: an enemy that paralyses on every face and does no damage (refused by the
    lint, but the engine must survive it) leaves the hero ending lost turns, one action each;
    every action returns and there is always something legal to do."""
    lock = {"card": "goblin", "attack": 0, "paralyse": {"on": [1, 2, 3, 4, 5, 6], "turns": 1}}
    g = story("╶─╴", "o@g", {"o": OPEN, "g": lock}, character="bard")
    act(g, "flip E", "attack E")
    for _ in range(20):
        assert g.legal_actions()
        act(g, "end")
    assert not g.is_over and g.lost_turn
    assert {a.kind for a in g.legal_actions()} == {"end_turn", "quit"}


def test_drinking_paralysis_only_ends_the_turn():
    g = beside("path", potion_identity={"red": "paralysis"})
    turn = g.turn
    events = drink(g, "red")
    assert "turn_lost" not in kinds(events) and "paralysed" not in kinds(events)
    assert g.turn == turn + 1 and hero(g).skip == 0


def test_thrown_paralysis_makes_a_player_lose_a_turn():
    g = table("╶─╴", "@o@", {"o": OPEN}, [("Ann", "bard"), ("Bob", "bard")], [(0, 0), (0, 2)],
              potion_identity={"red": "paralysis"})
    act(g, "move E")
    events = g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    assert first(events, "paralysed")["player"] == 1
    assert g.current == 0  # throwing does not end Ann's turn
    events = act(g, "end")
    assert first(events, "turn_lost")["player"] == 1
    assert g.current == 1  # Bob must end his lost turn himself
    act(g, "end")
    assert g.current == 0


# ----------------------------------------------------------------------------- max health

def test_plus_max_health_raises_max_and_current_health():
    # The rulebook's example: max 10, health 7, +X => max 10 + X, health 7 + X.
    g = beside("amulet_of_vigour", health=7)
    events = act(g, "flip E")
    assert first(events, "max_health") == {"player": 0, "change": 2, "max_health": 12,
                                           "health": 9}
    assert (max_health(g), hero(g).health) == (12, 9)


def cursed_cross(**fields):
    """Bard on the middle of a cross: a cursed skull east, a 1-spike trap north, a 2-spike
    trap south, a revealed tile west."""
    legend = {"o": OPEN, "k": "cursed_skull", "n": {"card": "trap_spikes", "amount": 1},
              "s": "trap_spikes"}
    return story(" ╷ \n╶┼╴\n ╵ ", " n \no@k\n s ", legend, character="bard",
                 potion_identity={"red": "healing"}, **fields)


def test_minus_max_health_keeps_current_health():
    # The rulebook's example: max 10 at health 10, -X => max 10 - X, health still 10.
    g = cursed_cross()
    events = act(g, "flip E")
    assert first(events, "max_health") == {"player": 0, "change": -2, "max_health": 8,
                                           "health": 10}


def test_above_max_health_healing_does_nothing():
    g = cursed_cross()
    act(g, "flip E", "flip N")          # health 10 - 1 = 9, max 8
    assert hero(g).health == 9
    events = drink(g, "red")
    assert first(events, "healed")["amount"] == 0
    assert hero(g).health == 9


def test_below_the_lowered_max_healing_stops_at_it():
    g = cursed_cross()
    act(g, "flip E", "flip N", "flip S")  # 10 - 1 - 2 = 7, max 8
    assert hero(g).health == 7
    drink(g, "red")
    assert hero(g).health == 8


def test_healing_stops_at_max_health():
    g = beside("path", potion_identity={"red": "healing"}, health=4)
    events = drink(g, "red")
    assert first(events, "healed")["amount"] == 6
    assert hero(g).health == 10


def test_poison_keeps_ticking_through_a_lost_turn():
    g = beside("trap_paralysis", potion_identity={"green": "poison"})
    drink(g)
    events = act(g, "flip E", "end")  # paralysed: this turn ends, the next is lost and ended
    lost = kinds(events).index("turn_lost")
    ticks = [i for i, e in enumerate(events) if e.kind == "damage" and e.data["cause"] == "poison"]
    assert len(ticks) == 2 and ticks[0] < lost  # the lost turn's tick, then the next turn's
    assert hero(g).health == 8 and hero(g).poison == 1


def test_poison_heals_scroll_survives_a_stronger_poison():
    g = beside({"card": "trap_poison", "turns": 4}, potion_identity={"green": "poison"},
               health=5)
    drink(g)
    g.apply(Action("read", card=give(g, "scroll_poison_heals")))
    act(g, "flip E")  # poisoned again, longer: still reversed
    assert hero(g).poison == 4 and hero(g).poison_heal == 1
    for _ in range(4):
        act(g, "end")
    assert hero(g).health == 9
