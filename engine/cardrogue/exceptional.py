"""Exceptional rules (rulebook: Quitting a game early; All pathing tiles lead to dead ends).

- The mole: a hero who cannot lay new tiles (no path of any tile they can walk to leads to a
  face-down card, or to an empty place while a card is left to lay there: every path ends in
  a dead end or a loop) may pay the mole 10 gold to turn one
  revealed pathing tile into a four-path tile. Short of gold, the hero sells cards to the mole;
  if even that is not enough, the mole takes every card that can be sold and digs anyway.
- The end rush may be called when no hero can lay new tiles.
- Quitting: a hero who quits for good dies, leaving everything face down where they stood. In
  story mode quitting abandons the run.
- Leaving for a while: the hero's token comes off the board and their turns pass until they come
  back to the same tile (and wait while someone else stands on it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cardrogue import catacomb, death, engagement, tiles
from engine.cardrogue.actions import Action
from engine.cardrogue.board import FACE_DOWN, REVEALED
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Player
    from engine.cardrogue.state import State

MOLE_PRICE = 10  # the rulebook's price
FOUR_PATHS = 15


def cannot_lay(g: State, p: Player) -> bool:
    """p cannot lay new tiles: no path of a tile p can walk to leads to a face-down card, nor,
    on the classic table while a card is left to lay, to an empty place."""
    if g.listing is None:
        return _cannot_lay(g, p)
    key = ("cannot_lay", p.seat)
    if key not in g.listing:
        g.listing[key] = _cannot_lay(g, p)
    return g.listing[key]


def _cannot_lay(g: State, p: Player) -> bool:
    board = g.board
    if FACE_DOWN not in board.face and not board.growable:
        return True  # the common case at the end of a story level: nothing left anywhere
    if p.pos is None:
        return False  # away or fallen: not the one to call the mole
    face_down, empty = board.open_ends(p.pos)
    if face_down:
        return False
    return not (empty and catacomb.card_to_lay(g))


def no_one_can_lay(g: State) -> bool:
    return all(cannot_lay(g, q) for q in g.players if not q.out and q.pos is not None)


def check(g: State, p: Player, action: Action) -> str | None:
    if action.kind == "come_back":
        if not p.away:
            return "you are not away"
        return None
    if p.away:
        return "you are away: come back first"
    if p.dead or p.deferred:
        return "you cannot act now"
    if action.kind == "end_rush":
        if g.catacomb is None or len(g.players) < 2:
            return "the end rush belongs to the classic game with two or more players"
        if g.end_rush:
            return "the end rush has already begun"
        if not no_one_can_lay(g):
            return "the end rush can only be called when no path leads anywhere new"
        return None
    if action.kind in ("quit", "leave"):
        if action.kind == "leave" and g.setup.story:
            return "story mode has one player: quit or keep playing"
        return None
    # mole
    if not cannot_lay(g, p):
        return "the mole only comes when none of your paths leads to a face-down card"
    index = g.index(action.target) if action.target else None
    if index is None or not g.board.exists[index] or g.board.face[index] != REVEALED:
        return "choose a revealed tile for the mole"
    if g.board.content[index] is not None or index in g.enemies:
        return "the mole can only rebuild a plain pathing tile"
    if g.board.paths[index] == FOUR_PATHS:
        return "that tile already has four paths"
    hand = {c.uid: c for c in p.hand}
    for uid in action.cards:
        if uid not in hand or not g.catalog.cards[hand[uid].id].can_sell:
            return "you can only sell the mole sellable cards from your hand"
    return None


def do(g: State, p: Player, action: Action, events: list[Event]) -> None:
    g.this_turn.only_moved = False
    if action.kind == "mole":
        _mole(g, p, action, events)
    elif action.kind == "quit":
        _quit(g, p, events)
    elif action.kind == "end_rush":
        g.end_rush = True
        events.append(Event("end_rush", {"player": p.seat, "cause": "dead ends"}))
    elif action.kind == "leave":
        p.away = True
        p.away_at = p.pos
        p.pos = None
        engagement.refresh_aggro(g)
        events.append(Event("left", {"player": p.seat}))
        g.ending = True
    else:
        _come_back(g, p, events)


def _mole(g: State, p: Player, action: Action, events: list[Event]) -> None:
    sold = [c for c in p.hand if c.uid in action.cards]
    for card in sold:
        p.hand.remove(card)
        p.gold += tiles.sell_value(g, p, card.id)
    taken = []
    if p.gold < MOLE_PRICE:
        taken = [c for c in p.hand if g.catalog.cards[c.id].can_sell]
        for card in taken:
            p.hand.remove(card)
        p.gold = 0
    else:
        p.gold -= MOLE_PRICE
    assert action.target is not None  # as check() found
    index = g.index(action.target)
    assert index is not None
    if g.catacomb is not None:
        # The mole searches the pathing stack for a crossing, then shuffles the stack.
        crossing = next((c for c in g.catacomb.pathing
                         if g.catalog.cards[c.id].shape == "┼"), None)
        if crossing is not None:
            g.catacomb.pathing.remove(crossing)
        g.dice.shuffle("deck:pathing", g.catacomb.pathing)
    if not g.board.growable:
        g.board.paths = list(g.board.paths)  # shared between clones: copy before changing
    g.board.paths[index] = FOUR_PATHS
    placed = g.board.reveal(index)
    events.append(Event("mole", {"player": p.seat, "cell": list(action.target),
                                 "sold": [c.id for c in sold], "taken": [c.id for c in taken],
                                 "purse": p.gold, "placed": [list(g.cell(i)) for i in placed]}))


def _quit(g: State, p: Player, events: list[Event]) -> None:
    events.append(Event("quit", {"player": p.seat}))
    if g.setup.story:
        death.lose_run(g, p, events, cause="quit")
    else:
        death.leave_for_good(g, p, events)


def _come_back(g: State, p: Player, events: list[Event]) -> None:
    assert p.away_at is not None  # away players keep the cell they left
    if g.occupied(p.away_at):
        events.append(Event("still_away", {"player": p.seat, "cell": list(g.cell(p.away_at))}))
        g.ending = True
        return
    p.away = False
    p.pos = p.away_at
    p.away_at = None
    events.append(Event("came_back", {"player": p.seat, "cell": list(g.cell(p.pos))}))
    engagement.engage(g, p, "move")
