"""Mini Rogue's terms, in our own words: the help screen (F1 or ?) lists them beside the keys."""

from __future__ import annotations

from app.glossary import Term
from app.glossary import search as search_terms
from app.registry import Help

TERMS: tuple[Term, ...] = (
    Term("The delve", "You go down through 14 areas in 5 levels. Each area is a row of room "
     "columns: you take one room from each column, left to right. A level's last area ends "
     "with its boss. Beat the boss of level 5 and the Og's Blood is yours."),
    Term("Columns", "An area lays out four columns of one, two, one and two face-down rooms. When "
     "you reach a column its rooms turn face up and you pick one of them; the other is left "
     "behind."),
    Term("Delving", "After the last column you eat one ration and go down to the next area. With "
     "no food left you lose 2 health instead."),
    Term("Rank and dice", "You start at rank 1 with one attack die. XP earns ranks: 6 XP for rank "
     "2, 12 more for rank 3, 18 more for rank 4. Each rank adds a die. At rank 4 any XP you "
     "would gain gives 1 health instead. Losing XP can cost a rank."),
    Term("Skill check", "One die against your rank: a roll at most your rank passes. A passed "
     "check lets you slip past a trap, or move an event's roll by one either way."),
    Term("Attack", "You roll all your dice. A 1 misses. A 6 is a critical: you may roll it again "
     "and add the new roll, but a 1 on that roll loses the whole die. Then you strike: the "
     "dice's total comes off the foe's health."),
    Term("Feat", "Once per die in each attack you may roll any die again, even a miss, paying 2 "
     "health or 1 XP; health paid down to 0 ends the delve. Roll your criticals "
     "again first: after a feat only that die's own 6 may be rolled again. On the dice line a "
     "die rolled again by a feat is marked *."),
    Term("Counter-attack", "A foe that survives your strike hits back for its damage, less one for "
     "each point of armour."),
    Term("Spells", "You hold at most two. After a strike you may cast one: Fireball deals 8, Ice "
     "stops the next counter-attack, Poison deals 5 now and 5 more at each later strike. "
     "Healing gives 8 health, in a fight or before you enter a room."),
    Term("Monster", "Its health is the area's number plus one die; its damage and XP depend on "
     "the level."),
    Term("Boss", "The last room of a level: fixed health and damage, and gold, XP and a treasure "
     "roll when it falls."),
    Term("Treasure", "1 gold, or 2 if you beat a monster earlier in this area; then a roll of 5 or "
     "6 finds an item: armour, a better weapon (+2 XP) or a spell."),
    Term("Merchant", "Buy rations, potions, armour and spells, or sell armour and spells back, as "
     "long as your gold lasts. Leave when you are done."),
    Term("Camp", "The resting room. Pick one: sharpen your weapon (+1 XP), forage (+1 food) or sleep (+2 "
     "health)."),
    Term("Event", "A die decides what you find: food, a potion, gold, a whetstone, armour, or a "
     "wandering monster. A passed skill check lets you move the roll by one."),
    Term("Trap", "A die decides the trap; a passed skill check avoids it. A penalty you cannot pay "
     "costs 2 health instead. The pit drops you to the area below."),
    Term("Dungeon Keys", "A variant: in each level you must enter at least one trap room to find "
     "the key, or the door at the end of the level stays shut and the delve ends there."),
    Term("Difficulty", "Casual, Normal, Hard and Impossible change what you start with. Harder "
     "starts score more: half the points on Casual, one and a half on Hard, double on "
     "Impossible."),
    Term("Score", "Points for each area reached, each boss and monster beaten, what you carry out "
     "(health, gold, food, armour, spells), your rank, and 100 for the Og's Blood, scaled by "
     "the difficulty."),
    Term("Daily dungeon", "Every day has its own dungeon, the same for every player, with its own "
     "board. A seed you type gives a dungeon you can share: the same seed, difficulty and "
     "variant deal the same rooms and rolls."),
    Term("No undo", "Chance decides: every roll stands, so there is no way to take a choice back."),
)


def search(query: str) -> list[Term]:
    """The terms matching `query`, best first (all of them, in order, for an empty query)."""
    return search_terms(query, TERMS)


HELP = Help(search)
