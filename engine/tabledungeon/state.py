"""The Table Dungeon game state and its contract API (engine.core's Event, our own Action).

    state = Rules().new_game(seed=7, players=["Ann", "Bo"])
    state.current_player; state.legal_actions(); state.why_illegal(a); events = state.apply(a)
    state.is_over; state.outcome; state.returns(); state.view(seat)
    state.clone(); state.history; state.fingerprint(); state.serialize()

The rules live in the modules named after the rulebook's sections; this class holds the state
and routes each action to the section whose decision is waiting.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.core.state import GameState
from engine.tabledungeon import drawing, encounter, ending, levelling, play, setup, view
from engine.tabledungeon.actions import FIELDS, Action
from engine.tabledungeon.cards import RANK, is_royal, rank_name
from engine.tabledungeon.data import Enemy, Item, TableData, load
from engine.tabledungeon.seats import Seat

# Bump whenever any outcome of any action can change: runs from another version are refused.
RULES_VERSION = 2
GAME = "tabledungeon"


class State(GameState[Action]):
    """One game of Table Dungeon for 2 to 4 players."""

    def __init__(self, seed: int, names: list[str], data: TableData | None = None) -> None:
        self.seed = seed
        self.names = list(names)
        self.data = data or load()
        self.dice = Dice(seed)
        self.seats = [Seat(name) for name in names]
        self.phase = "pick"  # pick, play, choose (royal moves and level ups), over
        self.current = 0
        self.level = 1
        self.aces = 0
        self.round = 0
        self.leader = 0  # the first to lay a card this round
        self.order: list[int] = []  # this round's living seats, from the leader
        self.laid: set[int] = set()  # seats that have laid (or passed) this round
        self.enemy: Enemy | None = None
        self.enemy_roll = 0
        self.enemy_health = 0
        self.round_attack_bonus = 0  # from items used this round
        self.round_flee = False  # an item made the enemy flee
        self.loot_deck: list[str] = []  # index 0 is the top
        self.final_ace: str | None = None  # the fourth ace, left face up: it ended the game
        self.out_of_game: list[str] = []  # one-use items used (face up, out of play)
        self.pending: list[tuple[str, int]] = []  # ("royal" | "level", seat), first waits first
        self.to_sort = 0  # cards the level up at the front of `pending` has still to sort
        self.last_round: dict[str, Any] | None = None  # replaced, never changed: clones share it
        self.outcome: str | None = None  # "won" (four aces) or "lost" (everyone dead)
        self.winners: list[int] = []
        self.history: list[Action] = []

    # ------------------------------------------------------------------ reading

    @property
    def current_player(self) -> int | None:
        """The seat that must act now (class picks included); None once the game is over."""
        return None if self.outcome is not None else self.current

    def living(self) -> list[int]:
        return [n for n, s in enumerate(self.seats) if s.alive]

    def items(self, number: int) -> list[tuple[str, Item]]:
        """The royals in seat `number`'s loot, each with the item its class sheet makes it."""
        seat = self.seats[number]
        if seat.class_id is None:
            return []
        sheet = self.data.classes[seat.class_id]
        return [(c, sheet.items[rank_name(c)]) for c in seat.loot if is_royal(c)]

    def item_of(self, number: int, code: str | None) -> Item | None:
        """The item that royal `code` in seat `number`'s loot is; None if there is none."""
        return dict(self.items(number)).get(code or "")

    def stat(self, number: int, name: str) -> int:
        """A stat from the class sheet plus every passive item carried."""
        seat = self.seats[number]
        value = self.data.classes[seat.class_id].stats[name] if seat.class_id else 0
        for _, item in self.items(number):
            if item.passive:
                value += dict(item.stats).get(name, 0)
        return value

    def armour(self, number: int) -> int:
        return sum(item.armour for _, item in self.items(number) if item.passive)

    def points(self, number: int) -> int:
        return ending.points(self, number)

    def returns(self) -> list[int]:
        """Loot points per seat as the end tallies them: the living's points, 0 for the dead."""
        return [self.points(n) if s.alive else 0 for n, s in enumerate(self.seats)]

    @property
    def score(self) -> int:
        """The winner's loot points (0 if everyone died or the game goes on)."""
        if self.outcome != "won":
            return 0
        return self.points(self.winners[0])

    # ------------------------------------------------------------------ actions

    def why_illegal(self, action: Any) -> str | None:
        """The reason `action` is not allowed now, or None if it is."""
        if not isinstance(action, Action):
            return "that is not a Table Dungeon action"
        if not isinstance(action.kind, str) or action.kind not in FIELDS:
            return f"{action.kind!r} is not an action"
        if not isinstance(action.card, (str, type(None))) or \
                not isinstance(action.name, (str, type(None))):
            return "an action's card and name are text"
        wanted = FIELDS[action.kind]
        if (action.card is not None) != (wanted == "card") or \
                (action.name is not None) != (wanted == "name"):
            return f"{action.kind} takes {'a ' + wanted if wanted else 'nothing more'}"
        if action.card is not None and action.card not in RANK:
            return f"{action.card!r} is not a card"
        if self.outcome is not None:
            return "the game is over"
        if self.phase == "pick":
            if action.kind != "pick":
                return f"{self.seats[self.current].name} must choose a class first"
            return setup.why_not_pick(self, action)
        if action.kind == "pick":
            return "the classes are already chosen"
        if self.phase == "play":
            return play.why_not(self, action)
        return levelling.why_not(self, action, self.pending[0][0])

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        self.history.append(action)
        if self.phase == "pick":
            setup.pick(self, action, events)
        elif self.phase == "play":
            play.act(self, action, events)
        else:
            levelling.act(self, action, events)
        return events

    def advance(self, events: list[Event]) -> None:
        """After a fight: hand the turn to the next waiting decision, or end the round. A
        decision with no possible move is dropped, so the game never waits on nothing."""
        while self.pending and not levelling.can_choose(self, *self.pending[0]):
            self.pending.pop(0)
        if self.pending:
            kind, number = self.pending[0]
            if kind == "level" and self.to_sort == 0:
                self.to_sort = levelling.cards_to_sort(self, number)
            self.phase = "choose"
            self.current = number
            return
        end_round(self, events)

    def legal_actions(self) -> list[Action]:
        if self.outcome is not None:
            return []
        seat = self.seats[self.current]
        if self.phase == "pick":
            return [Action("pick", name=c) for c in self.data.classes]
        if self.phase == "play":
            out = [Action("use", card=c) for c, item in dict(self.items(self.current)).items()
                   if not item.passive]
            out += [Action("play", card=c) for c in seat.hand] or [Action("pass")]
            return out
        out = []
        if seat.xp:
            out += [Action("xp_to_discard"), Action("xp_to_bottom")]
        if self.pending[0][0] == "royal":
            out += [Action("hand_to_xp", card=c) for c in seat.hand]
            out.append(Action("decline"))
        return out

    # ------------------------------------------------------------------ copies and records

    def clone(self) -> State:
        copy = State.__new__(State)
        copy.__dict__.update(self.__dict__)
        copy.names = list(self.names)
        copy.dice = self.dice.clone()
        copy.seats = [s.clone() for s in self.seats]
        copy.order = list(self.order)
        copy.laid = set(self.laid)
        copy.loot_deck = list(self.loot_deck)
        copy.out_of_game = list(self.out_of_game)
        copy.pending = list(self.pending)
        copy.winners = list(self.winners)
        copy.history = list(self.history)
        return copy

    def full(self) -> dict[str, Any]:
        """Everything in the state, hidden cards included (for fingerprints and tests only:
        players see view(seat))."""
        return {
            "seed": self.seed, "names": self.names, "phase": self.phase,
            "current": self.current, "level": self.level, "aces": self.aces,
            "round": self.round, "leader": self.leader, "order": self.order,
            "laid": sorted(self.laid), "enemy": self.enemy.name if self.enemy else None,
            "enemy_roll": self.enemy_roll, "enemy_health": self.enemy_health,
            "round_attack_bonus": self.round_attack_bonus, "round_flee": self.round_flee,
            "loot_deck": self.loot_deck, "pending": [list(p) for p in self.pending],
            "to_sort": self.to_sort, "final_ace": self.final_ace,
            "out_of_game": self.out_of_game,
            "outcome": self.outcome, "winners": self.winners, "last_round": self.last_round,
            "dice": sorted(self.dice.counters.items()),
            "seats": [s.to_dict() for s in self.seats],
        }

    def fingerprint(self) -> str:
        """sha256 of the whole state: equal exactly when two states are the same."""
        text = json.dumps(self.full(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def view(self, seat: int | None) -> view.View:
        """What `seat` may see (see engine.tabledungeon.view)."""
        return view.view(self, seat)


def end_round(state: State, events: list[Event]) -> None:
    """DRAWING FROM THE ACTION PILE closes the round; the next leader rolls a new enemy."""
    for number in state.living():
        drawing.draw_to_hand(state, number, events)
    count = len(state.seats)
    state.leader = next(n for n in ((state.leader + k) % count for k in range(1, count + 1))
                        if state.seats[n].alive)
    encounter.start_round(state, events)
