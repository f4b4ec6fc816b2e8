"""Lint: the checks a schema cannot make, run after it on every level.

Errors make a map unplayable or break the rules; warnings point at things that are allowed but
are usually mistakes. Every check reads the document defensively: a value of the wrong type is
the schema's to report, and lint skips it, so lint never raises on any document.

Reachability follows the board's rule: two cells connect when both exist (have a card) and both
have a path on their shared edge. Enemies, traps and locked chests do not block it, since a hero
can get past each of them; scrolls and potions that cross walls are not counted on.
"""

from __future__ import annotations

import codecs
import difflib
import json
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from typing import Any, TypeGuard

from engine.cardrogue.board import GLYPH_PATHS, PATH_GLYPHS, E, N, S, W
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


def _every_face(faces: Any) -> bool:
    """Whether a list of die faces names all six."""
    return isinstance(faces, list) and {1, 2, 3, 4, 5, 6} <= {
        f for f in faces if isinstance(f, int) and not isinstance(f, bool)}


def _q(value: Any) -> str:
    """A value quoted as TOML would write it."""
    return json.dumps(value, ensure_ascii=False)


def _a(noun: str) -> str:
    """`noun` with "a" or "an" before it (none before a name that has its own "The")."""
    if noun.startswith("The "):
        return noun
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _glyph(char: str) -> str:
    """A glyph as an author would type it, with invisible characters spelled out."""
    if char.isprintable() and not char.isspace():
        return _q(char)
    return f"U+{ord(char):04X}"


def _is_str(value: Any) -> TypeGuard[str]:
    return isinstance(value, str)


@dataclass
class Carry:
    """What earlier levels hand on to later ones."""

    keys: int = 0
    obtainable: set[str] = field(default_factory=set)  # card ids a hero could hold by now
    first_characters: tuple[str, ...] | None = None  # the first level's list; () means any


# ---------------------------------------------------------------------- boards as bit sets
#
# A level's grids become Python integers used as bit sets, one bit per cell, so the checks work
# on whole grids at once instead of cell by cell (a 128x128 level has 16,384 cells). Cell i,
# counted row by row from the top left, is bit `size - 1 - i`: the order in which int(text, 2)
# reads a text of one "0" or "1" per cell, so a grid becomes a bit set through bytes.translate
# and int(). Moving one cell east is then a shift right by one bit, one row south a shift right
# by `width` bits.

_ZERO, _ONE = 0x30, 0x31  # b"0", b"1"
# The paths grid's codes, one byte per cell: _SIDES + the path bits (0-15) for a path glyph or
# a space, _BLANK_PATH for the EMPTY_GLYPH, _BAD_PATH for anything else. Byte 0 stays NUL, so
# that codecs.charmap_build makes its fast table rather than a dict.
_SIDES = 0x40
_BLANK_PATH = 0x50
_BAD_PATH = 0x3F  # "?"


def _charmap(decoding: dict[int, str]) -> Any:
    """An encoding map for codecs.charmap_encode from byte -> character."""
    table = ["\ufffe"] * 256
    table[0] = "\x00"
    for code, char in decoding.items():
        table[code] = char
    return codecs.charmap_build("".join(table))


_PATH_MAP = _charmap({_SIDES + bits: glyph for bits, glyph in PATH_GLYPHS.items()}
                     | {_BLANK_PATH: EMPTY_GLYPH, _BAD_PATH: "?"})
# bytes.translate tables from a path code to "1" where the cell has a path on that side.
_SIDE_TABLES = {side: bytes(_ONE if _SIDES <= code < _SIDES + 16 and code & side else _ZERO
                            for code in range(256))
                for side in (N, E, S, W)}
_ANY_PATH_TABLE = bytes(_ONE if _SIDES < code < _SIDES + 16 else _ZERO for code in range(256))
_ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")


def _bits_of(data: bytes, table: bytes | bytearray) -> int:
    """The bit set of the cells whose byte `table` turns into "1"."""
    return int(data.translate(table), 2) if data else 0


def _cells_in(mask: int, size: int) -> list[int]:
    """The cells of a bit set, in ascending order."""
    if not mask:
        return []
    text = format(mask, "b")
    offset = size - len(text)
    out = []
    i = text.find("1")
    while i >= 0:
        out.append(i + offset)
        i = text.find("1", i + 1)
    return out


def _flags(mask: int, size: int) -> bytearray:
    """One byte per cell: 1 where the bit set holds the cell, else 0."""
    return bytearray(format(mask, f"0{size}b").encode().translate(_ZERO_ONE))


def _encode_paths(text: str) -> bytes:
    """The paths grid as one code per cell (see _SIDES)."""
    if "\x00" in text:  # the map's byte 0 is NUL, which is no path glyph
        text = text.replace("\x00", "?")
    try:
        return codecs.charmap_encode(text, "strict", _PATH_MAP)[0]
    except UnicodeEncodeError:
        for char in set(text):
            if char not in GLYPH_PATHS and char not in BLANKS:
                text = text.replace(char, "?")
        return codecs.charmap_encode(text, "strict", _PATH_MAP)[0]


class _CellText:
    """The cells grid (blanks all spaces) as one byte per cell, for bytes.translate."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.codes: dict[str, int] | None = None  # None: a character's code is its ord()
        self.data: bytes | None = None  # None: too many different characters to code
        if text.isascii():
            self.data = text.encode("ascii")
            return
        distinct = set(text)
        # U+FFFE marks "no character" in a charmap, so a grid holding it cannot be coded.
        if len(distinct) <= 255 and "\ufffe" not in distinct:
            # Byte 0 is for NUL (see _charmap); the others count from 1.
            self.codes = {char: n for n, char in enumerate(sorted(distinct - {"\x00"}), 1)}
            if "\x00" in distinct:
                self.codes["\x00"] = 0
            decoding = {n: char for char, n in self.codes.items() if n}
            self.data = codecs.charmap_encode(text, "strict", _charmap(decoding))[0]

    def code(self, char: Any) -> int | None:
        if not isinstance(char, str) or len(char) != 1:
            return None
        if self.codes is not None:
            return self.codes.get(char)
        return ord(char) if char.isascii() else None

    def mask(self, glyphs: Any) -> int:
        """The bit set of the cells showing any of `glyphs` (single characters)."""
        if self.data is None:
            marks = bytearray(b"0" * len(self.text))
            for glyph in glyphs:
                i = self.text.find(glyph)
                while i >= 0:
                    marks[i] = _ONE
                    i = self.text.find(glyph, i + 1)
            return int(marks, 2) if marks else 0
        table = bytearray(b"0" * 256)
        for glyph in glyphs:
            code = self.code(glyph)
            if code is not None:
                table[code] = _ONE
        return _bits_of(self.data, table)

    def others(self, known: Any) -> list[str]:
        """The characters in the grid that are not in `known`, by first appearance."""
        if self.data is None:
            found = set(self.text) - {char for char in known if _is_str(char)}
        else:
            codes = {self.code(char) for char in known}
            rest = self.data.translate(None, bytes(c for c in codes if c is not None))
            if not rest:
                return []
            decode = {v: k for k, v in self.codes.items()} if self.codes is not None else None
            found = {decode[c] if decode is not None else chr(c) for c in set(rest)}
        return sorted(found, key=self.text.find)


@dataclass
class Board:
    width: int
    height: int
    cells: _CellText  # the cells grid, padded to width x height, every blank a space
    places: dict[str, str | None]  # glyph -> standard card id (None: an entry already reported)
    type_of: dict[str, str]  # standard card id -> card type
    stocks: dict[str, tuple[str, ...]]  # shop glyph -> the card ids it sells
    exists: int = 0  # bit sets of cells: with a card,
    paths: dict[int, int] = field(default_factory=dict)  # with a path on each side,
    joined: dict[int, int] = field(default_factory=dict)  # joined to the neighbour on each side,
    half_open: dict[int, int] = field(default_factory=dict)  # open to a wall on each side,
    loose: int = 0  # and with paths but no card
    _masks: dict[str, int] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return self.width * self.height

    def cell(self, index: int) -> tuple[int, int]:
        return divmod(index, self.width)

    def first(self, mask: int) -> int:
        """The lowest cell of a non-empty bit set."""
        return self.size - mask.bit_length()

    def glyphs(self) -> list[str]:
        """The glyphs that place a card and appear in the grid."""
        text = self.cells.text
        return [g for g, card in self.places.items()
                if card is not None and _is_str(g) and len(g) == 1 and g not in BLANKS
                and g in text]

    def glyph_mask(self, glyph: str) -> int:
        if glyph not in self._masks:
            text, top = self.cells.text, self.size - 1
            if text.count(glyph) > 32:
                self._masks[glyph] = self.cells.mask((glyph,))
            else:  # a rare glyph (a start, a ladder) costs less found one by one
                mask, i = 0, text.find(glyph)
                while i >= 0:
                    mask |= 1 << (top - i)
                    i = text.find(glyph, i + 1)
                self._masks[glyph] = mask
        return self._masks[glyph]

    def cards_where(self, test: Any) -> int:
        """The bit set of the cells whose card id passes `test`."""
        mask = 0
        for glyph in self.glyphs():
            if test(self.places[glyph]):
                mask |= self.glyph_mask(glyph)
        return mask

    def cells_of(self, kind: str) -> int:
        type_of = self.type_of
        return self.cards_where(lambda card: type_of.get(card) == kind)


def _connect(board: Board, codes: bytes) -> None:
    """The edges that join neighbouring cells (both open, both cells with a card)."""
    width, height = board.width, board.height
    exists = board.exists
    paths = {side: _bits_of(codes, table) & exists for side, table in _SIDE_TABLES.items()}
    last_col = int(("0" * (width - 1) + "1") * height, 2) if width else 0
    east = paths[E] & ~last_col & (paths[W] << 1)
    south = paths[S] & (paths[N] << width)
    first_col = last_col << (width - 1) if width else 0
    board.paths = paths
    board.joined = {E: east, W: east >> 1, S: south, N: south >> width}
    board.half_open = {
        E: paths[E] & ~last_col & ((exists & ~paths[W]) << 1),
        W: paths[W] & ~first_col & ((exists & ~paths[E]) >> 1),
        S: paths[S] & ((exists & ~paths[N]) << width),
        N: paths[N] & ((exists & ~paths[S]) >> width),
    }


def _flood(board: Board, start: int) -> int:
    """The bit set of every cell reachable from `start` through matching paths.

    Each sweep moves the set as far as it goes in one direction, in log2(side) shifts: `chain`
    holds the cells from which `step` joined edges lead on in that direction. Sweeps repeat
    until nothing changes, so the number of rounds follows the turns along the longest route,
    not its length.
    """
    width, height = board.width, board.height
    sweeps = []
    for side, unit, span, down in ((E, 1, width, True), (W, 1, width, False),
                                   (S, width, height, True), (N, width, height, False)):
        chain, step, levels = board.joined[side], 1, []
        while chain and step < span:
            levels.append((chain, step * unit))
            chain = chain & (chain << step * unit if down else chain >> step * unit)
            step *= 2
        if levels:
            sweeps.append((levels, down))
    reach = 1 << (board.size - 1 - start)
    while True:
        before = reach
        for levels, down in sweeps:
            for chain, shift in levels:
                moved = reach & chain
                if moved:
                    reach |= moved >> shift if down else moved << shift
        if reach == before:
            return reach


def _regions(board: Board, cells: int) -> Any:
    """The regions that `cells` (a union of whole regions) falls into, in the order of their
    first cells: (first cell, number of cells, the glyphs shown in it) for each.

    A region is gathered a row's run of joined cells at a time (runs are found with
    bytes.find), so a region costs little more than its number of runs and of north-south
    edges.
    """
    size, width, text = board.size, board.width, board.cells.text
    todo = _flags(cells, size)
    east = _flags(board.joined[E], size)
    south = _flags(board.joined[S], size)
    north = _flags(board.joined[N], size)
    first = todo.find(1)
    while first >= 0:
        if not (east[first] or south[first] or north[first]
                or (first % width and east[first - 1])):
            # A cell joined to none: a region of its own, found without a search.
            todo[first] = 0
            yield first, 1, {text[first]}
            first = todo.find(1, first + 1)
            continue
        count = 0
        glyphs: set[str] = set()
        stack = [first]
        while stack:
            i = stack.pop()
            if not todo[i]:
                continue
            row = i - i % width
            left = max(row, east.rfind(0, row, i) + 1)
            right = east.find(0, i)  # the last cell of a row never joins east
            todo[left:right + 1] = bytes(right + 1 - left)
            count += right + 1 - left
            glyphs.update(text[left:right + 1])
            j = south.find(1, left, right + 1)
            while j >= 0:
                if todo[j + width]:
                    stack.append(j + width)
                j = south.find(1, j + 1, right + 1)
            j = north.find(1, left, right + 1)
            while j >= 0:
                if todo[j - width]:
                    stack.append(j - width)
                j = north.find(1, j + 1, right + 1)
        yield first, count, glyphs
        first = todo.find(1, first + 1)


_TYPES: dict[int, dict[str, str]] = {}


def _types_of(catalog: Catalog) -> dict[str, str]:
    key = id(catalog)
    if key not in _TYPES:
        _TYPES[key] = {cid: card.type for cid, card in catalog.cards.items()}
    return _TYPES[key]


class LintCache:
    """Each level's lint results from the last document linted with it, so that linting the
    next version of the document (an editor checks after every edit) only works through the
    levels that changed.

    A level's problems depend on its own content, on where it stands (its index, whether it is
    the last, its name) and on what the levels before it carry over; all of that makes the key,
    so a level found here gets exactly the problems linting it again would give. Problems
    across levels (duplicate ids) are worked out again every time.
    """

    def __init__(self) -> None:
        self.catalog: Catalog | None = None
        self._entries: dict[Any, tuple[list[tuple[Any, ...]], Carry]] = {}
        self._used: dict[Any, tuple[list[tuple[Any, ...]], Carry]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def _start(self, catalog: Catalog) -> None:
        if catalog is not self.catalog:
            self.catalog = catalog
            self._entries = {}
        self._used = {}

    def _finish(self) -> None:
        self._entries = self._used  # keep only what this document used
        self._used = {}


TALLY = None  # the severity a recorded call has when it only counted problems past the cap


class _Recorder:
    """Passes problems on to a Collector, keeping a copy of each."""

    def __init__(self, out: Collector) -> None:
        self.out = out
        self.cap = out.cap
        self.calls: list[tuple[Any, ...]] = []

    def add(self, severity: str, rule: str, message: str, *, level: str | None = None,
            cell: tuple[int, int] | None = None, path: str | None = None) -> None:
        self.calls.append((severity, rule, message, level, cell, path))
        self.out.add(severity, rule, message, level=level, cell=cell, path=path)

    def tally(self, level: str | None, rule: str, count: int) -> None:
        self.calls.append((TALLY, rule, count, level, None, None))
        self.out.tally(level, rule, count)


def _frozen(value: Any) -> Any:
    """A hashable value equal to another only when the two values are the same in type and in
    value all the way down (1, 1.0 and True are three different things to lint). Comparing
    strings costs far less than repr() would: a grid's text is used as it is."""
    kind = type(value)
    if kind is str:
        return value
    if kind is dict:
        return (dict, tuple((_frozen(k), _frozen(v)) for k, v in value.items()))
    if kind is list:
        return (list, tuple(_frozen(v) for v in value))
    if kind is float:
        return (float, repr(value))  # nan equals no nan, and -0.0 equals 0.0
    return (kind, repr(value))


def _carried(carry: Carry) -> Carry:
    return Carry(carry.keys, set(carry.obtainable), carry.first_characters)


def lint(document: Any, out: Collector, catalog: Catalog | None = None,
         cache: LintCache | None = None) -> None:
    """Add every semantic problem of `document` to `out`. With a `cache`, levels unchanged
    since the cache's last document are not linted again (see LintCache)."""
    catalog = catalog or standard_catalog()
    if not isinstance(document, dict):
        return
    levels = document.get("levels")
    if not isinstance(levels, list):
        return
    if cache is not None:
        cache._start(catalog)
    seen_ids: dict[str, int] = {}
    carry = Carry()
    count = min(len(levels), MAX_LEVELS)
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
        if cache is None:
            _LevelLint(level, index, count, name, out, catalog, carry).run()
            continue
        try:
            key = (_frozen(level), index, count, name, carry.keys,
                   frozenset(carry.obtainable), carry.first_characters)
        except RecursionError:  # values nested too deeply to make a key of: lint as ever
            _LevelLint(level, index, count, name, out, catalog, carry).run()
            continue
        found = cache._used.get(key) or cache._entries.get(key)
        if found is None:
            recorder = _Recorder(out)
            _LevelLint(level, index, count, name, recorder, catalog, carry).run()  # type: ignore[arg-type]
            found = (recorder.calls, _carried(carry))
        else:
            for severity, rule, message, level_name, cell, path in found[0]:
                if severity is TALLY:
                    out.tally(level_name, rule, message)
                else:
                    out.add(severity, rule, message, level=level_name, cell=cell, path=path)
            after = _carried(found[1])
            carry.keys, carry.obtainable = after.keys, after.obtainable
            carry.first_characters = after.first_characters
        cache._used[key] = found
    if cache is not None:
        cache._finish()


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
        return card.name if card is not None else _q(card_id)

    def a_card(self, card_id: Any) -> str:
        """ "a Goblin", "an Imp", "The Golem"; an unknown id quoted."""
        card = self.catalog.cards.get(card_id) if _is_str(card_id) else None
        return _a(card.name) if card is not None else _q(card_id)

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
        starts = board.cards_where(lambda card: card == "start")
        self.check_starts(board, starts)
        reach = _flood(board, board.first(starts)) if starts.bit_count() == 1 else None
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
            kind = self.catalog.cards[card_id].type  # a known card
            if "colour" in entry and kind != "potion":
                self.add(ERROR, "colour_not_potion",
                         f"{what}: only a potion has a colour, and {self.the_card(card_id)} is {_a(kind)}",
                         path=where + ".colour")
            stock = entry.get("stock")
            if stock is not None and kind != "shop":
                self.add(ERROR, "stock_not_shop",
                         f"{what}: only a shop has a stock, and {self.the_card(card_id)} is {_a(kind)}",
                         path=where + ".stock")
            if isinstance(stock, list):
                for n, sold in enumerate(stock[:MAX_STOCK]):
                    if not self.known_card(sold, f"{what}, stock", f"{where}.stock[{n}]"):
                        continue
                    if self.card_type(sold) not in ITEM_TYPES:
                        self.add(ERROR, "not_for_sale",
                                 f"{what}: a shop cannot sell {self.a_card(sold)}, which is "
                                 f"{_a(self.catalog.cards[sold].type)}", path=f"{where}.stock[{n}]")
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
                             f"is {_a(kind)}, so they have no effect", path=where)
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
        legend = self.level.get("legend")
        if not isinstance(legend, dict):
            legend = {}
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
        codes = _encode_paths(ptext)
        bad = codes.find(_BAD_PATH)
        while bad >= 0:
            self.add(ERROR, "unknown_path_glyph",
                     f"{_glyph(ptext[bad])} is not a path glyph; draw paths with box-drawing "
                     f"characters such as \u253c \u2500 \u2502 \u2514 \u2575, and "
                     f"write a space or {EMPTY_GLYPH} where a cell has no paths",
                     divmod(bad, width), ".paths")
            bad = codes.find(_BAD_PATH, bad + 1)
        cells = _CellText(ctext.replace(EMPTY_GLYPH, " "))
        for g in cells.others([*places, " "]):
            count = ctext.count(g)
            times = f" (it appears {count} times)" if count > 1 else ""
            self.add(ERROR, "unknown_glyph",
                     f"{_glyph(g)} has no legend entry{times}; add it under [levels.legend] "
                     f"(for example {json.dumps(g, ensure_ascii=False)} = \"goblin\"), or use a "
                     f"built-in glyph: @ start, > ladder, . path", divmod(ctext.find(g), width),
                     ".cells")
        board = Board(width, height, cells, places, _types_of(self.catalog), stocks)
        board.exists = ((1 << size) - 1) & ~cells.mask((" ",))
        board.loose = _bits_of(codes, _ANY_PATH_TABLE) & ~board.exists
        _connect(board, codes)
        return board

    # ------------------------------------------------------------------ start and exit

    def check_starts(self, board: Board, starts: int) -> None:
        cells = _cells_in(starts, board.size)
        if not cells:
            self.add(ERROR, "one_start",
                     "the level has no start; put one @ in the cells grid", path=".cells")
        for extra in cells[1:]:
            self.add(ERROR, "one_start",
                     f"a second start: a level has exactly one, and the first is at "
                     f"{_at(board.cell(cells[0]))}", board.cell(extra),
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
        for i in _cells_in(board.loose, size):
            self.add(WARNING, "path_without_card",
                     "paths are drawn on a cell without a card; the cell does not exist in "
                     "play, so put a card (. for a plain path) in the cells grid, or clear "
                     "its paths", board.cell(i), ".paths")
        step = {N: -width, E: 1, S: width, W: -1}
        half_open = sorted((i, side) for side, mask in board.half_open.items()
                           for i in _cells_in(mask, size))
        for open_cell, side in half_open:
            self.add(WARNING, "half_open_edge",
                     f"the path leading {DIRECTION_NAMES[side]} from here meets a wall on the "
                     f"cell at {_at(board.cell(open_cell + step[side]))}, so the two do not "
                     "connect; open both sides of the edge or neither", board.cell(open_cell),
                     ".paths")

    def check_unreachable(self, board: Board, reach: int) -> None:
        places = board.places
        regions = _regions(board, board.exists & ~reach)
        for first, count, glyphs in regions:
            if self.past_cap("unreachable"):  # a flood: count the rest, skip their words
                self.out.tally(self.name, "unreachable", 1 + sum(1 for _ in regions))
                break
            held = {places.get(g) for g in glyphs} - {None, "path"}
            names = [self.a_card(card) for card in sorted(c for c in held if c is not None)]
            holds = f"; it holds {', '.join(names[:6])}{', ...' if len(names) > 6 else ''}" \
                if names else ""
            self.add(WARNING, "unreachable",
                     f"{'this cell' if count == 1 else f'{count} cells from here'} cannot be "
                     f"reached from the start{holds}", board.cell(first), ".cells")

    # ------------------------------------------------------------------ goals

    def check_goals(self, board: Board, reach: int | None, items: list[str]) -> None:
        reach = reach or 0
        glyphs = board.glyphs()
        if not reach:
            reached = []
        elif not board.exists & ~reach:
            reached = glyphs
        else:
            reached = [g for g in glyphs if board.glyph_mask(g) & reach]
        reached_cards = {c for g in reached if (c := board.places[g]) is not None}
        for_sale = {card for g in reached if g in board.stocks for card in board.stocks[g]}
        keys = (self.carry.keys + sum(1 for card in items if self.card_type(card) == "key")
                + (board.cells_of("key") & reach).bit_count()
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
                             f"goal {n + 1} asks the hero to hold {self.a_card(card)}, which is a tile, "
                             "not a card a hero can hold", path=where + ".card")
                elif card not in obtainable:
                    self.add(ERROR, "goal_impossible",
                             f"goal {n + 1} asks the hero to hold {self.a_card(card)}, but neither this "
                             "level nor those before it give one where the hero can get it "
                             "(on a reachable cell, in a reachable shop, or in `items`)",
                             path=where)
                continue
            if card is not None and kind in ("boss", "chest", "debt"):
                self.add(WARNING, "goal_card_ignored",
                         f"goal {n + 1} ({kind}) takes no card, so {self.a_card(card)} is ignored",
                         path=where + ".card")
            if kind == "boss":
                cells = board.cards_where(lambda c: self.catalog.cards[c].boss)
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
                cells = 0
                for g in glyphs:
                    if g in board.stocks and any(self.card_type(s) == "debt"
                                                 for s in board.stocks[g]):
                        cells |= board.glyph_mask(g)
                self.check_present(board, reach, cells, "shop that sells the shopkeeper's debt",
                                   "such a shop", n, where)
        chests = board.cells_of("chest")
        if chests and not chest_goal and keys == 0 and reach:
            self.add(WARNING, "chest_without_key",
                     "this chest can never be opened: no key can be had on this level or "
                     "before it", board.cell(board.first(chests)), ".cells")
        self.carry.keys = max(0, keys - (1 if chest_goal else 0))
        self.carry.obtainable = obtainable

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
                         f"items, entry {n + 1}: {self.a_card(item)} is "
                         f"{_a(str(self.card_type(item)))}, not a card a hero can start with",
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
