"""Small maps built in code for the app's tests.

The tutorial has two levels.

Level 1, "The [bold]Cellar" (the brackets are there to prove titles are never read as markup):

    O          O: an Ogre (a goblin with attack 30): flipping it and fighting is death
    @ $ r . >  @: start, $: shop (10 gold to spend), r: Sewer Rat, >: the ladder

Level 2, "The Well": the start and the ladder.

With the seed fixed, the fastest win is: flip E, move E (onto the shop), buy the Sword, equip
it, end the turn; flip E (the rat: combat), attack E (the rat dies: any roll does with the
Sword), move E, end; flip E, move E, end; flip E, move E (level 2); flip E, move E (won).
"""

from __future__ import annotations

from engine.cardrogue import MapSpec, level_from_grids, map_from_levels

STORY_1 = "The stairs creak. Somewhere below, a rat squeaks. [bold]Not bold[/bold], just brackets."
EPILOGUE_1 = "The cellar falls quiet behind you."
STORY_2 = "A well, and a ladder down its side."

# The key presses of the fastest win, for the pilot and tmux tests. "b" opens the shop and the
# shop's own keys buy the Sword (first in stock at 8 gold), then Escape closes it.
WIN_KEYS_LEVEL_1 = (
    ["right", "right", "b", "enter", "escape", "e", "space",
     "right", "right", "right", "space",
     "right", "right", "space",
     "right", "right"]
)
WIN_KEYS_LEVEL_2 = ["right", "right"]


def tutorial(seed: int = 1) -> MapSpec:
    cellar = level_from_grids(
        "cellar",
        """
╷    
└───╴
""",
        """
O    
@$r.>
""",
        {"$": {"card": "shop", "stock": ["sword", "helm", "potion"]}, "r": "sewer_rat",
         "O": {"card": "goblin", "name": "Ogre", "attack": 30, "health": 40}},
        gold=10, title="The [bold]Cellar", story=STORY_1, epilogue=EPILOGUE_1, par=14,
        characters=("warrior",),
    )
    well = level_from_grids("well", "╶╴", "@>", title="The Well", story=STORY_2, par=2)
    return map_from_levels([cellar, well], seed=seed, title="Tutorial", kind="challenge",
                           author="the tests")


def big_level(size: int = 64) -> MapSpec:
    """A size×size level of four-way tiles, all face up, the hero in the middle: for scrolling
    and the key-to-frame benchmark."""
    middle = size // 2
    paths = "\n".join("┼" * size for _ in range(size))
    rows = []
    for row in range(size):
        cells = ["."] * size
        if row == middle:
            cells[middle] = "@"
        if row == size - 1:
            cells[size - 1] = ">"
        rows.append("".join(cells))
    level = level_from_grids("big", paths, "\n".join(rows), {".": {"card": "path", "revealed": True}},
                             title="A big hall", characters=("warrior",))
    return map_from_levels([level], seed=3, title="Big hall", kind="challenge")


def lookout(seed: int = 1) -> MapSpec:
    """One row: the hero, an open path, a Goblin already face up two cells away (no fight
    yet), a face-down Sword and the ladder, face up. For look mode and the legend.

        @ . g s >
    """
    row = level_from_grids(
        "lookout", "╶───╴", "@.gs>",
        {".": {"card": "path", "revealed": True}, "g": {"card": "goblin", "revealed": True},
         "s": "sword", ">": {"card": "ladder", "revealed": True}},
        title="The Lookout", story="A long corridor.", characters=("warrior",),
    )
    return map_from_levels([row], seed=seed, title="Lookout", kind="challenge",
                           author="the tests")
