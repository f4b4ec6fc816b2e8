"""First-time tips for Mini Rogue: one line in the log the first time a player meets a situation
a newcomer would not know what to do with: a feat on offer, a trap room to enter, a boss, an
empty food bag. Each is shown once per player (services.settings keeps which were seen) and
Settings turns them all off. A tip reads the view and names only choices the game offers now."""

from __future__ import annotations

from rich.text import Text

from engine.minirogue import View
from services.settings import take_tip
from services.words.minirogue import room_name

FEAT = "minirogue.feat"
TRAP = "minirogue.trap"
BOSS = "minirogue.boss"
HUNGRY = "minirogue.hungry"


def tips(view: View) -> list[Text]:
    """The tips for the delve as it stands now that this player has not seen yet."""
    kinds = {dict(action)["do"] for action in view.legal}
    said = []
    if view.foe is not None and view.foe.kind == "boss" and take_tip(BOSS):
        spells = " Your spells are best spent here: one may follow each strike." \
            if view.spells else ""
        said.append("Tip: a boss ends the level: beat it for gold, XP and a treasure roll, "
                    f"and go down to the next.{spells}")
    if "feat" in kinds and take_tip(FEAT):
        said.append("Tip: a feat rolls one die again, even a miss, for the price its choice "
                    "shows; Strike deals the dice as they stand.")
    if view.pending == "room" and trap_on_offer(view) and take_tip(TRAP):
        said.append(f"Tip: a {room_name('trap')} room rolls a trap; a skill check (one die "
                    "at most your rank) slips past it. A penalty you cannot pay costs health.")
    if view.outcome is None and view.food == 0 and take_tip(HUNGRY):
        said.append("Tip: out of food: going down to the next area now costs health "
                    f"instead. A {room_name('resting')} (forage), a {room_name('merchant')} "
                    f"or an {room_name('event')} may give food.")
    return [Text(line, style="italic") for line in said]


def trap_on_offer(view: View) -> bool:
    """A trap room is one of the rooms the player may enter now."""
    rooms = view.columns[view.column].rooms if view.column < len(view.columns) else ()
    return any(dict(action)["do"] == "enter" and rooms[dict(action)["row"]].room == "trap"
               for action in view.legal)
