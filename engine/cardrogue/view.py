"""What a view draws: `Game.view(seat)`, a frozen read model of the game for one seat.

A screen draws these values and never works a rule out for itself: the hero's numbers, the
prices in the shop underfoot, what each direction key would do, the decision the game waits
for (with its choices), and the enemies in the fight all come from the rules here. Every value
is plain (ints, strings, tuples, None), so `to_dict()` is JSON. Making a view changes nothing:
no die is drawn and `Game.fingerprint()` stays the same.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from engine.cardrogue import characters, goals, items, players, tiles
from engine.cardrogue.actions import DIRECTIONS, Action
from engine.cardrogue.board import DIRECTION_BITS, FACE_DOWN
from engine.cardrogue.cards import SLOTS
from engine.cardrogue.decisions import Pick, Respawn, Teleport

if TYPE_CHECKING:
    from engine.cardrogue.game import Game
    from engine.cardrogue.state import Card, Enemy, Player

Cell = tuple[int, int]  # (row, column)


@dataclass(frozen=True, slots=True)
class CardView:
    """A card in a hand or worn. `sell_value` is what a shop pays for it (None: unsellable);
    `tradeable` says it may change hands in a trade between players."""

    uid: int
    id: str
    colour: str | None
    sell_value: int | None
    tradeable: bool


@dataclass(frozen=True, slots=True)
class SlotView:
    """One equipment slot and the card in it (a two-handed card shows in both its slots)."""

    slot: str
    card: CardView | None


@dataclass(frozen=True, slots=True)
class HeroView:
    """A player's hero and their numbers, as the rules count them now."""

    seat: int
    name: str
    character: str
    cell: Cell | None  # None while off the board (fallen, or gone)
    health: int
    max_health: int
    attack: int  # the modifier added to attack rolls
    armour: int  # damage taken away from every hit
    gold: int
    points: int  # victory points
    poison: int  # turns of poison left
    poison_heals: bool  # while poisoned, each tick heals instead
    skip: int  # turns to lose
    cooldown: int  # turns until the spell is ready again
    deferred: bool  # moved out of turn: lands on their next turn
    dead: bool
    out: bool
    away: bool
    hand: tuple[CardView, ...]
    equipped: tuple[SlotView, ...]  # every slot, in the rulebook's order


@dataclass(frozen=True, slots=True)
class EnemyView:
    """An enemy in the fight. `attack` counts thrown potions; `double_roll` enemies roll
    two dice instead."""

    cell: Cell
    id: str
    health: int
    max_health: int
    attack: int
    double_roll: bool
    poison: int
    paralysed: int


@dataclass(frozen=True, slots=True)
class StepView:
    """What a direction key does from the hero's cell: attack the enemy there, flip the
    face-down card there, or move. `reason` says why the engine would refuse it now (None:
    it would take it)."""

    direction: str
    kind: Literal["attack", "flip", "move"]
    cell: Cell | None  # the cell on that side, if the map has one
    reason: str | None

    @property
    def action(self) -> Action:
        return Action(self.kind, dir=self.direction)


@dataclass(frozen=True, slots=True)
class WareView:
    """A card for sale and its price in gold."""

    uid: int
    id: str
    colour: str | None
    price: int


@dataclass(frozen=True, slots=True)
class ShopView:
    """The shop the hero stands on."""

    cell: Cell
    wares: tuple[WareView, ...]


@dataclass(frozen=True, slots=True)
class GoalView:
    """One goal of the level (or of a solo table), and whether the hero has met it."""

    kind: str
    card: str | None  # the card a "slay" goal names
    text: str
    met: bool


@dataclass(frozen=True, slots=True)
class PickDecision:
    """The player in `seat` picks a character among `choices` (ids, in the catalogue's order)."""

    seat: int
    choices: tuple[str, ...]
    kind: Literal["pick"] = "pick"


@dataclass(frozen=True, slots=True)
class RespawnDecision:
    """The fallen player in `seat` keeps one card in all (one of `cards`, or one gold if
    `can_keep_gold`), leaves one more where they fell, and comes back on one of `starts`
    (free starting tiles). `own_start` is the one offered as theirs."""

    seat: int
    fell: Cell | None
    cards: tuple[CardView, ...]
    can_keep_gold: bool
    starts: tuple[Cell, ...]
    own_start: Cell | None
    kind: Literal["respawn"] = "respawn"


@dataclass(frozen=True, slots=True)
class TeleportDecision:
    """Where the teleported `subject` (a "player" or an "enemy", now on `cell`) lands: one of
    `landings`."""

    subject: Literal["player", "enemy"]
    cell: Cell
    landings: tuple[Cell, ...]
    kind: Literal["teleport"] = "teleport"


PendingView = PickDecision | RespawnDecision | TeleportDecision


@dataclass(frozen=True, slots=True)
class GameView:
    """The game as the player in `seat` sees it. `acting` is the seat that must act now."""

    seat: int
    acting: int
    hero: HeroView
    players: tuple[HeroView, ...]  # every seat, the viewer's included
    here: str | None  # the id of the card under the hero, if any
    neighbours: tuple[int, ...]  # the seats of the other players on tiles next to the hero's
    fighting: tuple[EnemyView, ...]  # the enemies fighting the hero
    steps: tuple[StepView, ...]  # one per direction, N E S W
    shop: ShopView | None  # the shop underfoot, None elsewhere
    goals: tuple[GoalView, ...]
    pending: PendingView | None
    outcome: str | None
    turn: int
    moves: int

    def step(self, direction: str) -> StepView:
        return self.steps[DIRECTIONS.index(direction)]

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON values (tuples become lists)."""
        plain: dict[str, Any] = _plain(dataclasses.asdict(self))
        return plain


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


# ---------------------------------------------------------------------- building it

def view(g: Game, seat: int) -> GameView:
    """The game as the player in `seat` sees it (Game.view). Reads the state only: the rules'
    queries draw no die and change nothing."""
    if not 0 <= seat < len(g.players):
        raise ValueError(f"there is no seat {seat}")
    p = g.players[seat]
    heroes = tuple(_hero(g, q) for q in g.players)
    here = g.board.content[p.pos] if p.pos is not None else None
    shop = shop_view(g, g.cell(p.pos)) if p.pos is not None else None
    return GameView(
        seat=seat, acting=g.player.seat, hero=heroes[seat], players=heroes,
        here=here.id if here is not None else None,
        neighbours=_neighbours(g, p),
        fighting=tuple(_enemy(g, e) for e in g.in_combat(p)),
        steps=tuple(_step(g, p, d) for d in DIRECTIONS),
        shop=shop, goals=_goals(g, p), pending=_pending(g), outcome=g.outcome, turn=g.turn,
        moves=g.moves,
    )


def shop_view(g: Game, cell: Cell) -> ShopView | None:
    """The shop on `cell` with its prices (every classic shop sells from one pile), or None
    if no shop is there."""
    stock = tiles.stock_at(g, g.index(cell))
    if stock is None:
        return None
    return ShopView(cell, tuple(WareView(c.uid, c.id, c.colour, tiles.price(g, c.id))
                                for c in stock))


def _card(g: Game, p: Player, card: Card) -> CardView:
    sellable = g.catalog.cards[card.id].can_sell
    return CardView(card.uid, card.id, card.colour,
                    tiles.sell_value(g, p, card.id) if sellable else None,
                    players.can_trade(g, card))


def _hero(g: Game, p: Player) -> HeroView:
    return HeroView(
        seat=p.seat, name=p.name, character=p.character,
        cell=g.cell(p.pos) if p.pos is not None else None,
        health=p.health, max_health=characters.max_health(g, p),
        attack=characters.attack_modifier(g, p), armour=characters.damage_taken(g, p),
        gold=p.gold, points=goals.victory_points(g, p), poison=p.poison,
        poison_heals=bool(p.poison_heal), skip=p.skip, cooldown=p.cooldown, deferred=p.deferred,
        dead=p.dead, out=p.out, away=p.away,
        hand=tuple(_card(g, p, c) for c in p.hand),
        equipped=tuple(SlotView(slot, _card(g, p, p.equipped[slot])
                                if slot in p.equipped else None) for slot in SLOTS),
    )


def _neighbours(g: Game, p: Player) -> tuple[int, ...]:
    """The other players on tiles connected to p's (the rulebook's adjacent tiles)."""
    if p.pos is None:
        return ()
    near = set(g.board.adjacent(p.pos))
    return tuple(q.seat for q in g.players if q is not p and q.pos in near and not q.out)


def _enemy(g: Game, e: Enemy) -> EnemyView:
    d = g.catalog.cards[e.card.id]
    return EnemyView(g.cell(e.pos), e.card.id, e.health, d.health, d.attack + e.attack_mod,
                     bool(d.attack_double_roll), e.poison, e.paralysed)


def _step(g: Game, p: Player, direction: str) -> StepView:
    """The bump rule: an arrow attacks an enemy it can reach, flips a face-down card, and
    otherwise moves."""
    kind: Literal["attack", "flip", "move"] = "move"
    ahead = None
    if p.pos is not None:
        ahead = g.board.neighbour(p.pos, DIRECTION_BITS[direction])
        if ahead is not None and ahead in g.enemies and g.toward(p, direction) == ahead:
            kind = "attack"
        elif ahead is not None and g.board.face[ahead] == FACE_DOWN:
            kind = "flip"
    if g.player is p:
        reason = g.why_illegal(Action(kind, dir=direction))
    else:
        reason = f"it is {g.player.name}'s turn" if g.outcome is None else "the game is over"
    return StepView(direction, kind, g.cell(ahead) if ahead is not None else None, reason)


def _goals(g: Game, p: Player) -> tuple[GoalView, ...]:
    if g.level_index < 0:
        return ()
    unmet = set(goals.unmet_goals(g, p))
    out = []
    for goal in g.level.goals:
        text = goal.describe()
        out.append(GoalView(goal.kind, goal.card, text, text not in unmet))
    return tuple(out)


def _pending(g: Game) -> PendingView | None:
    pending = g.pending
    if isinstance(pending, Pick):
        taken = players.taken_characters(g)
        return PickDecision(pending.seat, tuple(c for c in g.catalog.characters if c not in taken))
    if isinstance(pending, Respawn):
        p = g.players[pending.seat]
        starts = tuple(g.cell(i) for i in players.free_starts(g))
        own = None
        if g.catacomb is not None and p.seat < len(g.catacomb.starts):
            own = g.cell(g.catacomb.starts[p.seat])
        return RespawnDecision(
            pending.seat, g.cell(pending.fell) if pending.fell is not None else None,
            tuple(_card(g, p, c) for c in p.cards()), p.gold > 0, starts, own)
    if isinstance(pending, Teleport):
        if pending.subject == "enemy":
            cell = g.cell(pending.ref)
        else:
            pos = g.players[pending.ref].pos
            cell = g.cell(pos if pos is not None else 0)
        return TeleportDecision(pending.subject, cell,
                                tuple(g.cell(i) for i in items.landing_cells(g)))
    return None


__all__ = ["CardView", "EnemyView", "GameView", "GoalView", "HeroView", "PendingView",
           "PickDecision", "RespawnDecision", "ShopView", "SlotView", "StepView",
           "TeleportDecision", "WareView", "shop_view", "view"]
