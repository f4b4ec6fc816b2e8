"""One game of Rogue Like Roguelike: one rogue, ten levels, the Amulet of Yendor.

The State follows the shared game contract: `legal_actions()`, `why_illegal(action)`,
`apply(action) -> events` (IllegalAction leaves the state unchanged), `is_over`, `outcome`,
`returns()`, `clone()`, `history`, `fingerprint()`, `serialize()` and `view(seat)`.

The decisions, in the order they come up: the two 2d6 skills at creation; after going down to a
new level, the skills to raise and a special ability; a trap in the room (disable it or walk on);
monsters awake in the room (fight, sneak past or flee); otherwise exploring: doors, corridors,
rooms, the terminal, the shop and the stairs. This module checks an action against the phase and
the place the rogue is in; the rules of each action live in its rulebook section's module.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from dataclasses import asdict, is_dataclass
from typing import Any

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.core.state import GameState
from engine.roguelike import (
    character,
    combat,
    exploring,
    features,
    items,
    levelling,
    shops,
    stairs,
    traps,
)
from engine.roguelike.actions import KINDS, Action
from engine.roguelike.character import Item, Rogue, new_rogue, skill_check, skill_names
from engine.roguelike.items import GARMENT, GARMENTS
from engine.roguelike.levelling import abilities, raise_options
from engine.roguelike.loot import colour_map
from engine.roguelike.paper import Level, Place
from engine.roguelike.setting_up import set_up_level
from engine.roguelike.tables import difficulty, roll_dice, tables
from engine.roguelike.view import View, build_view

GAME = "roguelike"
RULES_VERSION = 5

# Choices that take no time in the dungeon: deciding what a found garment is, or which level a
# Hackmaster's hack (which took its minute) draws, takes no minute.
TIMELESS = ("wear", "reveal")

Handler = Callable[["State", Action], list[Event]]
PlaceProblem = Callable[["State", Action, Item | None], str | None]

# What each action does, by its kind: the rules live in the module of its rulebook section.
HANDLERS: dict[str, Handler] = {
    "choose_skill": character.choose_skill,
    "raise": levelling.raise_skills, "ability": levelling.gain_ability,
    "open": exploring.open_door, "pick": exploring.pick_lock, "force": exploring.force_door,
    "go": exploring.go_through, "search": exploring.search, "hack": exploring.hack,
    "reveal": exploring.reveal,
    "descend": stairs.descend, "ascend": stairs.ascend, "take_amulet": stairs.take_amulet,
    "attack": combat.attack, "shoot": combat.shoot, "zap": combat.zap,
    "befriend": combat.befriend, "sneak": combat.sneak, "flee": combat.flee,
    "disable": traps.disable, "spring": traps.spring,
    "cross": features.cross, "climb": features.climb, "pray": features.pray,
    "drink": features.drink, "eat": features.eat,
    "use": items.use, "wear": items.wear,
    "buy": shops.buy, "sell": shops.sell, "attack_shopkeeper": combat.attack_shopkeeper,
}

# Where an exploring action's own conditions are checked, once no chasm, trap or monster is in
# the way.
PLACE_PROBLEMS: dict[str, PlaceProblem] = {
    **dict.fromkeys(("open", "pick", "force", "go", "search", "hack"), exploring.problem),
    **dict.fromkeys(("descend", "ascend", "take_amulet"), stairs.problem),
    **dict.fromkeys(("cross", "pray", "drink", "eat"), features.problem),
    **dict.fromkeys(("buy", "sell", "attack_shopkeeper"), shops.problem),
}


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


class State(GameState[Action]):
    """One game of Rogue Like Roguelike."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.dice = Dice(seed)
        self.history: list[Action] = []
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
        self.reveal_owed = False  # a Hackmaster's hack passed: he may draw an upper level
        self.actions_taken = 0
        self.colours = colour_map(self.dice)
        level, log = set_up_level(self.dice, 1)
        self.levels.append(level)
        self.opening = [Event("level", {"level": 1, "corner": level.corner, "rolls": log})]

    # --- the contract -------------------------------------------------------------------

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
        points: int = self.deepest * data["per_level"] + (data["amulet"] if self.amulet else 0)
        return points

    def returns(self) -> list[int]:
        return [self.score()]

    def clone(self) -> State:
        return copy.deepcopy(self)

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        out = [a for a in self._candidates() if self._problem(a) is None]
        return out

    def why_illegal(self, action: Action) -> str | None:
        if not isinstance(action, Action):
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

    def _apply(self, action: Action) -> list[Event]:
        events = HANDLERS[action.kind](self, action)
        self.history.append(action)
        if self.phase == "play" and not self.is_over and action.kind not in TIMELESS:
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

    def view(self, seat: int = 0) -> View:
        if seat != 0:
            raise ValueError(f"Rogue Like Roguelike has one seat, 0, not {seat!r}")
        return build_view(self)

    def _snapshot(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if k != "history"}

    # --- what may be done now ---------------------------------------------------------------

    def _candidates(self) -> list[Action]:
        if self.phase == "create":
            return [Action("choose_skill", name=s) for s in skill_names()]
        if self.phase == "raise":
            return [Action("raise", names=pair) for pair in raise_options(self.rogue)]
        if self.phase == "ability":
            return [Action("ability", name=a) for a in abilities()]
        place = self.place
        out: list[Action] = []
        items = range(len(self.rogue.items))
        out += [Action("use", item=i) for i in items]
        out += [Action("wear", item=i, name=choice) for i in items
                if self.rogue.items[i].name == GARMENT for choice in GARMENTS]
        if self.reveal_owed:
            out += [Action("reveal", index=n) for n in range(1, self.depth)]
        if place.in_chasm:
            return out + [Action("climb")]
        if place.trap is not None:
            return out + [Action("disable"), Action("spring")]
        if self.awake():
            for m in range(len(place.monsters)):
                out += [Action("attack", monster=m), Action("befriend", monster=m)]
                out += [Action(k, monster=m, item=i) for k in ("shoot", "zap") for i in items]
            return out + [Action("sneak"), Action("flee")]
        for door in place.doors:
            out += [Action(k, door=door) for k in ("open", "pick", "force", "go")]
        out += [Action(k) for k in ("search", "hack", "descend", "ascend", "take_amulet",
                                         "cross", "pray", "drink")]
        out += [Action("eat", index=k) for k in range(len(place.corpses))]
        out += [Action("buy", index=k) for k in range(len(place.stock))]
        out += [Action("sell", item=i) for i in items]
        out.append(Action("attack_shopkeeper"))
        return out

    def _problem(self, a: Action) -> str | None:
        """Why `a` is not allowed now, in words for the player; None if it is."""
        if self.phase == "create":
            return character.choice_problem(self.rogue, a)
        if self.phase == "raise":
            return levelling.raise_choice_problem(self.rogue, a)
        if self.phase == "ability":
            return levelling.ability_problem(self.rogue, a)
        if a.kind in ("choose_skill", "raise", "ability"):
            return "that choice is not open now"
        return self._play_problem(a)

    def _play_problem(self, a: Action) -> str | None:
        """Why `a` is not allowed in play. What bars the way is checked first: a chasm the rogue
        fell into, then a trap, then monsters awake."""
        rogue, place = self.rogue, self.place
        item = None
        if a.item is not None:
            if a.item >= len(rogue.items):
                return "you carry no such item"
            item = rogue.items[a.item]
        if a.kind == "use":
            return items.use_problem(self, item)
        if a.kind == "wear":  # a choice made at once, wherever the rogue is
            return items.wear_problem(item, a.name)
        if a.kind == "reveal":  # so is the level a Hackmaster's hack draws
            return exploring.reveal_problem(self, a)
        if place.in_chasm:
            return "you are at the bottom of the chasm: climb out" if a.kind != "climb" else None
        if a.kind == "climb":
            return "you are not in a chasm"
        if place.trap is not None:
            return None if a.kind in ("disable", "spring") else "there is a trap here: disable it or walk on"
        if a.kind in ("disable", "spring"):
            return "there is no trap here"
        if a.monster is not None or self.awake() or a.kind in combat.FIGHT_KINDS:
            return combat.fight_problem(self, a, item)
        problem = PLACE_PROBLEMS.get(a.kind)
        return f"unknown action {a.kind}" if problem is None else problem(self, a, item)

    # --- what every section uses ------------------------------------------------------------

    def awake(self) -> bool:
        """Monsters in the rogue's place face him: he has not sneaked past them."""
        return bool(self.place.monsters) and not self.place.sneaked

    def check(self, skill: str, extra: int = 0) -> tuple[bool, Event]:
        """A check of `skill` against the level's Difficulty: passed, and its event."""
        data = skill_check(self.dice, self.rogue, skill, difficulty(self.depth), extra)
        return data["passed"], Event("check", data)

    def hopeless(self, skill: str) -> bool:
        """No roll can pass a check of `skill` here: the rogue has fewer dice than the
        Difficulty asks successes."""
        rogue = self.rogue
        return rogue.skills[skill] + rogue.bonus_dice(skill) < difficulty(self.depth)

    def hurt(self, damage: str, by: str, cause: str, key: str, extra: int = 0) -> list[Event]:
        """Roll `damage` against the rogue's armour. `cause` says what kind of thing `by` is
        (a "monster", a "trap", a "fall" at a feature)."""
        amount, faces = roll_dice(self.dice, key, damage, extra)
        taken = max(0, amount - self.rogue.armour())
        self.rogue.hp -= taken
        return [Event("hurt", {"by": by, "cause": cause, "dice": faces, "damage": taken,
                               "hp": self.rogue.hp})]

    def heal(self, amount: int, by: str) -> list[Event]:
        rogue = self.rogue
        rogue.hp = min(rogue.max_hp, rogue.hp + amount)
        return [Event("healed", {"by": by, "amount": amount, "hp": rogue.hp})]

    def where(self) -> dict[str, Any]:
        """The rogue's place, as an "entered" event tells it."""
        return {"level": self.depth, "place": self.here, "kind": self.place.kind,
                "landmarks": list(self.place.landmarks), "feature": self.place.feature}

    def rogue_square(self) -> tuple[int, int]:
        """Where the rogue stands: beside the door he came in by, else the place's first square."""
        place, level = self.place, self.level
        for name in ("up", "down", "shop", "terminal", "amulet"):
            if name in place.landmarks and name in level.reached and level.reached[name] == place.id \
                    and level.landmarks[name] in place.squares:
                return level.landmarks[name]
        return place.squares[0]

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
