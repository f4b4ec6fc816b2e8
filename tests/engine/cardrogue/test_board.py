"""Rulebook: Walls and paths, and the clarification "Adjacent tile".

Covers which cells connect (both cells need a path on the shared edge; any other edge is a
wall, including a path that leads off the board), what counts as adjacent (the dead-end worked
example), how face-down cards appear when a tile is revealed (story mode), cells that stay
unseen, and the box-drawing glyphs used to write a level's paths grid.
"""

from __future__ import annotations

import pytest

from engine.cardrogue import level_from_grids
from engine.cardrogue.board import (
    FACE_DOWN,
    GLYPH_PATHS,
    PATH_GLYPHS,
    REVEALED,
    UNSEEN,
    E,
    N,
    S,
    W,
)
from tests.engine.cardrogue.support import OPEN, act, action, first, story


def face(game, row, col):
    return game.board.face[game.index((row, col))]


def moves(game):
    return sorted(a.dir for a in game.legal_actions() if a.kind == "move")


def flips(game):
    return sorted(a.dir for a in game.legal_actions() if a.kind == "flip")


# ---------------------------------------------------------------------- the glyph table

def test_glyph_table_has_one_distinct_glyph_for_each_of_the_16_edge_sets():
    assert sorted(PATH_GLYPHS) == list(range(16))
    assert len(set(PATH_GLYPHS.values())) == 16


@pytest.mark.parametrize("bits", range(16))
def test_glyph_table_round_trips_bits_to_glyph_and_back(bits):
    assert GLYPH_PATHS[PATH_GLYPHS[bits]] == bits


@pytest.mark.parametrize(("glyph", "bits"), [
    (" ", 0),
    ("╵", N), ("╶", E), ("╷", S), ("╴", W),
    ("│", N | S), ("─", E | W),
    ("└", N | E), ("┌", E | S), ("┐", S | W), ("┘", N | W),
    ("├", N | E | S), ("┬", E | S | W), ("┤", N | S | W), ("┴", N | E | W),
    ("┼", N | E | S | W),
])
def test_each_glyph_opens_the_edges_it_draws(glyph, bits):
    assert GLYPH_PATHS[glyph] == bits


def test_a_paths_grid_reads_into_bits_and_renders_back_unchanged():
    paths = "┌┬┐╷\n├┼┤│\n└┴┘╵\n╶─╴ "
    cells = "@...\n....\n....\n... "
    level, _ = level_from_grids("glyphs", paths, cells)
    rendered = "\n".join(
        "".join(PATH_GLYPHS[level.paths[row * level.width + col]] for col in range(level.width))
        for row in range(level.height))
    assert rendered == paths


def test_an_unknown_path_glyph_is_rejected_naming_its_cell():
    with pytest.raises(ValueError, match=r"\(0, 1\).*'x' is not a path glyph"):
        level_from_grids("bad", "╶x", "@.")


def test_a_legend_table_without_a_card_is_rejected_naming_its_cell():
    with pytest.raises(ValueError, match=r"\(0, 1\).*'x' names no card"):
        level_from_grids("bad", "╶╴", "@x", {"x": {"revealed": True}})


def test_paths_and_cells_grids_of_different_shapes_are_rejected():
    with pytest.raises(ValueError, match="equal rows"):
        level_from_grids("bad", "╶╴\n  ", "@.")
    with pytest.raises(ValueError, match="equal rows"):
        level_from_grids("bad", "╶", "@.")


# ---------------------------------------------------------------------- walls and paths

def test_cells_connect_only_when_both_have_a_path_on_the_shared_edge():
    game = story("""
╶┼╴
 ╵ 
""", """
@..
 . 
""", {".": OPEN})
    board = game.board
    start, middle, east, below = (game.index(c) for c in [(0, 0), (0, 1), (0, 2), (1, 1)])
    assert board.connected(start, E) == middle
    assert board.connected(middle, W) == start
    assert board.connected(middle, E) == east
    # The middle opens south, but the tile below opens north too: connected both ways.
    assert board.connected(middle, S) == below
    assert board.connected(below, N) == middle
    assert board.adjacent(middle) == [east, below, start]  # listed N, E, S, W


def test_an_edge_open_on_my_side_only_is_a_wall():
    game = story("╶╷", "@.", {".": OPEN})
    assert game.board.connected(0, E) is None
    assert game.board.adjacent(0) == []
    assert moves(game) == []
    assert game.why_illegal(action("move E")) == "the paths do not connect that way"


def test_an_edge_open_on_the_other_side_only_is_a_wall():
    game = story("╷╴", "@.", {".": OPEN})
    assert game.board.connected(1, W) is None
    assert game.why_illegal(action("move E")) == "there is a wall that way"


def test_a_wall_cannot_be_flipped_across():
    game = story("╷╶\n│ ", "@.\n. ")
    # (0, 1) opens east only and the start opens south only: nothing leads east.
    assert face(game, 0, 1) == UNSEEN
    assert game.why_illegal(action("flip E")) == "there is a wall that way"
    assert flips(game) == ["S"]


def test_a_face_down_card_can_be_flipped_across_an_edge_only_my_tile_opens():
    game = story("╶╷\n ╵", "@.\n .")
    assert face(game, 0, 1) == FACE_DOWN
    events = act(game, "flip E")
    assert first(events, "flip")["cell"] == [0, 1]
    assert face(game, 0, 1) == REVEALED
    # Face up now, but its west edge is a wall: the two tiles are not adjacent.
    assert game.why_illegal(action("move E")) == "the paths do not connect that way"
    # Its own path south still lays a face-down card there.
    assert face(game, 1, 1) == FACE_DOWN


def test_moving_at_a_face_down_card_says_flip_it_without_revealing_its_paths():
    # The card to the east has no west path; the reason must not give that away.
    game = story("╶╷", "@.")
    assert game.why_illegal(action("move E")) == "that card is face down: flip it first"
    game_with_path = story("╶╴", "@.")
    assert game_with_path.why_illegal(action("move E")) == "that card is face down: flip it first"


def test_a_path_leading_off_the_board_is_the_edge_of_the_map():
    game = story("┼╴", "@.", {".": OPEN})
    for direction in ("N", "S", "W"):
        assert game.why_illegal(action(f"flip {direction}")) == "that way is the edge of the map"
        assert game.why_illegal(action(f"move {direction}")) == "that way is the edge of the map"
    assert moves(game) == ["E"]


def test_a_path_leading_to_a_cell_with_no_card_places_nothing_and_leads_nowhere():
    game = story("╶─┐\n  ╵", "@. \n  .", {".": OPEN})
    # (0, 2) is not part of the map, so the middle tile's east path goes nowhere.
    assert not game.board.exists[2]
    assert face(game, 0, 2) == UNSEEN
    act(game, "move E", "end")
    assert game.why_illegal(action("move E")) == "the paths do not connect that way"
    assert game.why_illegal(action("flip E")) == "there is no face-down card that way"


# ---------------------------------------------------------------------- adjacency

def test_a_dead_end_has_exactly_one_adjacent_tile():
    # The rulebook's worked example: a dead end surrounded by four-way tiles still has only
    # the one tile its single path leads to.
    game = story("""
 ┼ 
┼╶┼
 ┼ 
""", """
 . 
.@.
 . 
""", {".": OPEN})
    centre = game.index((1, 1))
    assert game.board.adjacent(centre) == [game.index((1, 2))]
    assert moves(game) == ["E"]
    assert game.why_illegal(action("move N")) == "there is a wall that way"
    assert game.why_illegal(action("move W")) == "there is a wall that way"


def test_diagonal_cells_are_never_adjacent():
    game = story("┼┼\n┼┼", "@.\n..", {".": OPEN})
    assert game.index((1, 1)) not in game.board.adjacent(game.index((0, 0)))
    assert sorted(game.board.adjacent(0)) == [1, 2]


def test_an_enemy_behind_a_wall_is_not_adjacent_and_starts_no_combat():
    game = story("╶┼\n┼╴", "@.\ng.", {".": OPEN, "g": {"card": "goblin", "revealed": True}})
    goblin = game.index((1, 0))
    assert goblin in game.enemies
    assert game.in_combat(game.players[0]) == []
    act(game, "move E")  # now at (0, 1); the goblin is diagonal
    assert game.in_combat(game.players[0]) == []
    assert game.why_illegal(action("end")) is None


def test_an_enemy_across_a_half_open_edge_starts_no_combat():
    game = story("╶╷", "@g", {"g": {"card": "goblin", "revealed": True}})
    assert game.in_combat(game.players[0]) == []
    assert game.why_illegal(action("attack E")) == "you are not in combat: no enemy is next to you"


# ---------------------------------------------------------------------- face-down placement

def test_revealing_a_tile_lays_face_down_cards_on_each_of_its_paths():
    game = story("""
 ╷ 
╶┼╴
 ╵ 
""", """
 . 
@..
 . 
""")
    assert face(game, 1, 1) == FACE_DOWN
    assert [face(game, 0, 1), face(game, 1, 2), face(game, 2, 1)] == [UNSEEN] * 3
    events = act(game, "flip E")
    assert first(events, "flip")["placed"] == [[0, 1], [1, 2], [2, 1]]
    assert [face(game, 0, 1), face(game, 1, 2), face(game, 2, 1)] == [FACE_DOWN] * 3


def test_revealing_places_nothing_where_the_tile_has_no_path():
    game = story("""
 ┼ 
╶┤┼
 ┼ 
""", """
 . 
@..
 . 
""")
    act(game, "flip E")
    # The flipped tile opens N, S and W: the cell to its east stays unseen even though
    # that cell's own path points back at it.
    assert face(game, 1, 2) == UNSEEN
    assert face(game, 0, 1) == FACE_DOWN
    assert face(game, 2, 1) == FACE_DOWN


def test_cells_already_on_the_table_are_not_placed_again():
    game = story("┌┐\n└┘", "@.\n..", {"r": OPEN})
    assert face(game, 0, 1) == FACE_DOWN and face(game, 1, 0) == FACE_DOWN
    events = act(game, "flip E")
    assert first(events, "flip")["placed"] == [[1, 1]]
    events = act(game, "flip S")
    # (1, 1) is already face down and the start is face up: nothing new appears.
    assert first(events, "flip")["placed"] == []
    assert face(game, 0, 0) == REVEALED


def test_a_cell_no_revealed_path_leads_to_stays_unseen():
    game = story("╶╴╷\n ┌┘", "@..\n ..")
    act(game, "flip E")
    # (0, 2) and (1, 1) point at each other and at the map, but no face-up tile leads to them.
    assert face(game, 0, 2) == UNSEEN
    assert face(game, 1, 1) == UNSEEN
    assert face(game, 1, 2) == UNSEEN
    assert flips(game) == []


def test_the_start_and_author_revealed_cells_are_face_up_from_the_beginning():
    game = story("""
╶─╴ 
  ╷ 
  ╵ 
""", """
@.. 
  g 
  , 
""", {",": "path", ".": OPEN, "g": {"card": "goblin", "revealed": True}})
    assert face(game, 0, 0) == REVEALED
    assert face(game, 0, 1) == REVEALED and face(game, 0, 2) == REVEALED
    # A revealed enemy is on the board as an enemy, and its own path lays a card below it.
    goblin = game.index((1, 2))
    assert face(game, 1, 2) == REVEALED and goblin in game.enemies
    assert game.board.content[goblin] is None
    assert face(game, 2, 2) == FACE_DOWN


def test_a_flipped_card_joins_the_board_for_the_hero_to_step_on():
    game = story("╶─╴", "@..")
    act(game, "flip E")
    assert moves(game) == ["E"]
    act(game, "move E")
    assert game.players[0].pos == game.index((0, 1))
    # Standing on it, the next face-down card is one flip away (next turn, before moving).
    act(game, "end")
    assert flips(game) == ["E"]


def test_a_cloned_game_keeps_its_own_face_up_cards():
    game = story("╶─╴", "@..")
    copy = game.clone()
    act(copy, "flip E")
    assert face(copy, 0, 1) == REVEALED
    assert face(game, 0, 1) == FACE_DOWN
    assert face(game, 0, 2) == UNSEEN
