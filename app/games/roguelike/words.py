"""Rogue Like Roguelike in words: each event of the engine as the Dungeon Master's sentence,
and the names of skills, items, monsters and actions as a player reads them.

Everything here only words what the engine reported; no rule is worked out. Names come from
the engine's tables (snake_case) and are shown with spaces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from app.words import cap, plural
from engine.core import Event

CORNERS = {"NW": "top left", "NE": "top right", "SW": "bottom left", "SE": "bottom right"}
LANDMARKS = {"up": "the stairs up", "down": "the stairs down", "terminal": "a computer terminal",
             "shop": "a shop", "amulet": "the Amulet's chamber"}
FEATURES = {
    "empty": "nothing special", "monster_hq": "a monster headquarters", "chasm": "a chasm",
    "antimagic": "an antimagic field", "cliff": "a cliff", "cookstove": "a cookstove",
    "cells": "cells with a key", "altar": "an altar", "fountain": "a fountain",
}
DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}
ORDINAL = {1: "st", 2: "nd", 3: "rd"}
FALLS = {"chasm": "a fall into the chasm", "cliff": "a fall from the cliff"}


def name(text: str) -> str:
    """An engine name as words: "potion_of_healing" -> "potion of healing"."""
    return text.replace("_", " ")


# What each skill is rolled for in this game, for the skills screen (a newcomer picks two).
SKILL_USES = {  # short: a line of the skills list, at 80 columns, holds one whole
    "stab": "fight at hand (f); force a lock",
    "throw": "hit a monster with a thrown weapon",
    "archery": "shoot a monster with a bow",
    "jump": "leap across a chasm",
    "climb": "climb a cliff, or out of a chasm",
    "run": "flee a fight the way you came",
    "steal": "never rolled in this game",
    "lockpick": "pick a lock (a miss breaks a pick)",
    "disable_trap": "disarm a trap",
    "stealth": "sneak past monsters (n)",
    "hack": "a terminal shows secret doors",
    "magic": "zap a wand at a monster",
    "search": "find secret doors (s)",
}

PAIRS = {"speed_boots"}  # names of things that come in pairs: "a pair of speed boots"


def a_name(text: str) -> str:
    """An engine name as words with its article: "a fox", "an imp", "a unicorn" (said with a
    "y"), "a pair of speed boots"."""
    words = name(text)
    if text in PAIRS:
        return f"a pair of {words}"
    return f"{'an' if words[:1] in ('a', 'e', 'i', 'o') else 'a'} {words}"


def dice(faces: list[int]) -> str:
    """Dice as rolled: "[5 2 6]"."""
    return "[" + " ".join(str(face) for face in faces) + "]"


def feature(value: str) -> str:
    return FEATURES.get(value, name(value))


def action_label(action: dict[str, Any], view: Any) -> str:
    """A legal action (its stored form) as a line of a menu, naming doors, monsters and
    items as the view shows them."""
    kind = action["do"]
    if "door" in action:
        door = next((d for d in view.place.doors if d.door == action["door"]), None)
        where = door_name(door, view.place.doors) if door is not None else "a door"
        verb = {"open": "Open", "pick": "Pick the lock of", "force": "Force",
                "go": "Go through"}[kind]
        return f"{verb} {where} (door {door_number(action['door'])})"
    if "monster" in action:
        monster = view.place.monsters[action["monster"]]
        target = f"the {name(monster.name)} ({monster.hp} hp)"
        if kind == "attack":
            return f"Stab {target}"
        if kind == "befriend":
            return f"Try to befriend {target}"
        item = name(view.items[action["item"]].item)
        return f"{'Shoot or throw' if kind == 'shoot' else 'Zap'} the {item} at {target}"
    if kind == "use":
        return f"Use the {name(view.items[action['item']].item)}"
    if kind == "reveal":
        return f"Draw all of level {action['index']} from the terminal (Hackmaster)"
    if kind == "wear":
        return f"Take the regular cloak or boots as the {name(action['name'])}"
    if kind == "sell":
        return f"Sell the {name(view.items[action['item']].item)}"
    if kind == "buy":
        ware = view.place.stock[action["index"]]
        count = f"{ware.count} × " if ware.count > 1 else ""
        return f"Buy {count}{name(ware.item)} for {ware.price} gold"
    if kind == "eat":
        return f"Eat the {name(view.place.corpses[action['index']])}"
    if kind == "choose_skill":
        return f"Take {name(action['name'])} at 2d6"
    if kind == "raise":
        first, second = action["names"]
        if first == second:
            return f"Raise {name(first)} by 2d6"
        return f"Raise {name(first)} and {name(second)} by 1d6 each"
    if kind == "ability":
        return f"Learn {name(action['name'])}"
    return SIMPLE_ACTIONS.get(kind, name(kind))


SIMPLE_ACTIONS = {
    "search": "Search for secret doors", "hack": "Hack the terminal",
    "descend": "Go down the stairs", "ascend": "Go up the stairs",
    "take_amulet": "Take the Amulet of Yendor", "sneak": "Sneak past", "flee": "Run back the way you came",
    "disable": "Try to disable the trap", "spring": "Walk on and let the trap spring",
    "cross": "Cross the room (jump the chasm or climb the cliff)", "climb": "Climb out of the chasm",
    "pray": "Pray at the altar", "drink": "Drink from the fountain",
    "attack_shopkeeper": "Attack the shopkeeper (a fearsome opponent)",
}


def _rolls(log: list[dict[str, Any]]) -> list[str]:
    out = []
    for entry in log:
        table, roll = entry["table"], entry["roll"]
        if table in ("first_room_area", "room_area"):
            out.append(f"Rolling 2d6 for the room's size: {roll} squares.")
        elif table == "first_room_doors":
            out.append(f"Rolling 1d6 for its doors: {roll}, so {plural(entry['result'], 'door')}.")
        elif table == "room_exits":
            out.append(f"Rolling 1d6 for exits: {roll} ({entry['drawn']} drawn).")
        elif table == "features":
            out.append(f"Rolling 2d6 for a special feature: {roll}, {feature(entry['result'])}.")
        else:
            out.append(f"Rolling for {name(table)}: {roll}.")
    return out


def against(data: dict[str, Any]) -> str:
    """A pool roll's count against what it had to reach: "2 dice at 5 or more against 3
    needed"."""
    count = data["successes"]
    return (f"{count} {'die' if count == 1 else 'dice'} at {data['success_on']} or more "
            f"against {data['needed']} needed")


def _check(data: dict[str, Any]) -> str:
    skill = name(data["skill"])
    verdict = "success" if data["passed"] else "failure"
    rolled = dice(data["reroll"] if "reroll" in data else data["dice"])
    text = f"You roll {skill}: {rolled}, {against(data)}: {verdict}."
    if "reroll" in data:
        text += f" (Luck: rolled again after {dice(data['dice'])}.)"
    return text


def _encounter(data: dict[str, Any]) -> str:
    if data.get("ignored"):
        return f"Rolling 1d6 + level for encounters: {data['roll']}, odd on a return: nothing."
    parts = [f"{count} {letter} level {kind}{'s' if count > 1 else ''}"
             for count, letter, kind in data["parts"]]
    return f"Rolling 1d6 + level for encounters: {data['roll']}: {', '.join(parts)}."


def _entered(data: dict[str, Any]) -> str:
    if data["kind"] == "corridor":
        text = "You walk along the corridor."
    else:
        text = "You step into a room"
        if data.get("feature") not in (None, "", "empty"):
            text += f" with {feature(data['feature'])}"
        text += "."
    sights = [LANDMARKS.get(mark, name(mark)) for mark in data["landmarks"]]
    if sights:
        text += " Here: " + ", ".join(sights) + "."
    return text


def _loot(data: dict[str, Any]) -> str:
    if data["name"] == "gold":
        return f"{data['letter']} level loot (roll {data['roll']}): gold."
    status = "" if data.get("status") in (None, "unknown") else f" ({data['status']})"
    roll = f" (roll {data['roll']})" if "roll" in data else ""  # none for unidentified magic
    return f"{data['letter']} level loot{roll}: {a_name(data['name'])}{status}."


SENTENCES: dict[str, Callable[[dict[str, Any]], str | list[str]]] = {
    "skill_chosen": lambda d: f"You are good at {name(d['skill'])}: {d['dice']}d6.",
    "level": lambda d: [f"The Dungeon Master sets up level {d['level']}: you start in the "
                        f"{CORNERS.get(d['corner'], d['corner'])} corner, by the stairs up.",
                        *_rolls(d["rolls"])],
    "entered": _entered,
    "door_tried": lambda d: f"The Dungeon Master rolls for the door: {d['roll']}, "
                            f"{'locked' if d['locked'] else 'it opens'}.",
    "false_door": lambda _: "Behind the door: bare rock. A false door.",
    "corridor": lambda d: f"Rolling 2d6 for the corridor: {d['roll']} squares "
                          f"({d['drawn']} drawn), ending in a new door.",
    "room": lambda d: _rolls(d["rolls"]),
    "encounter": _encounter,
    "monster": lambda d: f"{d['letter']} level monster (roll {d['roll']}): "
                         f"{a_name(d['name'])} with {d['hp']} hp.",
    "trap": lambda d: f"{d['letter']} level trap (roll {d['roll']}): {a_name(d['name'])}.",
    "loot": _loot,
    "shop": lambda d: f"The shopkeeper shows {plural(d['wares'], 'ware')}.",
    "gold_taken": lambda d: f"You pocket {d['gold']} gold ({d['total']} in all).",
    "item_taken": lambda d: f"You take the {name(d['item'])}.",
    "garment_chosen": lambda d: f"You make the regular cloak or boots your {name(d['item'])}.",
    "shopkeeper_attacked": lambda d: "You attack the shopkeeper, and he comes round his counter to fight.",
    "shop_unguarded": lambda d: f"The shop is unguarded: what it holds ({plural(d['wares'], 'ware')}) "
                                "is yours for nothing, and nobody is left to buy from you.",
    "amulet_found": lambda d: f"On level {d['level']} you lift the Amulet of Yendor!",
    "check": _check,
    "lockpick_broken": lambda d: f"A lockpick breaks ({d['left']} left).",
    "hurt": lambda d: (f"The {name(d['by']).removeprefix('the ')} hurts you"
                       + (f" {dice(d['dice'])}" if d.get("dice") else "")
                       + f": {d['damage']} damage, {d['hp']} hp left."),
    "healed": lambda d: f"The {name(d['by'])} heals {d['amount']}: {d['hp']} hp.",
    "secret_doors_found": lambda d: (f"You find {plural(len(d['doors']), 'secret door')}."
                                     if d["doors"] else "No secret door shows itself."),
    "hidden_way_found": lambda d: f"The shifting dungeon opens a way: {LANDMARKS[d['landmark']]}.",
    "map_revealed": lambda d: f"The terminal shows you all of level {d['level']}.",
    "level_up": lambda d: f"You are now a level {d['rogue_level']} rogue.",
    "skills_raised": lambda d: "You train " + " and ".join(name(s) for s in d["skills"]) + ".",
    "hit_points_gained": lambda d: f"You gain {dice(d['dice'])} = {d['gain']} hp: {d['hp']} hp.",
    "ability_gained": lambda d: f"You learn {name(d['ability'])}.",
    "trap_attack": lambda d: f"The {name(d['trap'])} strikes {dice(d['dice'])}, "
                             f"{against(d)}: {'a hit' if d['hit'] else 'a miss'}.",
    "trap_disabled": lambda _: "The trap is disabled.",
    "rusted": lambda _: "Your metal things rust.",
    "forgot_level": lambda d: f"You forget level {d['level']}: its map is gone.",
    "teleported": lambda d: f"You are whisked away to level {d['level']}.",
    "crossed": lambda d: f"You make it across the {name(d['feature'])}.",
    "climbed_back": lambda d: f"No climb could take you up the far side: you crawl back out of "
                              f"the {name(d['feature'])} where you fell in.",
    "prayed": lambda d: f"You pray: {plural(d['curses_lifted'], 'curse')} lifted.",
    "fountain": lambda d: f"You drink: +{d['bonus_dice']}d to everything on this level.",
    "diseased": lambda d: f"The {name(d['by'])} was diseased: you fall ill.",
    "barter": lambda d: f"You haggle ({d['roll']}): the price is {d['price']} gold.",
    "bought": lambda d: f"You buy the {name(d['item'])}.",
    "sold": lambda d: f"You sell the {name(d['item'])}.",
    "mimic": lambda _: "The ware bares its teeth: a mimic!",
    "wounded": lambda d: f"The {name(d['by'])} wounds the {name(d['monster'])} "
                         f"{dice(d['dice'])}: {d['damage']} damage, {d['hp']} hp left.",
    "slain": lambda d: f"The {name(d['monster'])} is dead.",
    "befriend": lambda d: f"You try to befriend it: you roll {d['roll']} against {d['needed']}: "
                          f"{'it follows you now' if d['passed'] else 'it will not'}.",
    "sneaked": lambda _: "Nobody notices you.",
    "fled": lambda _: "You run back the way you came.",
    "monster_attack": lambda d: f"The {name(d['monster'])} attacks {dice(d['dice'])}, "
                                f"{against(d)}: {'a hit' if d['hit'] else 'a miss'}.",
    "petrified": lambda d: f"The {name(d['monster'])}'s gaze turns you to stone.",
    "used": lambda d: f"You use the {name(d['item'])}.",
    "cured": lambda _: "You are cured.",
    "fake_amulet": lambda _: "The amulet crumbles: a fake.",
    "spell": lambda d: f"You cast {name(d['spell'])}.",
    "died": lambda d: f"You die on level {d['level']}" + (f": {cap(death_words(d))}."
                                                         if death_words(d) else "."),
    "game_over": lambda d: f"The game is over: {'won' if d['outcome'] == 'won' else 'dead'}, "
                           f"score {d['score']}.",
}


def death_words(data: dict[str, Any]) -> str:
    """What killed the rogue, from the "died" event's cause and what it names ("killed by the
    giant rat"), or "" when the engine names none."""
    by = name(str(data.get("by") or "")).removeprefix("the ")
    return {
        "monster": f"killed by the {by}",
        "trap": f"killed by the {by}",
        "fall": FALLS.get(by, f"a fall at the {by}"),
        "door": "worn out forcing a door",
        "poison": f"poisoned by the {by}",
        "disease": "killed by disease",
        "petrified": f"turned to stone by the {by}'s gaze",
    }.get(str(data.get("cause")), "")


def describe(event: Event) -> list[str]:
    """The sentences the Dungeon Master says for one event."""
    words = SENTENCES.get(event.kind)
    if words is None:
        return [f"{name(event.kind).capitalize()}."]
    said = words(event.data)
    return said if isinstance(said, list) else [said]


def log_lines(events: list[Event]) -> list[Text]:
    """The Dungeon Master's log lines for some events (Text: names are never read as markup)."""
    return [Text(sentence) for event in events for sentence in describe(event)]


def low_hp(view: Any) -> bool:
    """Whether the rogue's hit points are low enough to warn of (a third of his most, or 1)."""
    return bool(view.hp <= max(1, view.max_hp // 3))


def hp_words(view: Any) -> str:
    """"HP 2/6 low": the word says it where the panel's colour cannot (issue 34)."""
    return f"HP {view.hp}/{view.max_hp}" + (" low" if low_hp(view) else "")


def level_line(view: Any) -> str:
    """The current level's number, its encounter letters in words ("Encounters E to D": a
    bare "E–D" meant nothing to a new player) and its Difficulty."""
    letters = " to ".join((view.letters[0], view.letters[-1])) if len(view.letters) > 1 \
        else "".join(view.letters)
    return f"Level {view.level}  Encounters {letters}  Difficulty {view.difficulty}"


def place_line(view: Any) -> str:
    """Where the rogue stands and what is there, in one or two sentences."""
    place = view.place
    if place.kind == "corridor":
        text = "A corridor."
    else:
        text = "A room" + (f" with {feature(place.feature)}" if place.feature not in ("", "empty")
                           else "") + "."
    things = [LANDMARKS.get(mark, name(mark)) for mark in place.landmarks]
    things += [f"{a_name(m.name)} ({m.hp} hp)" for m in place.monsters]
    if place.trap:
        things.append(a_name(place.trap))
    things += [f"a dead {name(c)}" for c in place.corpses]
    if things:
        text += " Here: " + ", ".join(things) + "."
    return text


def door_number(door: int) -> str:
    """A door's number as the player reads it: counted from 1 (the engine's count from 0)."""
    return str(door + 1)


def door_along(door: Any, doors: Any) -> str:
    """Where a door is along its side, when another of `doors` shares that side: "west",
    "east" (or "north", "south" on an east or west side); "2nd from the west" when more than
    two do; "" when it is alone on its side."""
    side = [d for d in doors if d.facing == door.facing]
    if len(side) < 2:
        return ""
    across = door.facing in ("N", "S")  # along a north or south side, doors go west to east
    side.sort(key=lambda d: d.square[1] if across else d.square[0])
    first, last = ("west", "east") if across else ("north", "south")
    place = next(n for n, d in enumerate(side) if d.door == door.door)
    if len(side) == 2:
        return (first, last)[place]
    return f"{place + 1}{ORDINAL.get(place + 1, 'th')} from the {first}"


def door_name(door: Any, doors: Any) -> str:
    """A door of the place in words: "the north door", or "the north door to the west" when
    another door is on the north side too."""
    along = door_along(door, doors)
    where = f" to the {along}" if along in ("west", "east", "north", "south") else \
        f", {along}" if along else ""
    return f"the {DIRECTIONS[door.facing]} door{where}"


def door_line(door: Any, doors: Any = ()) -> str:
    """A door of the place, by the side it is on: "N closed" ("N west closed" when another of
    `doors` shares its side; "N beyond" across a chasm or cliff still to be crossed)."""
    state = ("false" if door.false else "open" if door.open else "beyond" if door.beyond else
             "locked" if door.locked else "closed")
    along = door_along(door, doors)
    return f"{door.facing}{' ' + along if along else ''} {state}"
