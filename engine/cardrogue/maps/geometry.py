"""A level's grids as bit sets: which cells hold a card, the paths on each side, the edges
that join neighbours, and the cells a hero can reach. The lint's rules (level_rules.py) ask
their questions of whole grids at once through these.

A level's grids become Python integers used as bit sets, one bit per cell, so the checks work
on whole grids at once instead of cell by cell (a 128x128 level has 16,384 cells). Cell i,
counted row by row from the top left, is bit `size - 1 - i`: the order in which int(text, 2)
reads a text of one "0" or "1" per cell, so a grid becomes a bit set through bytes.translate
and int(). Moving one cell east is then a shift right by one bit, one row south a shift right
by `width` bits.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field
from typing import Any

from engine.cardrogue.board import GLYPH_PATHS, PATH_GLYPHS, E, N, S, W
from engine.cardrogue.maps.format import BLANKS, EMPTY_GLYPH

_ZERO, _ONE = 0x30, 0x31  # b"0", b"1"
# The paths grid's codes, one byte per cell: _SIDES + the path bits (0-15) for a path glyph or
# a space, _BLANK_PATH for the EMPTY_GLYPH, BAD_PATH for anything else. Byte 0 stays NUL, so
# that codecs.charmap_build makes its fast table rather than a dict.
_SIDES = 0x40
_BLANK_PATH = 0x50
BAD_PATH = 0x3F  # "?"


def _charmap(decoding: dict[int, str]) -> Any:
    """An encoding map for codecs.charmap_encode from byte -> character."""
    table = ["\ufffe"] * 256
    table[0] = "\x00"
    for code, char in decoding.items():
        table[code] = char
    return codecs.charmap_build("".join(table))


_PATH_MAP = _charmap({_SIDES + bits: glyph for bits, glyph in PATH_GLYPHS.items()}
                     | {_BLANK_PATH: EMPTY_GLYPH, BAD_PATH: "?"})
# bytes.translate tables from a path code to "1" where the cell has a path on that side.
_SIDE_TABLES = {side: bytes(_ONE if _SIDES <= code < _SIDES + 16 and code & side else _ZERO
                            for code in range(256))
                for side in (N, E, S, W)}
ANY_PATH_TABLE = bytes(_ONE if _SIDES < code < _SIDES + 16 else _ZERO for code in range(256))
_ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")


def bits_of(data: bytes, table: bytes | bytearray) -> int:
    """The bit set of the cells whose byte `table` turns into "1"."""
    return int(data.translate(table), 2) if data else 0


def cells_in(mask: int, size: int) -> list[int]:
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


def encode_paths(text: str) -> bytes:
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


class CellText:
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
        return bits_of(self.data, table)

    def others(self, known: Any) -> list[str]:
        """The characters in the grid that are not in `known`, by first appearance."""
        if self.data is None:
            found = set(self.text) - {char for char in known if isinstance(char, str)}
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
    cells: CellText  # the cells grid, padded to width x height, every blank a space
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
                if card is not None and isinstance(g, str) and len(g) == 1 and g not in BLANKS
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


def connect(board: Board, codes: bytes) -> None:
    """The edges that join neighbouring cells (both open, both cells with a card)."""
    width, height = board.width, board.height
    exists = board.exists
    paths = {side: bits_of(codes, table) & exists for side, table in _SIDE_TABLES.items()}
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


def flood(board: Board, start: int) -> int:
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


def regions_of(board: Board, cells: int) -> Any:
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
