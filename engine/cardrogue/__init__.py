"""Card Rogue's rules, laid out like the rulebook: board, turn, combat, effects, tiles, items,
characters, goals, players. `State` is the public entry point, and `State.view(seat)` what a
screen draws.

Import these names from `engine.cardrogue`, never from the modules inside it: the rules modules
are private to the package. The solver, run records and map identities are imported on first
use (see engine/core/exports.py)."""

from typing import TYPE_CHECKING

from engine.cardrogue.actions import DIRECTIONS, Action
from engine.cardrogue.board import (
    DIRECTION_BITS,
    FACE_DOWN,
    GLYPH_PATHS,
    OPPOSITE,
    PATH_GLYPHS,
    REVEALED,
    STEP,
    UNSEEN,
    E,
    N,
    S,
    W,
)
from engine.cardrogue.cards import (
    CARD_TYPES,
    OVERRIDABLE,
    SLOTS,
    CardDef,
    Catalog,
    CharacterDef,
    standard_catalog,
)
from engine.cardrogue.decisions import Decision, Pick, Respawn, Teleport
from engine.cardrogue.level import (
    BUILTIN_GLYPHS,
    Goal,
    LevelSpec,
    MapSpec,
    grid_rows,
    level_from_grids,
    map_from_levels,
)
from engine.cardrogue.players import KEEP_GOLD
from engine.cardrogue.state import RULES_VERSION, State, replay
from engine.cardrogue.view import (
    CARD_ACTIONS,
    CardUse,
    CardView,
    CellView,
    EnemyView,
    GoalView,
    HeroView,
    PendingView,
    PickDecision,
    RespawnDecision,
    ShopView,
    SlotView,
    StepView,
    TeleportDecision,
    UseView,
    View,
    WareView,
    shop_view,
    step_view,
)
from engine.core.exports import lazy_exports

if TYPE_CHECKING:
    from engine.cardrogue.identity import map_id, share_code
    from engine.cardrogue.policy import LEVELS as COMPUTER_LEVELS
    from engine.cardrogue.policy import Sight, computer_move, sight
    from engine.cardrogue.rules import RULES
    from engine.cardrogue.runs import GAME, Run, Verified, parse_run, read_run, run_from_dict
    from engine.cardrogue.runs import record as record_run
    from engine.cardrogue.runs import start as start_run
    from engine.cardrogue.runs import verify as verify_run
    from engine.cardrogue.solver import Search, search

__getattr__ = lazy_exports(__name__, {
    "engine.cardrogue.identity": ("map_id", "share_code"),
    "engine.cardrogue.policy": ("COMPUTER_LEVELS=LEVELS", "Sight", "computer_move", "sight"),
    "engine.cardrogue.rules": ("RULES",),
    "engine.cardrogue.runs": ("GAME", "Run", "Verified", "parse_run", "read_run", "run_from_dict",
                              "record_run=record", "start_run=start", "verify_run=verify"),
    "engine.cardrogue.solver": ("Search", "search"),
})

__all__ = [
    "COMPUTER_LEVELS", "DIRECTIONS", "RULES", "Sight", "computer_move", "sight", "Action", "Run", "parse_run", "read_run", "run_from_dict",
    "BUILTIN_GLYPHS", "CARD_ACTIONS", "CARD_TYPES", "CardUse", "Catalog", "CellView", "UseView",
    "DIRECTION_BITS", "FACE_DOWN", "GAME", "GLYPH_PATHS",
    "KEEP_GOLD", "OPPOSITE", "OVERRIDABLE", "PATH_GLYPHS", "REVEALED", "RULES_VERSION", "SLOTS",
    "STEP", "UNSEEN", "CardDef", "CardView", "CharacterDef", "Decision", "E", "EnemyView", "State",
    "View", "Goal", "GoalView", "HeroView", "LevelSpec", "MapSpec", "N", "PendingView",
    "Pick", "PickDecision", "Respawn", "RespawnDecision", "S", "Search", "ShopView", "SlotView",
    "StepView", "Teleport", "TeleportDecision", "Verified", "W", "WareView", "grid_rows",
    "level_from_grids", "map_from_levels", "map_id", "record_run", "replay", "search",
    "share_code", "shop_view", "step_view", "standard_catalog", "start_run", "verify_run",
]
