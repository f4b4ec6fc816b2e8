"""Mini Rogue's rules, laid out like its rulebook: the dungeon (dungeon.py), character stats
(character.py), experience and ranks (experience.py), skill checks (skill.py), the turn sequence
(turn.py), the room cards (rooms.py, items.py), combat (combat.py), feats (feats.py), spells
(spells.py), the end of the game (ending.py) and the score (scoring.py). Numbers live in
data/rules.toml. `RULES` is the entry point of the game contract."""

from engine.minirogue.actions import Action
from engine.minirogue.boards import archive_board, board_title, daily_board, daily_day, seed_board
from engine.minirogue.daily import daily_seed
from engine.minirogue.options import setup_problem
from engine.minirogue.rules import RULES, Rules
from engine.minirogue.runs import GAME, Run, figures, record, record_run, run_from_dict, verify
from engine.minirogue.state import RULES_VERSION, State
from engine.minirogue.tables import DIFFICULTIES
from engine.minirogue.view import View

__all__ = ["DIFFICULTIES", "GAME", "RULES", "RULES_VERSION", "Action", "Rules", "Run", "State",
           "View", "archive_board", "board_title", "daily_board", "daily_day", "daily_seed", "figures", "record", "record_run", "run_from_dict",
           "seed_board", "setup_problem", "verify"]
