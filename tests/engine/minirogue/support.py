"""Helpers for Mini Rogue tests: dice that can be told what to roll and how to deal the rooms,
so each rulebook example plays out exactly through real actions."""

from __future__ import annotations

import subprocess
import sys
from collections import deque
from pathlib import Path

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.minirogue import Action, State
from engine.minirogue.tables import tables


class ScriptedDice(Dice):
    """Queued faces for streams whose key starts with a purpose ("attack", "skill", ...) and
    queued room orders for the deals; real seeded dice for everything not scripted."""

    __slots__ = ("script", "deals")

    def __init__(self, base: Dice) -> None:
        super().__init__(base.seed, base.counters)
        self.script: dict[str, deque[int]] = {}
        self.deals: dict[int, list[str]] = {}  # area -> the room cards in dealing order

    def clone(self) -> ScriptedDice:
        copy = ScriptedDice(self)
        copy.script = {k: deque(v) for k, v in self.script.items()}
        copy.deals = dict(self.deals)
        return copy

    def roll(self, key: str, sides: int = 6) -> int:
        purpose = key.split(":")[0]
        queue = self.script.get(purpose)
        if queue:
            return queue.popleft()
        return super().roll(key, sides)

    def shuffle(self, key: str, items: list) -> None:
        area = int(key.split(":")[1])
        if area in self.deals:
            order = self.deals[area]
            assert sorted(order) == sorted(items), "a scripted deal must use every room card"
            items[:] = order
            return
        super().shuffle(key, items)


def deal(*columns: str) -> list[str]:
    """A layout written column by column, e.g. deal("monster", "trap event", "treasure", ...)."""
    return [room for column in columns for room in column.split()]


# A deal used when a test does not care: the four columns are
# [monster], [treasure, merchant], [resting], [event, trap].
PLAIN = deal("monster", "treasure merchant", "resting", "event trap")


def game(difficulty: str = "normal", dungeon_keys: bool = False, seed: int = 1,
         deals: dict[int, list[str]] | None = None, area: int = 1, **rolls: list[int]) -> State:
    """A new game with scripted dice. `area` starts the hero deeper (its deal from `deals`);
    `rolls` queue faces by purpose, e.g. attack=[1, 5, 6]."""
    dice = ScriptedDice(Dice(seed))
    dice.deals = dict(deals or {})
    for purpose, faces in rolls.items():
        dice.script[purpose] = deque(faces)
    state = State(tables(), seed, difficulty, dungeon_keys, dice=dice)
    if area != 1:
        from engine.minirogue import turn
        turn.begin_area(state, area, [])
    return state


def rig(state: State, purpose: str, *faces: int) -> None:
    """Queue the next faces of a purpose's dice."""
    assert isinstance(state.dice, ScriptedDice)
    state.dice.script.setdefault(purpose, deque()).extend(faces)


def act(state: State, *texts: str) -> list[Event]:
    """Apply actions written as 'enter 0', 'reroll 2', 'feat 1 hp', 'strike', 'cast fire',
    'pass', 'choose 4', 'replace ice', 'buy armor', 'sell fire', 'leave', 'rest heal'."""
    events: list[Event] = []
    for text in texts:
        events.extend(state.apply(parse(text)))
    return events


def parse(text: str) -> Action:
    words = text.split()
    kind, args = words[0], words[1:]
    if kind == "enter":
        return Action("enter", row=int(args[0]))
    if kind == "reroll":
        return Action("reroll", die=int(args[0]))
    if kind == "feat":
        return Action("feat", die=int(args[0]), pay=args[1])
    if kind == "choose":
        return Action("choose", face=int(args[0]))
    if kind in ("cast", "replace"):
        return Action(kind, spell=args[0])
    if kind in ("buy", "sell"):
        return Action(kind, item=args[0])
    if kind == "rest":
        return Action("rest", option=args[0])
    return Action(kind)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> dict:
    for e in events:
        if e.kind == kind:
            return e.data
    raise AssertionError(f"no {kind!r} event in {kinds(events)}")


def every(events: list[Event], kind: str) -> list[dict]:
    return [e.data for e in events if e.kind == kind]


# An area walked through without a fight: rest, visit the merchant, an event (a ration when
# event=1 and the check fails) and a trap evaded (rolls: event=[1], skill=[6, 1], trap=[4]).
WALK = deal("resting", "merchant treasure", "event", "monster trap")
WALK_ACTIONS = ("enter 0", "rest heal", "enter 0", "leave", "enter 0", "enter 1")


def walk(state: State) -> list[Event]:
    """Play the four columns of a WALK area (its dice must be rigged by the caller)."""
    rig(state, "event", 1)
    rig(state, "skill", 6, 1)
    rig(state, "trap", 4)
    return act(state, *WALK_ACTIONS)


# ---------------------------------------------------------------------- the real command

CARDROGUE = Path(sys.executable).parent / "cardrogue"


def cardrogue(*args: str | Path, data: Path) -> subprocess.CompletedProcess[str]:
    """`cardrogue ARGS` with only PATH and `data` as its data folder; never a traceback."""
    done = subprocess.run([str(CARDROGUE), *map(str, args)], capture_output=True, text=True,
                          timeout=60, env={"PATH": "/usr/bin:/bin", "CARDROGUE_DATA_DIR": str(data)})
    assert "Traceback" not in done.stdout + done.stderr
    return done
