"""Rogue Like Roguelike: the pen-and-paper roguelike whose Dungeon Master draws the dungeon as the
rogue explores it. The computer plays the Dungeon Master; every choice the rulebook leaves to a
person is made by a written, seeded policy (docs/rules-decisions.md).

Laid out like the rulebook:

    tables.py         every table of the rulebook, read from data/tables.toml
    character.py      character creation and the skill dice pools (skill checks)
    paper.py          the Dungeon Master's copy of a level: squares, places, doors, landmarks
    setting_up.py     the sheet of paper: the first room, the stairs, the terminal and the shop
    dungeon_master.py doors, corridors, rooms, secret doors and the special features
    encounters.py     encounters, monsters and traps per level letter E to A
    loot.py           loot, its status and colours, the Amulet of Yendor and its fake
    shops.py          shop stock and prices
    levelling.py      levelling up
    actions.py        the rogue's actions, parsed strictly
    game.py           the game and its actions (the State)
    runs.py           run documents: recording a game, verifying a run
    rules.py          the Rules object of the game contract (engine/core/contract.py)
"""

from engine.core.runs import MAX_SEED
from engine.roguelike.actions import RogueAction
from engine.roguelike.character import skill_names
from engine.roguelike.game import LEGEND, RogueState, RogueView
from engine.roguelike.rules import RULES, RoguelikeRules
from engine.roguelike.runs import record as record_run

# What the app may use: it imports this package, never the modules inside it.
__all__ = ["LEGEND", "MAX_SEED", "RULES", "RogueAction", "RogueState", "RogueView", "RoguelikeRules",
           "record_run", "skill_names"]
