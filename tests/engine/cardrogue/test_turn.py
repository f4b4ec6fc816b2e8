"""Rulebook: Standard turn sequence (with the clarifications Movement, +X Movement, Paralysis,
and the exceptional rule "Teleporting or moving to a tile, but turn is ended").

A turn: flip adjacent face-down cards (only before moving), move one tile (more with +X
movement; a turn that only moved may move again), deal with what is next to you, end the turn.
Combat entered by flipping resumes at the move step once every enemy is slain; combat entered
by moving resumes at the last step. Heroes moved out of turn feel their arrival only when their
own next turn starts. A lost turn still lets enemies fighting the hero act.
"""

from __future__ import annotations

import pytest

from engine.cardrogue.turn import MOVES_USED
from engine.core.protocol import IllegalAction
from tests.engine.cardrogue.support import (
    OPEN,
    act,
    action,
    first,
    give,
    kinds,
    rig,
    story,
    table,
    up,
)


def corridor(character="warrior", **fields):
    """The start and four face-up tiles in a row."""
    return story("╶───╴", "@....", {".": OPEN}, character=character, **fields)


def crossroads(**fields):
    """The start in the middle of four face-down plain tiles."""
    return story("""
 ╷ 
╶┼╴
 ╵ 
""", """
 . 
.@.
 . 
""", **fields)


def pos(game, seat=0):
    return game.cell(game.players[seat].pos)


# ---------------------------------------------------------------------- turn counter

def test_the_game_opens_on_turn_one_of_the_first_level():
    game = corridor()
    assert kinds(game.opening_events) == ["level_start", "turn_start"]
    assert first(game.opening_events, "turn_start") == {"player": 0, "turn": 1}
    assert game.turn == 1 and game.level_turns == [1]
    assert game.moves == 0


def test_ending_the_turn_starts_the_next_one_and_counts_it():
    game = corridor()
    events = act(game, "end")
    assert kinds(events) == ["turn_end", "turn_start"]
    assert first(events, "turn_start") == {"player": 0, "turn": 2}
    act(game, "end", "end")
    assert game.turn == 4 and game.level_turns == [4]
    assert game.moves == 3  # every action counts, ending a turn included


def test_in_a_table_game_turns_pass_round_the_seats():
    game = table("╶╴ ╶╴", "@. @.", {".": OPEN}, [("A", "warrior"), ("B", "rogue")],
                 [(0, 0), (0, 3)])
    assert game.current == 0
    events = act(game, "end")
    assert first(events, "turn_start") == {"player": 1, "turn": 2}
    assert game.current == 1
    act(game, "end")
    assert game.current == 0 and game.turn == 3


# ---------------------------------------------------------------------- step 1: flip

def test_several_adjacent_cards_can_be_flipped_in_one_turn():
    game = crossroads()
    events = act(game, "flip N", "flip E", "flip S", "flip W")
    assert [e.data["cell"] for e in events if e.kind == "flip"] == [[0, 1], [1, 2], [2, 1], [1, 0]]
    assert game.turn == 1


def test_a_card_can_only_be_flipped_once():
    game = crossroads()
    act(game, "flip E")
    assert game.why_illegal(action("flip E")) == "there is no face-down card that way"


def test_cards_cannot_be_flipped_after_moving():
    game = crossroads()
    act(game, "flip E", "move E")
    act(game, "end")
    act(game, "move W")
    assert game.why_illegal(action("flip N")) == \
        "cards can only be flipped at the start of a turn, before moving"
    with pytest.raises(IllegalAction):
        game.apply(action("flip S"))


def test_flipping_an_artifact_puts_it_in_the_hand_and_leaves_a_path():
    game = story("╶╴", "@a", {"a": "amulet_of_vigour"})
    hero = game.players[0]
    events = act(game, "flip E")
    assert first(events, "pickup")["card"] == "amulet_of_vigour"
    assert [c.id for c in hero.hand] == ["amulet_of_vigour"]
    assert game.board.content[1] is None
    assert hero.health == 14  # the warrior's 12, +2 at once from the artifact


def test_flipping_a_potion_does_not_pick_it_up():
    game = story("╶╴", "@p", {"p": {"card": "potion", "colour": "red"}})
    act(game, "flip E")
    assert game.players[0].hand == []
    assert game.board.content[1].id == "potion"


# ---------------------------------------------------------------------- step 2: move

def test_a_flip_then_a_move_ends_the_moving():
    game = crossroads()
    act(game, "flip E", "move E")
    assert pos(game) == (1, 2)
    assert game.why_illegal(action("move W")) == MOVES_USED
    assert not {"move", "flip"} & {a.kind for a in game.legal_actions()}
    assert "end_turn" in {a.kind for a in game.legal_actions()}


def test_a_turn_that_only_moved_may_keep_moving():
    game = corridor()
    act(game, "move E", "move E", "move E", "move E")
    assert pos(game) == (0, 4)
    assert game.turn == 1
    act(game, "move W")
    assert pos(game) == (0, 3)


def test_the_refusal_after_a_flip_and_a_move_names_the_walk_on_rule():
    game = crossroads()
    act(game, "flip E", "move E")
    assert game.why_illegal(action("move W")) == (
        "you have used your moves, and only a turn that has only moved may walk on: "
        "end the turn to move again")


def test_facing_a_wall_the_wall_is_the_reason_even_with_the_moves_used():
    game = crossroads()
    act(game, "flip E", "move E")
    assert game.why_illegal(action("move E")) == "there is a wall that way"
    assert game.view(0).step("N").reason == "there is a wall that way"


def test_the_view_notes_a_move_that_only_the_walk_on_rule_allows():
    game = corridor()
    assert game.view(0).step("E").note is None  # the turn's own move
    act(game, "move E")
    view = game.view(0)
    assert view.step("E").reason is None
    assert view.step("E").note == "walk on: this turn has only moved"
    assert view.step("N").note is None  # a wall: no move to note


def test_the_view_notes_no_walk_on_once_the_turn_did_more_than_move():
    game = corridor()
    helm = give(game, "helm")
    act(game, "move E", f"equip {helm}")
    assert game.view(0).step("E").note is None


def test_moving_again_repeats_from_the_move_step_not_the_flip_step():
    game = story("╶─┬╴\n  ╵ ", "@...\n  , ", {".": OPEN, ",": "path"})
    act(game, "move E", "move E")
    assert game.board.face[game.index((1, 2))] == 1  # face down below the hero
    assert game.why_illegal(action("flip S")) == \
        "cards can only be flipped at the start of a turn, before moving"
    assert game.why_illegal(action("move E")) is None


def test_doing_anything_but_moving_ends_the_free_repeats():
    game = corridor()
    helm = give(game, "helm")
    act(game, "move E", f"equip {helm}")
    assert game.why_illegal(action("move E")) == MOVES_USED


def test_reading_a_scroll_after_moving_ends_the_free_repeats():
    game = corridor()
    scroll = give(game, "scroll_max_health")
    act(game, "move E", "move E", f"read {scroll}")
    assert game.why_illegal(action("move E")) == MOVES_USED


@pytest.mark.parametrize("card", [
    {"card": "potion", "colour": "red", "revealed": True},
    up("shop"), up("fountain"), up("trap_spikes"), up("trap_poison"),
])
def test_something_happening_on_arrival_stops_further_moves(card):
    game = story("╶──╴", "@x..", {"x": card, ".": OPEN})
    act(game, "move E")
    assert pos(game) == (0, 1)
    assert game.why_illegal(action("move E")) == MOVES_USED


def test_a_move_onto_a_face_down_card_is_refused():
    game = crossroads()
    assert game.why_illegal(action("move E")) == "that card is face down: flip it first"
    assert [a for a in game.legal_actions() if a.kind == "move"] == []


def test_a_move_onto_another_player_is_refused():
    game = table("╶──╴", "@..@", {".": OPEN}, [("A", "warrior"), ("B", "rogue")],
                 [(0, 0), (0, 2)])
    act(game, "move E")
    assert game.why_illegal(action("move E")) == "another player stands there"


def test_hasty_boots_give_one_more_move_after_a_flip():
    # The flip ends the free repeats of a move-only turn, so the moves left are the boots'.
    game = story("┼──╴\n╵   ", "@...\n,   ", {".": OPEN, ",": "path"})
    act(game, f"equip {give(game, 'hasty_boots')}", "end", "flip S", "move E", "move E")
    assert pos(game) == (0, 2)
    assert game.why_illegal(action("move E")) == MOVES_USED


def test_hasty_boots_in_the_hand_give_no_extra_move():
    game = story("┼──╴\n╵   ", "@...\n,   ", {".": OPEN, ",": "path"})
    give(game, "hasty_boots")
    act(game, "flip S", "move E")
    assert game.why_illegal(action("move E")) == MOVES_USED


def test_the_explorer_in_hasty_boots_moves_two_more_tiles_after_a_flip():
    game = story("┼───╴\n╵    ", "@....\n,    ", {".": OPEN, ",": "path"}, character="explorer")
    act(game, f"equip {give(game, 'hasty_boots')}", "end", "flip S", "move E", "move E", "move E")
    assert pos(game) == (0, 3)
    assert game.why_illegal(action("move E")) == MOVES_USED


def test_the_explorer_moves_one_more_tile_after_a_flip():
    game = story("┼──╴\n╵   ", "@...\n,   ", {".": OPEN, ",": "path"}, character="explorer")
    act(game, "flip S", "move E", "move E")
    assert pos(game) == (0, 2)
    assert game.why_illegal(action("move E")) == MOVES_USED


def test_extra_movement_is_lost_once_combat_starts():
    game = story("┼───╴\n╵    ", "@.g..\n,    ",
                 {".": OPEN, ",": "path", "g": up("goblin")}, character="explorer")
    act(game, "flip S", "move E")  # the first of the explorer's two moves: next to the goblin
    assert game.in_combat(game.players[0])
    assert game.why_illegal(action("move W")) == "you are in combat: attack or flee"
    rig(game, "fight", 5)  # the explorer has no attack bonus: 5 slays the goblin
    act(game, "attack E")
    assert not game.in_combat(game.players[0])
    assert game.why_illegal(action("move E")) == MOVES_USED


# ---------------------------------------------------------------------- end of turn

def test_an_illegal_action_changes_nothing_and_is_not_counted():
    game = crossroads()
    before = game.fingerprint()
    with pytest.raises(IllegalAction) as caught:
        game.apply(action("move E"))
    assert caught.value.reason == "that card is face down: flip it first"
    assert game.fingerprint() == before
    assert game.moves == 0 and game.history == []


def test_a_face_down_enemy_next_to_the_hero_is_no_fight_yet():
    game = story("╶─╴", "@.g", {".": OPEN, "g": "goblin"})
    act(game, "move E")
    assert game.board.face[game.index((0, 2))] == 1
    assert not game.in_combat(game.players[0])
    assert game.why_illegal(action("end")) is None


def test_the_turn_cannot_end_in_combat_before_attacking_or_fleeing():
    game = story("╶╴", "@g", {"g": "goblin"})
    act(game, "flip E")
    assert game.why_illegal(action("end")) == "you are in combat: attack or flee first"
    assert "end_turn" not in [a.kind for a in game.legal_actions()]


# ---------------------------------------------------------------------- combat entry and resume

def test_flipping_an_enemy_enters_combat():
    game = story("╶─╴", "@g.", {"g": "goblin"})
    act(game, "flip E")
    assert game.index((0, 1)) in game.enemies
    assert game.in_combat(game.players[0])
    assert game.why_illegal(action("move E")) == "you are in combat: attack or flee"
    assert {a.kind for a in game.legal_actions()} >= {"attack"}
    assert "move" not in {a.kind for a in game.legal_actions()}


def test_moving_next_to_a_revealed_enemy_enters_combat():
    game = story("╶──╴", "@.g.", {".": OPEN, "g": up("goblin")})
    assert not game.in_combat(game.players[0])
    act(game, "move E")
    assert game.in_combat(game.players[0])
    assert game.enemies[game.index((0, 2))].aggro == [0]
    assert game.why_illegal(action("move W")) == "you are in combat: attack or flee"


def test_more_cards_may_be_flipped_after_flipping_an_enemy_but_not_after_the_round():
    game = story("╷ \n┼╴\n╵ ", ". \n@g\n. ", {"g": "goblin"})
    act(game, "flip E")
    assert game.why_illegal(action("flip N")) is None  # flipping to find a way out
    act(game, "flip N")
    rig(game, "fight", 1)  # 1 + 1 = 2 damage: the goblin lives and the round ends the turn
    act(game, "attack E")
    # The round is over: the turn ended on its own.
    assert game.turn == 2


def test_an_unfinished_combat_round_ends_the_turn():
    game = story("╶─╴", "@g.", {"g": "goblin"})
    act(game, "flip E")
    rig(game, "fight", 1)
    events = act(game, "attack E")
    assert kinds(events)[-2:] == ["turn_end", "turn_start"]
    assert game.enemies[game.index((0, 1))].health == 3
    # The fight carries on next turn: attack or flee, nothing else.
    assert game.in_combat(game.players[0])
    assert game.why_illegal(action("end")) == "you are in combat: attack or flee first"


def test_slaying_an_enemy_met_by_flipping_resumes_at_the_move_step():
    game = story("┼─╴\n╵  ", "@g.\n,  ", {"g": "goblin", ",": "path"})
    act(game, "flip E")
    rig(game, "fight", 4)  # 4 + 1 = 5: the goblin's health
    events = act(game, "attack E")
    assert first(events, "slain")["card"] == "goblin"
    assert "turn_end" not in kinds(events)
    assert game.why_illegal(action("flip S")) == \
        "cards can only be flipped at the start of a turn, before moving"
    act(game, "move E")  # onto the tile the goblin left
    assert pos(game) == (0, 1)
    assert game.why_illegal(action("move E")) == MOVES_USED


def test_slaying_an_enemy_met_by_moving_resumes_at_the_last_step():
    game = story("╶──╴", "@.g.", {".": OPEN, "g": up("goblin")})
    act(game, "move E")
    rig(game, "fight", 4)
    events = act(game, "attack E")
    assert first(events, "slain")["card"] == "goblin"
    assert game.turn == 1
    assert game.why_illegal(action("move E")) == MOVES_USED
    assert game.why_illegal(action("end")) is None


def test_a_combat_still_running_at_turn_start_lets_the_hero_move_after_the_kill():
    """The hero has not moved yet this turn, so the kill resumes the turn at step 2."""
    game = story("╶──╴", "@.g.", {".": OPEN, "g": up("goblin")})
    act(game, "move E")
    rig(game, "fight", 1, 3)
    act(game, "attack E")  # 2 damage: turn over
    assert game.turn == 2
    events = act(game, "attack E")  # 3 + 1 = 4 more: slain
    assert first(events, "slain")["card"] == "goblin"
    assert game.why_illegal(action("move E")) is None
    assert game.why_illegal(action("flip W")) is not None  # flipping is over once fighting ends


# ---------------------------------------------------------------------- out-of-turn moves

def test_a_scroll_of_passage_ends_the_turn_and_the_arrival_waits_for_the_next():
    # A wall between (0, 1) and (0, 2): the scroll steps through it.
    game = story("╶╴╶╴", "@.x.", {".": OPEN, "x": up("trap_spikes")})
    act(game, "move E", "end")
    scroll = give(game, "scroll_move_adjacent")
    events = act(game, f"read {scroll} at=0,2")
    order = kinds(events)
    assert order[:4] == ["read", "teleported", "turn_end", "turn_start"]
    # The trap only bites once the hero's next turn has begun.
    assert order.index("arrive") > order.index("turn_start")
    assert order.index("trap") > order.index("arrive")
    assert game.players[0].health == 10


def test_out_of_turn_arrival_waits_while_other_players_take_their_turns():
    game = table("╶╴╶╴ ╶╴", "@.p. @.", {".": OPEN, "p": up("potion", colour="red")},
                 [("A", "warrior"), ("B", "rogue")], [(0, 0), (0, 5)])
    act(game, "move E", "end", "end")  # A steps east; B passes
    scroll = give(game, "scroll_move_adjacent")
    act(game, f"read {scroll} at=0,2")
    a = game.players[0]
    assert game.current == 1
    assert a.pos == game.index((0, 2)) and a.deferred
    assert a.hand == [] and game.board.content[game.index((0, 2))].id == "potion"
    events = act(game, "end")  # B ends; A's turn starts and A lands for real
    assert first(events, "arrive") == {"player": 0, "cell": [0, 2]}
    assert [c.id for c in a.hand] == ["potion"] and not a.deferred


def test_a_teleported_hero_picks_where_to_land_before_anything_else():
    game = story("╶──╴ ╶╴", "@... .x", {".": OPEN, "x": up("trap_spikes")},
                 potion_identity={"red": "teleport"})
    potion = give(game, "potion", colour="red")
    act(game, f"drink {potion}")
    assert game.pending is not None
    assert {a.kind for a in game.legal_actions()} == {"place"}
    assert game.why_illegal(action("end")) == "choose where the teleported one lands first"
    assert game.why_illegal(action("move E")) == "choose where the teleported one lands first"
    # Not onto the hero's own tile, a face-down card, or a cell with no card.
    for target in ("0,0", "0,4"):
        assert game.why_illegal(action(f"place {target}")) == \
            "a teleport must land on a free, revealed pathing tile"
    events = act(game, "place 0,6")
    order = kinds(events)
    assert order.index("turn_start") < order.index("arrive") < order.index("trap")
    assert game.players[0].health == 10


def test_a_hero_teleported_next_to_an_enemy_is_not_attacked_until_their_turn():
    game = story("╶──╴ ╶╴", "@... .g", {".": OPEN, "g": up("goblin")},
                 potion_identity={"red": "teleport"})
    potion = give(game, "potion", colour="red")
    act(game, f"drink {potion}")
    events = act(game, "place 0,5")
    assert "enemy_attack" not in kinds(events)
    assert game.players[0].health == 12
    # The new turn has begun next to the goblin: it is a fight now.
    assert game.in_combat(game.players[0])
    assert game.why_illegal(action("end")) == "you are in combat: attack or flee first"


def test_a_player_teleported_by_another_feels_the_arrival_on_their_own_turn():
    game = table("╶──╴╶╴", "@...x.", {".": OPEN, "x": up("trap_spikes")},
                 [("A", "warrior"), ("B", "rogue")], [(0, 0), (0, 2)],
                 potion_identity={"red": "teleport"})
    potion = give(game, "potion", colour="red")
    act(game, "move E", f"throw {potion} E", "place 0,4")
    b = game.players[1]
    # The thrower's turn goes on; B stands on the trap but is not hurt yet.
    assert game.current == 0 and game.turn == 1
    assert b.pos == game.index((0, 4)) and b.deferred and b.health == 8
    events = act(game, "end")
    order = kinds(events)
    assert order.index("turn_start") < order.index("arrive") < order.index("trap")
    assert first(events, "damage") == {"player": 1, "amount": 2, "health": 6,
                                       "cause": "Spike Trap"}


def test_only_the_player_whose_turn_it_is_may_act():
    game = table("╶╴ ╶╴", "@. @.", {".": OPEN}, [("A", "warrior"), ("B", "rogue")],
                 [(0, 0), (0, 3)])
    act(game, "end")
    assert game.player.seat == 1
    act(game, "move E")
    assert game.players[1].pos == game.index((0, 4))
    assert game.players[0].pos == game.index((0, 0))


# ---------------------------------------------------------------------- lost turns

def test_a_paralysed_hero_ends_the_turn_and_loses_the_next_one():
    game = story("╶─╴", "@x.", {"x": "trap_paralysis"})
    events = act(game, "flip E")
    order = kinds(events)
    assert order == ["flip", "trap", "paralysed", "turn_end", "turn_start", "turn_lost"]
    assert first(events, "turn_lost") == {"player": 0, "left": 0}
    assert game.turn == 2 and game.players[0].skip == 0
    # The lost turn allows only ending it, which costs a move: paralysis is never a shortcut.
    assert game.why_illegal(action("move E")) == "you lose this turn: end it"
    moves = game.moves
    act(game, "end")
    assert game.turn == 3 and game.moves == moves + 1
    assert game.why_illegal(action("move E")) is None  # turn 3 is a normal turn


def test_enemies_fighting_a_paralysed_hero_still_act_on_the_lost_turn():
    game = story("╶──╴", "@xg.", {"x": up("trap_paralysis"), "g": up("goblin")})
    events = act(game, "move E")
    order = kinds(events)
    # The move onto the trap next to the goblin: the turn ends at once (no attack yet)...
    assert order.index("paralysed") < order.index("turn_end")
    # ...and on the lost turn the goblin attacks.
    lost = order.index("turn_lost")
    assert order.index("enemy_attack", lost) > lost
    assert first(events, "enemy_attack")["damage"] == 2
    assert game.players[0].health == 10
    assert game.why_illegal(action("attack E")) == "you lose this turn: end it"
    act(game, "end")
    assert game.turn == 3
    assert game.why_illegal(action("attack E")) is None


def test_a_lost_turn_out_of_combat_passes_with_nothing_attacking():
    game = story("╶─╴", "@x.", {"x": "trap_paralysis"})
    events = act(game, "flip E")
    assert "enemy_attack" not in kinds(events)
    assert game.players[0].health == 12


def test_in_a_table_game_the_lost_turn_is_the_paralysed_players_own():
    game = table("╶─╴ ╶╴", "@x. @.", {"x": "trap_paralysis", ".": OPEN},
                 [("A", "warrior"), ("B", "rogue")], [(0, 0), (0, 4)])
    act(game, "flip E")  # A is paralysed: A's turn ends, B plays
    assert game.current == 1 and game.turn == 2
    events = act(game, "end")  # A's next turn is lost: A can only end it
    assert first(events, "turn_lost")["player"] == 0
    assert game.current == 0 and game.turn == 3
    act(game, "end")
    assert game.current == 1 and game.turn == 4
    act(game, "end")
    assert game.current == 0 and game.turn == 5


def test_an_out_of_turn_arrival_on_the_exit_wins_before_that_turn_goes_on():
    # Poisoned down to 1 health, the hero reads a Scroll of Passage through the wall onto
    # the ladder. The landing happens as the next turn starts and completes the run; the
    # poison tick of that turn must not come after the win and undo it.
    game = story("╷╶\n╵ ", "@>\nx ", {">": up("ladder"), "x": "trap_poison"}, health=2)
    act(game, "flip S", "end")
    hero = game.players[0]
    assert hero.health == 1 and hero.poison == 1
    scroll = give(game, "scroll_move_adjacent")
    events = act(game, f"read {scroll} at=0,1")
    assert game.outcome == "won"
    assert [e.data["outcome"] for e in events if e.kind == "game_over"] == ["won"]
    assert hero.health == 1 and not hero.dead


def test_the_rulebooks_example_turn():
    # Flip a shop, flip a spike trap (2 damage), step onto the shop, buy, and the shop's own
    # paths have laid face-down cards around it.
    game = story("""
 ╷  
╶┼┼╴
 ╵  
""", """
 x  
.@$.
 .  
""", {"x": "trap_spikes", "$": {"card": "shop", "stock": ["sword"]}}, gold=8)
    flip_shop = act(game, "flip E")
    assert first(flip_shop, "flip")["placed"] == [[1, 3]]
    act(game, "flip N")
    assert game.players[0].health == 10
    act(game, "move E")
    sword = game.stock[game.players[0].pos][0].uid
    act(game, f"buy {sword}")
    assert [c.id for c in game.players[0].hand] == ["sword"] and game.players[0].gold == 0
    assert game.turn == 1
    act(game, "end")
    assert game.turn == 2


def test_an_action_that_would_start_turns_for_ever_is_refused_and_changes_nothing(monkeypatch):
    """Termination, the last line of defence: should a rule ever end every turn as it starts,
    the action is refused with a reason and the game is left as it was, instead of hanging."""
    from engine.cardrogue import turn

    game = story("╶──╴", "@...", {".": OPEN})
    act(game, "move E")
    before = (game.fingerprint(), list(game.history))
    real = turn.start_turn

    def broken(g, events):
        real(g, events)
        if len(g.history) == 2:
            g.ending = True  # a rule gone wrong: the second action's turns never stop ending

    monkeypatch.setattr(turn, "start_turn", broken)
    with pytest.raises(IllegalAction, match="turns pass without end"):
        game.apply(action("end"))
    assert (game.fingerprint(), list(game.history)) == before
    monkeypatch.undo()
    act(game, "end", "move E")  # the game plays on
