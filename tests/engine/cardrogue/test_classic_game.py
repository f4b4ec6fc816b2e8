"""A scripted four-player classic game (issue 8): setup, exploration, a trade, a trip and a
leap, a steal, a surrounded Golem, a death and a respawn, the Golem's fall, and the end rush to a
starting tile, with every player's victory points checked at the end.

The table is dealt from a seed as usual. To keep the script short and readable, test setup lays
a small hall of four-path tiles just below the starting tiles (over the cards dealt there) with a
face-down Golem and a chest in it, puts the heroes in it, and hands out a few cards; everything
else goes through the engine's actions. Dice are rigged where the script needs a result.
"""

from engine.cardrogue import Action, Pick, Respawn, State
from engine.cardrogue.board import FACE_DOWN, REVEALED, S
from tests.engine.cardrogue.support import act, first, give, kinds, lay, put, rig


def test_a_scripted_four_player_game():
    # --- setup: the deciding roll, then characters picked in turn order
    names = ["Ann", "Bob", "Cy", "Di"]
    game = State.classic(names, 2026)
    roll = first(game.opening_events, "deciding_roll")
    order = [(roll["starter"] + k) % 4 for k in range(4)]
    a, b, c, d = order  # seats in turn order
    for seat, character in zip(order, ["warrior", "rogue", "cleric", "bard"], strict=True):
        assert game.pending == Pick(seat)
        game.apply(Action("pick", name=character))
    assert game.pending is None and game.current == a
    assert [game.players[s].character for s in order] == ["warrior", "rogue", "cleric", "bard"]
    starts = game.catacomb.starts
    assert [game.cell(i)[0] for i in starts] == [0, 0, 0, 0]
    assert [player.pos for player in game.players] == starts  # in seat order

    # --- exploration: the first player flips the card below their start and walks onto it
    start_a = starts[a]
    below = game.board.neighbour(start_a, S)
    game.board.content[below] = game.new_card("path_crossing")  # test setup: a known tile
    act(game, "flip S")
    assert game.board.face[below] == REVEALED
    events = act(game, "move S")
    assert "cards_laid" in kinds(events)
    act(game, "end")
    for _ in range(3):
        act(game, "end")
    assert game.current == a

    # --- test setup: a hall of rows 1-2 below the first two starting tiles
    col0 = game.cell(start_a)[1]
    cols = range(col0, col0 + 6)
    for col in cols:
        for row in (1, 2):
            lay(game, (row, col))
    lay(game, (2, col0 + 1), "golem", face=FACE_DOWN)
    lay(game, (2, col0 + 4), "chest")
    put(game, a, (1, col0 + 1))
    put(game, b, (1, col0 + 2))
    put(game, c, (1, col0 + 3))
    put(game, d, (1, col0 + 4))
    sword = give(game, "sword", b)
    key = give(game, "key", c)
    give(game, "dagger", a)

    # --- round 1: a trade, a trip and a leap, a lost turn, a steal
    act(game, f"trade {b} take={sword}")
    assert sword in [x.uid for x in game.players[a].hand]
    act(game, "end")

    assert game.current == b
    rig(game, f"trip:{b}", 6)
    events = act(game, f"trip {c}")
    assert first(events, "trip")["success"] and game.players[c].skip == 1
    act(game, f"leap 2,{col0 + 3}")
    assert game.cell(game.players[b].pos) == (2, col0 + 3)
    act(game, "end")

    if game.current == c:  # the tripped player's lost turn: they can only end it
        assert game.players[c].skip == 0
        act(game, "end")
    assert game.current == d
    rig(game, f"steal:{d}", 6)
    events = act(game, f"steal {c}")
    assert first(events, "steal")["card"] == "key"
    assert key in [x.uid for x in game.players[d].hand]
    act(game, "end")

    # --- round 2: the Golem is flipped and kills its flipper, who comes back; it is surrounded
    assert game.current == a
    golem_cell = game.index((2, col0 + 1))
    act(game, "flip S")
    assert golem_cell in game.enemies
    game.players[a].health = 1  # test setup: the flipper is nearly dead
    rig(game, "fight", 1, 1)  # Ann's attack, then the Golem's double roll
    events = act(game, "attack S")
    assert "death" in kinds(events) and isinstance(game.pending, Respawn)
    offered = game.view(a).pending
    assert offered.own_start == game.cell(start_a)  # the fallen player's own tile, by seat
    fallen_at = game.index((1, col0 + 1))
    respawn_tile = starts[b]  # the second player's starting tile: free, since Bob is in the hall
    act(game, f"respawn keep={sword} drop={_other(game, a, sword)} "
              f"{','.join(map(str, game.cell(respawn_tile)))}")
    ann = game.players[a]
    assert ann.pos == respawn_tile and [x.uid for x in ann.hand] == [sword]
    assert ann.health == 12 and game.stash.get(fallen_at)

    assert game.current == b
    act(game, "move W")  # next to the Golem, from the east: a fight
    rig(game, "fight", 1, 1)  # Bob's attack, the Golem's double roll
    act(game, "attack W")  # the Golem survives: the turn ends

    assert game.current == c
    act(game, "move W")
    events = act(game, "move W")  # where Ann fell, above the Golem: the Golem is surrounded
    assert "stash_taken" in kinds(events)
    golem = game.enemies[golem_cell]
    assert golem.aggro[:2] == [b, c]
    rig(game, "fight", 1)  # Cy's attack; the Golem only strikes its first opponent, Bob
    act(game, "attack S")

    assert game.current == d
    events = act(game, "move S")  # onto the chest, with the stolen key
    assert "chest_opened" in kinds(events)
    act(game, "end")

    # --- round 3: the Golem falls to the heroes around it, and the end rush begins
    assert game.current == a
    act(game, "end")
    assert game.current == b
    game.enemies[golem_cell].health = 4  # test setup: the fight has gone on for a while
    rig(game, "fight", 2, 1)
    act(game, "attack W")
    assert game.current == c
    rig(game, "fight", 6)
    events = act(game, "attack S")
    assert "slain" in kinds(events) and "end_rush" in kinds(events)
    assert game.end_rush

    # --- the end rush: Cy runs for the nearest starting tile
    for _ in range(20):  # a handful of turns at most
        if game.outcome is not None:
            break
        if game.current == c:
            cy = game.players[c]
            row, col = game.cell(cy.pos)
            step = "N" if col == col0 else "W"
            events = act(game, f"move {step}")
            if game.outcome is None and game.current == c and not game.moves_left:
                act(game, "end")
        else:
            act(game, "end")
    assert "escaped" in kinds(events)

    # --- victory points: the Golem's two and the end rush's one for Cy, the chest for Di
    points = dict(zip([p.name for p in game.players], game.returns(), strict=True))
    assert points[game.players[c].name] == 3
    assert points[game.players[d].name] == 1
    assert points[game.players[a].name] == 0 and points[game.players[b].name] == 0


def _other(game: State, seat: int, keep: int) -> int:
    p = game.players[seat]
    return next(x.uid for x in list(p.hand) + list(p.equipped.values()) if x.uid != keep)
