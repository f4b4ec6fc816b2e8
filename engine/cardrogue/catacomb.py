"""The classic game's catacomb (rulebook: Setting up the play area, The deciding roll, First
move, Walls and paths).

The table is a large grid whose top edge is the table's edge. Setup shuffles the decks from the
game's seed, makes the deciding roll, and lays the starting tiles along the top edge with four
face-down exploration cards between neighbours and one on every other open edge. Then:
- a hero who arrives on a tile lays a face-down exploration card on every path that leads to an
  empty spot (step 4 of the turn);
- a flipped pathing tile is turned to meet the flipper's tile (fewest quarter turns clockwise);
  a tile with a red arrow is turned so the arrow points away from the flipper;
- a slain enemy, a picked-up card or a drained fountain is replaced by a tile from the pathing
  stack, turned to meet the hero.
Every other exploration card (enemies, traps, shops...) has four paths.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from engine.cardrogue.board import (
    DIRECTION_BITS,
    FACE_DOWN,
    GLYPH_PATHS,
    OPPOSITE,
    REVEALED,
    STEP,
    UNSEEN,
    Board,
    E,
    N,
    S,
    W,
)
from engine.cardrogue.level import POTION_COLOURS
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Card
    from engine.cardrogue.state import State

# Tied players roll again, at most this many rounds; then the first of them in seat order starts.
MAX_DECIDING_ROUNDS = 32
TABLE_SIZE = 64  # rows and columns of the table grid; far more than 60-odd cards can fill
FOUR_PATHS = N | E | S | W
_CLOCKWISE = {N: E, E: S, S: W, W: N}


@dataclass
class Catacomb:
    """The classic game's stacks. The shop pile is shared by every shop on the table."""

    exploration: list[Card] = field(default_factory=list)
    pathing: list[Card] = field(default_factory=list)
    shop: list[Card] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)  # each seat's starting tile, in seat order
    order_rolls: list[list[int]] = field(default_factory=list)

    def clone(self) -> Catacomb:
        return Catacomb(list(self.exploration), list(self.pathing), list(self.shop),
                        list(self.starts), [list(r) for r in self.order_rolls])


def stacks(g: State) -> Catacomb:
    """The classic game's stacks; only the table has them."""
    assert g.catacomb is not None, "only the classic game has stacks"
    return g.catacomb


@lru_cache(maxsize=1)
def deck_data() -> dict[str, Any]:
    text = resources.files("engine.cardrogue").joinpath("data/decks.toml").read_text("utf-8")
    return tomllib.loads(text)


def rotate(bits: int, quarter_turns: int) -> int:
    for _ in range(quarter_turns % 4):
        bits = sum(_CLOCKWISE[b] for b in (N, E, S, W) if bits & b)
    return bits


def _turned(bits: int, arrow: str | None, facing: int | None) -> int:
    """The tile's paths turned to meet the neighbour across `facing` (None: any way)."""
    if facing is None:
        return bits
    if arrow is not None:
        arrow_bit = DIRECTION_BITS[arrow]
        for q in range(4):
            if rotate(arrow_bit, q) == OPPOSITE[facing]:
                return rotate(bits, q)
    for q in range(4):
        if rotate(bits, q) & facing:
            return rotate(bits, q)
    return bits


def _facing(board: Board, index: int, toward: int | None) -> int | None:
    """The edge of `index` that faces cell `toward` (or any revealed neighbour with a path
    into `index` when `toward` is None)."""
    for bit in (N, E, S, W):
        other = board.neighbour(index, bit)
        if other is None:
            continue
        if toward is not None and other == toward:
            return bit
        if toward is None and board.face[other] == REVEALED and board.paths[other] & OPPOSITE[bit]:
            return bit
    return None


def _deck(g: State, section: str) -> list[Card]:
    cards = []
    for card_id, entry in deck_data()[section].items():
        for _n in range(entry["count"]):
            colour = None
            if g.catalog.cards[card_id].type == "potion":
                colour = POTION_COLOURS[g.dice.below(f"colour:{section}", len(POTION_COLOURS))]
            cards.append(g.new_card(card_id, colour))
    g.dice.shuffle(f"deck:{section}", cards)
    return cards


def deciding_roll(g: State, events: list[Event]) -> int:
    """Everyone rolls; the highest starts; tied players roll again among themselves."""
    contenders = list(range(len(g.players)))
    rounds: list[list[int]] = []
    while len(contenders) > 1 and len(rounds) < MAX_DECIDING_ROUNDS:
        rolls = {seat: g.dice.roll("setup:order") for seat in contenders}
        rounds.append([rolls.get(seat, 0) for seat in range(len(g.players))])
        best = max(rolls.values())
        contenders = [seat for seat, r in rolls.items() if r == best]
    stacks(g).order_rolls = rounds
    events.append(Event("deciding_roll", {"rounds": rounds, "starter": contenders[0]}))
    return contenders[0]


def setup(g: State, events: list[Event]) -> None:
    """Shuffle, roll for the first player, lay the starting tiles, place the heroes."""
    g.level_index = 0
    g.level_moves.append(0)
    g.level_turns.append(0)
    g.stock, g.enemies, g.stash, g.stash_gold = {}, {}, {}, {}
    g.baseline = [(p.chests, p.debts, len(p.slain)) for p in g.players]
    size = TABLE_SIZE * TABLE_SIZE
    g.board = Board(TABLE_SIZE, TABLE_SIZE, [False] * size, [0] * size, [None] * size,
                    [UNSEEN] * size, growable=True)
    g.catacomb = Catacomb()
    g.catacomb.exploration = _deck(g, "exploration")
    g.catacomb.pathing = _deck(g, "pathing")
    g.catacomb.shop = _deck(g, "shop")
    g.current = deciding_roll(g, events)
    gap = deck_data()["table"]["gap"]["count"]
    span = (len(g.players) - 1) * (gap + 1)
    first_col = (TABLE_SIZE - span) // 2
    order = [(g.current + k) % len(g.players) for k in range(len(g.players))]
    starts = [first_col + k * (gap + 1) for k in range(len(g.players))]
    for col in range(first_col, first_col + span + 1):
        if col in starts:
            continue
        _place_face_down(g, col, events)  # the line of cards between starting tiles
    g.catacomb.starts = [0] * len(g.players)
    for seat, col in zip(order, starts, strict=True):
        g.board.exists[col] = True
        g.board.paths[col] = FOUR_PATHS  # the north path leads off the table: a wall
        g.board.content[col] = g.new_card("start")
        g.board.face[col] = REVEALED
        g.players[seat].pos = col
        g.catacomb.starts[seat] = col
    for col in starts:
        lay_cards(g, col, events)
    events.append(Event("table_laid", {"starts": [list(g.cell(c)) for c in starts],
                                       "order": order}))


def _unreachable_card(g: State) -> int | None:
    """The first face-down card, in reading order, that no hero can come to by walking and
    flipping (Board.within_reach); a card not reached yet is not one."""
    board = g.board
    starts = [p.pos for p in g.players if not p.out and p.pos is not None]
    reachable = board.within_reach(starts)
    for index, face in enumerate(board.face):
        if face == FACE_DOWN and index not in reachable:
            return index
    return None


def card_to_lay(g: State) -> bool:
    """Whether a new card could be laid on an empty place: one from the exploration stack,
    or once it is out, a face-down card that cannot be reached."""
    if g.catacomb is None:
        return False
    return bool(g.catacomb.exploration) or _unreachable_card(g) is not None


def _place_face_down(g: State, index: int, events: list[Event]) -> bool:
    stack = stacks(g).exploration
    if not stack:
        # The stack is out: a face-down card nobody can reach is taken up and laid here
        # instead, so a card walled in (the Golem, say) does not end the game.
        source = _unreachable_card(g) if g.players else None
        if source is None:
            return False
        card = g.board.card_on(source)
        g.board.exists[source] = False
        g.board.content[source] = None
        g.board.face[source] = UNSEEN
        g.board.paths[source] = 0
        events.append(Event("card_reused", {"from": list(g.cell(source)),
                                            "to": list(g.cell(index))}))
    else:
        card = stack.pop()
    d = g.catalog.cards[card.id]
    g.board.exists[index] = True
    g.board.paths[index] = GLYPH_PATHS[d.shape] if d.type == "path" else FOUR_PATHS
    g.board.content[index] = card
    g.board.face[index] = FACE_DOWN
    return True


def lay_cards(g: State, index: int, events: list[Event]) -> None:
    """Step 4: a face-down card on every path of `index` that leads to an empty spot."""
    placed = []
    for bit in (N, E, S, W):
        if not g.board.paths[index] & bit:
            continue
        row, col = g.cell(index)
        dr, dc = STEP[bit]
        if not g.board.on_board(row + dr, col + dc):
            continue
        other = g.board.index(row + dr, col + dc)
        if g.board.exists[other]:
            continue
        if _place_face_down(g, other, events):
            placed.append(list(g.cell(other)))
    if placed:
        events.append(Event("cards_laid", {"cells": placed, "left": len(stacks(g).exploration)}))


def turn_to_meet(g: State, index: int, toward: int | None) -> None:
    """A pathing tile being flipped from `toward` is turned to connect with it."""
    card = g.board.content[index]
    if card is None:
        return
    d = g.catalog.cards[card.id]
    if d.type != "path":
        return
    facing = _facing(g.board, index, toward)
    g.board.paths[index] = _turned(GLYPH_PATHS[d.shape], d.arrow, facing)
    g.board.content[index] = None


def replace_with_path(g: State, index: int, toward: int | None, events: list[Event]) -> None:
    """A card leaves the table: a tile from the pathing stack takes its place."""
    g.board.content[index] = None
    pathing = stacks(g).pathing
    if not pathing:
        g.board.paths[index] = FOUR_PATHS
        return
    card = pathing.pop()
    d = g.catalog.cards[card.id]
    facing = _facing(g.board, index, toward)
    g.board.paths[index] = _turned(GLYPH_PATHS[d.shape], d.arrow, facing)
    events.append(Event("path_replaced", {"cell": list(g.cell(index)), "card": card.id}))
