"""Rulebook: Goals (The chest and key, The shopkeeper's debt, The bosses, The basilisks, The
golem, The end rush, Game over scoring), and our story-mode levels from PRODUCT.md.

Story: a level is complete when its goals (slay, boss, chest, debt, hold) are met and the hero
steps onto its exit (the ladder, or a starting tile on the last level); health, items, gold and
effects carry over; moves and turns are counted per level; the last exit wins the run.
Classic: the chest opened with the key and the bought debt are points that stay; boss cards are
points while held; two basilisks in one hand are both lost; taking the golem with two or more
players starts the end rush, and the first hero back on a starting tile gains a point and ends
the game.
"""

from __future__ import annotations

import pytest

from engine.cardrogue import Goal, State, goals, level_from_grids, map_from_levels
from engine.cardrogue.goals import victory_points
from engine.cardrogue.turn import MOVES_USED
from tests.engine.cardrogue.support import (
    BRANCH_PATHS,
    LADDER,
    OPEN,
    act,
    action,
    branch,
    first,
    give,
    hero,
    kinds,
    rig,
    story,
    table,
    up,
)


def campaign(*levels, character="warrior"):
    """A story game of several levels, each given as (paths, cells, legend, fields)."""
    built = [level_from_grids(f"L{n}", paths, cells, legend, **fields)
             for n, (paths, cells, legend, fields) in enumerate(levels)]
    return State.story(map_from_levels(built, seed=1), character)


# A corridor to the ladder with a side branch below the middle tile, where a card waits
# face down (flipped from the middle tile on a later turn, before moving).


# ---------------------------------------------------------------------- the exit

def test_stepping_onto_the_ladder_of_the_only_level_wins_the_run():
    game = story("╶─╴", "@.>", {".": OPEN, **LADDER})
    events = act(game, "move E", "move E")
    assert first(events, "level_complete") == {"level": 0, "id": "test", "moves": 2, "turns": 1}
    assert first(events, "game_over") == {"outcome": "won", "moves": 2, "turns": 1}
    assert game.outcome == "won" and game.is_over
    assert game.returns() == [1]


def test_nothing_more_can_be_done_once_the_run_is_over():
    game = story("╶╴", "@>", LADDER)
    act(game, "move E")
    assert game.legal_actions() == []
    assert game.why_illegal(action("end")) == "the game is over"
    assert game.why_illegal(action("move W")) == "the game is over"


def test_a_run_not_yet_won_scores_nothing():
    game = story("╶╴", "@>", LADDER)
    assert game.outcome is None and game.returns() == [0]


def test_the_ladder_must_be_face_up_before_it_can_be_used():
    game = story("╶╴", "@>")
    assert game.why_illegal(action("move E")) == "that card is face down: flip it first"
    act(game, "flip E", "move E")
    assert game.outcome == "won"


def test_on_a_start_exit_level_the_hero_leaves_by_a_starting_tile():
    game = story("╶─╴", "@.>", {".": OPEN, **LADDER}, exit="start")
    events = act(game, "move E", "move E")
    # The ladder is not this level's exit: standing on it does nothing.
    assert "level_complete" not in kinds(events) and game.outcome is None
    act(game, "move W", "move W")
    assert game.outcome == "won"


def test_a_starting_tile_is_no_exit_on_a_ladder_level():
    game = story("╶─╴", "@.>", {".": OPEN, **LADDER})
    act(game, "move E", "move W")
    assert game.outcome is None
    # Nothing happened there, so the move-only turn can carry on.
    assert game.why_illegal(action("move E")) is None


# ---------------------------------------------------------------------- goals lock the exit

def test_the_exit_is_locked_while_a_goal_is_unmet():
    game = branch("goblin", goals=[Goal("slay", "goblin")])
    events = act(game, "move E", "move E")
    assert first(events, "exit_locked") == {"player": 0, "unmet": ["slay goblin"]}
    assert game.outcome is None
    assert hero(game).pos == game.index((0, 2))
    # Something happened on arrival: the move-only turn stops here.
    assert game.why_illegal(action("move W")) == MOVES_USED


def test_slaying_the_named_enemy_opens_the_exit():
    game = branch("goblin", goals=[Goal("slay", "goblin")])
    act(game, "move E", "end", "flip S")
    rig(game, "fight", 4)  # 4 + 1 = 5: slain
    act(game, "attack S")
    events = act(game, "move E")  # met by flipping: the hero may still move
    assert "exit_locked" not in kinds(events)
    assert game.outcome == "won"


def test_slaying_another_enemy_does_not_meet_a_slay_goal():
    game = branch("kobold", goals=[Goal("slay", "goblin")])
    act(game, "move E", "end", "flip S")
    rig(game, "fight", 4)
    act(game, "attack S", "move E")
    assert game.outcome is None
    assert hero(game).slain == ["kobold"]


def test_a_slay_goal_counts_an_enemy_with_custom_numbers_by_its_standard_card():
    game = branch({"card": "goblin", "health": 1}, goals=[Goal("slay", "goblin")])
    act(game, "move E", "end", "flip S")
    rig(game, "fight", 1)
    act(game, "attack S", "move E")
    assert game.outcome == "won"


@pytest.mark.parametrize("boss", ["basilisk_venom", "basilisk_gaze", "golem"])
def test_slaying_any_boss_meets_a_boss_goal(boss):
    game = branch({"card": boss, "health": 1}, goals=[Goal("boss")])
    events = act(game, "move E", "move E")
    assert first(events, "exit_locked")["unmet"] == ["slay a boss"]
    act(game, "end", "move W", "end", "flip S")
    rig(game, "fight", 1)
    act(game, "attack S", "move E")
    assert game.outcome == "won"


def test_a_boss_goal_is_not_met_by_an_ordinary_enemy():
    game = branch("goblin", goals=[Goal("boss")])
    act(game, "move E", "end", "flip S")
    rig(game, "fight", 4)
    events = act(game, "attack S", "move E")
    assert first(events, "exit_locked")["unmet"] == ["slay a boss"]


def test_opening_the_chest_meets_a_chest_goal():
    # The chest is face up north of the start; the key lies face down below the middle tile.
    game = story("╷┌╴\n└┼╴\n ╵ ", "c.>\n@. \n k ",
                 {".": OPEN, "c": up("chest"), "k": "key", **LADDER}, goals=(Goal("chest"),))
    events = act(game, "move E", "move N", "move E")
    assert first(events, "exit_locked")["unmet"] == ["open the chest"]
    act(game, "end", "move W", "move S", "end")
    act(game, "flip S", "move W", "end")  # the key, then back to the start
    events = act(game, "move N")
    assert first(events, "chest_opened")["vp"] == 1
    act(game, "end", "move S", "move E", "move N", "move E")
    assert game.outcome == "won"


def test_buying_the_debt_meets_a_debt_goal():
    game = story("╶─╴", "@$>", {"$": up("shop", stock=["shopkeeper_debt"]), **LADDER},
                 gold=12, goals=(Goal("debt"),))
    act(game, "move E")
    debt = game.stock[hero(game).pos][0].uid
    act(game, f"buy {debt}", "end", "move E")
    assert game.outcome == "won"


def test_the_debt_goal_names_itself_when_unmet():
    game = story("╶─╴", "@$>", {"$": up("shop", stock=["shopkeeper_debt"]), **LADDER},
                 gold=12, goals=(Goal("debt"),))
    events = act(game, "move E", "end", "move E")
    assert first(events, "exit_locked")["unmet"] == ["buy the shopkeeper's debt"]


def test_a_hold_goal_needs_the_item_in_hand_or_equipped():
    game = branch("amulet_of_vigour", goals=[Goal("hold", "sword")])
    events = act(game, "move E", "move E")
    assert first(events, "exit_locked")["unmet"] == ["hold sword"]
    sword = give(game, "sword")
    act(game, "end", f"equip {sword}", "move W", "end", "move E")
    assert game.outcome == "won"


def test_a_hold_goal_is_met_by_an_item_picked_up_on_the_way():
    game = branch("amulet_of_vigour", goals=[Goal("hold", "amulet_of_vigour")])
    act(game, "move E", "end", "flip S", "move E")
    assert game.outcome == "won"


def test_a_hold_goal_counts_an_item_with_custom_numbers_by_its_standard_card():
    game = branch({"card": "ring_of_might", "attack": 2}, goals=[Goal("hold", "ring_of_might")])
    act(game, "move E", "end", "flip S", "move E")
    assert game.outcome == "won"


def test_every_unmet_goal_is_listed_and_all_must_be_met():
    goals = [Goal("slay", "goblin"), Goal("chest"), Goal("debt"), Goal("hold", "key"), Goal("boss")]
    game = story("╶╴", "@>", LADDER, goals=tuple(goals))
    events = act(game, "move E")
    assert first(events, "exit_locked")["unmet"] == [
        "slay goblin", "open the chest", "buy the shopkeeper's debt", "hold key", "slay a boss"]


# ---------------------------------------------------------------------- campaigns

LEVEL_A = ("╶──╴", "@px>", {"p": up("potion", colour="red"), "x": up("trap_poison"), **LADDER},
           {"gold": 3})
LEVEL_B = ("╶─╴", "@.>", {".": OPEN, **LADDER}, {})


def test_the_next_level_starts_when_the_exit_is_reached():
    game = campaign(LEVEL_A, LEVEL_B)
    act(game, "move E", "end", "move E", "end")
    events = act(game, "move E")
    assert first(events, "level_complete") == {"level": 0, "id": "L0", "moves": 5, "turns": 3}
    assert first(events, "level_start") == {"level": 1, "id": "L1", "title": ""}
    assert game.level_index == 1 and game.outcome is None
    assert hero(game).pos == game.index((0, 0))
    assert game.board.width == 3
    # Reaching the exit ends that turn: the new level begins with a new turn.
    order = kinds(events)
    assert order.index("level_start") < order.index("turn_end") < order.index("turn_start")
    assert game.turn == 4


def test_health_items_gold_and_effects_carry_over_to_the_next_level():
    game = campaign(LEVEL_A, LEVEL_B)
    act(game, "move E", "end", "move E", "end")  # the potion, then the poison trap (2 turns)
    assert hero(game).health == 11 and hero(game).poison == 1
    events = act(game, "move E")  # onto the ladder; the new level's first turn ticks poison
    assert first(events, "damage")["cause"] == "poison"
    assert hero(game).health == 10 and hero(game).poison == 0
    assert [(c.id, c.colour) for c in hero(game).hand] == [("potion", "red")]
    assert hero(game).gold == 3


def test_a_level_may_set_the_heros_health_gold_and_items_on_arrival():
    level_b = ("╶─╴", "@.>", {".": OPEN, **LADDER}, {"health": 4, "gold": 9, "items": ("sword",)})
    game = campaign(LEVEL_A, level_b)
    act(game, "move E", "end", "move E", "end", "move E")
    assert hero(game).gold == 9
    assert [c.id for c in hero(game).hand] == ["potion", "sword"]
    assert hero(game).health == 3  # set to 4, then the carried poison's last tick


def test_moves_and_turns_are_counted_per_level_and_the_last_exit_wins():
    game = campaign(LEVEL_A, LEVEL_B)
    act(game, "move E", "end", "move E", "end", "move E")
    events = act(game, "move E", "move E")
    assert first(events, "level_complete") == {"level": 1, "id": "L1", "moves": 2, "turns": 1}
    assert first(events, "game_over") == {"outcome": "won", "moves": 7, "turns": 4}
    assert game.level_moves == [5, 2]
    assert game.level_turns == [3, 1]
    assert game.outcome == "won"


def test_goals_only_count_what_was_done_on_the_current_level():
    slay = {"goals": (Goal("slay", "goblin"),)}
    level_a = (BRANCH_PATHS, "@.>\n g ", {".": OPEN, "g": "goblin", **LADDER}, slay)
    level_b = ("╶╴", "@>", LADDER, slay)
    game = campaign(level_a, level_b)
    act(game, "move E", "end", "flip S")
    rig(game, "fight", 4)
    act(game, "attack S", "move E")
    assert game.level_index == 1
    events = act(game, "move E")
    assert first(events, "exit_locked")["unmet"] == ["slay goblin"]
    assert game.outcome is None


def test_dying_ends_a_story_run_as_lost():
    game = campaign(LEVEL_A, LEVEL_B)
    hero(game).health = 1
    events = act(game, "move E", "end")
    assert game.outcome is None
    events = act(game, "move E", "end")  # poisoned, the next tick kills
    assert first(events, "game_over")["outcome"] == "lost"
    assert game.outcome == "lost" and game.returns() == [0]


# ---------------------------------------------------------------------- the chest and key

def test_a_flipped_key_goes_straight_to_the_hand():
    game = story("╶╴", "@k", {"k": "key"})
    events = act(game, "flip E")
    assert first(events, "pickup")["card"] == "key"
    assert [c.id for c in hero(game).hand] == ["key"]


def test_the_chest_opens_with_the_key_for_a_point_and_takes_the_key():
    game = story("╶─╴", "@c.", {"c": up("chest")})
    give(game, "key")
    events = act(game, "move E")
    assert first(events, "chest_opened") == {"player": 0, "vp": 1, "cell": [0, 1]}
    assert hero(game).vp == 1 and hero(game).chests == 1
    assert hero(game).hand == []
    assert victory_points(game, hero(game)) == 1


def test_the_chest_stays_shut_without_the_key():
    game = story("╶─╴", "@c.", {"c": up("chest")})
    events = act(game, "move E")
    assert first(events, "chest_locked") == {"player": 0, "cell": [0, 1]}
    assert hero(game).vp == 0
    assert game.board.content[game.index((0, 1))].id == "chest"


def test_flipping_the_chest_does_not_open_it():
    game = story("╶─╴", "@c.", {"c": "chest"})
    give(game, "key")
    events = act(game, "flip E")
    assert "chest_opened" not in kinds(events)
    assert hero(game).vp == 0 and [c.id for c in hero(game).hand] == ["key"]


def test_the_chest_point_stays_once_the_key_is_gone():
    game = table("╶─╴ ╶╴", "@c. @.", {"c": up("chest"), ".": OPEN},
                 [("A", "warrior"), ("B", "rogue")], [(0, 0), (0, 4)])
    give(game, "key")
    act(game, "move E")
    assert victory_points(game, hero(game, 0)) == 1
    assert game.returns() == [1, 0]


# ---------------------------------------------------------------------- the debt

def test_buying_the_debt_gives_a_point_and_no_card():
    game = story("╶─╴", "@$.", {"$": up("shop", stock=["shopkeeper_debt"])}, gold=12)
    act(game, "move E")
    debt = game.stock[hero(game).pos][0].uid
    events = act(game, f"buy {debt}")
    assert first(events, "buy")["price"] == 12
    assert first(events, "debt_bought") == {"player": 0, "vp": 1}
    assert hero(game).hand == [] and hero(game).gold == 0
    assert hero(game).vp == 1 and hero(game).debts == 1
    assert game.stock[hero(game).pos] == []
    assert victory_points(game, hero(game)) == 1


# ---------------------------------------------------------------------- bosses and basilisks

TWO = [("A", "warrior"), ("B", "rogue")]


def two_player(legend=None):
    """A and B on starting tiles (0, 0) and (0, 5); G at (0, 2) is a plain tile unless given."""
    return table("╶──╴ ╶╴", "@.G. @.", {".": OPEN, "G": OPEN, **(legend or {})}, TWO,
                 [(0, 0), (0, 5)])


@pytest.mark.parametrize(("boss", "points"), [("basilisk_venom", 1), ("basilisk_gaze", 1),
                                              ("golem", 2)])
def test_a_boss_card_in_the_hand_is_worth_its_points(boss, points):
    game = two_player()
    give(game, boss)
    assert victory_points(game, hero(game)) == points


def test_ordinary_loot_is_worth_no_points():
    game = two_player()
    give(game, "troll")
    assert victory_points(game, hero(game)) == 0


def test_two_basilisks_in_one_hand_are_both_discarded():
    game = two_player()
    give(game, "basilisk_venom")
    events = []
    goals.take_card(game, hero(game), game.new_card("basilisk_gaze"), events)
    assert first(events, "basilisks_discarded") == {"player": 0}
    assert hero(game).hand == []
    assert victory_points(game, hero(game)) == 0


def test_slaying_the_second_basilisk_loses_both():
    game = two_player(legend={"G": up("basilisk_gaze", health=1)})
    give(game, "basilisk_venom")
    act(game, "move E")
    rig(game, "fight", 1)
    events = act(game, "attack E")
    assert kinds(events).index("slain") < kinds(events).index("basilisks_discarded")
    assert hero(game).hand == []
    assert victory_points(game, hero(game)) == 0


def test_basilisks_in_different_hands_both_count():
    game = two_player()
    give(game, "basilisk_venom", seat=0)
    give(game, "basilisk_gaze", seat=1)
    assert game.returns() == [1, 1]


# ---------------------------------------------------------------------- the golem and end rush

def golem_slain():
    """A at (0, 1) has just slain a one-health golem at (0, 2); B waits on (0, 5)."""
    game = two_player(legend={"G": up("golem", health=1)})
    act(game, "move E")
    rig(game, "fight", 1)
    return game, act(game, "attack E")


def test_taking_the_golem_with_two_players_starts_the_end_rush():
    game, events = golem_slain()
    assert first(events, "end_rush") == {"player": 0}
    assert game.end_rush
    assert victory_points(game, hero(game)) == 2
    assert game.outcome is None


def test_the_golem_starts_no_end_rush_for_a_lone_hero():
    game = story("╶──╴", "@.G.", {".": OPEN, "G": up("golem", health=1)})
    act(game, "move E")
    rig(game, "fight", 1)
    events = act(game, "attack E")
    assert "end_rush" not in kinds(events)
    assert not game.end_rush
    solo = table("╶──╴", "@.G.", {".": OPEN, "G": up("golem", health=1)}, [("A", "warrior")],
                 [(0, 0)])
    act(solo, "move E")
    rig(solo, "fight", 1)
    act(solo, "attack E")
    assert not solo.end_rush


def test_a_starting_tile_ends_nothing_before_the_end_rush():
    game = two_player()
    act(game, "move E", "end", "end", "move W")
    assert game.outcome is None and hero(game).vp == 0
    # Walking over it is like walking over a path: a move-only turn goes on.
    assert game.why_illegal(action("move E")) is None


def test_reaching_a_starting_tile_in_the_end_rush_scores_a_point_and_ends_the_game():
    game, _ = golem_slain()
    act(game, "end", "end")
    events = act(game, "move W")
    assert first(events, "escaped") == {"player": 0, "vp": 1}
    assert first(events, "game_over") == {"outcome": "over", "points": [3, 0]}
    assert game.outcome == "over" and game.is_over
    assert game.returns() == [3, 0]
    assert game.legal_actions() == []


def test_any_starting_tile_is_a_way_out_in_the_end_rush():
    game, _ = golem_slain()
    act(game, "end")
    # B, who holds nothing, walks onto its own starting tile and wins the point.
    act(game, "move E", "end", "end", "move W")
    assert game.outcome == "over"
    assert game.returns() == [2, 1]


def test_a_known_teleport_potion_cannot_be_used_in_the_end_rush():
    game, _ = golem_slain()
    game.potion_identity["red"] = "teleport"
    potion = give(game, "potion", colour="red")
    reason = "teleportation does not work during the end rush"
    assert game.why_illegal(action(f"drink {potion}")) == reason
    act(game, "end")
    assert game.why_illegal(action(f"drink {give(game, 'potion', seat=1, colour='red')}")) == reason


def test_a_potion_found_to_be_teleport_in_the_end_rush_does_nothing():
    game, _ = golem_slain()
    rig(game, "potion", 5)  # the die face of teleportation
    potion = give(game, "potion", colour="blue")
    events = act(game, f"drink {potion}")
    assert first(events, "potion_identified")["effect"] == "teleport"
    assert "no_effect" in kinds(events)
    assert game.pending is None
    assert hero(game).pos == game.index((0, 1))
