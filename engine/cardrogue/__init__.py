"""Card Rogue's rules, laid out like the rulebook: board, turn, combat, effects, tiles, items,
characters, goals, players. `Game` is the public entry point."""

from engine.cardrogue.decisions import Decision, Pick, Respawn, Teleport
from engine.cardrogue.game import RULES_VERSION, Game, replay
from engine.cardrogue.level import Goal, LevelSpec, MapSpec, level_from_grids, map_from_levels
from engine.cardrogue.players import KEEP_GOLD
from engine.cardrogue.view import (CardView, EnemyView, GameView, GoalView, HeroView,
                                   PendingView, PickDecision, RespawnDecision, ShopView, SlotView,
                                   StepView, TeleportDecision, WareView)

__all__ = [
    "KEEP_GOLD", "RULES_VERSION", "CardView", "Decision", "EnemyView", "Game", "GameView", "Goal",
    "GoalView", "HeroView", "LevelSpec", "MapSpec", "PendingView", "Pick", "PickDecision",
    "Respawn", "RespawnDecision", "ShopView", "SlotView", "StepView", "Teleport",
    "TeleportDecision", "WareView", "level_from_grids", "map_from_levels", "replay",
]
