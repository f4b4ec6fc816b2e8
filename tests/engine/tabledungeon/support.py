"""Helpers for Table Dungeon tests: a table set up through real picks, rigged dice for the
enemy roll, and piles laid out by hand so a test can play a rulebook case with real actions."""

from __future__ import annotations

import json
import re
from collections import deque
from pathlib import Path

import jsonschema

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.tabledungeon import RULES, State
from engine.tabledungeon.actions import Action


class ScriptedDice(Dice):
    """Dice whose `roll` on streams starting with a prefix returns queued faces; every other
    draw (shuffles included) stays the seeded one."""

    __slots__ = ("script", "unshuffled")

    def __init__(self, base: Dice) -> None:
        super().__init__(base.seed, base.counters)
        self.script: dict[str, deque[int]] = {}
        self.unshuffled: set[str] = set()  # streams whose shuffles leave the order alone

    def clone(self) -> ScriptedDice:
        copy = ScriptedDice(self)
        copy.script = {k: deque(v) for k, v in self.script.items()}
        copy.unshuffled = set(self.unshuffled)
        return copy

    def shuffle(self, key: str, items: list) -> None:
        if key not in self.unshuffled:
            super().shuffle(key, items)

    def roll(self, key: str, sides: int = 6) -> int:
        for prefix, queue in self.script.items():
            if key.startswith(prefix) and queue:
                return queue.popleft()
        return super().roll(key, sides)


def rig(state: State, prefix: str, *faces: int) -> None:
    """Make the next rolls of streams starting with `prefix` come out as `faces`."""
    if not isinstance(state.dice, ScriptedDice):
        state.dice = ScriptedDice(state.dice)
    state.dice.script.setdefault(prefix, deque()).extend(faces)


def keep_order(state: State, key: str) -> None:
    """Make shuffles of the stream `key` (e.g. "loot") leave the cards in their order."""
    rig(state, key)
    assert isinstance(state.dice, ScriptedDice)
    state.dice.unshuffled.add(key)


def table(*classes: str, seed: int = 1, roll: tuple[int, ...] = ()) -> State:
    """A game with one player per class, picked in seat order through real actions. `roll`
    rigs the first enemy's dice."""
    names = ["Ann", "Bo", "Cy", "Di"][:len(classes)]
    state = RULES.new_game(seed=seed, players=names)
    for n, class_id in enumerate(classes):
        if n == len(classes) - 1 and roll:
            rig(state, "encounter", *roll)
        act(state, "pick", name=class_id)
    return state


def act(state: State, kind: str, card: str | None = None, name: str | None = None) -> list[Event]:
    return state.apply(Action(kind, card=card, name=name))


def hand(state: State, seat: int, *cards: str) -> None:
    """Put exactly these cards in a seat's hand (they leave the seat's other piles)."""
    s = state.seats[seat]
    for pile in (s.action, s.xp, s.discard):
        for code in cards:
            if code in pile:
                pile.remove(code)
    s.hand = list(cards)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> dict:
    return next(e.data for e in events if e.kind == kind)


def lay_all(state: State, *cards: str) -> list[Event]:
    """Each seat still to lay, in this round's order, lays the given card (hand rigged to hold
    it); one card per such seat."""
    events: list[Event] = []
    waiting = [s for s in state.order if s not in state.laid]
    for seat, code in zip(waiting, cards, strict=True):
        s = state.seats[seat]
        if code not in s.hand:
            hand(state, seat, code, *s.hand[1:])
        events += act(state, "play", card=code)
    return events


def play_out(seed: int, players: int = 2, level: str = "normal", limit: int = 20_000,
             finish: bool = True) -> State:
    """A whole game of computer players, each with its own dice stream."""
    from engine.tabledungeon.policy import choose

    state = RULES.new_game(seed=seed, players=["Ann", "Bo", "Cy", "Di"][:players])
    minds = [Dice(seed * 7 + 1000 + n) for n in range(players)]
    for _ in range(limit):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(choose(state.view(seat), state.legal_actions(), level, minds[seat]))
    assert state.is_over or not finish
    return state


def engine_event_kinds() -> set[str]:
    """Every event kind the engine's source can emit."""
    kinds: set[str] = set()
    for path in Path(__file__).resolve().parents[3].joinpath("engine", "tabledungeon").rglob("*.py"):
        kinds.update(re.findall(r'Event\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return kinds


def scramble_hidden(state, keep: int):
    """A copy whose hidden cards, those `keep` may not see, are changed: other hands and
    action piles swapped around, other face-down cards replaced."""
    other = state.clone()
    for number, seat in enumerate(other.seats):
        if number == keep:
            continue
        hidden = seat.hand + seat.action + ([seat.played] if seat.played else [])
        hidden.reverse()
        size = len(seat.hand)
        seat.hand, seat.action = hidden[:size], hidden[size:len(hidden) - (1 if seat.played else 0)]
        if seat.played:
            seat.played = hidden[-1]
    return other


SCHEMAS = Path(__file__).resolve().parents[3] / "schemas"
EVENTS_SCHEMA = json.loads((SCHEMAS / "tabledungeon-events.schema.json").read_text("utf-8"))
RUN_SCHEMA = json.loads((SCHEMAS / "tabledungeon-run.schema.json").read_text("utf-8"))


def validator(schema: dict) -> jsonschema.Draft7Validator:
    """A validator for `schema` (EVENTS_SCHEMA, RUN_SCHEMA), the schema itself checked first."""
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)
