"""First-time tips for Table Dungeon: one line in the log the first time the person at the
keyboard meets a situation a newcomer would not know what to do with: the first enemy to lay a
card against, the first XP move a royal buys (loot traded for a better card), the first level
up's sorting, the first item to use. Each is shown once per player (services.settings keeps
which were seen) and Settings turns them all off. A tip reads the view and the choices open
now, and names only those."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engine.tabledungeon import Action, View
from services.settings import take_tip

ENEMY = "tabledungeon.enemy"
ROYAL = "tabledungeon.royal"
LEVEL = "tabledungeon.level"
ITEM = "tabledungeon.item"


def tips(view: View, choices: Sequence[Action]) -> list[Text]:
    """The tips for the keyboard seat's choices now that this player has not seen yet (none
    while it is not their turn: `choices` is then empty)."""
    kinds = {action.kind for action in choices}
    said = []
    if "play" in kinds and view.enemy is not None and take_tip(ENEMY):
        said.append("Tip: lay one card face down against the enemy (its number key). Spades, "
                    "clubs and diamonds attack; a heart heals you; a royal gives up loot for "
                    "an XP move. If the enemy is beaten, the lowest card takes the loot.")
    if "use" in kinds and take_tip(ITEM):
        said.append("Tip: an item of yours can be used now, before you lay a card; it then "
                    "leaves the game. Items score no points.")
    if "decline" in kinds and view.waiting_for == "royal" and take_tip(ROYAL):
        said.append("Tip: your royal traded the loot for one XP move: a strong XP card to "
                    "your discard pile (soon in your hand), the top XP card to the bottom, a "
                    "card from your hand under the XP pile, or no move.")
    if view.waiting_for == "level" and choices and take_tip(LEVEL):
        said.append("Tip: a level up: sort your top XP cards one by one, each to your "
                    "discard pile (soon in your hand) or to the bottom of the XP pile.")
    return [Text(line, style="italic") for line in said]
