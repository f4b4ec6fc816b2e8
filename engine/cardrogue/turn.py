"""The turn (rulebook: Standard turn sequence, Walls and paths).

Start of turn: a hero moved out of turn now feels where they landed; poison ticks (the hero's,
and enemies the hero poisoned); a fountain under the hero acts; the Mage's cooldown runs down;
a paralysed or tripped hero loses the turn (enemies fighting them still act).

Then: 1. flip adjacent face-down cards; 2. move (1 tile, +X out of combat; a turn that only
moved may repeat from step 2); 3. enter combat next to an enemy, or deal with another player;
4. face-down cards appear wherever a revealed tile's path leads (done as tiles are revealed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cardrogue import catacomb, characters, combat, effects, engagement, tiles
from engine.cardrogue.actions import Action
from engine.cardrogue.board import DIRECTION_BITS, FACE_DOWN, REVEALED
from engine.cardrogue.pieces import TurnFlags
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Player
    from engine.cardrogue.state import State


# Turns that may begin within one action (heroes who are out are passed over). Far more than
# any table needs: the last line of defence against a rule that would let turns pass for ever.
MAX_TURN_STARTS = 1000


# The walk-on rule in words, for the refusal and for the view's note on a move it allows.
WALK_ON = "walk on: this turn has only moved"
MOVES_USED = ("you have used your moves, and only a turn that has only moved may walk on: "
              "end the turn to move again")


def walks_on(g: State) -> bool:
    """Whether the next move is allowed only by the walk-on rule: the turn's moves are spent,
    but so far it has done nothing but move."""
    return g.this_turn.moves_left <= 0 and g.this_turn.only_moved


class EndlessTurns(Exception):
    """One action would start turns without end; State.apply refuses it and restores the state."""


def start_turn(g: State, events: list[Event]) -> None:
    """Begin the current player's turn; passes over heroes who are out of the game."""
    while g.outcome is None and g.pending is None:
        g.turn_starts += 1
        if g.turn_starts > MAX_TURN_STARTS:
            raise EndlessTurns()
        p = g.players[g.current]
        if p.out:
            _advance(g)
            continue
        g.turn += 1
        g.level_turns[g.level_index] += 1
        g.this_turn = TurnFlags(moves_left=1 + characters.movement(g, p))
        g.ending = False
        events.append(Event("turn_start", {"player": p.seat, "turn": g.turn}))
        if p.away:
            return  # off the table: nothing touches them; they come back or let the turn pass
        # Whether this turn is lost is settled as it begins, so a paralysis felt now (landing
        # on a trap) runs alongside the turns already to lose: the longer duration wins.
        lost = p.skip > 0
        if lost:
            p.skip -= 1
            g.this_turn.lost_turn = True
        if p.deferred:
            p.deferred = False
            assert p.pos is not None  # moved out of turn onto the table
            events.append(Event("arrive", {"player": p.seat, "cell": list(g.cell(p.pos))}))
            tiles.arrive(g, p, p.pos, events)
            if g.outcome is not None:
                return  # the arrival ended the run (an exit, a deadly trap)
        effects.tick_player_poison(g, p, events)
        combat.tick_enemy_poison(g, p, events)
        if g.outcome is not None or g.pending is not None:
            return
        char = g.catalog.characters[p.character]
        if char.regen and not g.in_combat(p) and not p.dead:
            effects.heal(g, p, char.regen, char.name, events)
        tiles.fountain(g, p, events)
        if p.cooldown > 0:
            p.cooldown -= 1
        if g.outcome is not None or g.pending is not None or p.dead:
            return
        # A fight that goes on from an earlier turn: the hero has not moved yet this turn, so
        # after the kill they may still move (as after flipping an enemy), and may flip first.
        engagement.engage(g, p, "flip")
        if lost and not g.ending:
            # A lost turn: enemies fighting the hero still act, and the hero can only end it.
            # Ending it is an action, so losing a turn always costs a move. (A hero paralysed
            # as a turn they may play begins, by arriving on a trap, has this turn ended now
            # and loses the next one, as one who walks onto the trap does.)
            events.append(Event("turn_lost", {"player": p.seat, "left": p.skip}))
            combat.enemy_steps(g, p, False, events)
        return


def end_turn(g: State, events: list[Event]) -> None:
    """Close the current turn: enemies that had to die this turn recover, then pass on."""
    p = g.players[g.current]
    for e in g.enemies.values():
        d = g.catalog.cards[e.card.id]
        if d.kill_in_one_turn and e.hurt_this_turn and e.health < d.health:
            e.health = d.health
            events.append(Event("enemy_recovered", {"target": list(g.cell(e.pos)), "enemy": g.catalog.cards[e.card.id].name,
                                                    "health": e.health}))
        e.hurt_this_turn = False
    events.append(Event("turn_end", {"player": p.seat}))
    _advance(g)


def _advance(g: State) -> None:
    g.current = (g.current + 1) % len(g.players)


# ---------------------------------------------------------------------- actions

def check(g: State, p: Player, action: Action) -> str | None:  # noqa: C901 (one branch per action kind, as the rulebook lists them)
    if p.deferred or p.dead:
        return "you cannot act now"
    kind = action.kind
    done = g.this_turn
    if kind == "end_turn":
        if done.lost_turn:
            return None
        if g.in_combat(p) and not (done.attacked or done.fled):
            return "you are in combat: attack or flee first"
        return None
    bit = DIRECTION_BITS.get(action.dir or "")
    if bit is None:
        return "choose a direction"
    board = g.board
    pos = p.pos
    if pos is None:  # away or fallen: State.why_illegal says so first
        return "you are not on the table"
    if board.paths[pos] & bit and board.at_edge(pos, bit):  # a path running off the grid
        return f"that way is the edge of the {'table' if g.catacomb is not None else 'map'}"
    if kind == "flip":
        if not done.can_flip:
            return "cards can only be flipped at the start of a turn, before moving"
        if done.attacked or done.fled:
            return "the combat round is over"
        if not board.paths[pos] & bit:
            return "there is a wall that way"
        other = board.neighbour(pos, bit)
        if other is None or board.face[other] != FACE_DOWN:
            return "there is no face-down card that way"
        return None
    # move
    if g.in_combat(p):
        return "you are in combat: attack or flee"
    if not board.paths[pos] & bit:  # before the moves left: facing a wall, the wall is why
        return "there is a wall that way"
    if done.moves_left <= 0 and not done.only_moved:
        return MOVES_USED
    ahead = board.neighbour(pos, bit)
    if ahead is not None and board.face[ahead] == FACE_DOWN:
        # Checked before the paths: a face-down card's paths are hidden until it is flipped.
        return "that card is face down: flip it first"
    other = board.connected(pos, bit)  # g.toward(p, action.dir): the direction is valid here
    if other is None:
        return "the paths do not connect that way"
    if board.face[other] != REVEALED:
        return "that card is face down: flip it first"
    if other in g.enemies:
        return "an enemy stands there"
    if g.player_at(other) is not None:
        return "another player stands there"
    return None


def do(g: State, p: Player, action: Action, events: list[Event]) -> None:
    kind = action.kind
    if kind == "end_turn":
        g.ending = True
        return
    assert p.pos is not None and action.dir is not None  # as check() found
    if kind == "flip":
        ahead = g.board.neighbour(p.pos, DIRECTION_BITS[action.dir])
        assert ahead is not None
        flip(g, p, ahead, events)
        return
    ahead = g.board.connected(p.pos, DIRECTION_BITS[action.dir])  # g.toward
    assert ahead is not None
    move(g, p, ahead, events)


def flip(g: State, p: Player, index: int, events: list[Event]) -> None:
    g.this_turn.only_moved = False
    if g.catacomb is not None:
        catacomb.turn_to_meet(g, index, p.pos)
    placed = g.board.reveal(index)
    card = g.board.content[index]
    d = g.catalog.cards[card.id] if card is not None else None
    events.append(Event("flip", {"player": p.seat, "cell": list(g.cell(index)),
                                 "card": card.id if card else "path",
                                 "name": d.name if d else "Path",
                                 "colour": card.colour if card else None,
                                 "placed": [list(g.cell(i)) for i in placed]}))
    tiles.reveal_content(g, p, index, events)
    if not p.dead and g.outcome is None:
        engagement.engage(g, p, "flip")


def move(g: State, p: Player, index: int, events: list[Event]) -> None:
    origin = p.pos
    assert origin is not None
    p.pos = index
    g.this_turn.can_flip = False
    if walks_on(g):  # out of moves but nothing but moving so far: the turn repeats from step 2
        g.this_turn.moves_left = 1 + characters.movement(g, p)
    g.this_turn.moves_left -= 1
    g.this_turn.leap_from = None
    events.append(Event("move", {"player": p.seat, "from": list(g.cell(origin)),
                                 "to": list(g.cell(index))}))
    level = g.level_index
    eventful = tiles.arrive(g, p, index, events)
    if g.level_index != level or p.dead or g.outcome is not None:
        return
    if eventful:
        g.this_turn.only_moved = False
    engagement.refresh_aggro(g)
    engagement.engage(g, p, "move")

