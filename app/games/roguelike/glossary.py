"""Rogue Like Roguelike's rules reference, in our own words: the help screen (F1 or ?) lists
these beside the keys. Numbers come from the rulebook as the engine's tables hold them."""

from __future__ import annotations

from rich.text import Text

from app.glossary import Term
from app.glossary import search as search_terms
from app.registry import Help

TERMS: tuple[Term, ...] = (
    Term("The goal", "Go down through ten levels of the dungeon and take the Amulet of Yendor "
         "from its chamber on the last one. Dying ends the game. Each level reached scores 100; "
         "the Amulet adds 1000.", ("score", "win", "amulet")),
    Term("Skills and dice", "Every skill is a pool of six-sided dice. You start with two "
         "skills of your choice at 2d6 and the rest at 1d6, and 6 hit points. To do something, "
         "you roll that skill's dice; every 5 or 6 is a success.", ("2d6", "pool", "success"),
         ("Difficulty",)),
    Term("Difficulty", "How many successes every roll needs on this level: 1 on levels 1 to 3, "
         "2 on 4 to 6, 3 on 7 to 9 and 4 on the tenth. Monsters roll as many dice as the "
         "Difficulty when they attack, and need as many successes to hit.",
         ("successes needed",)),
    Term("Level letters", "Monsters, traps and loot come in five letters, from E (weakest) to "
         "A. The side panel's \"Encounters E to D\" names the letters a room of this level can "
         "bring: the encounter roll is 1d6 plus the level number.", ("E", "A", "encounter")),
    Term("The map", "The Dungeon Master draws the level as you discover it. @ is you, . a "
         "room's floor, , a corridor, # a wall, + a closed door, = a locked one, ' an open one, "
         "x a false door, < and > the stairs, T the terminal, S the shop, A the Amulet's "
         "chamber.", ("legend", "glyphs")),
    Term("Doors", "An arrow key (or h j k l) picks the door on that side of the room you are "
         "in. Opening a new door, the Dungeon Master rolls a die: 5 or 6 means it is locked. A "
         "locked door can be picked (Lockpick; a failure breaks a lockpick) or forced (Stab; a "
         "failure costs only time). Behind a door is a corridor of 2d6 squares ending in a new door; some "
         "doors open onto bare rock. A door marked beyond is across a chasm or cliff: cross "
         "it first (c), or take a door on your side.", ("lock", "lockpick", "corridor", "beyond")),
    Term("Rooms", "Entering a new room, the Dungeon Master rolls its size (2d6 squares), its "
         "exits (1d6), its secret doors (1d6: 4 or 5 one, 6 two) and a special feature (2d6), "
         "then the encounters.", ("feature", "exits")),
    Term("Secret doors", "Search (s) rolls your Search skill to find the secret doors of the "
         "room you are in. Hacking a terminal (t) reveals them for every place already "
         "discovered.", ("search", "hack", "terminal")),
    Term("Fighting", "When monsters face you, stab one (f), sneak past (n, Stealth) or run back "
         "the way you came (r, Run). After your try, every monster still awake attacks. Thrown "
         "weapons, bows and wands are in the action menu (Enter).", ("monster", "attack",
                                                                      "flee", "sneak")),
    Term("Traps", "A trap in the room must be dealt with first: try to disable it (d, Disable "
         "Trap) or walk on and let it spring (w).", ("trap",)),
    Term("Hit points", "They do not come back by themselves. Potions, rations and eating "
         "edible creatures heal; a diseased creature can make you ill, and illness costs a hit "
         "point every few actions until cured.", ("hp", "disease", "eat")),
    Term("Levelling up", "Each new level gone down is a rogue level: raise two skills by 1d6 "
         "or one by 2d6 (at most 6d6), gain 1d6 hit points and choose a special ability.",
         ("level up", "ability")),
    Term("Shops", "The shop (S) sells a few rolled wares; it buys your things for a tenth of "
         "their price. A ware may be a mimic. You may attack the shopkeeper, a fearsome "
         "opponent (attack 4d, damage 4d, 50 hp): slain, he leaves his wares free for the "
         "taking.", ("buy", "sell", "mimic", "shopkeeper")),
    Term("Runs", "When the game ends, its run is saved in your runs folder; `cardrogue verify` "
         "replays it from the seed and checks the score.", ("run file", "verify", "seed")),
)


def search(query: str) -> list[Term]:
    """The terms matching `query`, best first (all of them, in order, for an empty query)."""
    return search_terms(query, TERMS)


def legend_text() -> Text:
    """The map's glyphs, one a line, for the help screen."""
    from engine.roguelike import LEGEND  # lazy: the title menu imports this module

    text = Text()
    for glyph, meaning in LEGEND:
        text.append(f"{glyph}  ", style="bold")
        text.append(f"{meaning}\n")
    text.rstrip()
    return text


HELP = Help(search, legend=legend_text)
