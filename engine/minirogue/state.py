"""One game of Mini Rogue: the hero, the dungeon position, the dealt rooms and what the rules
wait for next (`pending`). Decisions arrive as Actions; `apply` checks, then changes the state
and returns Events. An illegal action raises IllegalAction and changes nothing, because every
check runs before the first change.

Pending choices:
    room         take a room of the current column (or heal first)
    attack       reroll criticals, perform feats, then strike
    spell        cast one spell after the strike, or pass
    event        pick the event's result after a passed skill check
    found_spell  give up a held spell for a found one, or pass
    merchant     buy, sell, leave
    resting      pick one option
    over         the game has ended
"""

from __future__ import annotations

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.core.state import GameState
from engine.minirogue import combat, dungeon, feats, items, rooms, scoring, spells, turn
from engine.minirogue.actions import PAYMENTS, Action
from engine.minirogue.character import Hero
from engine.minirogue.combat import Fight
from engine.minirogue.tables import SPELLS, Tables
from engine.minirogue.view import View, build_view

GAME = "minirogue"  # the name Mini Rogue is registered under in engine.games, and runs carry
RULES_VERSION = 2

# Which kinds of action each pending choice takes, and how to say what it waits for.
KINDS_BY_PENDING: dict[str, tuple[str, ...]] = {
    "room": ("enter", "cast"),
    "attack": ("reroll", "feat", "strike"),
    "spell": ("cast", "pass"),
    "event": ("choose",),
    "found_spell": ("replace", "pass"),
    "merchant": ("buy", "sell", "leave"),
    "resting": ("rest",),
    "over": (),
}
WAITING_FOR = {
    "room": "a room to enter",
    "attack": "your attack: reroll a critical, perform a feat, or strike",
    "spell": "a spell to cast, or pass",
    "event": "the event result you pick",
    "found_spell": "a spell to give up for the one you found, or pass",
    "merchant": "a purchase, a sale, or leaving the merchant",
    "resting": "a resting option",
}


class State(GameState[Action]):
    """The whole game. `history` lists every action applied, so (setup, history) is the game."""

    def __init__(self, tables: Tables, seed: int, difficulty: str, dungeon_keys: bool,
                 dice: Dice | None = None) -> None:
        self.tables = tables
        self.seed = seed
        self.difficulty = difficulty
        self.dungeon_keys = dungeon_keys
        self.dice = dice if dice is not None else Dice(seed)
        self.hero = Hero.starting(tables.starts[difficulty])
        self.area = 1
        self.layout: list[list[str]] = []
        self.column = 0
        self.taken: list[int] = []  # the row taken in each column so far
        self.pending = "room"
        self.fight: Fight | None = None
        self.event_options: tuple[int, ...] = ()
        self.found_spell: str | None = None
        self.turn_kills = 0  # monsters beaten in this area's cards (for the treasure's gold)
        self.monsters_defeated = 0
        self.bosses_defeated = 0
        self.has_key = False
        self.outcome: str | None = None
        self.cause: str | None = None
        self.history: list[Action] = []
        self.last_dice: tuple[tuple[str, int], ...] = ()
        self._rolls: list[tuple[str, int]] = []
        self.start_events: list[Event] = []
        turn.begin_area(self, 1, self.start_events)

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int | None:
        """The one seat, 0, while the game goes on; None once it is over."""
        return None if self.outcome is not None else 0

    def returns(self) -> list[int]:
        """1 for the Og's Blood, 0 otherwise (one seat)."""
        return [1 if self.outcome == "won" else 0]

    @property
    def score(self) -> int:
        return scoring.score(self)

    @property
    def level(self) -> int:
        return dungeon.level_number(self.tables, self.area)

    def roll(self, purpose: str) -> int:
        """One die from the stream of this purpose in this area."""
        face = self.dice.roll(f"{purpose}:{self.area}")
        self._rolls.append((purpose, face))
        return face

    def legal_actions(self) -> list[Action]:
        hero, p = self.hero, self.pending
        out: list[Action] = []
        if p == "room":
            out += [Action("enter", row=r) for r in range(len(rooms.current_column(self)))]
            if spells.HEAL in hero.spells:
                out.append(Action("cast", spell=spells.HEAL))
        elif p == "attack":
            assert self.fight is not None
            for n in range(len(self.fight.dice)):
                if combat.reroll_problem(self, n) is None:
                    out.append(Action("reroll", die=n))
                out += [Action("feat", die=n, pay=pay) for pay in PAYMENTS
                        if feats.feat_problem(self, n, pay) is None]
            out.append(Action("strike"))
        elif p == "spell":
            out += [Action("cast", spell=s) for s in SPELLS if s in hero.spells]
            out.append(Action("pass"))
        elif p == "event":
            out += [Action("choose", face=f) for f in self.event_options]
        elif p == "found_spell":
            out += [Action("replace", spell=s) for s in SPELLS if s in hero.spells]
            out.append(Action("pass"))
        elif p == "merchant":
            items_ = [w for w in self.tables.wares if w != "spell"] + list(SPELLS)
            out += [Action("buy", item=i) for i in items_ if rooms.buy_problem(self, i) is None]
            out += [Action("sell", item=i) for i in items_ if rooms.sell_problem(self, i) is None]
            out.append(Action("leave"))
        elif p == "resting":
            out += [Action("rest", option=o) for o in self.tables.resting]
        return out

    def why_illegal(self, action: Action) -> str | None:
        """Why the rules refuse this action now, or None when it is legal."""
        if not isinstance(action, Action):
            return "that is not a Mini Rogue action"
        if self.pending == "over":
            return "the game is over"
        if action.kind not in KINDS_BY_PENDING[self.pending]:
            return f"you cannot {action.kind} now: the game waits for {WAITING_FOR[self.pending]}"
        kind = action.kind
        if kind == "enter":
            return rooms.enter_problem(self, _int(action.row))
        if kind == "reroll":
            return combat.reroll_problem(self, _int(action.die))
        if kind == "feat":
            return feats.feat_problem(self, _int(action.die), _str(action.pay))
        if kind == "cast":
            return spells.cast_problem(self, _str(action.spell))
        if kind == "choose":
            return rooms.choose_problem(self, _int(action.face))
        if kind == "replace":
            return items.replace_problem(self, _str(action.spell))
        if kind == "buy":
            return rooms.buy_problem(self, _str(action.item))
        if kind == "sell":
            return rooms.sell_problem(self, _str(action.item))
        return None  # strike, pass, leave and rest take no checks beyond the pending choice

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        self._rolls = []
        kind = action.kind
        if kind == "enter":
            rooms.enter(self, _int(action.row), events)
        elif kind == "reroll":
            combat.reroll(self, _int(action.die), events)
        elif kind == "feat":
            feats.feat(self, _int(action.die), _str(action.pay), events)
        elif kind == "strike":
            combat.strike(self, events)
        elif kind == "cast":
            spells.cast(self, _str(action.spell), events)
        elif kind == "pass":
            if self.pending == "spell":
                events.append(Event("no_spell", {}))
                combat.defend(self, events)
            else:
                items.leave(self, events)
        elif kind == "choose":
            rooms.resolve_event(self, _int(action.face), events)
        elif kind == "replace":
            items.replace(self, _str(action.spell), events)
        elif kind == "buy":
            rooms.buy(self, _str(action.item), events)
        elif kind == "sell":
            rooms.sell(self, _str(action.item), events)
        elif kind == "leave":
            events.append(Event("left_merchant", {}))
            turn.finish_room(self, events)
        elif kind == "rest":
            rooms.rest(self, _str(action.option), events)
        self.history.append(action)
        if self._rolls:
            self.last_dice = tuple(self._rolls)
        return events

    def clone(self) -> State:
        copy = State.__new__(State)
        copy.__dict__.update(self.__dict__)
        copy.dice = self.dice.clone()
        copy.hero = self.hero.clone()
        copy.layout = [list(c) for c in self.layout]
        copy.taken = list(self.taken)
        copy.fight = self.fight.clone() if self.fight is not None else None
        copy.history = list(self.history)
        copy._rolls = []
        copy.start_events = list(self.start_events)
        return copy

    def fingerprint(self) -> tuple[object, ...]:
        """Everything that can differ between two games: equal fingerprints, equal futures."""
        return (
            self.seed, self.difficulty, self.dungeon_keys,
            tuple(sorted(self.dice.counters.items())), self.hero.as_tuple(), self.area,
            tuple(tuple(c) for c in self.layout), self.column, tuple(self.taken), self.pending,
            self.fight.as_tuple() if self.fight is not None else None, self.event_options,
            self.found_spell, self.turn_kills, self.monsters_defeated, self.bosses_defeated,
            self.has_key, self.outcome, self.cause,
        )

    def view(self, seat: int = 0) -> View:
        """A frozen read model of plain values for a screen (see view.py). Solitaire: seat 0."""
        if seat != 0:
            raise ValueError("Mini Rogue has one seat: 0")
        return build_view(self, seat)


def _int(value: int | None) -> int:
    assert value is not None  # Action checks its own fields when it is made
    return value


def _str(value: str | None) -> str:
    assert value is not None
    return value
