"""Card Rogue's rules, laid out like the rulebook: board, turn, combat, effects, tiles, items,
characters, goals, players. `Game` is the public entry point."""

from engine.cardrogue.actions import DIRECTIONS, Action
from engine.cardrogue.game import RULES_VERSION, Game, replay
from engine.cardrogue.level import Goal, LevelSpec, MapSpec, level_from_grids, map_from_levels
from engine.cardrogue.players import KEEP_GOLD

__all__ = ["DIRECTIONS", "KEEP_GOLD", "RULES_VERSION", "Action", "Game", "Goal", "LevelSpec",
           "MapSpec", "level_from_grids", "map_from_levels", "replay"]
