"""The map file format's fixed facts: its version, limits, glyphs, and the order of its fields.

docs/map-format.md explains all of this for authors; schemas/map.schema.json checks the shape.
"""

from __future__ import annotations

from engine.core.files import project_folder

FORMAT_VERSION = 1

# Where the schema lives: schemas/ at the top of the project (or installed beside it, under
# share/cardrogue/ as pyproject.toml's data-files say).
SCHEMA_PATH = project_folder("schemas", "cardrogue") / "map.schema.json"

# A file bigger than this is refused before it is parsed. The largest map the limits allow
# (50 levels of 128x128 cells with full story texts) stays well under it.
MAX_FILE_BYTES = 8 * 1024 * 1024

MAX_WIDTH = 128
MAX_HEIGHT = 128
MAX_LEVELS = 50
MAX_STORY = 20_000
# Lists and tables; the schema has the same numbers, and lint looks no further than these.
MAX_ITEMS = 20
MAX_STOCK = 40
MAX_GOALS = 10
MAX_LEGEND = 200

# "Nothing here", in either grid. A space means the same, but editors strip spaces at the ends
# of lines, so the writer puts this glyph wherever a row would end in spaces.
EMPTY_GLYPH = "\u00b7"  # middle dot
BLANKS = frozenset((" ", EMPTY_GLYPH))

EXITS = ("ladder", "start")
KINDS = ("campaign", "challenge")

# The order the writer puts fields in. Unknown fields (only in invalid documents) go last.
TOP_ORDER = ("format_version", "kind", "title", "author", "description", "difficulty", "seed",
             "levels")
LEVEL_ORDER = (
    "id", "title", "story", "epilogue", "hints", "character", "characters", "health", "gold",
    "items", "goals", "exit", "seed", "par", "paths", "cells", "potion_identity", "legend",
)
GOAL_ORDER = ("kind", "card")
# A legend table's own fields; every other field overrides the card's numbers.
LEGEND_FIELDS = ("card", "colour", "revealed", "stock")
GRID_FIELDS = ("paths", "cells")
