"""The game and its actions: one rogue, ten levels, the Amulet of Yendor.

The State follows the shared game contract: `legal_actions()`, `why_illegal(action)`,
`apply(action) -> events` (IllegalAction leaves the state unchanged), `is_over`, `outcome`,
`returns()`, `clone()`, `history`, `fingerprint()`, `serialize()` and `view(seat)`.

The decisions, in the order they come up: the two 2d6 skills at creation; after going down to a
new level, the skills to raise and a special ability; a trap in the room (disable it or walk on);
monsters awake in the room (fight, sneak past or flee); otherwise exploring: doors, corridors,
rooms, the terminal, the shop and the stairs.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import asdict, dataclass, fields, is_dataclass
from typing import Any

from engine.core.dice import Dice
from engine.core.protocol import Event, IllegalAction
from engine.roguelike.actions import KINDS, RogueAction
from engine.roguelike.character import (
    SUCCESS_FACE,
    Item,
    Rogue,
    new_rogue,
    roll_pool,
    skill_check,
    skill_names,
)
from engine.roguelike.dungeon_master import draw_corridor, draw_room, frontier
from engine.roguelike.encounters import (
    letter_up,
    letters_at,
    make_monster,
    roll_encounter,
    roll_monster,
    roll_trap,
)
from engine.roguelike.levelling import abilities, raise_options, raise_problem
from engine.roguelike.loot import colour_map, gold_amount, is_magic, loot_roll, make_item
from engine.roguelike.paper import LEFT, Door, Level, Monster, Place
from engine.roguelike.setting_up import set_up_level
from engine.roguelike.shops import roll_stock
from engine.roguelike.tables import difficulty, parse_dice, roll_dice, tables

GAME = "roguelike"
RULES_VERSION = 2
LETTER_VALUE = {"E": 10, "D": 20, "C": 30, "B": 40, "A": 50}  # the shop's price per loot letter
WEAPONS = ("dagger", "spear", "sword")
THROWN = ("dagger", "spear")
SPELL_ITEMS = ("scroll", "spellbook", "bag_of_tricks")  # magic that needs no identifying


@dataclass(frozen=True)
class DoorView:
    """A door of the rogue's place that he can see: where it is, the way it faces, its state
    (locked None until tried; false once opened onto bare rock)."""

    door: int
    square: tuple[int, int]
    facing: str  # the way from the rogue's place through the door: "N", "E", "S" or "W"
    open: bool
    locked: bool | None
    false: bool


@dataclass(frozen=True)
class MonsterView:
    name: str
    letter: str
    hp: int


@dataclass(frozen=True)
class ItemView:
    item: str  # its colour and kind until identified ("yellow_potion")
    status: str  # "cursed", "uncursed", "blessed", or "unknown" until identified
    charges: int


@dataclass(frozen=True)
class WareView:
    item: str
    price: int
    count: int


@dataclass(frozen=True)
class PlaceView:
    """The place the rogue is in."""

    kind: str  # "room" or "corridor"
    feature: str  # a room's special feature ("empty", "chasm", "altar", ...); "" in a corridor
    landmarks: tuple[str, ...]
    monsters: tuple[MonsterView, ...]
    trap: str | None
    corpses: tuple[str, ...]
    stock: tuple[WareView, ...]
    doors: tuple[DoorView, ...]
    crossed: bool


@dataclass(frozen=True)
class RogueView:
    """What a screen shows: plain frozen values only, and only what the rogue has seen."""

    phase: str
    level: int
    difficulty: int
    letters: tuple[str, ...]  # the encounter letters a room of this level can meet, E to A
    map_rows: tuple[str, ...]
    legend: tuple[tuple[str, str], ...]
    rogue_at: tuple[int, int]
    place: PlaceView
    skills: tuple[tuple[str, int], ...]
    hp: int
    max_hp: int
    rogue_level: int
    gold: int
    lockpicks: int
    items: tuple[ItemView, ...]
    abilities: tuple[str, ...]
    diseased: bool
    pending: str
    legal: tuple[RogueAction, ...]
    outcome: str | None
    score: int
    deepest: int


LEGEND = (("@", "you"), (".", "room floor"), (",", "corridor"), ("#", "wall"),
          ("+", "closed door"), ("=", "locked door"), ("'", "open door"), ("x", "false door"),
          ("<", "stairs up"), (">", "stairs down"), ("T", "terminal"), ("S", "shop"),
          ("A", "the Amulet's chamber"))
LANDMARK_GLYPH = {"up": "<", "down": ">", "terminal": "T", "shop": "S", "amulet": "A"}


def death_cause(events: list[Event]) -> dict[str, str | None]:
    """What took the rogue's last hit points in an action's events: {"cause", "by"}, from the
    last wound ("monster", "trap", "fall", "door", "poison", "disease") or a petrifying gaze
    ("petrified"); None for both if none of these events is there."""
    for event in reversed(events):
        if event.kind == "hurt":
            return {"cause": event.data["cause"], "by": event.data["by"]}
        if event.kind == "petrified":
            return {"cause": "petrified", "by": event.data["monster"]}
    return {"cause": None, "by": None}


class RogueState:
    """One game of Rogue Like Roguelike."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.dice = Dice(seed)
        self.history: list[RogueAction] = []
        self.phase = "create"  # create, raise, ability, play, over
        self.rogue: Rogue = new_rogue()
        self.levels: list[Level] = []
        self.depth = 1
        self.here = 0
        self.came_from: int | None = None  # the place the rogue came from into this one
        self.outcome: str | None = None
        self.deepest = 1
        self.amulet = False
        self.squeaky = False
        self.a_monsters_met = 0
        self.actions_taken = 0
        self.colours = colour_map(self.dice)
        level, log = set_up_level(self.dice, 1)
        self.levels.append(level)
        self.opening = [Event("level", {"level": 1, "corner": level.corner, "rolls": log})]

    # --- the contract -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def current_player(self) -> int | None:
        """The rogue's seat, 0, while the game goes on; None once it is over."""
        return None if self.is_over else 0

    @property
    def level(self) -> Level:
        return self.levels[self.depth - 1]

    @property
    def place(self) -> Place:
        return self.level.places[self.here]

    def score(self) -> int:
        data = tables()["score"]
        return self.deepest * data["per_level"] + (data["amulet"] if self.amulet else 0)

    def returns(self) -> list[int]:
        return [self.score()]

    def clone(self) -> RogueState:
        return copy.deepcopy(self)

    def legal_actions(self) -> list[RogueAction]:
        if self.is_over:
            return []
        out = [a for a in self._candidates() if self._problem(a) is None]
        return out

    def why_illegal(self, action: RogueAction) -> str | None:
        if not isinstance(action, RogueAction):
            return "not a Rogue Like Roguelike action"
        if self.is_over:
            return "the game is over"
        if action.kind not in KINDS:
            return f"unknown action {action.kind}"
        for arg in ("door", "monster", "item", "index", "name", "names"):
            given = getattr(action, arg) not in (None, ())
            if given != (arg in KINDS[action.kind]):
                return f"{action.kind} {'takes no' if given else 'needs a'} {arg}"
            if isinstance(getattr(action, arg), int) and getattr(action, arg) < 0:
                return f"there is no {arg} {getattr(action, arg)}"
        return self._problem(action)

    def apply(self, action: RogueAction) -> list[Event]:
        problem = self.why_illegal(action)
        if problem is not None:
            raise IllegalAction(problem, action)
        events = self._do(action)
        self.history.append(action)
        if self.phase == "play" and not self.is_over:
            events += self._time_passes()
        if self.rogue.hp <= 0 and self.outcome is None:
            self.outcome = "dead"
            events.append(Event("died", {"level": self.depth, **death_cause(events)}))
        if self.is_over:
            self.phase = "over"
            events.append(Event("game_over", {"outcome": self.outcome, "score": self.score()}))
        return events

    def fingerprint(self) -> str:
        text = json.dumps(_plain(self._snapshot()), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def serialize(self) -> list[dict[str, Any]]:
        """The actions so far as JSON objects: with the seed, the whole game."""
        return [a.to_dict() for a in self.history]

    def _snapshot(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if k != "history"}

    # --- what may be done now ---------------------------------------------------------------

    def _candidates(self) -> list[RogueAction]:
        if self.phase == "create":
            return [RogueAction("choose_skill", name=s) for s in skill_names()]
        if self.phase == "raise":
            return [RogueAction("raise", names=pair) for pair in raise_options(self.rogue)]
        if self.phase == "ability":
            return [RogueAction("ability", name=a) for a in abilities()]
        place = self.place
        out: list[RogueAction] = []
        items = range(len(self.rogue.items))
        out += [RogueAction("use", item=i) for i in items]
        if place.in_chasm:
            return out + [RogueAction("climb")]
        if place.trap is not None:
            return out + [RogueAction("disable"), RogueAction("spring")]
        if self._awake():
            for m in range(len(place.monsters)):
                out += [RogueAction("attack", monster=m), RogueAction("befriend", monster=m)]
                out += [RogueAction(k, monster=m, item=i) for k in ("shoot", "zap") for i in items]
            return out + [RogueAction("sneak"), RogueAction("flee")]
        for door in place.doors:
            out += [RogueAction(k, door=door) for k in ("open", "pick", "force", "go")]
        out += [RogueAction(k) for k in ("search", "hack", "descend", "ascend", "take_amulet",
                                         "cross", "pray", "drink")]
        out += [RogueAction("eat", index=k) for k in range(len(place.corpses))]
        out += [RogueAction("buy", index=k) for k in range(len(place.stock))]
        out += [RogueAction("sell", item=i) for i in items]
        return out

    def _awake(self) -> bool:
        return bool(self.place.monsters) and not self.place.sneaked

    def _problem(self, a: RogueAction) -> str | None:  # noqa: C901 (to be split by phase with the module, issue 31)
        """Why `a` is not allowed now, in words for the player; None if it is."""
        rogue, place = self.rogue, self.place
        if self.phase == "create":
            if a.kind != "choose_skill":
                return "first choose your two 2d6 skills"
            if a.name not in rogue.skills:
                return f"{a.name} is not a skill"
            return f"{a.name} is already chosen" if a.name in rogue.chosen else None
        if self.phase == "raise":
            return "choose the skills to raise" if a.kind != "raise" else raise_problem(rogue, a.names)
        if self.phase == "ability":
            if a.kind != "ability":
                return "choose a special ability"
            if a.name not in abilities():
                return f"{a.name} is not a special ability"
            return f"you already have {a.name}" if a.name in rogue.abilities else None
        if a.kind in ("choose_skill", "raise", "ability"):
            return "that choice is not open now"
        item = None
        if a.item is not None:
            if a.item >= len(rogue.items):
                return "you carry no such item"
            item = rogue.items[a.item]
        if a.kind == "use":
            return self._use_problem(item)
        if place.in_chasm:
            return "you are at the bottom of the chasm: climb out" if a.kind != "climb" else None
        if a.kind == "climb":
            return "you are not in a chasm"
        if place.trap is not None:
            return None if a.kind in ("disable", "spring") else "there is a trap here: disable it or walk on"
        if a.kind in ("disable", "spring"):
            return "there is no trap here"
        monster = None
        if a.monster is not None:
            if not self._awake():
                return "there is no monster facing you"
            if a.monster >= len(place.monsters):
                return "there is no such monster facing you"
            monster = place.monsters[a.monster]
        fight_kinds = ("attack", "shoot", "zap", "befriend", "sneak", "flee")
        if self._awake():
            if a.kind not in fight_kinds:
                return "monsters bar the way: fight, sneak past or flee"
            return self._fight_problem(a, item, monster)
        if a.kind in fight_kinds:
            return "nothing here to fight"
        if a.kind in ("open", "pick", "force", "go"):
            return self._door_problem(a)
        if a.kind == "search":
            return None
        if a.kind == "hack":
            return None if "terminal" in place.landmarks else "there is no terminal here"
        if a.kind == "descend":
            return None if "down" in place.landmarks else "there are no stairs down here"
        if a.kind == "ascend":
            if "up" not in place.landmarks:
                return "there are no stairs up here"
            return "these stairs lead out of the dungeon: the Amulet is below" if self.depth == 1 else None
        if a.kind == "take_amulet":
            return None if "amulet" in place.landmarks else "the Amulet is not here"
        if a.kind == "cross":
            return "there is nothing to cross here" if place.crossed else None
        if a.kind == "pray":
            return None if place.feature == "altar" else "there is no altar here"
        if a.kind == "drink":
            if place.feature != "fountain":
                return "there is no fountain here"
            return "the fountain is dry" if place.fountain_used else None
        if a.kind == "eat":
            return None if a.index is not None and a.index < len(place.corpses) else "nothing to eat"
        if a.kind == "buy":
            if "shop" not in place.landmarks or a.index is None or a.index >= len(place.stock):
                return "the shop has no such ware"
            price = place.stock[a.index]["price"]
            return f"you need {price} gold" if rogue.gold < price else None
        if a.kind == "sell":
            if "shop" not in place.landmarks:
                return "there is no shop here"
            if item is not None and item.status == "cursed":
                return "a curse binds it to you: pray at an altar to lift it"
            return None if item is not None and item.value // tables()["shop"]["sell_divisor"] > 0 \
                else "the shop will not buy that"
        return f"unknown action {a.kind}"

    def _door_problem(self, a: RogueAction) -> str | None:
        place, level = self.place, self.level
        if a.door is None or a.door not in place.doors or not level.doors[a.door].visible:
            return "there is no such door here"
        door = level.doors[a.door]
        if not place.crossed and a.door != place.entrance:
            return "the room is not crossed yet: the other doors are beyond"
        if door.false and door.open:
            return "that door opens onto bare rock"
        if a.kind == "go":
            return None if door.open else "that door is not open"
        if door.open:
            return "that door is already open"
        if a.kind == "open":
            return "that door is locked" if door.locked else None
        if not door.locked:
            return "that door is not locked"
        if a.kind == "pick" and self.rogue.lockpicks <= 0:
            return "you have no lockpicks"
        return None

    def _fight_problem(self, a: RogueAction, item: Item | None,
                       monster: Monster | None) -> str | None:
        place = self.place
        relentless = any("relentless" in m.tags for m in place.monsters)
        if a.kind in ("sneak", "flee") and relentless:
            return "a relentless foe will not let you slip away"
        if a.kind == "flee" and self.came_from is None:
            return "there is nowhere to flee to"
        if a.kind == "befriend":
            if "animal_friendship" not in self.rogue.abilities:
                return "you need Animal Friendship"
            if self.rogue.pet is not None:
                return "you already have a pet"
            assert monster is not None  # befriend takes a monster; _problem looked it up
            return None if "trainable" in monster.tags else "that creature cannot be trained"
        if a.kind not in ("shoot", "zap"):
            return None
        assert item is not None  # shoot and zap take an item; _problem looked it up
        if a.kind == "shoot":
            if item.name == "bow":
                return None if item.charges > 0 else "you have no arrows"
            return None if item.name in THROWN else "you cannot shoot or throw that"
        if not item.name.startswith("wand_of_") or item.name in ("wand_of_luck", "wand_of_invisibility"):
            return "that is not an attacking wand"
        if place.feature == "antimagic":
            return "magic does not work in this room"
        return None if item.charges > 0 else "the wand is out of charges"

    def _use_problem(self, item: Item | None) -> str | None:
        if item is None:
            return "you carry no such item"
        usable = (item.name.startswith("potion_") or item.name in
                  ("cureall_potion", "scroll", "spellbook", "wand_of_luck", "wand_of_invisibility",
                   "bag_of_tricks", "fake_amulet", "rations"))
        if not usable:
            return f"{item.name.replace('_', ' ')} is not something to use"
        if (is_magic(item.name) or item.name in SPELL_ITEMS) and self.place.feature == "antimagic":
            return "magic does not work in this room"
        if item.name == "spellbook" and item.cast_on_level == self.depth:
            return "you have cast that spell on this level already"
        if item.name == "wand_of_invisibility" and item.cast_on_level == self.depth:
            return "the wand needs a new level to work again"
        return None

    # --- doing it --------------------------------------------------------------------------

    def _check(self, skill: str, extra: int = 0) -> tuple[bool, Event]:
        data = skill_check(self.dice, self.rogue, skill, difficulty(self.depth), extra)
        return data["passed"], Event("check", data)

    def _do(self, a: RogueAction) -> list[Event]:
        handler = getattr(self, f"_do_{a.kind}")
        return handler(a)

    def _do_choose_skill(self, a: RogueAction) -> list[Event]:
        assert a.name is not None  # why_illegal checked the kind's arguments
        data = tables()["character"]
        self.rogue.chosen.append(a.name)
        self.rogue.skills[a.name] = data["chosen_dice"]
        events = [Event("skill_chosen", {"skill": a.name, "dice": data["chosen_dice"]})]
        if len(self.rogue.chosen) == data["chosen_skills"]:
            self.phase = "play"
            events = events + self.opening + [Event("entered", self._where())]
        return events

    def _do_raise(self, a: RogueAction) -> list[Event]:
        for name in a.names:
            self.rogue.skills[name] += 1
        gain, faces = roll_dice(self.dice, "rogue", f"{tables()['levelling']['hp_dice']}d")
        self.rogue.max_hp += gain
        self.rogue.hp += gain
        self.phase = "ability"
        return [Event("skills_raised", {"skills": list(a.names)}),
                Event("hit_points_gained", {"dice": faces, "gain": gain, "hp": self.rogue.hp})]

    def _do_ability(self, a: RogueAction) -> list[Event]:
        assert a.name is not None  # why_illegal checked the kind's arguments
        self.rogue.abilities.append(a.name)
        self.phase = "play"
        return [Event("ability_gained", {"ability": a.name}), Event("entered", self._where())]

    def _where(self) -> dict[str, Any]:
        return {"level": self.depth, "place": self.here, "kind": self.place.kind,
                "landmarks": list(self.place.landmarks), "feature": self.place.feature}

    # doors, corridors and rooms

    def _do_open(self, a: RogueAction) -> list[Event]:
        assert a.door is not None  # why_illegal checked the kind's arguments
        door = self.level.doors[a.door]
        events: list[Event] = []
        if door.locked is None:
            roll = self.dice.roll(f"dm:{self.depth}")
            door.locked = roll >= tables()["corridor"]["locked_on"]
            events.append(Event("door_tried", {"door": door.id, "roll": roll, "locked": door.locked}))
            if door.locked:
                return events
        return events + self._open_door(door.id)

    def _open_door(self, door_id: int) -> list[Event]:
        level = self.level
        door = level.doors[door_id]
        door.open = True
        door.locked = False
        if door.false:
            return [Event("false_door", {"door": door_id})]
        if door.outer is None:
            if level.places[door.inner].kind == "room":
                place, info = draw_corridor(self.dice, level, door_id)
                events = [Event("corridor", info)]
            else:
                place, log = draw_room(self.dice, level, door_id)
                events = [Event("room", {"rolls": log})]
            if place is None:
                return events + [Event("false_door", {"door": door_id})]
            return events + self._walk_through(door_id)
        return self._walk_through(door_id)

    def _walk_through(self, door_id: int) -> list[Event]:
        door = self.level.doors[door_id]
        target = door.outer if door.inner == self.here else door.inner
        assert target is not None  # an open door that is not false leads somewhere
        return self._enter(target)

    def _enter(self, place_id: int) -> list[Event]:
        """Step into a place; a room entered for the first time on this visit of the level rolls
        its encounters (a revisit keeps only even monster rolls, as the rulebook says)."""
        self.came_from = self.here if place_id != self.here else self.came_from
        self.here = place_id
        level, place = self.level, self.place
        place.sneaked = False
        level.see_place(place)
        events = [Event("entered", self._where())]
        if place.kind == "room" and place.rolled_visit < level.visits and place.entrance is not None:
            revisit = place.rolled_visit > 0
            place.rolled_visit = level.visits
            events += self._encounters(place, revisit)
        if "shop" in place.landmarks and not place.stocked:
            place.stocked = True
            place.stock = roll_stock(self.dice, f"shop:{self.depth}", self.colours)
            events.append(Event("shop", {"wares": len(place.stock)}))
        events += self._collect_loot()
        return events

    def _encounters(self, place: Place, revisit: bool) -> list[Event]:
        key = f"dm:{self.depth}"
        times = 2 if place.feature == "monster_hq" else 1
        events = []
        for _ in range(times):
            parts, roll = roll_encounter(self.dice, key, self.depth)
            if revisit and (roll % 2 == 1):
                events.append(Event("encounter", {"roll": roll, "ignored": True}))
                continue
            if revisit:
                parts = [part for part in parts if part[2] == "monster"]
            events.append(Event("encounter", {"roll": roll, "parts": parts}))
            # The squeaky board levels up every monster of the next encounter that has any.
            squeaky = self.squeaky and any(kind == "monster" for _, _, kind in parts)
            self.squeaky = self.squeaky and not squeaky
            for count, letter, kind in parts:
                if squeaky and kind == "monster":
                    letter = letter_up(letter)
                for _ in range(count):
                    events.append(self._spawn(place, letter, kind))
        return events

    def _spawn(self, place: Place, letter: str, kind: str) -> Event:
        key = f"dm:{self.depth}"
        if kind == "monster":
            monster, roll = roll_monster(self.dice, key, letter)
            if letter == "A":
                self.a_monsters_met += 1
            place.monsters.append(monster)
            return Event("monster", {"letter": letter, "roll": roll, "name": monster.name,
                                     "hp": monster.hp})
        if kind == "trap":
            trap, roll = roll_trap(self.dice, key, letter)
            place.trap = trap
            return Event("trap", {"letter": letter, "roll": roll, "name": trap.name})
        bonus = self.a_monsters_met * tables()["loot"]["a_level_bonus_per_monster"]
        entry, roll = loot_roll(self.dice, key, letter, bonus)
        if entry["name"] == "gold":
            place.gold += gold_amount(self.dice, key, entry)
            return Event("loot", {"letter": letter, "roll": roll, "name": "gold", "gold": place.gold})
        item = make_item(self.dice, key, entry, self.colours)
        item.value = LETTER_VALUE[letter]
        place.loot.append(item)
        return Event("loot", {"letter": letter, "roll": roll, "name": self._item_name(item),
                              "status": item.status if item.identified else "unknown"})

    def _collect_loot(self) -> list[Event]:
        place = self.place
        if self._awake() or place.trap is not None or not (place.loot or place.gold):
            return []
        events = []
        if place.gold:
            self.rogue.gold += place.gold
            events.append(Event("gold_taken", {"gold": place.gold, "total": self.rogue.gold}))
            place.gold = 0
        for item in place.loot:
            if item.name == "amulet_of_yendor":
                self.amulet = True
                self.outcome = "won"
                events.append(Event("amulet_found", {"level": self.depth}))
            else:
                self.rogue.items.append(item)
                events.append(Event("item_taken", {"item": self._item_name(item)}))
        place.loot = []
        return events

    def _item_name(self, item: Item) -> str:
        if item.name == "fake_amulet" and not item.identified:
            return "amulet_of_yendor"
        return item.name if item.identified else unidentified(item.name, item.colour)

    def _do_pick(self, a: RogueAction) -> list[Event]:
        assert a.door is not None  # why_illegal checked the kind's arguments
        passed, event = self._check("lockpick")
        events = [event]
        if passed:
            return events + self._open_door(a.door)
        rolled_one = 1 in event.data["dice"]
        if "lockpick_mastery" not in self.rogue.abilities or rolled_one:
            self.rogue.lockpicks -= 1
            events.append(Event("lockpick_broken", {"left": self.rogue.lockpicks}))
        return events

    def _do_force(self, a: RogueAction) -> list[Event]:
        assert a.door is not None  # why_illegal checked the kind's arguments
        passed, event = self._check("stab")
        if passed:
            return [event] + self._open_door(a.door)
        hurt = tables()["combat"]["force_door_hurt"]
        self.rogue.hp -= hurt
        return [event, Event("hurt", {"damage": hurt, "hp": self.rogue.hp, "by": "the door",
                                      "cause": "door"})]

    def _do_go(self, a: RogueAction) -> list[Event]:
        assert a.door is not None  # why_illegal checked the kind's arguments
        return self._walk_through(a.door)

    def _do_search(self, a: RogueAction) -> list[Event]:
        passed, event = self._check("search")
        events = [event]
        level, place = self.level, self.place
        if passed:
            found = [d for d in place.doors if level.doors[d].secret and not level.doors[d].found]
            for d in found:
                level.doors[d].found = True
            events.append(Event("secret_doors_found", {"doors": found}))
            if found:
                return events
        if (passed or self._hopeless("search")) and self._shut_in():
            # No way on is left that the rogue could take: the shifting dungeon opens one here
            # (never a dead level). A search he cannot pass at all is not asked of him.
            name = "down" if "down" in level.landmarks else "amulet"
            level.reached[name] = place.id
            place.landmarks.append(name)
            events.append(Event("hidden_way_found", {"landmark": name}))
        return events

    def _way_on_reached(self) -> bool:
        return any(name in self.level.reached for name in ("down", "amulet"))

    def _hopeless(self, skill: str) -> bool:
        """No roll can pass a check of `skill` here: the rogue has fewer dice than the
        Difficulty asks successes."""
        rogue = self.rogue
        return rogue.skills[skill] + rogue.bonus_dice(skill) < difficulty(self.depth)

    def _shut_in(self) -> bool:
        """The way on is not found and every door left that could lead somewhere new needs a
        check the rogue cannot pass: a secret one Search or Hack, a locked one Lockpick or
        Stab, one beyond a chasm or cliff Jump or Climb."""
        if self._way_on_reached():
            return False
        level, rogue = self.level, self.rogue
        for d in frontier(level):
            door = level.doors[d]
            room = level.places[door.inner]
            if not room.crossed and d != room.entrance and self._hopeless("climb") \
                    and (room.feature != "chasm" or self._hopeless("jump")):
                continue
            if not door.visible and self._hopeless("search") \
                    and ("terminal" not in level.reached or self._hopeless("hack")):
                continue
            if door.locked and self._hopeless("stab") \
                    and (rogue.lockpicks <= 0 or self._hopeless("lockpick")):
                continue
            return False
        return True

    def _do_hack(self, a: RogueAction) -> list[Event]:
        passed, event = self._check("hack")
        events = [event]
        if passed:
            level = self.level
            level.hacked = True
            found = [d.id for d in level.doors if d.secret and not d.found
                     and discovered(level, level.places[d.inner])]
            for d in found:
                level.doors[d].found = True
            events.append(Event("secret_doors_found", {"doors": found}))
            if "hackmaster" in self.rogue.abilities and self.depth > 1:
                upper = self.levels[self.depth - 2]
                for place in upper.places:
                    upper.see_place(place)
                events.append(Event("map_revealed", {"level": self.depth - 1}))
        return events

    # stairs and the Amulet

    def _do_descend(self, a: RogueAction) -> list[Event]:
        return self._arrive(self.depth + 1)

    def _do_ascend(self, a: RogueAction) -> list[Event]:
        return self._arrive(self.depth - 1, by_stairs="down")

    def _arrive(self, number: int, by_stairs: str = "up", room: int | None = None) -> list[Event]:
        """Arrive on level `number`: a new level is set up and the rogue gains a level."""
        events: list[Event] = []
        rogue = self.rogue
        rogue.level_bonus, rogue.luck_used, rogue.protection = {}, False, 0
        if number > len(self.levels):
            level, log = set_up_level(self.dice, number)
            self.levels.append(level)
            events.append(Event("level", {"level": number, "corner": level.corner, "rolls": log}))
        else:
            self.levels[number - 1].visits += 1
        self.depth = number
        level = self.level
        self.came_from = None
        if room is None:
            room = level.reached.get(by_stairs, level.reached["up"])
        self.here = room
        level.see_place(self.place)
        if number > self.deepest:
            self.deepest = number
            rogue.level = number
            self.phase = "raise"
            events.append(Event("level_up", {"rogue_level": number}))
            return events
        return events + self._enter(room)

    def _do_take_amulet(self, a: RogueAction) -> list[Event]:
        self.amulet = True
        self.outcome = "won"
        return [Event("amulet_found", {"level": self.depth})]

    # traps and features

    def _do_disable(self, a: RogueAction) -> list[Event]:
        passed, event = self._check("disable_trap")
        if passed:
            self.place.trap = None
            return [event, Event("trap_disabled", {})] + self._collect_loot()
        return [event] + self._spring()

    def _do_spring(self, a: RogueAction) -> list[Event]:
        return self._spring()

    def _spring(self) -> list[Event]:
        trap = self.place.trap
        assert trap is not None
        self.place.trap = None
        key = f"trap:{self.depth}"
        events: list[Event] = []
        if trap.attack_dice:
            faces, successes = roll_pool(self.dice, key, trap.attack_dice)
            hit = successes >= 1  # a trap hits with one success
            events.append(Event("trap_attack", {"trap": trap.name, "dice": faces, "hit": hit,
                                                "successes": successes, "needed": 1,
                                                "success_on": SUCCESS_FACE}))
            if not hit:
                return events + self._collect_loot()
        events += self._hurt(trap.damage, trap.name, "trap", key)
        if trap.effect == "level_up_next_monster":
            self.squeaky = True
        elif trap.effect == "rust":
            for item in self.rogue.items:
                if item.name in WEAPONS + ("helmet", "shield"):
                    item.rusty = True
            events.append(Event("rusted", {}))
        elif trap.effect == "forget_level":
            number = self.dice.below(key, len(self.levels)) + 1
            forgotten = self.levels[number - 1]
            forgotten.seen = set()
            if number == self.depth:
                forgotten.see_place(self.place)
            events.append(Event("forgot_level", {"level": number}))
        elif trap.effect == "teleport_room":
            rooms = [p.id for p in self.level.places
                     if p.kind == "room" and discovered(self.level, p) and p.id != self.here]
            if rooms:
                target = rooms[self.dice.below(key, len(rooms))]
                events.append(Event("teleported", {"level": self.depth, "place": target}))
                return events + self._collect_loot() + self._enter(target)
        elif trap.effect == "teleport_up":
            up, _ = roll_dice(self.dice, key, "1d")
            number = max(1, self.depth - up)
            if number != self.depth:
                level = self.levels[number - 1]
                rooms = [p.id for p in level.places if p.kind == "room"]
                target = rooms[self.dice.below(key, len(rooms))]
                events += self._collect_loot()
                events.append(Event("teleported", {"level": number, "place": target}))
                return events + self._arrive(number, room=target)
        return events + self._collect_loot()

    def _hurt(self, damage: str, by: str, cause: str, key: str, extra: int = 0) -> list[Event]:
        """Roll `damage` against the rogue's armour. `cause` says what kind of thing `by` is
        (a "monster", a "trap", a "fall" at a feature)."""
        amount, faces = roll_dice(self.dice, key, damage, extra)
        taken = max(0, amount - self.rogue.armour())
        self.rogue.hp -= taken
        return [Event("hurt", {"by": by, "cause": cause, "dice": faces, "damage": taken,
                               "hp": self.rogue.hp})]

    def _do_cross(self, a: RogueAction) -> list[Event]:
        place = self.place
        chasm = place.feature == "chasm"
        passed, event = self._check("jump" if chasm else "climb")
        if passed:
            place.crossed = True
            return [event, Event("crossed", {"feature": place.feature})]
        fall = tables()["features"]["chasm_fall" if chasm else "cliff_fall"]
        events = [event] + self._hurt(fall, place.feature, "fall", f"dm:{self.depth}")
        place.in_chasm = chasm
        return events

    def _do_climb(self, a: RogueAction) -> list[Event]:
        if self._hopeless("climb"):
            # No roll could get him out on the far side: he crawls back out where he fell in.
            self.place.in_chasm = False
            return [Event("climbed_back", {"feature": "chasm"})]
        passed, event = self._check("climb")
        if passed:
            self.place.in_chasm = False
            self.place.crossed = True  # climbed out on the far side
            return [event, Event("crossed", {"feature": "chasm"})]
        return [event]

    def _do_pray(self, a: RogueAction) -> list[Event]:
        lifted = [i for i, item in enumerate(self.rogue.items) if item.status == "cursed"]
        for i in lifted:
            self.rogue.items[i].status = "uncursed"
        return [Event("prayed", {"curses_lifted": len(lifted)})]

    def _do_drink(self, a: RogueAction) -> list[Event]:
        self.place.fountain_used = True
        self.rogue.level_bonus["all"] = self.rogue.level_bonus.get("all", 0) + 1
        return [Event("fountain", {"bonus_dice": 1})]

    def _do_eat(self, a: RogueAction) -> list[Event]:
        assert a.index is not None  # why_illegal checked the kind's arguments
        corpse = self.place.corpses.pop(a.index)
        data = tables()["eating"]
        heal = data["heal"] + (data["cooked_bonus"] if self.place.feature == "cookstove" else 0)
        events = self._heal(heal, corpse["name"])
        if corpse["diseased"] and "iron_stomach" not in self.rogue.abilities:
            self.rogue.diseased = True
            events.append(Event("diseased", {"by": corpse["name"]}))
        return events

    def _heal(self, amount: int, by: str) -> list[Event]:
        rogue = self.rogue
        rogue.hp = min(rogue.max_hp, rogue.hp + amount)
        return [Event("healed", {"by": by, "amount": amount, "hp": rogue.hp})]

    # the shop

    def _do_buy(self, a: RogueAction) -> list[Event]:
        assert a.index is not None  # why_illegal checked the kind's arguments
        place, rogue = self.place, self.rogue
        ware = place.stock[a.index]
        if ware["mimic"]:
            # It attacks when touched, before any gold changes hands.
            place.stock.pop(a.index)
            place.monsters.append(make_monster(tables()["monsters"]["mimic"], "C"))
            place.fought = True
            return [Event("mimic", {})]
        each = ware.get("each", False)
        count = 1 if each else ware["count"]
        if each and ware["count"] > 1:
            ware["count"] -= 1
        else:
            place.stock.pop(a.index)
        price = ware["price"]
        events: list[Event] = []
        if "master_barterer" in rogue.abilities:
            roll = self.dice.roll("rogue")
            if roll >= 5:
                price -= price // tables()["shop"]["barter_discount_divisor"]
            events.append(Event("barter", {"roll": roll, "price": price}))
        rogue.gold -= price
        fields_ = {f.name for f in fields(Item)}
        item = Item(**{k: v for k, v in ware["item"].items() if k in fields_})
        item.value = ware["price"]
        if item.name == "lockpicks":
            rogue.lockpicks += count
        else:
            for _ in range(count):
                rogue.items.append(copy.copy(item))
        return events + [Event("bought", {"item": self._item_name(item), "count": count,
                                          "price": price, "gold": rogue.gold})]

    def _do_sell(self, a: RogueAction) -> list[Event]:
        assert a.item is not None  # why_illegal checked the kind's arguments
        item = self.rogue.items.pop(a.item)
        gain = item.value // tables()["shop"]["sell_divisor"]
        self.rogue.gold += gain
        return [Event("sold", {"item": self._item_name(item), "gold": gain})]

    # fighting

    def _weapon(self) -> Item | None:
        """The best blade for Stab; None (the knife) when no weapon carried beats it, as a
        cursed or rusted dagger does not."""
        weapons = [item for item in self.rogue.items if item.name in WEAPONS]
        best = max(weapons, key=_dice_count, default=None)
        knife = parse_dice(tables()["combat"]["knife"])[0]
        return best if best is not None and _dice_count(best) > knife else None

    def _damage_dice(self, item: Item | None) -> tuple[str, int]:
        if item is None:
            return tables()["combat"]["knife"], 0
        return item.dice, item.status_dice() - (1 if item.rusty else 0)

    def _do_attack(self, a: RogueAction) -> list[Event]:
        assert a.monster is not None  # why_illegal checked the kind's arguments
        return self._strike(a.monster, "stab", self._weapon(), ranged=False)

    def _do_shoot(self, a: RogueAction) -> list[Event]:
        assert a.monster is not None and a.item is not None  # why_illegal checked both
        item = self.rogue.items[a.item]
        if item.name == "bow":
            item.charges -= 1
            return self._strike(a.monster, "archery", item, ranged=True)
        return self._strike(a.monster, "throw", item, ranged=True)

    def _strike(self, target: int, skill: str, weapon: Item | None, ranged: bool) -> list[Event]:
        place, rogue = self.place, self.rogue
        monster = place.monsters[target]
        bonus = tables()["levelling"]["bonus_dice"]
        passed, event = self._check(skill, bonus if ranged and "bullseye" in rogue.abilities else 0)
        events = [event]
        if passed:
            dice_text, extra = self._damage_dice(weapon)
            if "sneak_attack" in rogue.abilities and not place.fought:
                extra += bonus
            if "hamstring" in rogue.abilities and "humanoid" in monster.tags:
                extra += bonus
            events += self._wound(target, dice_text, extra, skill)
        return events + self._monsters_turn()

    def _wound(self, target: int, dice_text: str, extra: int, by: str) -> list[Event]:
        place = self.place
        monster = place.monsters[target]
        amount, faces = roll_dice(self.dice, "rogue", dice_text, extra)
        monster.hp -= amount
        events = [Event("wounded", {"monster": monster.name, "by": by, "dice": faces,
                                    "damage": amount, "hp": max(0, monster.hp)})]
        if monster.hp <= 0:
            place.monsters.pop(target)
            edible = "edible" in monster.tags or (
                "humanoid" in monster.tags and "cannibal" in self.rogue.abilities)
            if edible:
                place.corpses.append({"name": monster.name, "diseased": "diseased" in monster.tags})
            events.append(Event("slain", {"monster": monster.name}))
        return events

    def _do_zap(self, a: RogueAction) -> list[Event]:
        assert a.monster is not None and a.item is not None  # why_illegal checked both
        item = self.rogue.items[a.item]
        item.charges -= 1
        item.identified = True
        passed, event = self._check("magic")
        events = [event]
        if passed:
            extra = item.status_dice()
            if "magic_item_affinity" in self.rogue.abilities:
                extra += tables()["levelling"]["bonus_dice"]
            targets = range(len(self.place.monsters) - 1, -1, -1) \
                if item.name == "wand_of_fireball" else [a.monster]
            for target in targets:
                events += self._wound(target, item.dice, extra, item.name)
        return events + self._monsters_turn()

    def _do_befriend(self, a: RogueAction) -> list[Event]:
        assert a.monster is not None  # why_illegal checked the kind's arguments
        roll, needed = self.dice.roll("rogue"), tables()["combat"]["befriend_on"]
        events = [Event("befriend", {"roll": roll, "needed": needed, "passed": roll >= needed})]
        if roll >= needed:
            monster = self.place.monsters.pop(a.monster)
            self.rogue.pet = {"name": monster.name, "damage": monster.damage}
        return events + self._monsters_turn()

    def _do_sneak(self, a: RogueAction) -> list[Event]:
        passed, event = self._check("stealth")
        if passed:
            self.place.sneaked = True
            return [event, Event("sneaked", {})]
        return [event] + self._monsters_turn()

    def _do_flee(self, a: RogueAction) -> list[Event]:
        passed, event = self._check("run")
        if passed:
            back = self.came_from
            assert back is not None
            self.place.fought = True
            return [event, Event("fled", {})] + self._enter(back)
        return [event] + self._monsters_turn()

    def _monsters_turn(self) -> list[Event]:
        """The pet bites first, then every monster still awake attacks: it rolls its dice (the
        level's Difficulty unless it has its own) and hits with a single success."""
        place, rogue = self.place, self.rogue
        events: list[Event] = []
        if rogue.pet is not None and place.monsters and not place.sneaked:
            events += self._wound(0, rogue.pet["damage"], 0, rogue.pet["name"])
        if not self._awake():
            return events + self._collect_loot()
        place.fought = True
        key = f"fight:{self.depth}"
        needed = tables()["combat"]["monster_hits_on"]
        for monster in list(place.monsters):
            faces, successes = roll_pool(self.dice, key, monster.attack_dice or difficulty(self.depth))
            hit = successes >= needed
            events.append(Event("monster_attack", {"monster": monster.name, "dice": faces, "hit": hit,
                                                   "successes": successes, "needed": needed,
                                                   "success_on": SUCCESS_FACE}))
            if not hit:
                continue
            if "petrifies" in monster.tags:
                rogue.hp = 0
                events.append(Event("petrified", {"monster": monster.name}))
                break
            events += self._hurt(monster.damage, monster.name, "monster", key)
            if "infects" in monster.tags:
                rogue.diseased = True
            if rogue.hp <= 0:
                break
        return events

    # items

    def _do_use(self, a: RogueAction) -> list[Event]:
        assert a.item is not None  # why_illegal checked the kind's arguments
        rogue = self.rogue
        item = rogue.items[a.item]
        name = item.name
        key = "rogue"
        item.identified = True
        events: list[Event] = [Event("used", {"item": name})]
        consumed = True
        if name in ("potion_of_healing", "potion_of_major_healing"):
            amount, _ = roll_dice(self.dice, key, item.dice, item.status_dice())
            events += self._heal(amount, name)
        elif name == "potion_of_full_healing":
            events += self._heal(rogue.max_hp, name)
        elif name in ("potion_of_poison", "potion_of_greater_poison"):
            amount, faces = roll_dice(self.dice, key, item.dice, item.status_dice())
            rogue.hp -= amount
            events.append(Event("hurt", {"by": name, "cause": "poison", "dice": faces,
                                         "damage": amount, "hp": rogue.hp}))
        elif name == "cureall_potion":
            rogue.diseased, rogue.disease_clock = False, 0
            events.append(Event("cured", {}))
        elif name in ("potion_of_confusion", "wand_of_luck"):
            rogue.timed_bonus = -1 if name == "potion_of_confusion" else 1
            rogue.timed_left = tables()["loot"]["timed_actions"]
        elif name == "wand_of_invisibility":
            consumed = False
            item.cast_on_level = self.depth
            if self._awake():
                self.place.sneaked = True
                events.append(Event("sneaked", {}))
        elif name == "bag_of_tricks":
            for letter in ("E", "D", "C", "B", "A"):
                events.append(self._spawn(self.place, letter, "loot"))
        elif name == "fake_amulet":
            events.append(Event("fake_amulet", {}))
        elif name == "rations":
            events += self._heal(tables()["eating"]["heal"], name)
        elif name in ("scroll", "spellbook"):
            consumed = name == "scroll"
            item.cast_on_level = self.depth
            events += self._cast(item.spell)
        if consumed:
            rogue.items.pop(a.item)
        events += self._collect_loot()
        if self._awake():
            events += self._monsters_turn()
        return events

    def _cast(self, spell: str) -> list[Event]:
        rogue, place, level = self.rogue, self.place, self.level
        events = [Event("spell", {"spell": spell})]
        if spell == "light":
            for d in place.doors:
                level.doors[d].found = True
        elif spell == "cure_disease":
            rogue.diseased, rogue.disease_clock = False, 0
        elif spell in ("charm_monster", "sleep") and self._awake():
            if spell == "charm_monster" and rogue.pet is None:
                monster = place.monsters.pop(0)
                rogue.pet = {"name": monster.name, "damage": monster.damage}
            else:
                place.sneaked = True
        elif spell == "slow_monster" and self._awake():
            place.sneaked = True  # slowed foes cannot keep up: the rogue may walk on
        elif spell == "jumping":
            rogue.level_bonus["jump"] = rogue.level_bonus.get("jump", 0) + 1
        elif spell == "identify":
            for item in rogue.items:
                item.identified = True
        elif spell == "lifedrain" and self._awake():
            events += self._wound(0, "1d", 0, spell)
            events += self._heal(1, spell)
        elif spell == "protection":
            rogue.protection += 1
        return events

    # time

    def _time_passes(self) -> list[Event]:
        """Each action is a minute of play: timed effects run down and disease bites."""
        rogue = self.rogue
        events: list[Event] = []
        self.actions_taken += 1
        if rogue.timed_left > 0:
            rogue.timed_left -= 1
        if rogue.diseased:
            rogue.disease_clock += 1
            if rogue.disease_clock >= tables()["eating"]["disease_every"]:
                rogue.disease_clock = 0
                rogue.hp -= 1
                events.append(Event("hurt", {"by": "disease", "cause": "disease", "damage": 1,
                                             "hp": rogue.hp}))
        return events

    # --- the read model --------------------------------------------------------------------

    def view(self, seat: int = 0) -> RogueView:
        if seat != 0:
            raise ValueError(f"Rogue Like Roguelike has one seat, 0, not {seat!r}")
        level, rogue = self.level, self.rogue
        rows = self.map_rows()
        place = self.place
        pending = {"create": "choose_skills", "raise": "raise_skills", "ability": "choose_ability",
                   "over": "none"}.get(self.phase, "explore")
        if self.phase == "play":
            if place.in_chasm:
                pending = "climb_out"
            elif place.trap is not None:
                pending = "trap"
            elif self._awake():
                pending = "fight"
        doors = tuple(DoorView(d, level.doors[d].square, self._way_through(level.doors[d]),
                               level.doors[d].open, level.doors[d].locked,
                               level.doors[d].false and level.doors[d].open)
                      for d in place.doors if level.doors[d].visible)
        place_view = PlaceView(
            kind=place.kind, feature=place.feature if place.kind == "room" else "",
            landmarks=tuple(place.landmarks),
            monsters=tuple(MonsterView(m.name, m.letter, m.hp) for m in place.monsters),
            trap=place.trap.name if place.trap else None,
            corpses=tuple(c["name"] for c in place.corpses),
            stock=tuple(WareView(self._ware_name(w), w["price"], w["count"]) for w in place.stock),
            doors=doors, crossed=place.crossed)
        return RogueView(
            phase=self.phase, level=self.depth, difficulty=difficulty(self.depth),
            letters=letters_at(self.depth),
            map_rows=tuple(rows), legend=LEGEND, rogue_at=self.rogue_square(), place=place_view,
            skills=tuple(sorted(rogue.skills.items())), hp=rogue.hp, max_hp=rogue.max_hp,
            rogue_level=rogue.level, gold=rogue.gold, lockpicks=rogue.lockpicks,
            items=tuple(ItemView(self._item_name(i), i.status if i.identified else "unknown",
                                 i.charges) for i in rogue.items),
            abilities=tuple(rogue.abilities), diseased=rogue.diseased, pending=pending,
            legal=tuple(self.legal_actions()), outcome=self.outcome, score=self.score(),
            deepest=self.deepest)

    def _way_through(self, door: Door) -> str:
        """The way from the rogue's place through `door`: its facing, or the opposite way when
        the rogue is on its far side."""
        return door.facing if door.inner == self.here else LEFT[LEFT[door.facing]]

    def _ware_name(self, ware: dict[str, Any]) -> str:
        item = ware["item"]
        if ware["mimic"]:
            item = item["guise"]  # a mimic looks like a ware until touched
        if item["name"] == "fake_amulet":
            return "amulet_of_yendor"
        return item["name"] if item.get("identified", True) else unidentified(item["name"], item["colour"])

    def rogue_square(self) -> tuple[int, int]:
        """Where the rogue stands: beside the door he came in by, else the place's first square."""
        place, level = self.place, self.level
        for name in ("up", "down", "shop", "terminal", "amulet"):
            if name in place.landmarks and name in level.reached and level.reached[name] == place.id \
                    and level.landmarks[name] in place.squares:
                return level.landmarks[name]
        return place.squares[0]

    def map_rows(self) -> list[str]:
        """The current level as the rogue has drawn it: one string per row of the sheet."""
        level = self.level
        width = level.width
        cells = [" "] * (width * level.height)
        for index in level.seen:
            cells[index] = "#"  # a seen square is wall unless something is drawn there
        for place in level.places:
            glyph = "." if place.kind == "room" else ","
            for r, c in place.squares:
                if r * width + c in level.seen:
                    cells[r * width + c] = glyph
        for door in level.doors:
            index = door.square[0] * width + door.square[1]
            if index in level.seen and door.visible:
                cells[index] = "x" if door.false and door.open else (
                    "'" if door.open else "=" if door.locked else "+")
        for name, place_id in level.reached.items():
            square = level.landmarks[name]
            if square not in level.places[place_id].squares:
                square = level.places[place_id].squares[0]  # a hidden way on, found by search
            r, c = square
            if r * width + c in level.seen:
                cells[r * width + c] = LANDMARK_GLYPH[name]
        r, c = self.rogue_square()
        cells[r * width + c] = "@"
        return ["".join(cells[row * width:(row + 1) * width]) for row in range(level.height)]


def unidentified(name: str, colour: str) -> str:
    """What an unidentified magic item is called: its colour and whether it is a wand or a
    potion ("teal_potion"), never a word of its real name."""
    return f"{colour}_{'wand' if name.startswith('wand_') else 'potion'}"


def _dice_count(item: Item) -> int:
    return parse_dice(item.dice)[0] + item.status_dice() - (1 if item.rusty else 0)


def discovered(level: Level, place: Place) -> bool:
    """A place the rogue has drawn on his map (a forgotten level's places are not)."""
    r, c = place.squares[0]
    return r * level.width + c in level.seen


def _plain(value: Any) -> Any:
    """Plain JSON values for the fingerprint: sets sorted, dataclasses as dicts."""
    if is_dataclass(value) and not isinstance(value, type):
        return _plain(asdict(value))
    if isinstance(value, Dice):
        return {"seed": value.seed, "counters": dict(sorted(value.counters.items()))}
    if isinstance(value, Event):
        return value.to_dict()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, set):
        return sorted(value)
    return value


def new_game(seed: int) -> RogueState:
    return RogueState(seed)
