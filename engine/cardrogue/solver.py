"""Solvers for story maps: the fewest moves that win, and the best turns among those.
Determinism makes a map a puzzle with a true minimum; these find it, so a par is proved rather
than guessed.

- `search` is an A* search, in the spirit of the optimal Sokoban solvers: states in order of
  moves so far plus a lower bound on the moves still needed. The transposition table is keyed
  by a compact form of the state without its turn counter and history (`_key`), and drops
  dominated states: the same state but for less health or gold, reached in no fewer moves
  (`_split`). With an admissible bound the first win taken from the queue is a fewest-moves
  win, and so is a win found that meets the proved lower bound: the search ends there, unless
  the win is a level's finish with another level after it (`_carries_on`). Then which of the
  equally short wins is kept matters, since health, gold and items carry over: the search
  looks through the fewest-moves wins for the fewest turns, then the most health kept, as it
  always did (so a campaign's later levels start where they did and keep their pars), but
  for `TIE_STATES` states at most past the first win proved fewest. Past its state or time
  budget it stops with the best win found so far and a proved lower bound, marked not proved
  (proved after all when that win meets the bound). A mole's dig that opens no side towards
  a cell is not tried (`_digs_nothing`): on a level whose cells are all face up the mole may
  come anywhere, and every set of such digs was a state of its own (24,968 states to prove
  the Bat Belfry, 37 without them).
- `breadth_first` is the plain search it replaced, kept as the reference the tests compare
  A* with on maps small enough for both.

The lower bound (`lower_bound`) is in engine.cardrogue.moves_bound.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from dataclasses import dataclass

from engine.cardrogue.actions import Action
from engine.cardrogue.board import E, N, S, W
from engine.cardrogue.exceptional import FOUR_PATHS
from engine.cardrogue.level import MapSpec
from engine.cardrogue.moves_bound import lower_bound
from engine.cardrogue.state import State

# A transposition table's key: a flat tuple of hashable values (ints, bytes, None).
Key = tuple[object, ...]
# Actions that can never shorten a win.
_NEVER = ("quit", "leave", "come_back")
# The most states a search that looks through equally short wins (`ties`) explores past the
# first win proved fewest: past it, the best of the wins seen is kept. No bundled level comes
# near it (300 at most); a 12x12 open level's equally short lines run to hundreds of thousands.
TIE_STATES = 5_000


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


def _key(game: State) -> Key:
    """The state without its turn counter and other history (moves and turns per level, the
    action list), which do not change what can happen next: the transposition table's key.

    A story game has one hero, no catacomb and no players still to pick, and makes cards only
    as a level begins, in the same order on every line of play, so a card's uid names it and
    the board's content can be keyed by uids. The cell paths change only when the mole digs
    (only then do they differ from the level's). Keyed as flat tuples of ints and bytes: hashed on
    every lookup, so no card objects in them. Any other game falls back to the fingerprint."""
    if not game.setup.story or game.setup.table:
        fp = game.fingerprint()
        return fp[:2] + fp[3:]
    board = game.board
    p = game.players[0]
    paths = tuple(board.paths)
    return (
        game.level_index, game.outcome, game.pending, game.end_rush, game.this_turn.key(),
        tuple(sorted(game.dice.counters.items())), bytes(board.face),
        tuple([0 if c is None else c.uid for c in board.content]),
        p.pos, p.bonus_max, p.bonus_attack, tuple([c.uid for c in p.hand]),
        tuple([(slot, c.uid) for slot, c in sorted(p.equipped.items())]), p.vp,
        p.poison, p.poison_heal, p.skip, p.cooldown, p.deferred, p.dead, p.out,
        None if paths == game.level.paths else paths,
        tuple(sorted((i, e.card.uid, e.health, e.attack_mod, e.poison, e.paralysed,
                      tuple(e.aggro)) for i, e in game.enemies.items())) if game.enemies else (),
        tuple(sorted(game.potion_identity.items())) if game.potion_identity else (),
        tuple(sorted((i, tuple([c.uid for c in cs])) for i, cs in game.stock.items()))
        if game.stock else (),
        tuple(sorted((i, tuple([c.uid for c in cs])) for i, cs in game.stash.items()))
        if game.stash else (),
        tuple(sorted(game.stash_gold.items())) if game.stash_gold else (),
        game.next_uid,
        p.health, p.gold,  # last: dominance compares them (_split)
    )


def _split(game: State, dominance: bool) -> tuple[Key, int, int]:
    """The key without the hero's health and gold, and those two. More health or more gold,
    all else equal, is never worse: no rule asks for less of either, and none rolls a die
    differently for them (healing tops up to the same maximum, the mole takes gold before
    cards). Without `dominance`, or in a game `_key` does not key as a story, the whole key
    and zeros."""
    key = _key(game)
    if not dominance or not game.setup.story or game.setup.table:
        return key, 0, 0
    hero = game.players[0]
    return key[:-2], hero.health, hero.gold  # _key's last two


def _finished(game: State, level: int, level_only: bool) -> bool:
    return game.outcome == "won" or (level_only and game.outcome is None
                                     and game.level_index > level)


# ---------------------------------------------------------------------- A*

def search(start: State, *, level_only: bool = False, max_states: int = 1_000_000,
           max_seconds: float | None = None, clock: Callable[[], float] | None = None,
           stop: Callable[[int], bool] | None = None, dominance: bool = True,
           ties: bool | None = None, without: tuple[str, ...] = ()) -> Search:
    """The fewest actions from `start` that win (or, with `level_only`, that finish the current
    level). With `ties`, the fewest-moves wins are looked through (for `TIE_STATES` more
    states at most) and ties go to fewer turns, then more health kept; without, the first win
    proved fewest is kept. By default `ties` holds
    where the finish carries on to another level (`_carries_on`). `stop`, if given, is called
    with the proved lower bound so far before each state is expanded; when it answers True the
    search ends as if out of budget (a caller in another thread uses it to cancel and to show
    progress). With `dominance`, a state is dropped when one as near the start is the same
    but for as much health and gold or more (`_split`). A time budget (`max_seconds`) is
    read on `clock` (time.monotonic, say), which the caller passes: the engine reads no clock,
    and without one the search reports 0 seconds. `without` names action kinds never tried
    ("cast": the fewest moves without the spell)."""
    if max_seconds is not None and clock is None:
        raise ValueError("a time budget needs a clock: pass clock=time.monotonic")
    timer = clock if clock is not None else _no_clock
    began = timer()
    level = start.level_index
    base = len(start.history)
    order = itertools.count()  # ties in the queue: deeper first, then first come
    if ties is None:
        ties = _carries_on(start, level_only)
    never = _NEVER + without
    core, health, gold = _split(start, dominance)
    h = lower_bound(start)
    # The queue: (moves so far + bound, -moves so far, order, bound, core, health, gold, game).
    queue: list[tuple[int, int, int, int, Key, int, int, State]] = [
        (h, 0, next(order), h, core, health, gold, start)]
    # The transposition table: core -> the (moves so far, health, gold) of the states kept,
    # none dominating another.
    seen: dict[Key, list[tuple[int, int, int]]] = {core: [(0, health, gold)]}
    states = 1
    floor = h  # the proved lower bound: the largest f taken from the queue so far
    # The shortest wins seen so far, in the order found (a start already won is one).
    found: list[State] = [start] if _finished(start, level, level_only) else []
    proved_at: int | None = None  # the states explored when a win was first proved fewest
    while queue:
        f, negative_depth, _, h, core, health, gold, game = heapq.heappop(queue)
        depth = -negative_depth
        if found and f > found[0].moves - base:
            break  # every win of the fewest moves has been seen
        floor = max(floor, f)
        if _finished(game, level, level_only):
            if not ties:
                break  # the queue's least f: no win is shorter
            proved_at = states if proved_at is None else proved_at
            continue
        if (depth, health, gold) not in seen[core]:
            continue  # dominated by a state found after this one was queued
        if proved_at is not None and states - proved_at > TIE_STATES:
            break  # looked long enough for a better of the equally short wins
        if states > max_states or (
                max_seconds is not None and timer() - began > max_seconds) or (
                stop is not None and stop(floor)):
            return _stopped(start, base, floor, found[0] if found else None, states,
                            timer() - began)
        child_depth = depth + 1
        for action in game.legal_actions():
            if action.kind in never or _digs_nothing(game, action):
                continue
            child = game.clone()
            child.apply(action)
            if child.outcome is not None and not _finished(child, level, level_only):
                continue  # lost
            if _finished(child, level, level_only):
                if not found or child.moves < found[0].moves:
                    found = [child]
                elif child.moves == found[0].moves:
                    found.append(child)
                if child_depth <= floor:  # proved fewest
                    if not ties:
                        return _stopped(start, base, floor, child, states, timer() - began)
                    proved_at = states if proved_at is None else proved_at
                heapq.heappush(queue, (child_depth, -child_depth, next(order), 0, (), 0, 0,
                                       child))
                continue
            core, health, gold = _split(child, dominance)
            if not _keep(seen, core, child_depth, health, gold):
                continue
            states += 1
            # Pathmax: one action lowers the moves still needed by one at most, so the
            # parent's bound less one bounds the child's too (the bound is not consistent:
            # a flip can make a cell look cheaper than the turn it still costs).
            child_h = max(lower_bound(child), h - 1)
            heapq.heappush(queue, (child_depth + child_h, -child_depth, next(order), child_h,
                                   core, health, gold, child))
    seconds = timer() - began
    if not found:
        # Nothing finishes: proved impossible within the rules (every state was seen).
        return Search(None, True, 0, states, seconds)
    best = min(found, key=lambda g: (g.turn, -g.players[0].health)) if ties else found[0]
    solution = Solution(tuple(best.history[base:]), len(best.history) - base,
                        best.turn - start.turn, states)
    return Search(solution, True, solution.moves, states, seconds)


def _keep(seen: dict[Key, list[tuple[int, int, int]]], core: Key, depth: int, health: int,
          gold: int) -> bool:
    """Enter a state in the transposition table unless one kept dominates it (as near the
    start, as much health and gold or more), dropping those it dominates: whether it was."""
    kept = seen.get(core)
    if kept is None:
        seen[core] = [(depth, health, gold)]
        return True
    if any(d <= depth and hp >= health and gp >= gold for d, hp, gp in kept):
        return False
    kept[:] = [e for e in kept if not (e[0] >= depth and e[1] <= health and e[2] <= gold)]
    kept.append((depth, health, gold))
    return True


def _digs_nothing(game: State, action: Action) -> bool:
    """Whether `action` is a mole dig, selling nothing, that opens no side towards a cell:
    on a story board (which never grows) every side it opens faces the edge or a cell that
    does not exist. Such a dig changes no way anyone can go and lays no card; it costs gold or
    cards and ends the turn's walking on, so a win without it is as short and no worse."""
    if action.kind != "mole" or action.cards or action.target is None:
        return False
    board = game.board
    index = game.index(action.target)
    if board.growable or index is None:
        return False
    opened = FOUR_PATHS & ~board.paths[index]
    steps, exists = board._steps, board.exists
    return not any(opened & bit and steps[bit][index] >= 0 and exists[steps[bit][index]]
                   for bit in (N, E, S, W))


def _carries_on(start: State, level_only: bool) -> bool:
    """Whether the finish sought leads on to another level, which starts from the state it
    leaves."""
    return level_only and start.level_index < len(start.spec.levels) - 1


def _no_clock() -> float:
    return 0  # no time budget was asked for: nothing to read


def _stopped(start: State, base: int, frontier: int, found: State | None, states: int,
             seconds: float) -> Search:
    """Out of budget: every f taken from the queue bounds every win from below (with an
    admissible bound a state of an optimal line is always queued at f at most the optimum)."""
    solution = None
    if found is not None:
        solution = Solution(tuple(found.history[base:]), len(found.history) - base,
                            found.turn - start.turn, states)
        if solution.moves <= frontier:  # the win found meets the bound: it is the fewest
            return Search(solution, True, solution.moves, states, seconds)
    return Search(solution, False, frontier, states, seconds)


def solve(spec: MapSpec, character: str, *, max_states: int = 100_000) -> Solution | None:
    """The shortest winning action list, or None if there is none within `max_states`."""
    return solve_from(State.story(spec, character), max_states=max_states)


def solve_from(start: State, *, level_only: bool = False,
               max_states: int = 100_000) -> Solution | None:
    """The fewest actions from `start` that win (or finish the level), proved; None when no
    win exists or the budget ran out first."""
    found = search(start, level_only=level_only, max_states=max_states)
    return found.solution if found.proved else None


# ---------------------------------------------------------------------- the reference

def breadth_first(start: State, *, level_only: bool = False,
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
