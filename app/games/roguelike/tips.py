"""First-time tips for Rogue Like Roguelike: one line in the log the first time a player meets
a situation a newcomer would not know what to do with: the first room, a monster, a trap, a
chasm or cliff. Each is shown once per player (services.settings keeps which were seen) and
Settings turns them all off. A tip names only keys for actions the game allows now."""

from __future__ import annotations

from rich.text import Text

from engine.roguelike import View
from services.settings import take_tip

START = "roguelike.start"
MONSTER = "roguelike.monster"
TRAP = "roguelike.trap"
CROSSING = "roguelike.crossing"


def tips(view: View) -> list[Text]:
    """The tips for where the rogue is now that this player has not seen yet."""
    kinds = {action.kind for action in view.legal}
    said = []
    if view.outcome is None and view.level == 1 and take_tip(START):
        said.append("Tip: an arrow opens the door on that side of the room and goes through "
                    "it; Enter lists all you can do now, and F1 the rules. A monster too "
                    "strong for you may be sneaked past (n) rather than fought.")
    if view.place.monsters and "attack" in kinds and take_tip(MONSTER):
        ways = ["f stabs it"]
        if "sneak" in kinds:
            ways.append("n sneaks past (stealth against it)")
        if "flee" in kinds:
            ways.append("r runs back the way you came")
        said.append(f"Tip: a monster: {', '.join(ways)}.")
    if {"disable", "spring"} & kinds and take_tip(TRAP):
        said.append("Tip: a trap: d tries to disable it, w walks on and lets it spring.")
    if {"cross", "climb"} & kinds and take_tip(CROSSING):
        said.append("Tip: a chasm or a cliff: c crosses it, with a roll that can end in a "
                    "fall; a door back may be the safer way round.")
    return [Text(line, style="italic") for line in said]
