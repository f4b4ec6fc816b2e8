"""The board: a grid of cards, their paths, and what a player can see (rulebook: Walls and paths).

A cell's paths are four bits, one per edge. Two cells connect only when both have a path on
their shared edge; any other edge is a wall. Cells start unseen; a cell becomes a face-down
card once a revealed tile's path leads to it, and face-up when flipped.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Card

N, E, S, W = 1, 2, 4, 8
DIRECTION_BITS = {"N": N, "E": E, "S": S, "W": W}
OPPOSITE = {N: S, E: W, S: N, W: E}
STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
BIT_NAMES = {N: "N", E: "E", S: "S", W: "W"}

# One box-drawing character per combination of open edges.
PATH_GLYPHS = {
    0: " ",
    N: "╵", E: "╶", S: "╷", W: "╴",
    N | S: "│", E | W: "─",
    N | E: "└", E | S: "┌", S | W: "┐", N | W: "┘",
    N | E | S: "├", E | S | W: "┬", N | S | W: "┤", N | E | W: "┴",
    N | E | S | W: "┼",
}
GLYPH_PATHS = {glyph: bits for bits, glyph in PATH_GLYPHS.items()}

UNSEEN, FACE_DOWN, REVEALED = 0, 1, 2


def path_count(bits: int) -> int:
    return bin(bits).count("1")


@lru_cache(maxsize=64)
def _step_table(width: int, height: int) -> dict[int, list[int]]:
    """For each edge, the index of the cell across it (-1 off the grid)."""
    table = {}
    for bit, (dr, dc) in STEP.items():
        cells = []
        for row in range(height):
            for col in range(width):
                r, c = row + dr, col + dc
                cells.append(r * width + c if 0 <= r < height and 0 <= c < width else -1)
        table[bit] = cells
    return table


class Board:
    """One level's grid. Cells are addressed by a flat index: row * width + col."""

    __slots__ = ("width", "height", "exists", "paths", "content", "face", "growable", "_steps")

    def __init__(self, width: int, height: int, exists: list[bool], paths: list[int],
                 content: list[Card | None], face: list[int], growable: bool = False) -> None:
        self.width = width
        self.height = height
        self.exists = exists  # False where the map has no card at all
        self.paths = paths
        self.content = content  # a Card on the cell, or None for a plain pathing tile
        self.face = face
        self.growable = growable  # the classic game lays new cards as heroes explore
        self._steps = _step_table(width, height)  # geometry only: shared by every clone

    def clone(self) -> Board:
        if self.growable:
            return Board(self.width, self.height, list(self.exists), list(self.paths),
                         list(self.content), list(self.face), True)
        # A story map's cells and paths never change during play (the mole copies before
        # digging), so they are shared.
        return Board(self.width, self.height, self.exists, self.paths, list(self.content),
                     list(self.face))

    def card_on(self, index: int) -> Card:
        """The card on a cell the caller knows holds one (a trap sprung, an exit reached)."""
        card = self.content[index]
        assert card is not None, f"no card on cell {index}"
        return card

    def index(self, row: int, col: int) -> int:
        return row * self.width + col

    def cell(self, index: int) -> tuple[int, int]:
        return divmod(index, self.width)

    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.height and 0 <= col < self.width

    def neighbour(self, index: int, bit: int) -> int | None:
        """The cell next to `index` across edge `bit`, if the map has one there."""
        other = self._steps[bit][index]
        return other if other >= 0 and self.exists[other] else None

    def at_edge(self, index: int, bit: int) -> bool:
        """True if edge `bit` of `index` is the border of the whole grid (the map's or the
        table's edge), not just a cell the map has no card on."""
        return self._steps[bit][index] < 0

    def around(self, index: int) -> list[int]:
        """The cells next to `index` that the map has, walls or not."""
        steps, exists = self._steps, self.exists
        return [other for other in (steps[N][index], steps[E][index], steps[S][index],
                                    steps[W][index]) if other >= 0 and exists[other]]

    def connected(self, index: int, bit: int) -> int | None:
        """The neighbour reachable across `bit`: both cells must have a path on that edge."""
        paths = self.paths
        if not paths[index] & bit:
            return None
        other = self._steps[bit][index]
        if other < 0 or not self.exists[other] or not paths[other] & OPPOSITE[bit]:
            return None
        return other

    def adjacent(self, index: int) -> list[int]:
        """Every cell connected to `index` by matching paths (the rulebook's adjacent tiles)."""
        # Board.connected, inlined for the four edges: this runs in every combat check.
        paths, steps, exists = self.paths, self._steps, self.exists
        here = paths[index]
        out = []
        for bit in (N, E, S, W):
            if here & bit:
                other = steps[bit][index]
                if other >= 0 and exists[other] and paths[other] & OPPOSITE[bit]:
                    out.append(other)
        return out

    def region(self, starts: list[int]) -> list[int]:
        """The revealed cells a hero can walk to from `starts` along matching paths (whoever
        stands on them: enemies can be fought, heroes move on)."""
        face = self.face
        seen = set(starts)
        todo = list(starts)
        while todo:
            for other in self.adjacent(todo.pop()):
                if other not in seen and face[other] == REVEALED:
                    seen.add(other)
                    todo.append(other)
        return sorted(seen)

    def open_ends(self, start: int) -> tuple[bool, bool]:
        """Where the paths of the revealed cells a hero can walk to from `start` lead: to a
        face-down card (the search stops at the first), and to an empty place where a growing
        table would lay a new card. Paths off the grid lead nowhere."""
        face, steps, exists, paths = self.face, self._steps, self.exists, self.paths
        growable = self.growable
        empty = False
        seen = {start}
        todo = [start]
        while todo:
            here = todo.pop()
            for bit in (N, E, S, W):
                if not paths[here] & bit:
                    continue
                other = steps[bit][here]
                if other < 0 or other in seen:
                    continue
                if not exists[other]:
                    empty = empty or growable
                    continue
                if face[other] == FACE_DOWN:
                    return True, empty
                if face[other] == REVEALED and paths[other] & OPPOSITE[bit]:
                    seen.add(other)
                    todo.append(other)
        return False, empty

    def within_reach(self, starts: list[int]) -> set[int]:
        """The face-down cards a hero standing on one of `starts` could still come to: one a
        path of a tile they can walk to leads to, one beside such a card (flipped, it may show
        a path on any side), a revealed tile with a path into one of those, and so on. What
        lies under a face-down card is not looked at."""
        face, steps, exists, paths = self.face, self._steps, self.exists, self.paths
        seen = set(starts)
        todo = list(starts)
        while todo:
            here = todo.pop()
            hidden = face[here] == FACE_DOWN
            for bit in (N, E, S, W):
                if not hidden and not paths[here] & bit:
                    continue
                other = steps[bit][here]
                if other < 0 or not exists[other] or other in seen:
                    continue
                if face[other] == FACE_DOWN or (
                        face[other] == REVEALED and paths[other] & OPPOSITE[bit]):
                    seen.add(other)
                    todo.append(other)
        return {i for i in seen if face[i] == FACE_DOWN}

    def face_down_from(self, cells: list[int]) -> list[int]:
        """The face-down cards that a path of one of `cells` leads to: those that can be
        flipped from there. Sorted, each once."""
        face, steps, exists, paths = self.face, self._steps, self.exists, self.paths
        out = set()
        for index in cells:
            for bit in (N, E, S, W):
                if paths[index] & bit:
                    other = steps[bit][index]
                    if other >= 0 and exists[other] and face[other] == FACE_DOWN:
                        out.add(other)
        return sorted(out)

    def reveal(self, index: int) -> list[int]:
        """Turn a cell face up; return the cells that became face-down cards because of it."""
        face, steps, exists = self.face, self._steps, self.exists
        face[index] = REVEALED
        here = self.paths[index]
        placed = []
        for bit in (N, E, S, W):
            if here & bit:
                other = steps[bit][index]  # Board.neighbour, inlined
                if other >= 0 and exists[other] and face[other] == UNSEEN:
                    face[other] = FACE_DOWN
                    placed.append(other)
        return placed
