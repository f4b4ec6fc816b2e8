"""The solvers' lower bound (engine.cardrogue.solver): fewer moves than it cannot finish the
current level, so an A* search ordered by it takes a fewest-moves win first.

`lower_bound` counts what any win must still do along the cheapest walk to the exit
(`_distances_to`, `_walk`): one move into every cell; one flip for every cell not yet
face up; one action for every enemy standing there; one action to end a turn wherever the
turn structure forces one that nothing counted can end (a card is flipped only where a turn
begins, and after a flip the hero moves once). With a Scroll of Passage about walls cost
nothing; else the walk keeps to the paths, or crosses walls at a mole action for every cell
entered through a closed side and pays for the mole's coming (every card the paths lead to
flipped first). A teleport potion (held, lying on the board, or for sale) may shorten the way:
reach it, drink, choose where to land, walk on (`_teleport`). The level's goals are not counted.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import lru_cache

from engine.cardrogue import items
from engine.cardrogue.board import REVEALED, Board, E, N, S, W
from engine.cardrogue.cards import CardDef
from engine.cardrogue.decisions import Teleport
from engine.cardrogue.level import POTION_EFFECTS
from engine.cardrogue.pieces import Card
from engine.cardrogue.state import State
from engine.core.dice import Dice

# Drink a teleport potion and choose where to land: two actions, then step onto the exit.
_TELEPORT = 2


def lower_bound(game: State) -> int:
    """Fewer moves than this cannot finish the current level (see the module's notes)."""
    if game.outcome is not None:
        return 0
    board = game.board
    p = game.players[0]
    cells = _cells(game)
    exits = cells.exits
    if p.pos is None or not exits:
        return 0
    to_exit = _to_exit(game, cells)
    pending = game.pending
    if isinstance(pending, Teleport) and pending.subject == "player":
        # The hero is about to be placed: one action, then the walk from where they land.
        best = 1 + min((_from(to_exit, i) for i in items.landing_cells(game)), default=_FAR)
        return 0 if best >= _FAR else best
    # A hero who has moved (or fought) this turn flips nothing more before it ends.
    done = game.this_turn
    ended = pending is None and not cells.passage and (
        not done.can_flip or done.attacked or done.fled)
    best = walk_from_here = _walk(game, cells, to_exit, ended, walls=True)
    if p.pos in exits:
        # Standing on the exit (a last level that ends on the start): step off and back on.
        best = min((_step(game, p.pos, n, not cells.passage) + _from(to_exit, n)
                    for n in board.around(p.pos)), default=_FAR)
    if not cells.passage and _walled(board):
        # Along the paths, or through walls with the mole's help. The mole comes only once
        # no path leads to a face-down card, so first every card the paths lead to is
        # flipped (from at least a quarter as many cells, a move apart), then the mole is
        # paid, then at least one move ends on the exit.
        along = _walk(game, cells, _to_exit(game, cells, walls=False), ended, walls=False)
        if along > best:
            flips = _flips_before_the_mole(game.board, p.pos)
            best = min(along, max(best, flips + (flips + 3) // 4 + 1))
    if game.end_rush:
        return 0 if best >= _FAR else best
    # A teleport potion: reach it (held: nothing; on the board: the walk onto its cell; for
    # sale: the walk and the purchase), drink it and choose where to land, then walk on.
    # Each is looked at closely only if the fewest moves to it leave it a chance to win
    # sooner than the walk.
    unknown = _unknown_colours(game, cells)
    potions = [(0, -1, 0)] if any(_may_teleport(game, c, unknown) for c in p.hand) else []
    walls_count = not cells.passage
    for index in cells.potions:
        if _may_teleport(game, board.card_on(index), unknown):
            potions.append((_steps_to(board, (index,), walls_count)[p.pos], index, 0))
    for index, stock in game.stock.items():
        if any(_may_teleport(game, c, unknown) for c in stock):
            potions.append((1 + _steps_to(board, (index,), walls_count)[p.pos], index, 1))
    side = 1 if walls_count and _one_sided(board) else 0
    landing: int | None = None  # the least walk from a landing cell face up now
    for fewest, index, buy in sorted(potions):
        if fewest + _TELEPORT + 1 >= best:
            break
        if landing is None:
            landing = min((_from(to_exit, i) for i in items.landing_cells(game)),
                          default=_FAR)
        if _teleport(fewest, landing, walk_from_here, side) >= best:
            continue
        reach = 0 if index < 0 or index == p.pos else _walk(
            game, cells, _distances(game, cells, (index,)), ended, walls=True)
        best = min(best, _teleport(reach + buy, landing, walk_from_here, side))
    return 0 if best >= _FAR else best


def _teleport(reach: int, landing: int, walk_from_here: int, side: int) -> int:
    """The least a win by teleport costs, `reach` being the least reaching a potion costs:
    the potion reached, two actions to drink it and choose where to land (the landing ends
    the turn), and a walk on of a move at least. Say the walk on, from the landing cell L,
    keeps to cells q:

    - if none of them was stood on or flipped before the drink, the walk on is a walk from L
      as the board is now: at least `landing`, the least such walk from a cell face up now
      (L is face up: now, or flipped before the drink, which is the next case);
    - else take the last such q. Before the drink the hero stood on q, or on a cell N next
      to it to flip it; from q on, the walk on is one the board now allows. The walk here to
      q (or to N), the step N to q, and the walk on from q make a walk from here to the
      exit. It costs at most the win's actions but the drink and the landing, plus the step's
      move (its flip is the win's own), a turn's end at q, and a wall `side` if walls are
      paid for and a path runs into one (a card is flipped through an open side). So the
      win costs at least this walk, less the wall side."""
    return max(reach + _TELEPORT + 1,
               min(reach + _TELEPORT + landing, walk_from_here - side))


# Per (paths list, goals, walls paid): each cell's fewest moves to a goal, a wall side
# costing one more (the mole's action), face and cards left out. Key: id of the paths list,
# kept alive in the value.
_STEPS_TO: dict[tuple[int, tuple[int, ...], bool], tuple[list[int], list[int]]] = {}


def _steps_to(board: Board, goals: tuple[int, ...], walls_count: bool) -> list[int]:
    key = (id(board.paths), goals, walls_count)
    cached = _STEPS_TO.get(key)
    if cached is not None:
        return cached[1]
    if len(_STEPS_TO) >= 256:
        _STEPS_TO.clear()
    steps_in = _steps_in(board)
    dist = [_FAR] * len(board.paths)
    queue = []
    for x in goals:
        dist[x] = 0
        queue.append((0, x))
    while queue:
        d, there = heapq.heappop(queue)
        if d > dist[there]:
            continue
        for here, closed, _ in steps_in[there]:
            nd = d + 1 + (closed if walls_count else 0)
            if nd < dist[here]:
                dist[here] = nd
                heapq.heappush(queue, (nd, here))
    _STEPS_TO[key] = (board.paths, dist)
    return dist


_FAR = 1 << 30


_EDGES = ((N, S), (E, W), (S, N), (W, E))  # an edge and the one facing it


# Distances to the exit depend on the board, not on where the hero stands: most states share
# them with the state they came from. Key: what the costs read; value: (paths, distances),
# the paths list kept alive so its id is never reused for another while cached.
_TO_EXIT: dict[tuple[object, ...], tuple[list[int], list[int]]] = {}


_TO_EXIT_SIZE = 50_000


@dataclass(frozen=True)
class _Cells:
    """Where the cards the bound reads lie now: exits, potions on the board; whether a
    Scroll of Passage is about (held, on the board, for sale), and whether the hero can move
    more than once after flipping (movement of their own or from a card about). Either
    spoils what the bound knows of turns: reading the scroll steps into a cell and ends the
    turn, so a turn's end can be the step's own."""

    exits: tuple[int, ...]
    potions: tuple[int, ...]
    passage: bool
    quick: bool


# A story level makes its cards as it begins and only ever takes them away (catacomb.py alone
# lays new ones, on the classic table), so where each kind lies is found once per level and
# checked for presence after. Key: (id of the catalog, id of the level); the two are kept in
# the value so the ids stay theirs.
_LEVEL_CELLS: dict[tuple[int, int], tuple[object, object, dict[str, tuple[int, ...]]]] = {}


def _cells(game: State) -> _Cells:
    cards = game.catalog.cards
    content = game.board.content
    exit_type = game.level.exit if game.mode == "story" else "start"
    if game.setup.table:  # the classic table grows: look at every card each time
        kinds = _kinds(game, [(i, c.id) for i, c in enumerate(content) if c is not None],
                       exit_type)
    else:
        level = game.level
        cached = _LEVEL_CELLS.get((id(game.catalog), id(level)))
        if cached is None:
            kinds = _kinds(game, [(i, c) for i, c in enumerate(level.cards) if c is not None],
                           exit_type)
            _LEVEL_CELLS[(id(game.catalog), id(level))] = (game.catalog, level, kinds)
        else:
            kinds = cached[2]
        kinds = {kind: tuple(i for i in where if content[i] is not None)
                 for kind, where in kinds.items()}
    p = game.players[0]
    about = list(p.cards()) + [c for stock in game.stock.values() for c in stock]
    passage = bool(kinds["passage"]) or any(cards[c.id].scroll == "move_adjacent"
                                            for c in about)
    quick = bool(kinds["quick"]) or any(cards[c.id].movement > 0 for c in about) or \
        game.catalog.characters[p.character].movement > 0
    return _Cells(kinds["exits"], kinds["potions"], passage, quick)


def _kinds(game: State, placed: list[tuple[int, str]], exit_type: str) -> dict[str, tuple[int, ...]]:
    cards = game.catalog.cards
    return {
        "exits": tuple(i for i, c in placed if cards[c].type == exit_type),
        "potions": tuple(i for i, c in placed if cards[c].type == "potion"),
        "passage": tuple(i for i, c in placed if cards[c].scroll == "move_adjacent"),
        "quick": tuple(i for i, c in placed if cards[c].movement > 0),
    }


def _to_exit(game: State, cells: _Cells, walls: bool = True) -> list[int]:
    """Distances to the exits (`_distances_to`); `walls`: through walls (at the mole's
    price, or free with a Scroll of Passage about), else along the paths only."""
    return _distances(game, cells, cells.exits, walls)


def _distances(game: State, cells: _Cells, goals: tuple[int, ...],
               walls: bool = True) -> list[int]:
    """`_distances_to` the cells `goals`, cached."""
    board = game.board
    key = (id(board.paths), bytes(board.face), tuple(game.enemies), cells, goals, walls,
           id(game.catalog))
    cached = _TO_EXIT.get(key)
    if cached is not None:
        return cached[1]
    if len(_TO_EXIT) >= _TO_EXIT_SIZE:
        _TO_EXIT.clear()
    distances = _distances_to(game, cells, goals, walls)
    _TO_EXIT[key] = (board.paths, distances)
    return distances


def _from(dist: list[int], cell: int) -> int:
    """The least a walk from `cell` costs (`_distances_to`)."""
    return min(dist[2 * cell], dist[2 * cell + 1])


def _walk(game: State, cells: _Cells, dist: list[int], ended: bool, walls: bool) -> int:
    """The least a walk from the hero costs (`_distances_to`), knowing where the turn is.

    A card is flipped only from where a turn begins. So the first face-down card of the
    walk, stepped into from a cell the hero walks to first (over face-up cells), or from
    where the hero stands once they may flip no more this turn (`ended`), is flipped after
    this turn ends: one action more. It is one the walk does not count: stepping onto the
    face-up cells between ends no turn (no enemy, nothing that paralyses, no chest), and an
    attack that ends it is on an enemy off the walk, or on one that a shorter walk reaches.
    Not with a Scroll of Passage about: reading it steps into a cell and ends the turn."""
    board = game.board
    face, content, enemies = board.face, board.content, game.enemies
    calm = _calm_ids(game)
    steps_in = _steps_in(board)
    passage = cells.passage
    walls_count = walls and not passage
    start = game.players[0].pos
    assert start is not None
    best = _FAR
    reached = {start: 0}
    # Nearest the exit first: a cell's cost so far plus its least walk on (`_from`) is at
    # most what a walk through it costs, and never falls along a step over face-up cells
    # (the distances count that step, or a cheaper way), so once it reaches `best` no cell
    # left can do better. The answer is the one a search of every cell would give.
    queue = [(_from(dist, start), 0, start)]
    while queue:
        least, a, here = heapq.heappop(queue)
        if least >= best:
            break
        if a > reached[here]:
            continue
        best = min(best, a + dist[2 * here + 1] + (ended or (here != start and not passage)),
                   a + dist[2 * here])
        if a + 1 >= best:
            continue
        for there, here_closed, closed in steps_in[here]:
            if (here_closed or closed) and not walls:
                continue
            if face[there] != REVEALED or there in enemies:
                continue
            card = content[there]
            if card is not None and not calm[card.id]:
                continue
            na = a + 1 + (closed if walls_count else 0)
            if na < reached.get(there, _FAR):
                reached[there] = na
                heapq.heappush(queue, (na + _from(dist, there), na, there))
    return best


def _unknown_colours(game: State, cells: _Cells) -> set[str]:
    """The colours of the potions about (held, on the board, for sale) not known yet."""
    about = list(game.players[0].hand) + [game.board.card_on(i) for i in cells.potions]
    about += [c for stock in game.stock.values() for c in stock]
    cards = game.catalog.cards
    return {c.colour for c in about if c.colour is not None and cards[c.id].type == "potion"
            and c.colour not in game.potion_identity}


def _may_teleport(game: State, card: Card, unknown: set[str]) -> bool:
    """Whether `card` is, or may turn out to be, a potion of teleportation; `unknown`: the
    colours of the potions about not known yet (`_unknown_colours`)."""
    if card.colour is None or game.catalog.cards[card.id].type != "potion":
        return False
    known = game.potion_identity.get(card.colour)
    if known is not None:
        return known == "teleport"
    taken = frozenset(game.potion_identity.values())
    if "teleport" in taken:
        return False
    # Its colour is named by the dice when first needed (items.identify): the rolls to come
    # are fixed, so it can turn out a teleport only if the other colours still unknown can
    # take every effect rolled before the first teleport.
    key = f"potion:{card.colour}"
    return _may_roll_teleport(game.dice.seed, key, game.dice.counters.get(key, 0), taken,
                              len(unknown - {card.colour}))


@lru_cache(maxsize=4096)
def _may_roll_teleport(seed: int, key: str, used: int, taken: frozenset[str],
                       others: int) -> bool:
    dice = Dice(seed, {key: used} if used else None)
    before: set[str] = set()
    for _ in range(items.MAX_IDENTITY_ROLLS):
        effect = POTION_EFFECTS[dice.roll(key) - 1]
        if effect == "teleport":
            return len(before - taken) <= others
        before.add(effect)
    for effect in POTION_EFFECTS:  # no teleport rolled: the first effect left is taken
        if effect == "teleport":
            return len(before - taken) <= others
        before.add(effect)
    return False


def _entry_cost(game: State, index: int) -> int:
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


def _step(game: State, here: int, there: int, walls_count: bool) -> int:
    """What stepping from `here` into the neighbouring `there` costs at least: its entry, and
    without a Scroll of Passage about (`walls_count`), a mole action if the side of `there`
    toward `here` is closed. (Not one for the side of `here`: one mole opens every side of a
    cell, so a walk in and out through closed sides of a cell pays one, on the way in.)"""
    cost = _entry_cost(game, there)
    if walls_count:
        paths, board = game.board.paths, game.board
        for bit, back in _EDGES:
            if board._steps[bit][here] == there:
                cost += not paths[there] & back
                break
    return cost


def _flips_before_the_mole(board: Board, start: int) -> int:
    """The cards still to flip before the mole may come to a hero on `start`. The mole comes
    when no path from a tile the hero can walk to leads to a face-down card; by then every
    tile joined to `start` by matching paths is face up and walkable, and so is every card
    their paths lead to (turned face down as the tile was revealed, then flipped)."""
    face = board.face
    return sum([face[i] != REVEALED for i in _led_to(board, start)])


# Per paths list: the group of tiles joined by matching paths that each cell is in (-1: not
# found yet), and for each group the cells its paths lead to. Faces do not matter, so every
# state of a story level shares these. Key: id of the paths list, kept alive in the value.
_LED_TO: dict[int, tuple[list[int], list[int], list[tuple[int, ...]]]] = {}


def _led_to(board: Board, start: int) -> tuple[int, ...]:
    """The cells that paths lead to from the tiles joined to `start` by matching paths."""
    cached = None if board.growable else _LED_TO.get(id(board.paths))
    if cached is None:
        # The classic table lays cards into its paths list in place: found afresh each time.
        cached = (board.paths, [-1] * len(board.paths), [])
        if not board.growable:
            if len(_LED_TO) >= 64:
                _LED_TO.clear()
            _LED_TO[id(board.paths)] = cached
    _, group_of, groups = cached
    if group_of[start] < 0:
        steps, exists, paths = board._steps, board.exists, board.paths
        group_of[start] = len(groups)
        todo = [start]
        led: set[int] = set()
        while todo:
            here = todo.pop()
            for bit, back in _EDGES:
                if not paths[here] & bit:
                    continue
                other = steps[bit][here]
                if other < 0 or not exists[other]:
                    continue
                led.add(other)
                if paths[other] & back and group_of[other] < 0:
                    group_of[other] = len(groups)
                    todo.append(other)
        groups.append(tuple(sorted(led)))
    return groups[group_of[start]]


def _calm(card: CardDef) -> bool:
    """Whether stepping onto this card can never end the turn: it is picked up, or a shop,
    a fountain, a trap that does not paralyse (a chest or an exit may lead on)."""
    return card.holdable or card.type in ("shop", "fountain") or (
        card.type == "trap" and card.trap != "paralysis")


# Per catalog: card id -> `_calm`. Key: id of the catalog, kept alive in the value.
_CALM_IDS: dict[int, tuple[object, dict[str, bool]]] = {}


def _calm_ids(game: State) -> dict[str, bool]:
    cached = _CALM_IDS.get(id(game.catalog))
    if cached is None:
        if len(_CALM_IDS) >= 64:
            _CALM_IDS.clear()
        cached = (game.catalog, {i: _calm(d) for i, d in game.catalog.cards.items()})
        _CALM_IDS[id(game.catalog)] = cached
    return cached[1]


def _distances_to(game: State, cells: _Cells, goals: tuple[int, ...],
                  walls: bool) -> list[int]:
    """For every cell, the least a walk from it into an exit costs: Dijkstra from the exits,
    each step costing `_step`, and one more for every turn that must end on the way.

    A turn ends on the way between two face-down cells stepped into one after the other,
    when the first is quiet (a plain path or a calm card, nothing left on it), the second
    hides no enemy, the hero cannot move again after flipping (no movement of their own or
    from a card about) and no Scroll of Passage is about (reading it is a step that ends the
    turn): a turn flips only before its first move, and after a flip moves
    once, so the second card is flipped, or stepped into, in a later turn. Nothing on the
    first cell ends the turn, and no attack counted here can: an enemy beside it on the walk
    is either behind (slain, as the walk passed its cell) or ahead and not next (then a
    shorter walk skips to it, costing less than the turn's end). So the turn's end takes
    an action the other costs do not count (an end_turn, or another action).

    The walk is searched over (cell, whether its next step goes into a face-down card):
    a step into a quiet face-down cell costs the turn's end when the step after it does."""
    board = game.board
    face, hidden, cards = board.face, board.content, game.catalog.cards
    size = len(face)
    # What stepping into each cell costs (`_entry_cost`), and which cells are quiet.
    entry = [1] * size
    for i in range(size):
        if face[i] != REVEALED:
            card = hidden[i]
            entry[i] = 3 if card is not None and cards[card.id].type == "enemy" else 2
    for i in game.enemies:
        entry[i] += 1
    quiet = [False] * size
    calm = _calm_ids(game)
    if not cells.quick and not cells.passage:
        stash = game.stash.keys() | game.stash_gold.keys()
        for i in range(size):
            if face[i] != REVEALED and i not in stash:
                card = hidden[i]
                quiet[i] = card is None or calm[card.id]
    walls_count = not cells.passage
    steps_in = _steps_in(board)
    # dist[2 * cell + flag]: the least cost from a hero on `cell` whose next step goes into a
    # face-down card with no enemy under it (flag 1) or not (flag 0). The goals end the
    # walk: flag 0. Returned whole: `_from` reads it.
    dist = [_FAR] * (2 * size)
    queue = []
    for x in goals:
        dist[2 * x] = 0
        queue.append((0, x, 0))
    while queue:
        d, there, flag = heapq.heappop(queue)
        if d > dist[2 * there + flag]:
            continue
        into = d + entry[there] + (1 if flag and quiet[there] else 0)
        here_flag = 1 if face[there] != REVEALED and entry[there] == 2 else 0
        for here, closed, here_closed in steps_in[there]:
            if closed or here_closed:
                if not walls:
                    continue  # along the paths only
                nd = into + closed if walls_count else into
            else:
                nd = into
            node = 2 * here + here_flag
            if nd < dist[node]:
                dist[node] = nd
                heapq.heappush(queue, (nd, here, here_flag))
    return dist


# Per paths list: for each cell, its neighbours, whether its own side toward each is closed
# and whether the neighbour's side toward it is (neither: joined by paths). Key: id of the
# paths list, kept alive in the value.
_STEPS_IN: dict[int, tuple[list[int], list[list[tuple[int, bool, bool]]], bool, bool]] = {}


def _steps_in(board: Board) -> list[list[tuple[int, bool, bool]]]:
    return _geometry(board)[1]


def _walled(board: Board) -> bool:
    """Whether some two neighbouring cells of the board are not joined by paths."""
    return _geometry(board)[3]


def _one_sided(board: Board) -> bool:
    """Whether some path of the board runs into a wall (a card flipped through it cannot be
    stepped into that way)."""
    return _geometry(board)[2]


def _geometry(board: Board) -> tuple[list[int], list[list[tuple[int, bool, bool]]], bool, bool]:
    cached = _STEPS_IN.get(id(board.paths))
    if cached is not None:
        return cached
    if len(_STEPS_IN) >= 64:
        _STEPS_IN.clear()
    paths, steps, exists = board.paths, board._steps, board.exists
    table = []
    for there in range(len(paths)):
        into = []
        for bit, back in _EDGES:
            here = steps[bit][there]
            if here >= 0 and exists[here]:
                into.append((here, not paths[there] & bit, not paths[here] & back))
        table.append(into)
    one_sided = any(mine != theirs for into in table for _, mine, theirs in into)
    walled = any(mine or theirs for into in table for _, mine, theirs in into)
    _STEPS_IN[id(board.paths)] = (paths, table, one_sided, walled)
    return _STEPS_IN[id(board.paths)]
