"""Story maps in memory: what the author fixed for every level.

The map file format (TOML, see docs/map-format.md) is read into these values; tests build them
straight from small text grids with `level_from_grids`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.cardrogue.board import GLYPH_PATHS

POTION_COLOURS = ("red", "blue", "green", "yellow", "purple", "white")
# A potion's identity is found by a die roll: the rulebook's faces 1-6.
POTION_EFFECTS = ("healing", "poison", "strength", "weakness", "teleport", "paralysis")
GOAL_KINDS = ("slay", "boss", "chest", "debt", "hold")
# Cell glyphs every map understands without a legend entry.
BUILTIN_GLYPHS = {".": "path", "@": "start", ">": "ladder"}


@dataclass(frozen=True, slots=True)
class Goal:
    """A level goal besides reaching the exit. `card` names the enemy or item for slay/hold."""

    kind: str
    card: str | None = None

    def describe(self) -> str:
        if self.kind == "slay":
            return f"slay {self.card}"
        if self.kind == "hold":
            return f"hold {self.card}"
        return {"boss": "slay a boss", "chest": "open the chest", "debt": "buy the shopkeeper's debt"}[self.kind]


@dataclass(frozen=True)
class LevelSpec:
    id: str
    width: int
    height: int
    paths: tuple[int, ...]  # flat, row-major: open edges of each cell
    cards: tuple[str | None, ...]  # flat: card id on each cell, None where the map has no card
    revealed: frozenset[int] = frozenset()  # cells face up from the start (the start always is)
    colours: dict[int, str] = field(default_factory=dict)  # potion cell -> colour
    stock: dict[int, tuple[str, ...]] = field(default_factory=dict)  # shop cell -> card ids
    goals: tuple[Goal, ...] = ()
    exit: str = "ladder"  # "ladder", or "start" on the last level
    characters: tuple[str, ...] = ()  # allowed characters; empty means any
    health: int | None = None  # starting health (None: carry over, or the character's max)
    gold: int | None = None
    items: tuple[str, ...] = ()  # card ids added to the hand when the level starts
    seed: int | None = None  # overrides the map seed for this level's dice
    par: int | None = None
    potion_identity: dict[str, str] | None = None  # colour -> effect, fixed by the author
    title: str = ""
    story: str = ""  # shown before the level; always displayed literally, never as markup
    epilogue: str = ""  # shown after the level is complete
    hints: tuple[str, ...] = ()  # lines for the log as the level starts; shown literally

    def start_cell(self) -> int:
        starts = [i for i, c in enumerate(self.cards) if c == "start"]
        if len(starts) != 1:
            raise ValueError(f"level {self.id!r} needs exactly one start, found {len(starts)}")
        return starts[0]


@dataclass(frozen=True)
class MapSpec:
    levels: tuple[LevelSpec, ...]
    seed: int = 0
    title: str = ""
    kind: str = "challenge"  # "campaign" or "challenge"
    author: str = ""
    description: str = ""
    difficulty: str = ""  # the author's rating ("easy" to "expert"), or "" if unrated
    custom_cards: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    # custom card id -> (standard card id, overridden values)

    @property
    def total_par(self) -> int | None:
        """The par of the whole map: the sum of the levels' pars, when every level states one."""
        pars = [level.par for level in self.levels]
        return sum(p for p in pars if p is not None) if pars and None not in pars else None


def grid_rows(text: str) -> list[str]:
    """Split a multi-line grid string into rows (one leading newline is not a row)."""
    rows = text.split("\n")
    if rows and rows[0] == "":
        rows = rows[1:]
    if rows and rows[-1] == "":
        rows = rows[:-1]
    return rows


def level_from_grids(level_id: str, paths: str, cells: str, legend: dict[str, Any] | None = None,
                     **fields: Any) -> tuple[LevelSpec, dict[str, tuple[str, dict[str, Any]]]]:
    """Build a level from a paths grid, a cells grid and a legend.

    A legend value is a card id, or a table {card = id, colour, revealed, stock, and overridden
    numbers}. Returns the level and the custom cards its legend defines. Raises ValueError on
    malformed input; the map linter reports the same problems in more detail.
    """
    legend = dict(legend or {})
    prows, crows = grid_rows(paths), grid_rows(cells)
    height = len(crows)
    width = max((len(r) for r in crows), default=0)
    if len(prows) != height or any(len(r) != width for r in crows + prows):
        raise ValueError(f"level {level_id!r}: the paths and cells grids must have equal rows")
    flat_paths: list[int] = []
    flat_cards: list[str | None] = []
    revealed, colours, stock = set(), {}, {}
    custom: dict[str, tuple[str, dict[str, Any]]] = {}
    for row in range(height):
        for col in range(width):
            index = row * width + col
            glyph = crows[row][col]
            path_glyph = prows[row][col]
            if path_glyph not in GLYPH_PATHS:
                raise ValueError(f"level {level_id!r} ({row}, {col}): {path_glyph!r} is not a path glyph")
            flat_paths.append(GLYPH_PATHS[path_glyph])
            if glyph == " ":
                flat_cards.append(None)
                continue
            entry = legend.get(glyph, BUILTIN_GLYPHS.get(glyph))
            if entry is None:
                raise ValueError(f"level {level_id!r} ({row}, {col}): glyph {glyph!r} has no legend entry")
            if isinstance(entry, str):
                flat_cards.append(entry)
                continue
            entry = dict(entry)
            card = entry.pop("card", None)
            if not card:
                raise ValueError(f"level {level_id!r} ({row}, {col}): the legend entry for "
                                 f"{glyph!r} names no card")
            if entry.pop("revealed", False):
                revealed.add(index)
            if "colour" in entry:
                colours[index] = entry.pop("colour")
            if "stock" in entry:
                stock[index] = tuple(entry.pop("stock"))
            if entry:  # what is left overrides the standard card's numbers
                custom_id = f"{level_id}:{glyph}"
                custom[custom_id] = (card, entry)
                card = custom_id
            flat_cards.append(card)
    spec = LevelSpec(level_id, width, height, tuple(flat_paths), tuple(flat_cards),
                     frozenset(revealed), colours, stock, **fields)
    return spec, custom


def map_from_levels(levels: list[tuple[LevelSpec, dict[str, tuple[str, dict[str, Any]]]]], seed: int = 0, **fields: Any) -> MapSpec:
    custom: dict[str, tuple[str, dict[str, Any]]] = {}
    for _, level_custom in levels:
        custom.update(level_custom)
    return MapSpec(tuple(level for level, _ in levels), seed, custom_cards=custom, **fields)

# What a shop sells when the author lists no stock: the rulebook's shop cards, one each.
DEFAULT_SHOP_STOCK = (
    "sword", "dagger", "battle_axe", "maul", "helm", "chestplate", "boots", "hasty_boots",
    "shield", "shadow_cape", "vision_lens", "scroll_identify", "scroll_move_adjacent",
    "scroll_poison_heals", "scroll_remove_cursed", "scroll_max_health", "potion",
    "shopkeeper_debt",
)
