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
    shops.py          shop stock and prices, buying and selling
    levelling.py      levelling up: the skills to raise and the special ability
    exploring.py      doors, corridors and rooms; searching and hacking for secret doors
    combat.py         fighting: attacks, missiles, wands, pets, sneaking past and fleeing
    traps.py          disabling and springing traps
    features.py       rooms' special features (chasm, cliff, altar, fountain) and eating
    items.py          using what the rogue carries
    spells.py         the spells of scrolls and spellbooks
    stairs.py         the stairs, returning to previous levels, and the Amulet
    actions.py        the rogue's actions, parsed strictly
    state.py          the State: what may be done now, and each action to its section
    view.py           what a screen may show (frozen values)
    runs.py           run documents: recording a game, verifying a run
    rules.py          the Rules object of the game contract (engine/core/contract.py)
"""

from engine.core.runs import MAX_SEED
from engine.roguelike.actions import Action
from engine.roguelike.character import skill_names
from engine.roguelike.rules import RULES, Rules
from engine.roguelike.runs import record as record_run
from engine.roguelike.state import State
from engine.roguelike.view import LEGEND, DoorView, View

# What the app may use: it imports this package, never the modules inside it.
__all__ = ["LEGEND", "MAX_SEED", "RULES", "Action", "DoorView", "State", "View", "Rules",
           "record_run", "skill_names"]
