"""The game state's typed parts: the setup values fixed for a whole game, and the flags of the
turn in progress, which each turn begins afresh."""

from __future__ import annotations

import dataclasses

import pytest

from engine.cardrogue import Pick, State, level_from_grids, map_from_levels
from engine.cardrogue.pieces import Setup, TurnFlags
from tests.engine.cardrogue.support import OPEN, act, story, table


def test_a_story_game_is_set_up_as_one_hero_on_a_drawn_map():
    game = story("╶──╴", "@...", {".": OPEN})
    assert game.setup == Setup(story=True, table=False, picking=False, starts=None)
    assert game.mode == "story"


def test_a_classic_table_records_its_seats_starting_cells():
    game = table("╶─╴", "...", {".": OPEN}, [("A", "warrior"), ("B", "rogue")], [(0, 0), (0, 2)])
    assert game.setup == Setup(story=False, table=False, picking=False, starts=((0, 0), (0, 2)))
    assert game.mode == "classic"
    assert [p.pos for p in game.players] == [0, 2]


def test_the_classic_game_on_the_catacomb_table_waits_for_the_characters_to_be_picked():
    game = State.classic(["Ann", "Bob"], seed=3)
    assert game.setup.table and game.setup.picking and not game.setup.story
    assert isinstance(game.pending, Pick)


def test_the_setup_cannot_change_during_a_game():
    game = story("╶──╴", "@...", {".": OPEN})
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.setup.story = False  # type: ignore[misc]


def test_a_game_mode_other_than_story_or_classic_is_refused_with_a_reason():
    level, custom = level_from_grids("test", "╶─╴", "@..", {".": OPEN})
    with pytest.raises(ValueError, match="story or classic, not 'solo'"):
        State(map_from_levels([(level, custom)]), [("A", "warrior")], mode="solo")


def test_each_turn_begins_with_fresh_flags():
    game = story("╶──╴", "@...", {".": OPEN})
    act(game, "move E")
    moved = game.this_turn
    assert moved.can_flip is False  # flipping is over once the hero has moved
    act(game, "end")
    assert game.this_turn is not moved
    assert game.this_turn.can_flip and game.this_turn.only_moved
    # Nothing done yet: everything but the moves is as a fresh TurnFlags has it.
    assert game.this_turn == TurnFlags(moves_left=game.this_turn.moves_left)
    assert game.this_turn.moves_left >= 1


def test_a_clone_has_its_own_turn_flags():
    game = story("╶──╴", "@...", {".": OPEN})
    copy = game.clone()
    act(copy, "move E")
    assert copy.this_turn.can_flip is False
    assert game.this_turn.can_flip is True
    assert game.fingerprint() != copy.fingerprint()


def test_state_clones_copy_every_field():
    """Player and Enemy clone field by field, by position: a field added to either must be
    added to its clone too. Every field gets a value of its own; the clone must match, and
    its lists and dicts must be copies."""
    from engine.cardrogue.pieces import Card, Enemy, Player

    for cls in (Player, Enemy):
        values = {}
        for n, f in enumerate(dataclasses.fields(cls)):
            if f.name in ("hand", "slain", "aggro"):
                values[f.name] = [Card(n, "sword")] if f.name == "hand" else [f"v{n}"]
            elif f.name == "equipped":
                values[f.name] = {"hand": Card(n, "sword")}
            elif f.name == "card":
                values[f.name] = Card(n, "goblin")
            elif f.type in ("bool",):
                values[f.name] = True
            elif f.type in ("str", "str | None"):
                values[f.name] = f"v{n}"
            else:
                values[f.name] = 100 + n
        original = cls(**values)
        copy = original.clone()
        for f in dataclasses.fields(cls):
            assert getattr(copy, f.name) == values[f.name], f.name
            if isinstance(values[f.name], (list, dict)):
                assert getattr(copy, f.name) is not getattr(original, f.name), f.name
