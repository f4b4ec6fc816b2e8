"""Exceptional rules: the mole (all paths lead to dead ends), quitting, and leaving for a while."""

import pytest

from engine.cardrogue.board import FACE_DOWN
from engine.core import IllegalAction
from tests.engine.cardrogue.support import (
    ROW,
    ROW_CELLS,
    ROW_OPEN,
    act,
    first,
    give,
    kinds,
    story,
    table,
)

# A start whose only neighbour is a dead-end path; beyond it lies a sealed card.
SEALED_PATHS = "╶╴ \n   "
SEALED_CELLS = "@.p\n   "


def sealed(gold=0):
    game = story(SEALED_PATHS, SEALED_CELLS, {"p": "potion"}, character="explorer", gold=gold)
    act(game, "flip E", "move E")  # onto the dead end
    return game


def test_mole_refused_while_a_face_down_card_remains():
    game = story("╶┼╴\n ╵ ", "@..\n . ", gold=20)
    assert game.board.face.count(FACE_DOWN) > 0
    with pytest.raises(IllegalAction, match="none of your paths leads to a face-down card"):
        act(game, "mole 0,0")


def test_mole_comes_when_the_heros_paths_all_end_though_cards_lie_face_down_elsewhere():
    """Unable to lay new tiles: every path the hero can walk ends in a dead end or a loop. A
    face-down card behind a wall, which no path reaches, does not keep the mole away."""
    # The revealed tile (0,4) leads to the potion (0,5), which is face down from the start;
    # but the hero's tiles (0,0)-(0,2) have no path to either.
    game = story("╶─╴ ╶╴", "@oo op", {"p": "potion", "o": {"card": "path", "revealed": True}},
                 character="explorer", gold=10)
    assert game.board.face[game.index((0, 5))] == FACE_DOWN
    assert any(a.kind == "mole" for a in game.legal_actions())
    events = act(game, "mole 0,2")
    assert first(events, "mole")["cell"] == [0, 2]


def test_mole_turns_a_tile_into_four_paths_for_ten_gold():
    game = sealed(gold=12)
    events = act(game, "mole 0,1")
    mole = first(events, "mole")
    assert game.players[0].gold == 2
    assert game.board.paths[game.index((0, 1))] == 15
    # the sealed potion card beyond is now a face-down card that can be flipped
    assert game.board.face[game.index((0, 2))] == FACE_DOWN
    assert [0, 2] in mole["placed"]
    assert "flip" in kinds(act(game, "end", "flip E"))


def test_mole_buys_cards_when_gold_is_short():
    game = sealed(gold=6)
    sword = give(game, "sword")  # sells for 4
    act(game, f"mole 0,1 pay={sword}")
    assert game.players[0].gold == 0 and not game.players[0].hand


def test_mole_takes_every_sellable_card_when_still_short():
    game = sealed(gold=1)
    give(game, "dagger")
    give(game, "key")  # unsellable: the mole leaves it
    events = act(game, "mole 0,1")
    assert sorted(first(events, "mole")["taken"]) == ["dagger"]
    assert [c.id for c in game.players[0].hand] == ["key"] and game.players[0].gold == 0
    assert game.board.paths[game.index((0, 1))] == 15


def test_mole_only_rebuilds_plain_revealed_tiles():
    game = sealed(gold=20)
    with pytest.raises(IllegalAction, match="revealed"):
        act(game, "mole 0,2")


def test_quitting_story_mode_abandons_the_run():
    game = story("──", "@>")
    events = act(game, "quit")
    assert game.outcome == "lost" and "game_over" in kinds(events)


def test_quitting_for_good_leaves_every_card_face_down():
    game = table(ROW, ROW_CELLS, ROW_OPEN, [("Ann", "warrior"), ("Bo", "rogue")], [(0, 0), (0, 4)])
    give(game, "sword", seat=0)
    act(game, f"equip {game.players[0].hand[0].uid}")
    give(game, "potion", seat=0, colour="red")
    act(game, "quit")
    ann = game.players[0]
    assert ann.out and ann.pos is None and not ann.hand and not ann.equipped
    assert sorted(c.id for c in game.stash[game.index((0, 0))]) == ["potion", "sword"]
    assert game.current == 1
    act(game, "end")
    assert game.current == 1  # Ann's turns no longer come round


def test_leaving_for_a_while_and_coming_back_to_the_same_tile():
    game = table(ROW, ROW_CELLS, ROW_OPEN, [("Ann", "warrior"), ("Bo", "rogue")], [(0, 0), (0, 4)])
    act(game, "move E", "leave")
    ann = game.players[0]
    assert ann.away and ann.pos is None and game.current == 1
    act(game, "end")  # Bo
    assert game.current == 0
    with pytest.raises(IllegalAction, match="away"):
        act(game, "move E")
    act(game, "end")  # Ann stays away
    act(game, "end")  # Bo
    act(game, "come_back")
    assert not ann.away and ann.pos == game.index((0, 1))


def test_coming_back_waits_while_someone_stands_on_the_tile():
    game = table(ROW, ROW_CELLS, ROW_OPEN, [("Ann", "warrior"), ("Bo", "rogue")], [(0, 0), (0, 3)])
    act(game, "move E", "leave")  # Ann leaves from (0, 1)
    act(game, "move W", "move W")  # Bo walks onto (0, 1)
    act(game, "end")
    events = act(game, "come_back")
    assert "still_away" in kinds(events) and game.players[0].away


def test_nothing_touches_a_hero_who_is_away():
    game = table(ROW, ROW_CELLS, ROW_OPEN, [("Ann", "warrior"), ("Bo", "rogue")], [(0, 0), (0, 4)])
    ann = game.players[0]
    ann.poison = 3
    act(game, "leave", "end")  # Ann leaves; Bo's turn ends
    assert game.current == 0 and ann.poison == 3 and ann.health == 12
