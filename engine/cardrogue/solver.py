"""Solvers for story maps: the fewest moves that win, and the best turns among those.
Determinism makes a map a puzzle with a true minimum; these find it, so a par is proved rather
than guessed.

- `search` is an A* search, in the spirit of the optimal Sokoban solvers: states in order of
  moves so far plus a lower bound on the moves still needed, each distinct state once (a
  transposition table keyed by the state without its turn counter). With an admissible bound
  the first win taken from the queue is a fewest-moves win. Past its state or time budget it
  stops with the best win found so far and a proved lower bound, marked not proved.
- `breadth_first` is the plain search it replaced, kept as the reference the tests compare
  A* with on maps small enough for both.

The lower bound (`lower_bound`) counts what any win must still do: one move into every cell on
the way to the exit, walls ignored (a scroll of passage or the mole can open them); one flip for
every cell of that way not yet face up; one action for every enemy standing there. A teleport
potion (held, lying on the board, or for sale) may shorten the way: drink, choose where to land,
step onto the exit. Ending turns and the level's goals are not counted: a fight can end a turn
without an action, so counting them could overestimate.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine.cardrogue.actions import Action
from engine.cardrogue import items
from engine.cardrogue.board import E, N, REVEALED, S, W
from engine.cardrogue.decisions import Teleport
from engine.cardrogue.game import Game
from engine.cardrogue.level import MapSpec

# Actions that can never shorten a win.
_NEVER = ("quit", "leave", "come_back")
# Drink a teleport potion and choose where to land: two actions, then step onto the exit.
_TELEPORT = 2


@dataclass(frozen=True)
class Solution:
    actions: tuple[Action, ...]
    moves: int
    turns: int
    states: int  # distinct states explored


@dataclass(frozen=True)
class Search:
    """What a search found: the fewest-moves win when `proved`, else the best win found (or
    None) and a lower bound that every win meets."""

    solution: Solution | None
    proved: bool
    lower_bound: int
    states: int
    seconds: float


def _key(game: Game) -> tuple:
    fp = game.fingerprint()
    return fp[:2] + fp[3:]  # the turn counter does not change what can happen next


def _finished(game: Game, level: int, level_only: bool) -> bool:
    return game.outcome == "won" or (level_only and game.outcome is None
                                     and game.level_index > level)


# ---------------------------------------------------------------------- the lower bound

def lower_bound(game: Game) -> int:
    """Fewer moves than this cannot finish the current level (see the module's notes)."""
    if game.outcome is not None:
        return 0
    board = game.board
    cards = game.catalog.cards
    p = game.players[0]
    exits = _exits(game)
    if p.pos is None or not exits:
        return 0
    to_exit = _to_exit(game, exits)
    pending = game.pending
    if isinstance(pending, Teleport) and pending.subject == "player":
        # The hero is about to be placed: one action, then the walk from where they land.
        best = 1 + min((to_exit.get(i, _FAR) for i in items.landing_cells(game)), default=_FAR)
        return 0 if best >= _FAR else best
    best = to_exit.get(p.pos, _FAR)
    if p.pos in exits:
        # Standing on the exit (a last level that ends on the start): step off and back on.
        best = min((_step(game, p.pos, n) + to_exit.get(n, _FAR) for n in board.around(p.pos)),
                   default=_FAR)
    if game.end_rush:
        return 0 if best >= _FAR else best
    # A teleport potion: drink it, land next to the exit, step on. Reaching a potion lying on
    # the board or for sale costs at least one move per cell between (walls ignored).
    entry = min(_entry_cost(game, x) for x in exits)
    if any(_may_teleport(game, c) for c in p.hand):
        best = min(best, _TELEPORT + entry)
    row, col = divmod(p.pos, board.width)
    for index, card in enumerate(board.content):
        if card is not None and cards[card.id].type == "potion" and _may_teleport(game, card):
            r, c = divmod(index, board.width)
            best = min(best, abs(r - row) + abs(c - col) + _TELEPORT + entry)
    for index, stock in game.stock.items():
        if any(_may_teleport(game, c) for c in stock):
            r, c = divmod(index, board.width)
            best = min(best, abs(r - row) + abs(c - col) + 1 + _TELEPORT + entry)
    return 0 if best >= _FAR else best


_FAR = 1 << 30
_EDGES = ((N, S), (E, W), (S, N), (W, E))  # an edge and the one facing it
# Distances to the exit depend on the board, not on where the hero stands: most states share
# them with the state they came from. Key: what the costs read; value: (paths, distances),
# the paths list kept alive so its id is never reused for another while cached.
_TO_EXIT: dict[tuple, tuple[list[int], dict[int, int]]] = {}
_TO_EXIT_SIZE = 50_000


def _exits(game: Game) -> list[int]:
    cards = game.catalog.cards
    exit_type = game.level.exit if game.mode == "story" else "start"
    return [i for i, c in enumerate(game.board.content)
            if c is not None and cards[c.id].type == exit_type]


def _to_exit(game: Game, exits: list[int]) -> dict[int, int]:
    board = game.board
    key = (id(board.paths), tuple(board.face), tuple(game.enemies), tuple(exits),
           _passage_possible(game), id(game.catalog))
    cached = _TO_EXIT.get(key)
    if cached is not None:
        return cached[1]
    if len(_TO_EXIT) >= _TO_EXIT_SIZE:
        _TO_EXIT.clear()
    distances = _distances_to(game, exits)
    _TO_EXIT[key] = (board.paths, distances)
    return distances


def _may_teleport(game: Game, card) -> bool:
    """Whether `card` is, or may turn out to be, a potion of teleportation."""
    if card.colour is None or game.catalog.cards[card.id].type != "potion":
        return False
    known = game.potion_identity.get(card.colour)
    if known is not None:
        return known == "teleport"
    return "teleport" not in game.potion_identity.values()


def _entry_cost(game: Game, index: int) -> int:
    """Moves and more to step into `index`: the move, a flip if it is not face up, an action
    against an enemy standing there (or hidden there)."""
    cost = 1
    if game.board.face[index] != REVEALED:
        cost += 1
        card = game.board.content[index]
        if card is not None and game.catalog.cards[card.id].type == "enemy":
            cost += 1
    elif index in game.enemies:
        cost += 1
    return cost


def _passage_possible(game: Game) -> bool:
    """Whether a Scroll of Passage is held, lies on the board or is for sale: it steps
    through any wall for one action, as a move would."""
    cards = game.catalog.cards
    everywhere = list(game.players[0].hand) + [c for c in game.board.content if c is not None]
    everywhere += [c for stock in game.stock.values() for c in stock]
    return any(cards[c.id].scroll == "move_adjacent" for c in everywhere)


def _step(game: Game, here: int, there: int, walls_count: bool | None = None) -> int:
    """What stepping from `here` into the neighbouring `there` costs at least: its entry, and
    without a Scroll of Passage about, one mole action for each side of a wall between."""
    cost = _entry_cost(game, there)
    if walls_count is None:
        walls_count = not _passage_possible(game)
    if walls_count:
        paths, board = game.board.paths, game.board
        for bit, back in _EDGES:
            if board._steps[bit][here] == there:
                cost += (not paths[here] & bit) + (not paths[there] & back)
                break
    return cost


def _distances_to(game: Game, exits: list[int]) -> dict[int, int]:
    """For every cell, the least a walk from it into an exit costs (Dijkstra from the exits,
    each step costing `_step`)."""
    board = game.board
    walls_count = not _passage_possible(game)
    dist = {x: 0 for x in exits}
    queue = [(0, x) for x in exits]
    while queue:
        d, there = heapq.heappop(queue)
        if d > dist[there]:
            continue
        for here in board.around(there):
            nd = d + _step(game, here, there, walls_count)
            if nd < dist.get(here, _FAR):
                dist[here] = nd
                heapq.heappush(queue, (nd, here))
    return dist


# ---------------------------------------------------------------------- A*

def search(start: Game, *, level_only: bool = False, max_states: int = 1_000_000,
           max_seconds: float | None = None,
           stop: Callable[[int], bool] | None = None) -> Search:
    """The fewest actions from `start` that win (or, with `level_only`, that finish the current
    level). Ties go to fewer turns, then more health kept. `stop`, if given, is called with the
    proved lower bound so far before each state is expanded; when it answers True the search
    ends as if out of budget (a caller in another thread uses it to cancel and to show
    progress)."""
    began = time.monotonic()
    level = start.level_index
    base = len(start.history)
    order = itertools.count()  # ties in the queue: deeper first, then first come
    queue: list[tuple[int, int, int, Game]] = [(lower_bound(start), 0, next(order), start)]
    best_depth = {_key(start): 0}
    found: Game | None = None  # the best win seen so far, taken from the queue or not
    wins: list[Game] = []
    while queue:
        f, negative_depth, _, game = heapq.heappop(queue)
        depth = -negative_depth
        if wins and f > wins[0].moves - base:
            break  # every win of the fewest moves has been taken
        if _finished(game, level, level_only):
            wins.append(game)
            continue
        if best_depth.get(_key(game), _FAR) < depth:
            continue  # reached again, more cheaply, after this entry was queued
        if len(best_depth) > max_states or (
                max_seconds is not None and time.monotonic() - began > max_seconds) or (
                stop is not None and stop(f)):
            return _stopped(start, base, f, found, len(best_depth), began)
        for action in game.legal_actions():
            if action.kind in _NEVER:
                continue
            child = game.clone()
            child.apply(action)
            if child.outcome is not None and not _finished(child, level, level_only):
                continue  # lost
            if _finished(child, level, level_only):
                if found is None or child.moves < found.moves:
                    found = child
                heapq.heappush(queue, (depth + 1, -(depth + 1), next(order), child))
                continue
            key = _key(child)
            if best_depth.get(key, _FAR) <= depth + 1:
                continue
            best_depth[key] = depth + 1
            heapq.heappush(queue, (depth + 1 + lower_bound(child), -(depth + 1), next(order),
                                   child))
    seconds = time.monotonic() - began
    if not wins:
        # Nothing finishes: proved impossible within the rules (every state was seen).
        return Search(None, True, 0, len(best_depth), seconds)
    best = min(wins, key=lambda g: (g.turn, -g.players[0].health))
    solution = Solution(tuple(best.history[base:]), len(best.history) - base,
                        best.turn - start.turn, len(best_depth))
    return Search(solution, True, solution.moves, len(best_depth), seconds)


def _stopped(start: Game, base: int, frontier: int, found: Game | None, states: int,
             began: float) -> Search:
    """Out of budget: the smallest f left in the queue bounds every win from below."""
    solution = None
    if found is not None:
        solution = Solution(tuple(found.history[base:]), len(found.history) - base,
                            found.turn - start.turn, states)
    return Search(solution, False, frontier, states, time.monotonic() - began)


def solve(spec: MapSpec, character: str, *, max_states: int = 100_000) -> Solution | None:
    """The shortest winning action list, or None if there is none within `max_states`."""
    return solve_from(Game.story(spec, character), max_states=max_states)


def solve_from(start: Game, *, level_only: bool = False,
               max_states: int = 100_000) -> Solution | None:
    """The fewest actions from `start` that win (or finish the level), proved; None when no
    win exists or the budget ran out first."""
    found = search(start, level_only=level_only, max_states=max_states)
    return found.solution if found.proved else None


# ---------------------------------------------------------------------- the reference

def breadth_first(start: Game, *, level_only: bool = False,
                  max_states: int = 100_000) -> Solution | None:
    """The plain breadth-first search: every state of each move count before the next."""
    level = start.level_index
    base = len(start.history)
    seen = {_key(start)}
    frontier = [start]
    while frontier:
        wins, following = [], []
        for game in frontier:
            for action in game.legal_actions():
                if action.kind in _NEVER:
                    continue
                child = game.clone()
                child.apply(action)
                if _finished(child, level, level_only):
                    wins.append(child)
                    continue
                if child.outcome is not None:
                    continue
                key = _key(child)
                if key in seen:
                    continue
                seen.add(key)
                following.append(child)
                if len(seen) > max_states:
                    return None
        if wins:
            best = min(wins, key=lambda g: (g.turn, -g.players[0].health))
            return Solution(tuple(best.history[base:]), len(best.history) - base,
                            best.turn - start.turn, len(seen))
        frontier = following
    return None
