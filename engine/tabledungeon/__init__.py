"""Table Dungeon: the card-deck dungeon crawl for 2 to 4 players, laid out like its rulebook.

    setup        SETUP and the class sheets (classes picked in turn order, the decks built)
    encounter    ENEMY ENCOUNTER and ENEMY'S EFFECTS (the enemy table is in data/rules.toml)
    play         PLAYERS' PLAY (cards laid face down, revealed, the fight settled)
    loot         DRAWING LOOT
    drawing      DRAWING FROM THE ACTION PILE
    levelling    LEVELING UP (and the XP pile moves a royal gives)
    ending       WIN/LOSE CONDITIONS
    state, view  the state, its contract API and what each seat may see
    runs         run files: record a game, verify a run by replaying it
    rules        the game contract: RULES.new_game, record, verify (registered in engine.games)
    policy       the computer player
"""

from engine.core.runs import MAX_SEED
from engine.tabledungeon.actions import Action
from engine.tabledungeon.cards import SUIT, is_royal, rank_name
from engine.tabledungeon.data import STATS
from engine.tabledungeon.data import load as load_data
from engine.tabledungeon.policy import LEVELS, choose
from engine.tabledungeon.rules import RULES, Rules
from engine.tabledungeon.state import GAME, RULES_VERSION, State
from engine.tabledungeon.view import ItemView, PlayerView, View, card_effect

# What the app reads (it imports this package, never the modules inside it).
__all__ = ["GAME", "LEVELS", "MAX_SEED", "RULES", "RULES_VERSION", "STATS", "SUIT", "Action",
           "ItemView", "PlayerView", "State", "Rules", "View", "card_effect", "choose", "is_royal", "load_data",
           "rank_name"]
