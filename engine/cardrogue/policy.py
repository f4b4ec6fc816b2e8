"""The computer player of the classic table: an honest, greedy policy.

    action = computer_move(game, seat, "normal", Dice(seed))
    action = choose(game.view(seat), sight(game), game.legal_actions(), "normal", Dice(seed))

It decides from what every player at the table may know: its seat's view, the legal actions,
and `sight(game)`, the face-up table (face-down cards are only "face down": their content, their
paths and the stacks' order are never read). Any chance comes from its own dice stream, never
the game's, so a computer seat changes no outcome by thinking, and a game replays.

The plan, in order: make a decision the game waits for (a character, how to come back, where a
teleported one lands); come back if away; fight the enemy it can beat, flee one it cannot;
equip what fills an empty slot; buy the shopkeeper's debt or a useful card it can afford; call
the end rush when it would win it (or when nothing else can end the game); flip a face-down card
next to it; walk toward the nearest card to pick up or the nearest face-down card (toward a
starting tile during the end rush); else end the turn.

Levels:
    easy     the plan, but one time in three a random sensible action
    normal   the plan
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from engine.cardrogue.actions import DIRECTIONS, Action
from engine.cardrogue.board import DIRECTION_BITS, FACE_DOWN, OPPOSITE, REVEALED, STEP
from engine.cardrogue.cards import CardDef
from engine.cardrogue.exceptional import MOLE_PRICE
from engine.cardrogue.players import KEEP_GOLD
from engine.cardrogue.view import (
    EnemyView,
    PickDecision,
    RespawnDecision,
    TeleportDecision,
    View,
)

if TYPE_CHECKING:
    from engine.cardrogue.state import State

LEVELS = ("easy", "normal")
RANDOM_ONE_IN = 3  # how often the easy level plays a random sensible action
# The characters the normal level prefers, best first (the sturdiest fighter leads).
PREFERRED = ("warrior", "cleric", "rogue", "explorer", "mage", "bard")
# Actions the computer never takes: giving up, stepping away, and what needs a plan it lacks.
NEVER = frozenset({"quit", "leave", "trade", "trip", "steal", "throw", "read", "sell",
                   "unequip", "cast", "leap"})
TWO_AVERAGE_ROLLS = 7  # twice a die's average: the fight sums count in half points

Cell = tuple[int, int]


class Chance(Protocol):
    """What the policy needs of its random stream (engine.core.dice.Dice has it)."""

    def below(self, key: str, n: int) -> int: ...


@dataclass(frozen=True)
class Sight:
    """The table as every player sees it: which cells are face up or face down, the paths and
    cards of the face-up ones, and where enemies and players stand."""

    width: int
    height: int
    exists: tuple[bool, ...]  # where the table has room for a card
    face: tuple[int, ...]
    paths: tuple[int, ...]  # 0 on every cell that is not face up
    content: tuple[str | None, ...]  # the card id on a face-up cell, None elsewhere
    enemies: frozenset[int]
    players: frozenset[int]  # cells with a player on them
    end_rush: bool
    stack_left: int  # cards left in the exploration stack (its size shows; its order not)
    cards: Mapping[str, CardDef]  # the rules' card definitions (public)

    def index(self, cell: Cell) -> int:
        return cell[0] * self.width + cell[1]

    def cell(self, index: int) -> Cell:
        return divmod(index, self.width)

    def across(self, index: int, direction: str) -> int | None:
        """The face-up cell a hero on `index` walks to going `direction`, if paths join."""
        bit = DIRECTION_BITS[direction]
        dr, dc = STEP[bit]
        row, col = divmod(index, self.width)
        r, c = row + dr, col + dc
        if not (0 <= r < self.height and 0 <= c < self.width):
            return None
        other = r * self.width + c
        if not self.paths[index] & bit or not self.paths[other] & OPPOSITE[bit]:
            return None
        return other

    def opens(self, index: int) -> bool:
        """A path of `index` leads to a face-down card, or to a spot where arriving lays one
        (after the mole dug there)."""
        row, col = divmod(index, self.width)
        for direction in DIRECTIONS:
            bit = DIRECTION_BITS[direction]
            dr, dc = STEP[bit]
            r, c = row + dr, col + dc
            if (self.paths[index] & bit and 0 <= r < self.height and 0 <= c < self.width
                    and (self.face[r * self.width + c] == FACE_DOWN
                         or self.stack_left and not self.exists[r * self.width + c])):
                return True
        return False


Goal = Callable[[View, Sight, int], bool]  # a cell worth walking to


def sight(game: State) -> Sight:
    """What the whole table can see of `game` (nothing face down is read but that it is)."""
    board = game.board
    up = [f == REVEALED for f in board.face]
    content = tuple(c.id if shown and c is not None else None
                    for shown, c in zip(up, board.content, strict=True))
    return Sight(board.width, board.height, tuple(board.exists), tuple(board.face),
                 tuple(p if shown else 0 for shown, p in zip(up, board.paths, strict=True)),
                 content, frozenset(game.enemies),
                 frozenset(p.pos for p in game.players if p.pos is not None and not p.out),
                 game.end_rush, len(game.catacomb.exploration) if game.catacomb else 0,
                 game.catalog.cards)


def computer_move(game: State, seat: int, level: str, rng: Chance) -> Action:
    """The computer's action for `seat`, which must be the seat to act."""
    return choose(game.view(seat), sight(game), game.legal_actions(), level, rng)


def choose(view: View, seen: Sight, legal: Sequence[Action], level: str,
           rng: Chance) -> Action:
    """One legal action for the seat the view belongs to."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}")
    if not legal:
        raise ValueError("there is no legal action to choose from")
    sensible = [a for a in legal if a.kind not in NEVER] or list(legal)
    if level == "easy" and view.pending is None and rng.below("computer", RANDOM_ONE_IN) == 0:
        calm = [a for a in sensible if a.kind != "end_rush" and a.kind != "mole"] or sensible
        return calm[rng.below("computer", len(calm))]
    wanted = _plan(view, seen, sensible, level, rng)
    return wanted if wanted in legal else sensible[0]


def _plan(view: View, seen: Sight, legal: Sequence[Action], level: str,
          rng: Chance) -> Action:
    pending = view.pending
    if isinstance(pending, PickDecision):
        return _pick(pending, legal, level, rng)
    if isinstance(pending, RespawnDecision):
        return _respawn(pending, legal)
    if isinstance(pending, TeleportDecision):
        return _land(view, seen, pending, legal)
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if "come_back" in by_kind:
        return by_kind["come_back"][0]
    if view.fighting and ("attack" in by_kind or "flee" in by_kind):
        return _fight(view, by_kind)
    for a in by_kind.get("equip", ()):
        if _fills_empty_slot(view, seen, a.card):
            return a
    bought = _buy(view, seen, by_kind.get("buy", ()))
    if bought is not None:
        return bought
    moles = by_kind.get("mole", ())
    if "end_rush" in by_kind:
        mine = view.hero.points
        best_other = max((p.points for p in view.players if p.seat != view.seat and not p.out),
                         default=0)
        if mine + 1 > best_other or not moles or view.hero.gold < MOLE_PRICE:
            return by_kind["end_rush"][0]
    if "flip" in by_kind:
        return by_kind["flip"][0]
    walk = _walk(view, seen, by_kind.get("move", ()))
    if walk is not None:
        return walk
    if view.hero.cell is not None and _wanted(view, seen, seen.index(view.hero.cell)):
        return by_kind.get("end_turn", list(legal))[0]  # arrived: flip from here next turn
    if moles and not _heading_out(view, seen) and by_kind.get("end_turn"):
        dig = _mole(view, seen, moles)
        if dig is not None:
            return dig
    if not _brave(view) and by_kind.get("drink"):
        return by_kind["drink"][0]  # a potion may heal; waiting never does
    if not _heading_out(view, seen):
        # Nothing else to do: the enemies in the way of the unknown are sought out (a fall
        # brings the hero back at full health, so even a lost fight moves the game on).
        walk = _walk(view, seen, by_kind.get("move", ()), _next_to_enemy, risk=True)
        if walk is not None:
            return walk
    return by_kind.get("end_turn", list(legal))[0]


# ---------------------------------------------------------------------- decisions

def _pick(pending: PickDecision, legal: Sequence[Action], level: str, rng: Chance) -> Action:
    picks = [a for a in legal if a.kind == "pick"]
    if level == "easy":
        return picks[rng.below("computer", len(picks))]
    rank = {c: n for n, c in enumerate(PREFERRED)}
    return min(picks, key=lambda a: (rank.get(a.name or "", len(rank)),
                                     pending.choices.index(a.name) if a.name in pending.choices
                                     else 0))


def _respawn(pending: RespawnDecision, legal: Sequence[Action]) -> Action:
    """Keep the card worth most (one gold if no card is worth more), leave the one worth
    least, come back on its own starting tile when it is free."""
    value = {c.uid: c.sell_value or 0 for c in pending.cards}

    def score(a: Action) -> tuple[int, int, int]:
        kept = 1 if a.name == KEEP_GOLD else value.get(a.card or -1, 0)
        left = sum(value.get(uid, 0) for uid in a.cards)
        return (kept, -left, 1 if a.target == pending.own_start else 0)

    respawns = [a for a in legal if a.kind == "respawn"]
    return max(respawns, key=score)  # max keeps the first of equals: legal's order


def _land(view: View, seen: Sight, pending: TeleportDecision,
          legal: Sequence[Action]) -> Action:
    """An enemy lands as far from the hero as it can; a player next to the unknown."""
    places = [a for a in legal if a.kind == "place" and a.target is not None]
    if not places:
        return legal[0]
    here = view.hero.cell or (0, 0)
    if pending.subject == "enemy":
        return max(places, key=lambda a: _distance(a.target or here, here))
    near = [a for a in places if seen.opens(seen.index(a.target or here))]
    return (near or places)[0]


def _distance(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# ---------------------------------------------------------------------- fighting

def _fight(view: View, by_kind: dict[str, list[Action]]) -> Action:
    """Attack the weakest enemy in reach, unless the fight looks lost and fleeing is open."""
    attacks = by_kind.get("attack", [])
    targets = {s.direction: s.cell for s in view.steps}
    enemies = {e.cell: e for e in view.fighting}

    def enemy_of(a: Action) -> EnemyView | None:
        return enemies.get(targets.get(a.dir or "") or (-1, -1))

    reachable = [a for a in attacks if enemy_of(a) is not None]
    foes = [e for a in reachable if (e := enemy_of(a)) is not None]
    # While above half health it fights anyway: wounds stay on an enemy, and a hero who
    # always fled would leave the unknown behind it unexplored for good.
    if reachable and (_can_beat(view, foes) or _brave(view)
                      or any(2 * e.health <= e.max_health for e in foes)):
        return min(reachable, key=lambda a: (enemy_of(a).health, DIRECTIONS.index(a.dir or "N")))  # type: ignore[union-attr]
    if "flee" in by_kind:
        return by_kind["flee"][0]
    if reachable:
        return reachable[0]
    return (attacks or by_kind.get("end_turn") or [next(iter(by_kind.values()))[0]])[0]


def _can_beat(view: View, enemies: list[EnemyView]) -> bool:
    """Whether the hero outlasts the fight with the weakest of `enemies`, all of those
    fighting it hitting back."""
    weakest = min(enemies, key=lambda e: e.health)
    return _outlasts(view, weakest.health,
                     [(e.attack, e.double_roll) for e in view.fighting])


def _outlasts(view: View, health: int, hitters: Sequence[tuple[int, bool]]) -> bool:
    """Counted with average rolls: the rounds the hero needs to slay an enemy of `health`
    against the damage the `hitters` (attack, rolls two dice) deal meanwhile."""
    hero = view.hero
    hit = max(TWO_AVERAGE_ROLLS + 2 * hero.attack, 1)
    rounds = -(-2 * health // hit)
    # An enemy hits for its attack; one that rolls two dice hits for them instead (and its
    # attack counts only thrown potions, 0 on the card).
    taken = sum(max((2 * TWO_AVERAGE_ROLLS if double else 0) + 2 * (attack - hero.armour), 0)
                for attack, double in hitters)
    return taken == 0 or 2 * hero.health > taken * rounds


def _risky(view: View, seen: Sight, index: int) -> bool:
    """A cell next to an enemy (on the board, at its printed numbers) the hero cannot beat."""
    for d in DIRECTIONS:
        other = seen.across(index, d)
        if other is None or other not in seen.enemies:
            continue
        card = seen.content[other]
        e = seen.cards[card] if card is not None else None
        if e is not None and not _outlasts(view, e.health, [(e.attack, e.attack_double_roll)]):
            return True
    return False


# ---------------------------------------------------------------------- items and shops

def _slot_free(view: View, d: CardDef) -> bool:
    if d.slot is None:
        return False
    free = {s.slot for s in view.hero.equipped if s.card is None}
    return d.slot in free and (not d.two_handed or {"primary", "secondary"} <= free)


def _fills_empty_slot(view: View, seen: Sight, uid: int | None) -> bool:
    card = next((c for c in view.hero.hand if c.uid == uid), None)
    if card is None:
        return False
    d = seen.cards[card.id]
    return not d.cursed and _slot_free(view, d)


def _buy(view: View, seen: Sight, buys: Sequence[Action]) -> Action | None:
    """The debt if it can be paid, else gear for an empty slot, paid with gold alone."""
    if view.shop is None:
        return None
    price = {w.uid: (w.id, w.price) for w in view.shop.wares}
    best: tuple[int, Action] | None = None
    for a in buys:
        if a.cards or a.card not in price:
            continue
        card_id, cost = price[a.card]
        d = seen.cards[card_id]
        if cost > view.hero.gold:
            continue
        worth = 3 if d.type == "debt" else 2 if _slot_free(view, d) and not d.cursed else 0
        if worth and (best is None or worth > best[0]):
            best = (worth, a)
    return best[1] if best is not None else None


def _mole(view: View, seen: Sight, moles: Sequence[Action]) -> Action | None:
    """When no path leads anywhere new: the mole digs the nearest tile (not the hero's own:
    cards are laid on arrival) that gets a path into the unknown, if any does."""
    here = view.hero.cell or (0, 0)

    def unknown_sides(cell: Cell) -> int:
        row, col = cell
        return sum(1 for dr, dc in STEP.values()
                   if 0 <= row + dr < seen.height and 0 <= col + dc < seen.width
                   and not seen.exists[(row + dr) * seen.width + col + dc])

    if not seen.stack_left:
        return None
    digs = [a for a in moles if a.target is not None and a.target != here and not a.cards
            and unknown_sides(a.target) > 0]
    if not digs:
        return None
    return min(digs, key=lambda a: (_distance(a.target or here, here), a.target))


# ---------------------------------------------------------------------- walking

def _wanted(view: View, seen: Sight, index: int) -> bool:
    """A cell worth walking to: a card to pick up, a face-down card to flip from it, or during
    the end rush a starting tile."""
    card = seen.content[index]
    d = seen.cards[card] if card is not None else None
    if _heading_out(view, seen):
        return d is not None and d.type == "start"
    if d is not None and d.holdable and d.type != "enemy":
        return True
    if d is not None and d.type == "chest":
        return any(seen.cards[c.id].type == "key" for c in view.hero.hand)
    return seen.opens(index)


def _heading_out(view: View, seen: Sight) -> bool:
    """Whether the hero should make for a starting tile: the end rush has begun, or a solo
    player has met every goal."""
    if seen.end_rush:
        return True
    return len(view.players) == 1 and all(g.met for g in view.goals)


def _next_to_enemy(view: View, seen: Sight, index: int) -> bool:
    return any(seen.across(index, d) in seen.enemies for d in DIRECTIONS)


def _brave(view: View) -> bool:
    return 2 * view.hero.health > view.hero.max_health


def _walk(view: View, seen: Sight, moves: Sequence[Action], goal: Goal | None = None,
          risk: bool = False) -> Action | None:
    """The first step of a shortest walk over face-up cells to the nearest cell `goal` wants
    (None if the hero stands on one, or none can be reached). Ties go N, E, S, W: no hash
    order."""
    wanted = goal or _wanted
    if not moves or view.hero.cell is None:
        return None
    start = seen.index(view.hero.cell)
    legal_dirs = {a.dir: a for a in moves}
    if goal is None and _heading_out(view, seen) and _wanted(view, seen, start):
        return moves[0]  # on a starting tile already: step off, to step back on it
    if wanted(view, seen, start):
        return None  # arrived: flip from here next turn
    first: dict[int, str] = {}
    todo: deque[int] = deque()
    for direction in DIRECTIONS:
        other = seen.across(start, direction)
        if (direction in legal_dirs and other is not None and other not in first
                and (risk or not _risky(view, seen, other))):
            first[other] = direction
            todo.append(other)
    while todo:
        here = todo.popleft()
        if wanted(view, seen, here):
            return legal_dirs[first[here]]
        for direction in DIRECTIONS:
            other = seen.across(here, direction)
            if (other is None or other in first or other == start
                    or seen.face[other] != REVEALED or other in seen.enemies
                    or other in seen.players or _hurts(seen, other)
                    or not risk and _risky(view, seen, other)):
                continue
            first[other] = first[here]
            todo.append(other)
    return None


def _hurts(seen: Sight, index: int) -> bool:
    card = seen.content[index]
    return card is not None and seen.cards[card].type == "trap"


__all__ = ["LEVELS", "Sight", "choose", "computer_move", "sight"]
