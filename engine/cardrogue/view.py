"""What a view draws: `State.view(seat)`, a frozen read model of the game for one seat.

A screen draws these values and never works a rule out for itself: the hero's numbers, the
prices in the shop underfoot and what the hero can buy, what each direction key would do, the
cards each card action would take (with the engine's refusals), the decision the game waits
for (with its choices), the enemies with their attack as combat counts it, what look mode
may tell of every cell, and the level and board the screens draw (the board is drawn from
the cells alone) all come from the rules here. Every value is plain (ints, strings, tuples, None), so `to_dict()` is JSON. Making a view changes nothing:
no die is drawn and `State.fingerprint()` stays the same.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from engine.cardrogue import characters, combat, goals, items, players, tiles, turn
from engine.cardrogue.actions import DIRECTIONS, Action
from engine.cardrogue.board import DIRECTION_BITS, FACE_DOWN
from engine.cardrogue.cards import SLOTS
from engine.cardrogue.decisions import Pick, Respawn, Teleport

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Card, Enemy, Player
    from engine.cardrogue.state import State

Cell = tuple[int, int]  # (row, column)


@dataclass(frozen=True, slots=True)
class CardView:
    """A card in a hand or worn. `sell_value` is what a shop pays for it (None: unsellable);
    `tradeable` says it may change hands in a trade between players."""

    uid: int
    id: str
    colour: str | None
    effect: str | None  # what a potion of that colour does, once known
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
    """An enemy on the board. `attack` is what it hits for, as combat counts it (thrown
    potions included, never below 0); a `double_roll` enemy hits for twice a die instead,
    and `attack` is then what potions add to that (it may be negative)."""

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
    it would take it). `note` names the rule that allows it, where a player may not expect
    it: the walk on of a turn that has only moved (turn.WALK_ON)."""

    direction: str
    kind: Literal["attack", "flip", "move"]
    cell: Cell | None  # the cell on that side, if the map has one
    reason: str | None
    note: str | None = None

    @property
    def action(self) -> Action:
        return Action(self.kind, dir=self.direction)


@dataclass(frozen=True, slots=True)
class WareView:
    """A card for sale and its price in gold. `reason` says why the engine would refuse to
    sell it to the hero for gold alone now (None: the hero can buy it)."""

    uid: int
    id: str
    colour: str | None
    effect: str | None  # what a potion of that colour does, once known
    price: int
    reason: str | None


@dataclass(frozen=True, slots=True)
class ShopView:
    """The shop the hero stands on."""

    cell: Cell
    wares: tuple[WareView, ...]


@dataclass(frozen=True, slots=True)
class CardUse:
    """One of the hero's cards for one kind of action: `actions` are the ways the engine
    takes now (a throw each way someone stands, a potion to identify each, ...), and `reason`
    is the engine's refusal when it takes none of them."""

    card: CardView
    actions: tuple[Action, ...]
    reason: str | None


@dataclass(frozen=True, slots=True)
class UseView:
    """What the hero can do with one kind of card action: every card it could take, and the
    rules' reason when no card can be used now (None: one can)."""

    kind: Literal["drink", "throw", "read", "equip", "unequip"]
    cards: tuple[CardUse, ...]
    reason: str | None

    @property
    def usable(self) -> tuple[CardUse, ...]:
        return tuple(use for use in self.cards if use.reason is None)


CARD_ACTIONS: tuple[Literal["drink", "throw", "read", "equip", "unequip"], ...] = (
    "drink", "throw", "read", "equip", "unequip")


@dataclass(frozen=True, slots=True)
class CellView:
    """What the viewer may know of one cell. A face-down card shows as face down and nothing
    more: `card` and the rest stay empty until it is flipped."""

    cell: Cell
    face: Literal["unseen", "face_down", "revealed"]
    heroes: tuple[int, ...]  # the seats of the heroes standing here
    card: str | None  # the id of the card lying face up here (an enemy's card for an enemy)
    colour: str | None  # a potion's colour
    effect: str | None  # what a potion of that colour does, once known
    enemy: EnemyView | None
    fighting: bool  # the enemy here fights the viewer
    shop: ShopView | None
    way_out: bool  # the level's exit (the ladder, or the start on a level that ends there)
    paths: int = 0  # a revealed tile's open edges (board.N | E | S | W); 0 until revealed
    engaged: bool = False  # the enemy here fights a hero on the board, the viewer or another


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
class View:
    """The game as the player in `seat` sees it. `acting` is the seat that must act now."""

    seat: int
    acting: int
    mode: str  # "story" or "classic"
    level: int  # the index of the level played (-1 before the first)
    level_moves: int  # the moves made on that level
    level_exit: str | None  # how the level is left: "ladder" or "start" (None before the first)
    end_rush: bool  # the race back to a starting tile is on (a classic table)
    rows: int  # the board's size, cards or not
    columns: int
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
    uses: tuple[UseView, ...]  # one per kind in CARD_ACTIONS, in that order
    cells: tuple[CellView, ...]  # every cell of the board that holds a card, row by row

    def step(self, direction: str) -> StepView:
        return self.steps[DIRECTIONS.index(direction)]

    def use(self, kind: str) -> UseView:
        return next(use for use in self.uses if use.kind == kind)

    def look(self, cell: Cell) -> CellView | None:
        """The cell at (row, column), or None where no card lies (or off the board)."""
        return next((c for c in self.cells if c.cell == cell), None)

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

def view(g: State, seat: int) -> View:
    """The game as the player in `seat` sees it (State.view). Reads the state only: the rules'
    queries draw no die and change nothing."""
    if not 0 <= seat < len(g.players):
        raise ValueError(f"there is no seat {seat}")
    p = g.players[seat]
    heroes = tuple(_hero(g, q) for q in g.players)
    here = g.board.content[p.pos] if p.pos is not None else None
    shop = shop_view(g, g.cell(p.pos), p) if p.pos is not None else None
    level = g.level if g.level_index >= 0 else None
    return View(
        seat=seat, acting=g.player.seat, mode=g.mode, level=g.level_index,
        level_moves=g.level_moves[g.level_index] if level is not None else 0,
        level_exit=level.exit if level is not None else None, end_rush=g.end_rush,
        rows=g.board.height, columns=g.board.width, hero=heroes[seat], players=heroes,
        here=here.id if here is not None else None,
        neighbours=_neighbours(g, p),
        fighting=tuple(_enemy(g, e) for e in g.in_combat(p)),
        steps=tuple(_step(g, p, d) for d in DIRECTIONS),
        shop=shop, goals=_goals(g, p), pending=_pending(g), outcome=g.outcome, turn=g.turn,
        moves=g.moves, uses=_uses(g, p), cells=_cells(g, p),
    )


def shop_view(g: State, cell: Cell, p: Player | None = None) -> ShopView | None:
    """The shop on `cell` with its prices (every classic shop sells from one pile) and what
    `p` (by default the player who acts) may buy, or None if no shop is there."""
    stock = tiles.stock_at(g, g.index(cell))
    if stock is None:
        return None
    return ShopView(cell, tuple(
        WareView(c.uid, c.id, c.colour, _effect(g, c.colour), tiles.price(g, c.id),
                 _refusal(g, p or g.player, Action("buy", card=c.uid)))
        for c in stock))


def step_view(g: State, seat: int, direction: str) -> StepView:
    """What `direction` does for the player in `seat`: one step of the view, without building
    the rest of it (the log asks this before every move)."""
    if not 0 <= seat < len(g.players):
        raise ValueError(f"there is no seat {seat}")
    if direction not in DIRECTIONS:
        raise ValueError(f"there is no direction {direction!r}")
    return _step(g, g.players[seat], direction)


def _effect(g: State, colour: str | None) -> str | None:
    return g.potion_identity.get(colour) if colour is not None else None


def _card(g: State, p: Player, card: Card) -> CardView:
    sellable = g.catalog.cards[card.id].can_sell
    return CardView(card.uid, card.id, card.colour, _effect(g, card.colour),
                    tiles.sell_value(g, p, card.id) if sellable else None,
                    players.can_trade(g, card))


def _hero(g: State, p: Player) -> HeroView:
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


def _neighbours(g: State, p: Player) -> tuple[int, ...]:
    """The other players on tiles connected to p's (the rulebook's adjacent tiles)."""
    if p.pos is None:
        return ()
    near = set(g.board.adjacent(p.pos))
    return tuple(q.seat for q in g.players if q is not p and q.pos in near and not q.out)


def _enemy(g: State, e: Enemy) -> EnemyView:
    d = g.catalog.cards[e.card.id]
    attack = e.attack_mod if d.attack_double_roll else combat.enemy_attack(g, e)
    return EnemyView(g.cell(e.pos), e.card.id, e.health, d.health, attack,
                     bool(d.attack_double_roll), e.poison, e.paralysed)


def _step(g: State, p: Player, direction: str) -> StepView:
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
    reason = _refusal(g, p, Action(kind, dir=direction))
    note = turn.WALK_ON if kind == "move" and reason is None and turn.walks_on(g) else None
    return StepView(direction, kind, g.cell(ahead) if ahead is not None else None, reason, note)


def _refusal(g: State, p: Player, action: Action) -> str | None:
    """Why the engine would refuse p's `action` now (None: it would take it)."""
    if g.player is p:
        return g.why_illegal(action)
    return f"it is {g.player.name}'s turn" if g.outcome is None else "the game is over"


def _uses(g: State, p: Player) -> tuple[UseView, ...]:
    """Each card action with the cards it could take, asked of the engine spelling by
    spelling (legal_actions' own candidates)."""
    on_shop = tiles.stock_at(g, p.pos) is not None
    spelled: dict[str, list[tuple[Card, list[Action]]]] = {kind: [] for kind in CARD_ACTIONS}
    for card in p.hand:
        by_kind: dict[str, list[Action]] = {}
        for action in items.hand_candidates(g, p, card, on_shop):
            by_kind.setdefault(action.kind, []).append(action)
        for kind, actions in by_kind.items():
            if kind in spelled:
                spelled[kind].append((card, actions))
    spelled["unequip"] = [(card, [Action("unequip", card=card.uid)]) for card in p.gear()]
    out = []
    for kind in CARD_ACTIONS:
        cards = []
        for card, actions in spelled[kind]:
            reasons = [_refusal(g, p, action) for action in actions]
            legal = tuple(a for a, why in zip(actions, reasons, strict=True) if why is None)
            cards.append(CardUse(_card(g, p, card), legal, None if legal else reasons[0]))
        reason = None if any(c.reason is None for c in cards) else \
            cards[0].reason if cards else items.NO_CARD[kind]
        out.append(UseView(kind, tuple(cards), reason))
    return tuple(out)


_FACES: tuple[Literal["unseen", "face_down", "revealed"], ...] = (
    "unseen", "face_down", "revealed")


def _cells(g: State, p: Player) -> tuple[CellView, ...]:
    board = g.board
    fighting = {e.pos for e in g.in_combat(p)}
    engaged = {e.pos for q in g.players if q.pos is not None and not q.out
               for e in g.in_combat(q)}
    standing: dict[int, list[int]] = {}
    for q in g.players:
        if q.pos is not None and not q.out:
            standing.setdefault(q.pos, []).append(q.seat)
    out = []
    for index in (i for i, exists in enumerate(board.exists) if exists):
        cell = g.cell(index)
        heroes = tuple(standing.get(index, ()))
        face = _FACES[board.face[index]]
        if face != "revealed":
            out.append(CellView(cell, face, heroes, None, None, None, None, False, None, False))
            continue
        enemy = g.enemies.get(index)
        card = enemy.card if enemy is not None else board.content[index]
        d = g.catalog.cards[card.id] if card is not None else None
        colour = card.colour if card is not None and d is not None and d.type == "potion" \
            else None
        way_out = d is not None and (d.type == "ladder" or (
            d.type == "start" and g.level_index >= 0 and g.level.exit == "start"))
        out.append(CellView(
            cell, face, heroes, card.id if card is not None else None, colour,
            _effect(g, colour),
            _enemy(g, enemy) if enemy is not None else None, index in fighting,
            shop_view(g, cell, p) if d is not None and d.type == "shop" else None, way_out,
            board.paths[index], index in engaged))
    return tuple(out)


def _goals(g: State, p: Player) -> tuple[GoalView, ...]:
    if g.level_index < 0:
        return ()
    unmet = set(goals.unmet_goals(g, p))
    out = []
    for goal in g.level.goals:
        text = goal.describe()
        out.append(GoalView(goal.kind, goal.card, text, text not in unmet))
    return tuple(out)


def _pending(g: State) -> PendingView | None:
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


__all__ = ["CARD_ACTIONS", "CardUse", "CardView", "CellView", "EnemyView", "View", "GoalView", "HeroView", "PendingView",
           "PickDecision", "RespawnDecision", "ShopView", "SlotView", "StepView",
           "TeleportDecision", "UseView", "WareView", "shop_view", "step_view", "view"]
