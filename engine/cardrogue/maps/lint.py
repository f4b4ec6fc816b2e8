"""Lint: the checks a schema cannot make, run after it on every level.

Errors make a map unplayable or break the rules; warnings point at things that are allowed but
are usually mistakes. Every check reads the document defensively: a value of the wrong type is
the schema's to report, and lint skips it, so lint never raises on any document.

Reachability follows the board's rule: two cells connect when both exist (have a card) and both
have a path on their shared edge. Enemies, traps and locked chests do not block it, since a hero
can get past each of them; scrolls and potions that cross walls are not counted on.
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from typing import Any

from engine.cardrogue.board import GLYPH_PATHS, E, N, S, W
from engine.cardrogue.cards import OVERRIDABLE, Catalog, standard_catalog
from engine.cardrogue.level import BUILTIN_GLYPHS, DEFAULT_SHOP_STOCK, grid_rows
from engine.cardrogue.maps.document import json_path
from engine.cardrogue.maps.format import (
    BLANKS,
    EMPTY_GLYPH,
    EXITS,
    LEGEND_FIELDS,
    MAX_GOALS,
    MAX_HEIGHT,
    MAX_ITEMS,
    MAX_LEGEND,
    MAX_LEVELS,
    MAX_STOCK,
    MAX_WIDTH,
)
from engine.cardrogue.maps.problems import ERROR, WARNING, Collector

# Card types a hero can be given, or buy: everything holdable but enemies.
ITEM_TYPES = ("weapon", "armour", "scroll", "artifact", "potion", "key", "debt")
# Override fields that only mean something on an enemy.
ENEMY_FIELDS = ("health", "dodge_on", "poison", "paralyse", "heals", "no_chase",
                "kill_in_one_turn", "attack_double_roll")
# Tiles the engine recognises by their id, so they cannot become custom cards.
FIXED_TILES = ("start", "path")
DIRECTION_NAMES = {N: "north", E: "east", S: "south", W: "west"}


def _at(cell: tuple[int, int]) -> str:
    return f"row {cell[0] + 1}, col {cell[1] + 1}"


def _suggest(word: str, choices: Any) -> str:
    return _closest(word[:100], tuple(choices))


@lru_cache(maxsize=1024)
def _closest(word: str, choices: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {_q(close[0])}?)" if close else ""


def _q(value: Any) -> str:
    """A value quoted as TOML would write it."""
    return json.dumps(value, ensure_ascii=False)


def _glyph(char: str) -> str:
    """A glyph as an author would type it, with invisible characters spelled out."""
    if char.isprintable() and not char.isspace():
        return _q(char)
    return f"U+{ord(char):04X}"


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


@dataclass
class Carry:
    """What earlier levels hand on to later ones."""

    keys: int = 0
    obtainable: set[str] = field(default_factory=set)  # card ids a hero could hold by now
    first_characters: tuple[str, ...] | None = None  # the first level's list; () means any


@dataclass
class Board:
    width: int
    height: int
    bits: list[int]
    cards: list[str | None]  # standard card id on each cell, None without a card
    types: list[str | None]  # the card type on each cell
    exists: list[bool]
    glyph_cell: dict[str, tuple[int, int]]  # first cell showing each glyph
    shops: dict[int, tuple[str, ...]]  # shop cell -> the card ids it sells
    joined: list[int] = field(default_factory=list)  # per cell, edges that join a neighbour
    half_open: list[tuple[int, int, int]] = field(default_factory=list)  # (open cell, side, other)

    def cell(self, index: int) -> tuple[int, int]:
        return divmod(index, self.width)

    def cells_of(self, kind: str) -> list[int]:
        return [i for i, t in enumerate(self.types) if t == kind]


def _connect(board: Board) -> None:
    """Find the edges that join neighbouring cells (both open, both cells with a card), and the
    edges open on one side only."""
    width, height, bits, exists = board.width, board.height, board.bits, board.exists
    size = width * height
    joined = [0] * size  # per cell, the edge bits that lead to a joined neighbour
    half_open = []
    for r in range(height):
        base = r * width
        for i in range(base, base + width - 1):
            j = i + 1
            if exists[i] and exists[j]:
                east, west = bits[i] & E, bits[j] & W
                if east and west:
                    joined[i] |= E
                    joined[j] |= W
                elif east:
                    half_open.append((i, E, j))
                elif west:
                    half_open.append((j, W, i))
    for i in range(size - width):
        j = i + width
        if exists[i] and exists[j]:
            south, north = bits[i] & S, bits[j] & N
            if south and north:
                joined[i] |= S
                joined[j] |= N
            elif south:
                half_open.append((i, S, j))
            elif north:
                half_open.append((j, N, i))
    board.joined = joined
    board.half_open = half_open


def _region(board: Board, start: int) -> set[int]:
    """Every cell reachable from `start` through matching paths."""
    width, joined = board.width, board.joined
    seen = bytearray(len(joined))
    seen[start] = 1
    queue = [start]
    append = queue.append
    for i in queue:  # the queue grows while it is read: a breadth-first search
        edges = joined[i]
        if not edges:
            continue
        if edges & N and not seen[i - width]:
            seen[i - width] = 1
            append(i - width)
        if edges & E and not seen[i + 1]:
            seen[i + 1] = 1
            append(i + 1)
        if edges & S and not seen[i + width]:
            seen[i + width] = 1
            append(i + width)
        if edges & W and not seen[i - 1]:
            seen[i - 1] = 1
            append(i - 1)
    return set(queue)


_TYPES: dict[int, dict[str, str]] = {}


def _types_of(catalog: Catalog) -> dict[str, str]:
    key = id(catalog)
    if key not in _TYPES:
        _TYPES[key] = {cid: card.type for cid, card in catalog.cards.items()}
    return _TYPES[key]


def lint(document: Any, out: Collector, catalog: Catalog | None = None) -> None:
    """Add every semantic problem of `document` to `out`."""
    catalog = catalog or standard_catalog()
    if not isinstance(document, dict):
        return
    levels = document.get("levels")
    if not isinstance(levels, list):
        return
    seen_ids: dict[str, int] = {}
    carry = Carry()
    # Past the limits the schema has already complained; looking further would only cost time.
    for index, level in enumerate(levels[:MAX_LEVELS]):
        if not isinstance(level, dict):
            continue
        name = _level_name(level, index)
        level_id = level.get("id")
        if _is_str(level_id):
            if level_id in seen_ids:
                out.add(ERROR, "duplicate_level_id",
                        f"level id {_q(level_id)} is already used by level {seen_ids[level_id] + 1}; "
                        "every level needs its own id", level=name,
                        path=f"$.levels[{index}].id")
            else:
                seen_ids[level_id] = index
        _LevelLint(level, index, min(len(levels), MAX_LEVELS), name, out, catalog, carry).run()


def _level_name(level: dict[str, Any], index: int) -> str:
    level_id = level.get("id")
    if _is_str(level_id) and level_id and len(level_id) <= 64 and level_id.isprintable():
        return level_id
    return f"level {index + 1}"


class _LevelLint:
    def __init__(self, level: dict[str, Any], index: int, count: int, name: str, out: Collector,
                 catalog: Catalog, carry: Carry) -> None:
        self.level = level
        self.index = index
        self.last = index == count - 1
        self.name = name
        self.out = out
        self.catalog = catalog
        self.carry = carry
        self.path = f"$.levels[{index}]"
        self.legend: dict[str, str] = {}  # glyph -> standard card id, for valid entries

    def add(self, severity: str, rule: str, message: str, cell: tuple[int, int] | None = None,
            path: str | None = None) -> None:
        self.out.add(severity, rule, message, level=self.name, cell=cell,
                     path=f"{self.path}{path}" if path is not None else None)

    def card_type(self, card_id: str | None) -> str | None:
        card = self.catalog.cards.get(card_id) if card_id is not None else None
        return card.type if card is not None else None

    def known_card(self, card_id: Any, what: str, path: str,
                   cell: tuple[int, int] | None = None) -> bool:
        """Whether `card_id` names a standard card; reports it when it is text but unknown."""
        if not _is_str(card_id):
            return False
        if card_id in self.catalog.cards and ":" not in card_id:
            return True
        self.add(ERROR, "unknown_card",
                 f"{what}: there is no card {_q(card_id)}{_suggest(card_id, self.catalog.cards)}; "
                 "see docs/map-format.md for the card ids", cell, path)
        return False

    # ------------------------------------------------------------------ the level

    def run(self) -> None:
        self.check_legend()
        board = self.read_board()
        self.check_characters()
        items = self.check_items()
        self.check_potion_identity()
        if board is None:
            return
        starts = [i for i, card in enumerate(board.cards) if card == "start"]
        self.check_starts(board, starts)
        reach = _region(board, starts[0]) if len(starts) == 1 else None
        self.check_exit(board, reach)
        self.check_edges(board)
        if reach is not None:
            self.check_unreachable(board, reach)
        self.check_goals(board, reach, items)
        self.check_unused_legend(board)

    # ------------------------------------------------------------------ legend

    def check_legend(self) -> None:
        legend = self.level.get("legend")
        if not isinstance(legend, dict):
            return
        for glyph, entry in islice(legend.items(), MAX_LEGEND):
            if not _is_str(glyph) or len(glyph) != 1 or glyph in BLANKS:
                continue  # the schema says why
            where = json_path(("legend", glyph))[1:]
            what = f"legend entry {_glyph(glyph)}"
            card_id = entry.get("card") if isinstance(entry, dict) else entry
            if _is_str(card_id) and card_id != "path" and self.card_type(card_id) == "path":
                self.add(WARNING, "classic_tile",
                         f"{what}: {_q(card_id)} is a tile of the classic game, whose printed "
                         "paths are ignored here: in a map the paths grid decides every cell's "
                         "paths, so use \"path\" (or the . glyph)", path=where)
            if _is_str(entry):
                if self.known_card(entry, what, where):
                    self.legend[glyph] = entry
                continue
            if not isinstance(entry, dict):
                continue
            card_id = entry.get("card")
            if not self.known_card(card_id, what, where + ".card"):
                continue
            self.legend[glyph] = card_id
            kind = self.card_type(card_id)
            if "colour" in entry and kind != "potion":
                self.add(ERROR, "colour_not_potion",
                         f"{what}: only a potion has a colour, and {_q(card_id)} is a {kind}",
                         path=where + ".colour")
            stock = entry.get("stock")
            if stock is not None and kind != "shop":
                self.add(ERROR, "stock_not_shop",
                         f"{what}: only a shop has a stock, and {_q(card_id)} is a {kind}",
                         path=where + ".stock")
            if isinstance(stock, list):
                for n, sold in enumerate(stock[:MAX_STOCK]):
                    if self.known_card(sold, f"{what}, stock", f"{where}.stock[{n}]") \
                            and self.card_type(sold) not in ITEM_TYPES:
                        self.add(ERROR, "not_for_sale",
                                 f"{what}: a shop cannot sell {_q(sold)}, which is a "
                                 f"{self.card_type(sold)}", path=f"{where}.stock[{n}]")
            overrides = [k for k in entry if k not in LEGEND_FIELDS and k in OVERRIDABLE]
            if overrides and kind in FIXED_TILES:
                self.add(ERROR, "custom_tile",
                         f"{what}: the {card_id} tile cannot be given custom values "
                         f"({', '.join(overrides)}); only `revealed` may be set on it", path=where)
            elif kind != "enemy":
                unused = [k for k in overrides if k in ENEMY_FIELDS]
                if unused:
                    self.add(WARNING, "override_unused",
                             f"{what}: {', '.join(unused)} only change enemies, and {_q(card_id)} "
                             f"is a {kind}, so they have no effect", path=where)

    # ------------------------------------------------------------------ grids

    def read_board(self) -> Board | None:
        paths, cells = self.level.get("paths"), self.level.get("cells")
        if not (_is_str(paths) and _is_str(cells)):
            return None
        prows, crows = grid_rows(paths), grid_rows(cells)
        if not crows:
            self.add(ERROR, "empty_grid", "the cells grid has no rows; draw the level in it",
                     path=".cells")
            return None
        height = max(len(prows), len(crows))
        lengths = Counter(len(r) for r in prows + crows)
        width = max(lengths)
        if height > MAX_HEIGHT or width > MAX_WIDTH:
            self.add(ERROR, "size_limit",
                     f"the level is {width} cells wide and {height} high; the most allowed is "
                     f"{MAX_WIDTH} by {MAX_HEIGHT}", path=".cells")
            return None
        if len(prows) != len(crows):
            self.add(ERROR, "grid_rows",
                     f"the paths grid has {len(prows)} rows and the cells grid {len(crows)}; the "
                     "two grids must have one row for each row of the level", path=".paths")
        # The level's width is the row length most rows share (the longest on a tie), so one
        # overlong row is reported as itself rather than every other row being called short.
        width = max(lengths, key=lambda n: (lengths[n], n))
        for grid, rows in (("paths", prows), ("cells", crows)):
            for r, row in enumerate(rows):
                if len(row) < width:
                    self.add(ERROR, "ragged_rows",
                             f"row {r + 1} of the {grid} grid has {len(row)} cells but the level "
                             f"is {width} wide; if your editor removed spaces at the end of the "
                             f"line, write {EMPTY_GLYPH} for each empty cell",
                             (r, len(row)), f".{grid}")
                elif len(row) > width:
                    self.add(ERROR, "ragged_rows",
                             f"row {r + 1} of the {grid} grid has {len(row)} cells but the other "
                             f"rows have {width}", (r, width), f".{grid}")
        width = max(lengths)
        size = width * height
        bits = [0] * size
        cards: list[str | None] = [None] * size
        exists = [False] * size
        glyph_cell: dict[str, tuple[int, int]] = {}
        shops: dict[int, tuple[str, ...]] = {}
        legend = self.level.get("legend") if isinstance(self.level.get("legend"), dict) else {}
        # What each glyph places: a card id, or None for a legend entry already reported.
        places: dict[str, str | None] = {g: c for g, c in BUILTIN_GLYPHS.items()}
        places.update((g, None) for g in legend)
        places.update(self.legend)
        stocks: dict[str, tuple[str, ...]] = {}
        for g, card in places.items():
            if card is not None and self.card_type(card) == "shop":
                entry = legend.get(g)
                stock = entry.get("stock") if isinstance(entry, dict) else None
                stocks[g] = tuple(s for s in stock[:MAX_STOCK] if _is_str(s)) if isinstance(stock, list) \
                    else DEFAULT_SHOP_STOCK
        unknown: dict[str, list[Any]] = {}  # glyph -> [first cell, count]
        for r in range(height):
            base = r * width
            prow = prows[r][:width].ljust(width) if r < len(prows) else " " * width
            crow = crows[r][:width].ljust(width) if r < len(crows) else " " * width
            for c, p in enumerate(prow):
                if p in BLANKS:
                    continue
                path_bits = GLYPH_PATHS.get(p)
                if path_bits is None:
                    self.add(ERROR, "unknown_path_glyph",
                             f"{_glyph(p)} is not a path glyph; draw paths with box-drawing "
                             f"characters such as \u253c \u2500 \u2502 \u2514 \u2575, and "
                             f"write a space or {EMPTY_GLYPH} where a cell has no paths",
                             (r, c), ".paths")
                else:
                    bits[base + c] = path_bits
            for c, g in enumerate(crow):
                if g in BLANKS:
                    continue
                i = base + c
                exists[i] = True
                if g not in glyph_cell:
                    glyph_cell[g] = (r, c)
                if g in places:
                    cards[i] = places[g]
                    if g in stocks:
                        shops[i] = stocks[g]
                else:
                    unknown.setdefault(g, [(r, c), 0])[1] += 1
        for g, (cell, count) in unknown.items():
            times = f" (it appears {count} times)" if count > 1 else ""
            self.add(ERROR, "unknown_glyph",
                     f"{_glyph(g)} has no legend entry{times}; add it under [levels.legend] "
                     f"(for example {json.dumps(g, ensure_ascii=False)} = \"goblin\"), or use a "
                     f"built-in glyph: @ start, > ladder, . path", cell, ".cells")
        type_of = _types_of(self.catalog)
        types = [type_of.get(card) if card is not None else None for card in cards]
        board = Board(width, height, bits, cards, types, exists, glyph_cell, shops)
        _connect(board)
        return board

    # ------------------------------------------------------------------ start and exit

    def check_starts(self, board: Board, starts: list[int]) -> None:
        if not starts:
            self.add(ERROR, "one_start",
                     "the level has no start; put one @ in the cells grid", path=".cells")
        for extra in starts[1:]:
            self.add(ERROR, "one_start",
                     f"a second start: a level has exactly one, and the first is at "
                     f"{_at(board.cell(starts[0]))}", board.cell(extra),
                     ".cells")

    def check_exit(self, board: Board, reach: set[int] | None) -> None:
        exit_kind = self.level.get("exit", "ladder")
        if exit_kind not in EXITS:
            return
        if exit_kind == "start":
            if not self.last:
                self.add(ERROR, "exit_start_not_last",
                         "only the last level may use exit = \"start\"; the levels before it end "
                         "on a ladder (>)", path=".exit")
            return
        ladders = board.cells_of("ladder")
        if not ladders:
            self.add(ERROR, "no_exit",
                     "the level has no exit: put a ladder (>) in the cells grid"
                     + (", or set exit = \"start\"" if self.last else ""), path=".cells")
            return
        if reach is not None and not any(i in reach for i in ladders):
            self.add(ERROR, "exit_unreachable",
                     "no route leads from the start to the ladder: along the way, each pair of "
                     "neighbouring cells needs a path on both sides of their shared edge",
                     board.cell(ladders[0]), ".cells")

    # ------------------------------------------------------------------ paths

    def check_edges(self, board: Board) -> None:
        for i, open_bits in enumerate(board.bits):
            if open_bits and not board.exists[i]:
                self.add(WARNING, "path_without_card",
                         "paths are drawn on a cell without a card; the cell does not exist in "
                         "play, so put a card (. for a plain path) in the cells grid, or clear "
                         "its paths", board.cell(i), ".paths")
        for open_cell, side, wall_cell in sorted(board.half_open):
            self.add(WARNING, "half_open_edge",
                     f"the path leading {DIRECTION_NAMES[side]} from here meets a wall on the "
                     f"cell at {_at(board.cell(wall_cell))}, so the two do not connect; open "
                     "both sides of the edge or neither", board.cell(open_cell), ".paths")

    def check_unreachable(self, board: Board, reach: set[int]) -> None:
        done = set(reach)
        for i, exists in enumerate(board.exists):
            if not exists or i in done:
                continue
            region = _region(board, i)
            done |= region
            names = sorted({board.cards[j] for j in region
                            if board.cards[j] not in (None, "path")})
            holds = f"; it holds {', '.join(names[:6])}{', ...' if len(names) > 6 else ''}" \
                if names else ""
            count = len(region)
            self.add(WARNING, "unreachable",
                     f"{'this cell' if count == 1 else f'{count} cells from here'} cannot be "
                     f"reached from the start{holds}", board.cell(min(region)), ".cells")

    # ------------------------------------------------------------------ goals

    def check_goals(self, board: Board, reach: set[int] | None, items: list[str]) -> None:
        reach = reach or set()
        reached_cards = {board.cards[i] for i in reach if board.cards[i] is not None}
        reached_shops = [stock for i, stock in board.shops.items() if i in reach]
        for_sale = {card for stock in reached_shops for card in stock}
        keys = (self.carry.keys + sum(1 for card in items if self.card_type(card) == "key")
                + sum(1 for i in reach if board.types[i] == "key")
                + (1 if any(self.card_type(c) == "key" for c in for_sale) else 0))
        obtainable = self.carry.obtainable | set(items) | for_sale | reached_cards
        goals = self.level.get("goals")
        chest_goal = False
        for n, goal in enumerate(goals[:MAX_GOALS] if isinstance(goals, list) else []):
            if not isinstance(goal, dict):
                continue
            kind, card = goal.get("kind"), goal.get("card")
            where = f".goals[{n}]"
            if kind in ("slay", "hold"):
                if not self.known_card(card, f"goal {n + 1} ({kind})", where + ".card"):
                    continue
                if kind == "slay":
                    self.check_slay(board, reach, card, n, where)
                elif self.card_type(card) not in ITEM_TYPES + ("enemy",):
                    self.add(ERROR, "goal_card_kind",
                             f"goal {n + 1} asks the hero to hold {_q(card)}, which is a tile, "
                             "not a card a hero can hold", path=where + ".card")
                elif card not in obtainable:
                    self.add(ERROR, "goal_impossible",
                             f"goal {n + 1} asks the hero to hold {_q(card)}, but neither this "
                             "level nor those before it give one where the hero can get it "
                             "(on a reachable cell, in a reachable shop, or in `items`)",
                             path=where)
                continue
            if card is not None and kind in ("boss", "chest", "debt"):
                self.add(WARNING, "goal_card_ignored",
                         f"goal {n + 1} ({kind}) takes no card, so {_q(card)} is ignored",
                         path=where + ".card")
            if kind == "boss":
                cells = [i for i, c in enumerate(board.cards)
                         if c is not None and self.catalog.cards[c].boss]
                self.check_present(board, reach, cells, "boss", "a boss", n, where)
            elif kind == "chest":
                chest_goal = True
                cells = board.cells_of("chest")
                self.check_present(board, reach, cells, "chest", "a chest", n, where)
                if cells and keys == 0:
                    self.add(ERROR, "key_before_chest",
                             f"goal {n + 1} needs the chest opened, but the hero cannot get a key "
                             "first: put a key where the start can reach it, sell one in a "
                             "reachable shop, or give one in `items`", path=where)
            elif kind == "debt":
                cells = [i for i, stock in board.shops.items()
                         if any(self.card_type(s) == "debt" for s in stock)]
                self.check_present(board, reach, cells, "shop that sells the shopkeeper's debt",
                                   "such a shop", n, where)
        chests = board.cells_of("chest")
        if chests and not chest_goal and keys == 0 and reach:
            self.add(WARNING, "chest_without_key",
                     "this chest can never be opened: no key can be had on this level or "
                     "before it", board.cell(chests[0]), ".cells")
        self.carry.keys = max(0, keys - (1 if chest_goal else 0))
        self.carry.obtainable = obtainable

    def check_slay(self, board: Board, reach: set[int], card: str, n: int, where: str) -> None:
        if self.card_type(card) != "enemy":
            self.add(ERROR, "goal_card_kind",
                     f"goal {n + 1} asks the hero to slay {_q(card)}, which is not an enemy",
                     path=where + ".card")
            return
        cells = [i for i, c in enumerate(board.cards) if c == card]
        self.check_present(board, reach, cells, repr(card), f"the {card}", n, where)

    def check_present(self, board: Board, reach: set[int], cells: list[int], noun: str,
                      target: str, n: int, where: str) -> None:
        """Goal n needs one of `cells` (holding a `noun`) reachable from the start."""
        if not cells:
            self.add(ERROR, "goal_impossible",
                     f"goal {n + 1} cannot be met: the level has no {noun}", path=where)
        elif reach and not any(i in reach for i in cells):
            self.add(ERROR, "goal_unreachable",
                     f"goal {n + 1} cannot be met: no route leads from the start to {target}",
                     board.cell(cells[0]), where)

    # ------------------------------------------------------------------ the rest

    def check_unused_legend(self, board: Board) -> None:
        legend = self.level.get("legend")
        if not isinstance(legend, dict):
            return
        for glyph in islice(legend, MAX_LEGEND):
            if _is_str(glyph) and len(glyph) == 1 and glyph not in BLANKS \
                    and glyph not in board.glyph_cell:
                self.add(WARNING, "unused_legend",
                         f"legend entry {_glyph(glyph)} is not used in the cells grid",
                         path=json_path(("legend", glyph))[1:])

    def check_characters(self) -> None:
        one, many = self.level.get("character"), self.level.get("characters")
        if one is not None and many is not None:
            self.add(ERROR, "character_conflict",
                     "give either `character` (one) or `characters` (a choice), not both",
                     path=".characters")
        allowed: tuple[str, ...] | None = None
        if _is_str(one):
            allowed = (one,)
        elif isinstance(many, list) and all(_is_str(c) for c in many):
            allowed = tuple(many)
        elif one is None and many is None:
            allowed = ()
        if allowed is None:
            return
        if self.carry.first_characters is None:
            self.carry.first_characters = allowed
            return
        first = self.carry.first_characters
        if allowed and (not first or not set(first) <= set(allowed)):
            chosen = ", ".join(first) if first else "any character"
            self.add(WARNING, "character_mismatch",
                     f"the hero is chosen on the first level ({chosen}) and keeps playing; this "
                     f"level allows only {', '.join(allowed)}, which the engine does not enforce",
                     path=".characters" if many is not None else ".character")

    def check_items(self) -> list[str]:
        items = self.level.get("items")
        good: list[str] = []
        if not isinstance(items, list):
            return good
        for n, item in enumerate(items[:MAX_ITEMS]):
            if not self.known_card(item, f"items, entry {n + 1}", f".items[{n}]"):
                continue
            if self.card_type(item) not in ITEM_TYPES:
                self.add(ERROR, "not_holdable",
                         f"items, entry {n + 1}: {_q(item)} is a {self.card_type(item)}, not a card "
                         "a hero can start with", path=f".items[{n}]")
                continue
            good.append(item)
        return good

    def check_potion_identity(self) -> None:
        identity = self.level.get("potion_identity")
        if not isinstance(identity, dict):
            return
        owners: dict[str, str] = {}
        for colour, effect in identity.items():
            if not _is_str(effect):
                continue
            if effect in owners:
                self.add(ERROR, "potion_identity_duplicate",
                         f"{colour} and {owners[effect]} potions both do {effect}; each effect "
                         "belongs to one colour", path=f".potion_identity.{colour}")
            else:
                owners[effect] = colour
