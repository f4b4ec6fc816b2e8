"""The lint's rules for one level: the checks a schema cannot make (see lint.py for the whole
document).

Errors make a map unplayable or break the rules; warnings point at things that are allowed but
are usually mistakes. Every check reads the document defensively: a value of the wrong type is
the schema's to report, and lint skips it, so lint never raises on any document.

Reachability follows the board's rule: two cells connect when both exist (have a card) and both
have a path on their shared edge. Enemies, traps and locked chests do not block it, since a hero
can get past each of them; scrolls and potions that cross walls are not counted on.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, TypeGuard

from engine.cardrogue.board import E, N, S, W
from engine.cardrogue.cards import OVERRIDABLE, Catalog
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
    MAX_STOCK,
    MAX_WIDTH,
)
from engine.cardrogue.maps.geometry import (
    ANY_PATH_TABLE,
    BAD_PATH,
    Board,
    CellText,
    bits_of,
    cells_in,
    connect,
    encode_paths,
    flood,
    regions_of,
)
from engine.cardrogue.maps.problems import ERROR, WARNING, Collector
from engine.cardrogue.maps.wording import at_cell, did_you_mean, glyph_text, quoted, with_article

# Card types a hero can be given, or buy: everything holdable but enemies.
ITEM_TYPES = ("weapon", "armour", "scroll", "artifact", "potion", "key", "debt")
# Override fields that only mean something on an enemy.
ENEMY_FIELDS = ("health", "dodge_on", "poison", "paralyse", "heals", "no_chase",
                "kill_in_one_turn", "attack_double_roll")
# Tiles the engine recognises by their id, so they cannot become custom cards.
FIXED_TILES = ("start", "path")
DIRECTION_NAMES = {N: "north", E: "east", S: "south", W: "west"}


def _every_face(faces: Any) -> bool:
    """Whether a list of die faces names all six."""
    return isinstance(faces, list) and {1, 2, 3, 4, 5, 6} <= {
        f for f in faces if isinstance(f, int) and not isinstance(f, bool)}


def _is_str(value: Any) -> TypeGuard[str]:
    return isinstance(value, str)


@dataclass
class Carry:
    """What earlier levels hand on to later ones."""

    keys: int = 0
    obtainable: set[str] = field(default_factory=set)  # card ids a hero could hold by now
    first_characters: tuple[str, ...] | None = None  # the first level's list; () means any


_TYPES: dict[int, dict[str, str]] = {}


def _types_of(catalog: Catalog) -> dict[str, str]:
    key = id(catalog)
    if key not in _TYPES:
        _TYPES[key] = {cid: card.type for cid, card in catalog.cards.items()}
    return _TYPES[key]


def level_name(level: dict[str, Any], index: int) -> str:
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
        self.added: dict[str, int] = {}  # problems given so far, by rule

    def add(self, severity: str, rule: str, message: str, cell: tuple[int, int] | None = None,
            path: str | None = None) -> None:
        self.added[rule] = self.added.get(rule, 0) + 1
        self.out.add(severity, rule, message, level=self.name, cell=cell,
                     path=f"{self.path}{path}" if path is not None else None)

    def past_cap(self, rule: str) -> bool:
        """Whether this level alone has already given as many problems of `rule` as are listed:
        any more are only counted, whatever other levels gave."""
        return self.added.get(rule, 0) >= self.out.cap

    def card_type(self, card_id: str | None) -> str | None:
        card = self.catalog.cards.get(card_id) if card_id is not None else None
        return card.type if card is not None else None

    def card_name(self, card_id: Any) -> str:
        """A card as players know it, by its name; an unknown id quoted as written."""
        card = self.catalog.cards.get(card_id) if _is_str(card_id) else None
        return card.name if card is not None else quoted(card_id)

    def a_card(self, card_id: Any) -> str:
        """ "a Goblin", "an Imp", "The Golem"; an unknown id quoted."""
        card = self.catalog.cards.get(card_id) if _is_str(card_id) else None
        return with_article(card.name) if card is not None else quoted(card_id)

    def the_card(self, card_id: Any) -> str:
        name = self.card_name(card_id)
        return name if name.startswith(("The ", '"')) else f"the {name}"

    def known_card(self, card_id: Any, what: str, path: str,
                   cell: tuple[int, int] | None = None) -> TypeGuard[str]:
        """Whether `card_id` names a standard card; reports it when it is text but unknown."""
        if not _is_str(card_id):
            return False
        if card_id in self.catalog.cards and ":" not in card_id:
            return True
        self.add(ERROR, "unknown_card",
                 f"{what}: there is no card {quoted(card_id)}{did_you_mean(card_id, self.catalog.cards)}; "
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
        starts = board.cards_where(lambda card: card == "start")
        self.check_starts(board, starts)
        reach = flood(board, board.first(starts)) if starts.bit_count() == 1 else None
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
            what = f"legend entry {glyph_text(glyph)}"
            card_id = entry.get("card") if isinstance(entry, dict) else entry
            if _is_str(card_id) and card_id != "path" and self.card_type(card_id) == "path":
                self.add(WARNING, "classic_tile",
                         f"{what}: {quoted(card_id)} is a tile of the classic game, whose printed "
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
            kind = self.catalog.cards[card_id].type
            if "colour" in entry and kind != "potion":
                self.add(ERROR, "colour_not_potion",
                         f"{what}: only a potion has a colour, and {self.the_card(card_id)} is {with_article(kind)}",
                         path=where + ".colour")
            stock = entry.get("stock")
            if stock is not None and kind != "shop":
                self.add(ERROR, "stock_not_shop",
                         f"{what}: only a shop has a stock, and {self.the_card(card_id)} is {with_article(kind)}",
                         path=where + ".stock")
            if isinstance(stock, list):
                for n, sold in enumerate(stock[:MAX_STOCK]):
                    if not self.known_card(sold, f"{what}, stock", f"{where}.stock[{n}]"):
                        continue
                    if self.card_type(sold) not in ITEM_TYPES:
                        self.add(ERROR, "not_for_sale",
                                 f"{what}: a shop cannot sell {self.a_card(sold)}, which is "
                                 f"{with_article(self.catalog.cards[sold].type)}", path=f"{where}.stock[{n}]")
                    elif self.catalog.cards[sold].gold is None:
                        self.add(ERROR, "unpriced_stock",
                                 f"{what}: a shop cannot sell {self.a_card(sold)}: it has no "
                                 "gold amount, so it has no price", path=f"{where}.stock[{n}]")
            overrides = [k for k in entry if k not in LEGEND_FIELDS and k in OVERRIDABLE]
            if overrides and kind in FIXED_TILES:
                self.add(ERROR, "custom_tile",
                         f"{what}: {self.the_card(card_id)} cannot be given custom values "
                         f"({', '.join(overrides)}); only `revealed` may be set on it", path=where)
            elif kind != "enemy":
                unused = [k for k in overrides if k in ENEMY_FIELDS]
                if unused:
                    self.add(WARNING, "override_unused",
                             f"{what}: {', '.join(unused)} only change enemies, and {self.the_card(card_id)} "
                             f"is {with_article(kind)}, so they have no effect", path=where)
            else:
                self.check_playable_enemy(entry, what, where)

    def check_playable_enemy(self, entry: dict[str, Any], what: str, where: str) -> None:
        """Numbers that would make an enemy unplayable: one that paralyses on every face keeps
        the hero from ever acting again, and one that dodges on every face cannot be hit."""
        paralyse = entry.get("paralyse")
        if isinstance(paralyse, dict) and _every_face(paralyse.get("on")):
            self.add(ERROR, "paralysis_lock",
                     f"{what}: an enemy that paralyses on every face would make the hero lose "
                     "every turn for ever; leave at least one face free", path=where + ".paralyse.on")
        if _every_face(entry.get("dodge_on")):
            self.add(ERROR, "dodges_everything",
                     f"{what}: an enemy that dodges on every face can never be hit; leave at least "
                     "one face free", path=where + ".dodge_on")

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
        written = self.level.get("legend")
        legend = written if isinstance(written, dict) else {}
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
        # Both grids as one text each, row after row, short rows padded with blanks.
        ptext = "".join(row.ljust(width) for row in prows) + " " * (width * (height - len(prows)))
        ctext = "".join(row.ljust(width) for row in crows) + " " * (width * (height - len(crows)))
        codes = encode_paths(ptext)
        bad = codes.find(BAD_PATH)
        while bad >= 0:
            self.add(ERROR, "unknown_path_glyph",
                     f"{glyph_text(ptext[bad])} is not a path glyph; draw paths with box-drawing "
                     f"characters such as \u253c \u2500 \u2502 \u2514 \u2575, and "
                     f"write a space or {EMPTY_GLYPH} where a cell has no paths",
                     divmod(bad, width), ".paths")
            bad = codes.find(BAD_PATH, bad + 1)
        cells = CellText(ctext.replace(EMPTY_GLYPH, " "))
        for g in cells.others([*places, " "]):
            count = ctext.count(g)
            times = f" (it appears {count} times)" if count > 1 else ""
            self.add(ERROR, "unknown_glyph",
                     f"{glyph_text(g)} has no legend entry{times}; add it under [levels.legend] "
                     f"(for example {json.dumps(g, ensure_ascii=False)} = \"goblin\"), or use a "
                     f"built-in glyph: @ start, > ladder, . path", divmod(ctext.find(g), width),
                     ".cells")
        board = Board(width, height, cells, places, _types_of(self.catalog), stocks)
        board.exists = ((1 << size) - 1) & ~cells.mask((" ",))
        board.loose = bits_of(codes, ANY_PATH_TABLE) & ~board.exists
        connect(board, codes)
        return board

    # ------------------------------------------------------------------ start and exit

    def check_starts(self, board: Board, starts: int) -> None:
        cells = cells_in(starts, board.size)
        if not cells:
            self.add(ERROR, "one_start",
                     "the level has no start; put one @ in the cells grid", path=".cells")
        for extra in cells[1:]:
            self.add(ERROR, "one_start",
                     f"a second start: a level has exactly one, and the first is at "
                     f"{at_cell(board.cell(cells[0]))}", board.cell(extra),
                     ".cells")

    def check_exit(self, board: Board, reach: int | None) -> None:
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
        if reach is not None and not ladders & reach:
            self.add(ERROR, "exit_unreachable",
                     "no route leads from the start to the ladder: along the way, each pair of "
                     "neighbouring cells needs a path on both sides of their shared edge",
                     board.cell(board.first(ladders)), ".cells")

    # ------------------------------------------------------------------ paths

    def check_edges(self, board: Board) -> None:
        size, width = board.size, board.width
        for i in cells_in(board.loose, size):
            self.add(WARNING, "path_without_card",
                     "paths are drawn on a cell without a card; the cell does not exist in "
                     "play, so put a card (. for a plain path) in the cells grid, or clear "
                     "its paths", board.cell(i), ".paths")
        step = {N: -width, E: 1, S: width, W: -1}
        half_open = sorted((i, side) for side, mask in board.half_open.items()
                           for i in cells_in(mask, size))
        for open_cell, side in half_open:
            self.add(WARNING, "half_open_edge",
                     f"the path leading {DIRECTION_NAMES[side]} from here meets a wall on the "
                     f"cell at {at_cell(board.cell(open_cell + step[side]))}, so the two do not "
                     "connect; open both sides of the edge or neither", board.cell(open_cell),
                     ".paths")

    def check_unreachable(self, board: Board, reach: int) -> None:
        places = board.places
        regions = regions_of(board, board.exists & ~reach)
        for first, count, glyphs in regions:
            if self.past_cap("unreachable"):  # a flood: count the rest, skip their words
                self.out.tally(self.name, "unreachable", 1 + sum(1 for _ in regions))
                break
            names = [self.a_card(card) for card in
                     sorted({c for c in map(places.get, glyphs) if c is not None} - {"path"})]
            holds = f"; it holds {', '.join(names[:6])}{', ...' if len(names) > 6 else ''}" \
                if names else ""
            self.add(WARNING, "unreachable",
                     f"{'this cell' if count == 1 else f'{count} cells from here'} cannot be "
                     f"reached from the start{holds}", board.cell(first), ".cells")

    # ------------------------------------------------------------------ goals

    def check_goals(self, board: Board, reach: int | None, items: list[str]) -> None:
        """Each goal can be met from the start; what this level hands on to the next (keys
        left over, cards a hero could hold by now) goes into the carry."""
        reach = reach or 0
        reached = self.reached_glyphs(board, reach)
        for_sale = {card for g in reached if g in board.stocks for card in board.stocks[g]}
        keys = (self.carry.keys + sum(1 for card in items if self.card_type(card) == "key")
                + (board.cells_of("key") & reach).bit_count()
                + (1 if any(self.card_type(c) == "key" for c in for_sale) else 0))
        reached_cards = {card for card in map(board.places.get, reached) if card is not None}
        obtainable = self.carry.obtainable | set(items) | for_sale | reached_cards
        goals = self.level.get("goals")
        chest_goal = False
        for n, goal in enumerate(goals[:MAX_GOALS] if isinstance(goals, list) else []):
            if isinstance(goal, dict):
                self.check_goal(board, reach, goal, n, keys, obtainable)
                chest_goal = chest_goal or goal.get("kind") == "chest"
        self.check_chest_without_key(board, reach, keys, chest_goal)
        self.carry.keys = max(0, keys - (1 if chest_goal else 0))
        self.carry.obtainable = obtainable

    def check_goal(self, board: Board, reach: int, goal: dict[str, Any], n: int, keys: int,
                   obtainable: set[str]) -> None:
        kind, card = goal.get("kind"), goal.get("card")
        where = f".goals[{n}]"
        if kind in ("slay", "hold"):
            self.check_card_goal(board, reach, kind, card, obtainable, n, where)
            return
        if card is not None and kind in ("boss", "chest", "debt"):
            self.add(WARNING, "goal_card_ignored",
                     f"goal {n + 1} ({kind}) takes no card, so {self.a_card(card)} is ignored",
                     path=where + ".card")
        if kind == "boss":
            cells = board.cards_where(lambda c: self.catalog.cards[c].boss)
            self.check_present(board, reach, cells, "boss", "a boss", n, where)
        elif kind == "chest":
            self.check_chest_goal(board, reach, keys, n, where)
        elif kind == "debt":
            self.check_debt_goal(board, reach, n, where)

    @staticmethod
    def reached_glyphs(board: Board, reach: int) -> list[str]:
        """The glyphs shown on at least one cell the start reaches."""
        glyphs = board.glyphs()
        if not reach:
            return []
        if not board.exists & ~reach:
            return glyphs
        return [g for g in glyphs if board.glyph_mask(g) & reach]

    def check_card_goal(self, board: Board, reach: int, kind: str, card: Any,
                        obtainable: set[str], n: int, where: str) -> None:
        """A goal naming a card: slay one, or hold one."""
        if not self.known_card(card, f"goal {n + 1} ({kind})", where + ".card"):
            return
        if kind == "slay":
            self.check_slay(board, reach, card, n, where)
        elif self.card_type(card) not in ITEM_TYPES + ("enemy",):
            self.add(ERROR, "goal_card_kind",
                     f"goal {n + 1} asks the hero to hold {self.a_card(card)}, which is a tile, "
                     "not a card a hero can hold", path=where + ".card")
        elif card not in obtainable:
            self.add(ERROR, "goal_impossible",
                     f"goal {n + 1} asks the hero to hold {self.a_card(card)}, but neither this "
                     "level nor those before it give one where the hero can get it "
                     "(on a reachable cell, in a reachable shop, or in `items`)",
                     path=where)

    def check_chest_goal(self, board: Board, reach: int, keys: int, n: int, where: str) -> None:
        cells = board.cells_of("chest")
        self.check_present(board, reach, cells, "chest", "a chest", n, where)
        if cells and keys == 0:
            self.add(ERROR, "key_before_chest",
                     f"goal {n + 1} needs the chest opened, but the hero cannot get a key "
                     "first: put a key where the start can reach it, sell one in a "
                     "reachable shop, or give one in `items`", path=where)

    def check_debt_goal(self, board: Board, reach: int, n: int, where: str) -> None:
        cells = 0
        for g in board.glyphs():
            if g in board.stocks and any(self.card_type(s) == "debt" for s in board.stocks[g]):
                cells |= board.glyph_mask(g)
        self.check_present(board, reach, cells, "shop that sells the shopkeeper's debt",
                           "such a shop", n, where)

    def check_chest_without_key(self, board: Board, reach: int, keys: int,
                                chest_goal: bool) -> None:
        chests = board.cells_of("chest")
        if chests and not chest_goal and keys == 0 and reach:
            self.add(WARNING, "chest_without_key",
                     "this chest can never be opened: no key can be had on this level or "
                     "before it", board.cell(board.first(chests)), ".cells")

    def check_slay(self, board: Board, reach: int, card: str, n: int, where: str) -> None:
        if self.card_type(card) != "enemy":
            self.add(ERROR, "goal_card_kind",
                     f"goal {n + 1} asks the hero to slay {self.a_card(card)}, which is not an enemy",
                     path=where + ".card")
            return
        cells = board.cards_where(lambda c: c == card)
        self.check_present(board, reach, cells, self.card_name(card), self.the_card(card), n,
                           where)

    def check_present(self, board: Board, reach: int, cells: int, noun: str,
                      target: str, n: int, where: str) -> None:
        """Goal n needs one of `cells` (holding a `noun`) reachable from the start."""
        if not cells:
            self.add(ERROR, "goal_impossible",
                     f"goal {n + 1} cannot be met: the level has no {noun}", path=where)
        elif reach and not cells & reach:
            self.add(ERROR, "goal_unreachable",
                     f"goal {n + 1} cannot be met: no route leads from the start to {target}",
                     board.cell(board.first(cells)), where)

    # ------------------------------------------------------------------ the rest

    def check_unused_legend(self, board: Board) -> None:
        legend = self.level.get("legend")
        if not isinstance(legend, dict):
            return
        for glyph in islice(legend, MAX_LEGEND):
            if _is_str(glyph) and len(glyph) == 1 and glyph not in BLANKS \
                    and glyph not in board.cells.text:
                self.add(WARNING, "unused_legend",
                         f"legend entry {glyph_text(glyph)} is not used in the cells grid",
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
                         f"items, entry {n + 1}: {self.a_card(item)} is "
                         f"{with_article(str(self.card_type(item)))}, not a card a hero can start with",
                         path=f".items[{n}]")
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
