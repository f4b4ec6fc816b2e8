"""Rulebook: Setting up the play area, The deciding roll and characters, First move, Walls and
paths (turning a flipped tile, red arrows), Slaying an enemy (a pathing tile replaces it), and
the classic decks (data/decks.toml)."""

from collections import Counter

import pytest

from engine.cardrogue import Action, Pick, State, catacomb
from engine.cardrogue.board import FACE_DOWN, GLYPH_PATHS, REVEALED, E, N, S, W
from engine.core import IllegalAction
from tests.engine.cardrogue.support import act, close_every_path, first, kinds, picked, rig, wall_in


def test_decks_hold_what_the_data_file_says_and_no_ladder_or_spares():
    game = picked()
    data = catacomb.deck_data()
    laid = [c for c in game.board.content if c is not None and c.id != "start"]
    exploration = Counter(c.id for c in game.catacomb.exploration + laid)
    assert exploration == Counter({k: v["count"] for k, v in data["exploration"].items()})
    assert "ladder" not in exploration
    assert Counter(c.id for c in game.catacomb.shop) == Counter(
        {k: v["count"] for k, v in data["shop"].items()})
    assert all(entry["why"] for section in ("exploration", "pathing", "shop")
               for entry in data[section].values())


def test_the_same_seed_deals_the_same_table():
    a, b = picked(seed=9), picked(seed=9)
    assert a.fingerprint() == b.fingerprint()
    assert picked(seed=10).catacomb.exploration != a.catacomb.exploration


def test_the_deciding_roll_picks_the_highest_and_rerolls_ties():
    game = State.classic(["Ann", "Bob", "Cy"], 1, characters=["bard", "mage", "rogue"])
    rounds = game.catacomb.order_rolls
    last = rounds[-1]
    starter = max(range(3), key=lambda s: last[s])
    assert game.current == starter == first(game.opening_events, "deciding_roll")["starter"]
    for earlier in rounds[:-1]:  # every earlier round was a tie at the top
        assert sorted(earlier, reverse=True)[0] == sorted(earlier, reverse=True)[1]


def test_starting_tiles_are_at_least_four_cards_apart_on_the_table_edge():
    game = picked(("A", "B", "C", "D"))
    starts = [game.cell(p.pos) for p in game.players]
    assert all(row == 0 for row, _ in starts)
    cols = sorted(col for _, col in starts)
    assert all(b - a - 1 >= 4 for a, b in zip(cols, cols[1:], strict=False))
    # the cards between neighbouring starting tiles are face down
    for col in range(cols[0], cols[-1] + 1):
        if col not in cols:
            assert game.board.face[col] == FACE_DOWN


def test_every_open_edge_of_a_starting_tile_has_a_face_down_card_except_the_table_edge():
    game = picked(("A", "B", "C"))
    for p in game.players:
        for bit in (E, S, W):
            other = game.board.neighbour(p.pos, bit)
            assert other is not None and game.board.face[other] in (FACE_DOWN, REVEALED)
        assert game.board.neighbour(p.pos, N) is None  # off the table: a wall


def test_characters_are_picked_in_turn_order_and_only_once():
    game = State.classic(["Ann", "Bob"], 5)
    order = [game.current, 1 - game.current]
    assert game.pending == Pick(order[0])
    with pytest.raises(IllegalAction, match="pick a character"):
        game.apply(Action("end_turn"))
    game.apply(Action("pick", name="mage"))
    with pytest.raises(IllegalAction, match="already taken"):
        game.apply(Action("pick", name="mage"))
    game.apply(Action("pick", name="bard"))
    assert game.pending is None
    assert game.players[order[0]].character == "mage" and game.players[order[1]].character == "bard"
    assert game.players[order[0]].health == 8  # the Mage's max health


def test_a_flipped_pathing_tile_turns_to_meet_the_flipper():
    for straight, facing in ((catacomb.rotate(GLYPH_PATHS["│"], 1), W), (GLYPH_PATHS["╵"], S)):
        turned = catacomb._turned(straight, None, facing)
        assert turned & facing


def test_a_red_arrow_points_away_from_the_flipper():
    shape = GLYPH_PATHS["┤"]  # arrow printed pointing north
    turned = catacomb._turned(shape, "N", W)  # flipped from the west
    # the arrow now points east (away), and the tile still opens west toward the flipper
    assert catacomb.rotate(N, 1) == E and turned & W
    assert turned == catacomb.rotate(shape, 1)


def test_flipping_in_the_classic_game_connects_the_new_tile():
    game = picked(("A", "B"), seed=11)
    p = game.players[game.current]
    below = game.board.neighbour(p.pos, S)
    card = game.board.content[below]
    act(game, "flip S")
    assert game.board.face[below] == REVEALED
    if game.catalog.cards[card.id].type == "path":
        assert game.board.paths[below] & N and game.board.content[below] is None
    else:
        assert game.board.paths[below] == 15


def test_arriving_on_a_tile_lays_cards_on_paths_into_the_unknown():
    game = picked(("A",), seed=2, characters=["explorer"])
    p = game.players[0]
    below = game.board.neighbour(p.pos, S)
    game.board.content[below] = game.new_card("path_crossing")  # test setup: a known tile
    left = len(game.catacomb.exploration)
    act(game, "flip S")
    events = act(game, "move S")
    laid = first(events, "cards_laid")["cells"]
    row, col = game.cell(below)
    assert sorted(laid) == sorted([[row, col + 1], [row + 1, col], [row, col - 1]])
    assert all(game.board.face[game.index(tuple(c))] == FACE_DOWN for c in laid)
    assert len(game.catacomb.exploration) == left - 3


def test_a_slain_enemy_is_replaced_from_the_pathing_stack():
    game = picked(("A", "B"))
    p = game.players[game.current]
    below = game.board.neighbour(p.pos, S)
    # Put a weak enemy face down below the current hero (test setup).
    game.board.content[below] = game.new_card("cave_bat")
    game.board.paths[below] = 15
    before = len(game.catacomb.pathing)
    act(game, "flip S")
    rig(game, "fight", 6)
    events = act(game, "attack S")
    assert "slain" in kinds(events) and "path_replaced" in kinds(events)
    assert len(game.catacomb.pathing) == before - 1
    assert game.board.paths[below] & N  # the new tile meets the slayer


def test_every_shop_sells_from_the_one_shop_pile():
    game = picked(("A", "B"))
    p = game.players[game.current]
    game.board.content[p.pos] = game.new_card("shop")
    p.gold = 100
    sword = next(c for c in game.catacomb.shop if c.id == "sword")
    act(game, f"buy {sword.uid}")
    assert sword not in game.catacomb.shop and sword in p.hand


def test_the_end_rush_can_be_called_when_no_path_leads_anywhere_new():
    game = picked(("A", "B"))
    with pytest.raises(IllegalAction, match="no path leads"):
        game.apply(Action("end_rush"))
    close_every_path(game)
    events = game.apply(Action("end_rush"))
    assert game.end_rush and "end_rush" in kinds(events)


def test_all_pathing_tiles_lead_to_dead_ends_not_while_a_path_leads_to_an_empty_place():
    """All pathing tiles lead to dead ends or loops: while a path of a tile a hero can walk
    to leads to an empty place, walking there lays new cards, so neither the mole nor the end
    rush is offered. Once the exploration stack is out, with nothing to reuse, that place
    would stay empty: then they are."""
    game = picked(("A", "B"))
    for i, face in enumerate(game.board.face):
        if face == FACE_DOWN:  # flipped but never walked onto: the cards around are not laid
            game.board.face[i] = REVEALED
            game.board.content[i] = None
    assert game.catacomb.exploration
    assert not {"mole", "end_rush"} & {a.kind for a in game.legal_actions()}
    with pytest.raises(IllegalAction, match="no path leads"):
        game.apply(Action("end_rush"))
    game.catacomb.exploration.clear()
    assert {"mole", "end_rush"} <= {a.kind for a in game.legal_actions()}


def test_all_pathing_tiles_lead_to_dead_ends_even_with_a_card_walled_in():
    """All pathing tiles lead to dead ends: the mole and the end rush come when no hero can lay
    new tiles, even though a face-down card (here the Golem) lies where no path leads."""
    game = picked(("A", "B"))
    close_every_path(game)
    wall_in(game, "golem")
    assert FACE_DOWN in game.board.face
    assert {"mole", "end_rush"} <= {a.kind for a in game.legal_actions()}
    events = game.apply(Action("end_rush"))
    assert game.end_rush and "end_rush" in kinds(events)


def test_when_the_stack_runs_out_a_walled_in_card_is_laid_again():
    """There are no more exploration cards: the unreachable face-down cards are reused, so a
    walled-in Golem comes back where a path leads and the game can still end."""
    game = picked(("A",), seed=2, characters=["explorer"])
    p = game.players[0]
    below = game.board.neighbour(p.pos, S)
    game.board.content[below] = game.new_card("path_crossing")  # test setup: a known tile
    golem = wall_in(game, "golem")
    game.catacomb.exploration.clear()
    act(game, "flip S")
    events = act(game, "move S")
    reused = first(events, "card_reused")
    assert reused["from"] == list(game.cell(golem))
    landed = game.index(tuple(reused["to"]))
    assert game.board.content[landed].id == "golem" and game.board.face[landed] == FACE_DOWN
    assert not game.board.exists[golem]
    assert landed in game.board.face_down_from([below])  # the hero can flip it now


def test_no_more_exploration_cards_reuse_only_cards_that_cannot_be_reached():
    """There are no more exploration cards: the face-down cards that are reused are those no
    hero can reach, not those not reached yet. The cards of the starting line between two
    starting tiles can be flipped one after the other, so they stay; the walled-in Golem is
    laid again instead."""
    game = picked(("A", "B"))
    hero = game.player
    line = [i for i in range(game.board.width) if game.board.face[i] == FACE_DOWN]
    below = game.board.neighbour(hero.pos, S)
    game.board.content[below] = game.new_card("path_crossing")  # test setup: a known tile
    golem = wall_in(game, "golem")
    game.catacomb.exploration.clear()
    events = act(game, "flip S", "move S")
    reused = [e.data for e in events if e.kind == "card_reused"]
    assert [r["from"] for r in reused] == [list(game.cell(golem))]
    assert all(game.board.face[i] == FACE_DOWN for i in line)


def test_the_solo_game_is_won_by_leaving_alive_with_the_goals_met():
    from engine.cardrogue import Goal

    game = State.classic(["Solo"], 7, characters=["warrior"], goals_=(Goal("chest"),))
    p = game.players[0]
    start = p.pos
    right = game.board.neighbour(start, E)
    # test setup: a revealed chest next door, and the key in hand
    game.board.content[right] = game.new_card("chest")
    game.board.face[right] = REVEALED
    game.board.paths[right] = 15
    from tests.engine.cardrogue.support import give
    give(game, "key")
    act(game, "move E")
    assert p.chests == 1 and game.outcome is None
    act(game, "end", "move W")
    assert game.outcome == "won"


def test_death_ends_the_solo_game():
    game = State.classic(["Solo"], 7, characters=["warrior"])
    from engine.cardrogue import effects
    effects.hurt_player(game, game.players[0], 99, "test", [])
    assert game.outcome == "lost"


def test_each_seat_remembers_its_own_starting_tile_whoever_rolled_highest():
    # Seats are placed in turn order from the deciding roll; the respawn choice names each
    # seat's own tile, so the record must follow seats, not turn order.
    starters = set()
    for seed in range(12):
        game = picked(("A", "B", "C"), seed=seed)
        starters.add(game.current)
        assert game.catacomb.starts == [p.pos for p in game.players]
    assert starters - {0}, "no seed here made a later seat start; pick other seeds"


def test_the_table_edge_is_named_when_a_move_would_leave_the_table():
    game = picked()
    hero = game.player
    assert game.cell(hero.pos)[0] == 0  # starting tiles lie along the table's top edge
    for kind in ("move", "flip"):
        assert game.why_illegal(Action(kind, dir="N")) == "that way is the edge of the table"
