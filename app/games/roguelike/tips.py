"""First-time tips for Rogue Like Roguelike: one line in the log the first time a player meets
a situation a newcomer would not know what to do with: the first room, a monster, a trap, a
chasm or cliff (on the first level, one with a way round it), a locked door, hit points running
low (there is no resting). Each is shown once per player (services.settings keeps which were
seen) and Settings turns them all off. A tip names only keys for actions the game allows now."""

from __future__ import annotations

from rich.text import Text

from app.games.roguelike.words import door_name, low_hp
from engine.roguelike import DoorView, View
from services.settings import take_tip

START = "roguelike.start"
MONSTER = "roguelike.monster"
TRAP = "roguelike.trap"
CROSSING = "roguelike.crossing"
WAY_ROUND = "roguelike.way_round"
LOCKED = "roguelike.locked"
HURT = "roguelike.hurt"


def tips(view: View) -> list[Text]:
    """The tips for where the rogue is now that this player has not seen yet."""
    kinds = {action.kind for action in view.legal}
    said = []
    if view.outcome is None and view.level == 1 and take_tip(START):
        said.append("Tip: an arrow opens the door on that side of the room and goes through "
                    "it; Enter lists all you can do now, and F1 the rules. A monster too "
                    "strong for you may be sneaked past (n) rather than fought.")
    if view.place.monsters and "attack" in kinds and take_tip(MONSTER):
        dice = dict(view.skills)
        ways = [f"f stabs it (Stab {dice.get('stab', 0)}d6)"]
        if "sneak" in kinds:
            ways.append(f"n sneaks past (Stealth {dice.get('stealth', 0)}d6; if that fails, "
                        "it attacks)")
        if "flee" in kinds:
            ways.append(f"r runs back the way you came (Run {dice.get('run', 0)}d6)")
        said.append(f"Tip: a monster: {', '.join(ways)}.")
    if {"disable", "spring"} & kinds and take_tip(TRAP):
        said.append("Tip: a trap: d tries to disable it, w walks on and lets it spring.")
    round_door = way_round(view, kinds)
    if round_door is not None and take_tip(WAY_ROUND):
        said.append(way_round_tip(view, round_door))
    elif {"cross", "climb"} & kinds and take_tip(CROSSING):
        said.append("Tip: a chasm or a cliff: c crosses it, with a roll that can end in a "
                    "fall; a door back may be the safer way round.")
    if {"pick", "force"} & kinds and take_tip(LOCKED):
        said.append(locked_tip(view, kinds))
    if view.outcome is None and low_hp(view) and take_tip(HURT):
        said.append(hurt_tip(view, kinds))
    return [Text(line, style="italic") for line in said]


def locked_tip(view: View, kinds: set[str]) -> str:
    """What a door's arrow does to a locked door (play.door_action: pick, else force)."""
    if "pick" not in kinds:
        return "Tip: a locked door: its arrow forces it, with a Stab check."
    force = "; Enter also offers to force it, with a Stab check" if "force" in kinds else ""
    return (f"Tip: a locked door: its arrow picks the lock (a failed pick may break one of "
            f"your {view.lockpicks} lockpicks){force}.")


def hurt_tip(view: View, kinds: set[str]) -> str:
    """Hit points do not come back by resting in this game: say what brings them back, and
    which of it the rogue can do here."""
    potion = any(a.kind == "use" and a.item is not None and a.item < len(view.items)
                 and "potion" in view.items[a.item].item for a in view.legal)
    here = [what for allowed, what in (("eat" in kinds, "eat a corpse"),
                                       (potion, "drink a potion"),
                                       ("sneak" in kinds, "sneak past (n)"),
                                       ("flee" in kinds, "run back (r)"),
                                       ("descend" in kinds, "go down (>)")) if allowed]
    ways = " or ".join(filter(None, (", ".join(here[:-1]), here[-1]))) if here else ""
    now = f" Here you may {ways}." if here else ""
    return ("Tip: your hit points are low, and resting does not bring them back: food, a "
            f"healing potion, or going down a level (+1d6 each) does.{now}")


# The skill a crossing rolls, by the feature crossed (words for the tip, as SKILL_USES says).
CROSSING_SKILL = {"chasm": "jump", "cliff": "climb"}


def way_round(view: View, kinds: set[str]) -> DoorView | None:
    """A door the rogue may open on his side of a chasm or cliff still to cross (the first
    level draws one): the way round it."""
    if "cross" not in kinds:
        return None
    opening = {a.door for a in view.legal if a.kind in ("open", "pick", "force")}
    return next((door for door in view.place.doors if door.door in opening), None)


def way_round_tip(view: View, door: DoorView) -> str:
    feature = view.place.feature
    skill = CROSSING_SKILL.get(feature, "jump")
    dice = dict(view.skills).get(skill, 0)
    return (f"Tip: this {feature} has a way round it: {door_name(door, view.place.doors)} is "
            f"on your side. c tries to cross ({skill.capitalize()} {dice}d6; a fall hurts "
            f"badly), and the other doors are beyond it.")
