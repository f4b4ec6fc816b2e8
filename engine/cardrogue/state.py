"""The Card Rogue game state and its public API, in the spirit of OpenSpiel: it is the State of
the game contract (engine/core/contract.py; set up through engine/cardrogue/rules.py).

    game = State.story(map_spec, character="warrior")
    game.legal_actions()          # every action allowed now
    events = game.apply(action)   # raises IllegalAction (and changes nothing) if not allowed
    game.is_over, game.outcome, game.clone(), game.serialize()

The rules live in the modules named after the rulebook's sections; this class holds the state
and routes each action to the section that handles it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from engine.cardrogue import (
    catacomb,
    characters,
    combat,
    exceptional,
    goals,
    items,
    players,
    tiles,
    turn,
)
from engine.cardrogue.actions import DIRECTIONS, Action
from engine.cardrogue.board import DIRECTION_BITS, FACE_DOWN, REVEALED, UNSEEN, Board
from engine.cardrogue.cards import CardDef, Catalog, standard_catalog
from engine.cardrogue.decisions import Decision, Pick, Respawn, Teleport
from engine.cardrogue.level import Goal, LevelSpec, MapSpec
from engine.cardrogue.pieces import Card, Enemy, Player, Setup, TurnFlags
from engine.cardrogue.view import View
from engine.cardrogue.view import view as view_of
from engine.core.dice import Dice
from engine.core.protocol import Event, IllegalAction
from engine.core.state import GameState

GAME = "cardrogue"  # the name Card Rogue is registered under in engine.games, and runs carry
# Bump whenever any outcome of any action can change: runs from another version are refused.
RULES_VERSION = 4



class _Section(Protocol):
    """A rulebook section's module, as the game routes actions to it."""

    def check(self, g: State, p: Player, action: Action) -> str | None: ...

    def do(self, g: State, p: Player, action: Action, events: list[Event]) -> None: ...


# action kind -> (the section module that checks and does it, the fields it may carry).
# A field a kind does not use is refused, so one play has one spelling (and one run hash).
_ACTIONS: dict[str, tuple[_Section, frozenset[str]]] = {
    kind: (section, frozenset(fields)) for kind, section, fields in (
        ("flip", turn, ["dir"]), ("move", turn, ["dir"]), ("end_turn", turn, []),
        ("attack", combat, ["dir"]), ("flee", combat, ["dir"]),
        ("equip", items, ["card"]), ("unequip", items, ["card"]), ("drink", items, ["card"]),
        ("throw", items, ["card", "dir"]), ("read", items, ["card", "cards", "target"]),
        ("place", items, ["target"]),
        ("buy", tiles, ["card", "cards"]), ("sell", tiles, ["card"]),
        ("cast", combat, ["dir"]),
        ("trade", players, ["player", "cards", "take"]), ("trip", players, ["player"]),
        ("steal", players, ["player"]), ("leap", players, ["target"]),
        ("respawn", players, ["card", "cards", "target", "name"]), ("pick", players, ["name"]),
        ("mole", exceptional, ["target", "cards"]), ("quit", exceptional, []),
        ("leave", exceptional, []), ("come_back", exceptional, []), ("end_rush", exceptional, []),
    )
}


def stray_field(action: Action) -> str | None:
    """The first field `action` carries that its kind does not use, or None."""
    entry = _ACTIONS.get(action.kind)
    if entry is None:
        return None
    allowed = entry[1]
    if action.dir is not None and "dir" not in allowed:
        return "dir"
    if action.card is not None and "card" not in allowed:
        return "card"
    if action.target is not None and "target" not in allowed:
        return "target"
    if action.player is not None and "player" not in allowed:
        return "player"
    if action.cards and "cards" not in allowed:
        return "cards"
    if action.take and "take" not in allowed:
        return "take"
    if action.name is not None and "name" not in allowed:
        return "name"
    return None


# Actions with no card or cell in them, made once: legal_actions lists them on every call.
# kind -> open edges (a cell's path bits) -> that kind's actions through those edges: every
# direction action needs a path out of the hero's cell.
_THROUGH = {kind: [tuple(Action(kind, dir=d) for d in DIRECTIONS if paths & DIRECTION_BITS[d])
                   for paths in range(16)]
            for kind in ("flip", "move", "attack", "flee", "cast")}
_ALWAYS = (Action("end_turn"), Action("quit"))
_LEAVE, _COME_BACK = (Action("leave"),), (Action("come_back"),)
_LOST_TURN = (Action("end_turn"), Action("quit"))

# Decisions that only exist while the game waits for them, and what to say otherwise.
_ONLY_WHEN_PENDING = {
    "place": "there is nothing to place",
    "respawn": "no one is waiting to come back",
    "pick": "the characters are already chosen",
}


class State(GameState[Action]):
    """One game of Card Rogue: a story map played by one hero, or a table of 1-4 players."""

    def __init__(self, spec: MapSpec, seats: list[tuple[str, str]], *, mode: str = "story",
                 catalog: Catalog | None = None, seed: int | None = None,
                 starts: list[tuple[int, int]] | None = None, table: bool = False,
                 picking: bool = False) -> None:
        # What built this game, to rebuild it should an action have to be taken back.
        options: dict[str, Any] = dict(mode=mode, catalog=catalog, seed=seed, starts=starts,
                                       table=table, picking=picking)
        self._origin = (spec, seats, options)
        catalog = catalog or standard_catalog()
        for custom_id, (base_id, overrides) in spec.custom_cards.items():
            catalog = catalog.with_custom(custom_id, base_id, overrides)
        self.catalog = catalog
        self.spec = spec
        if mode not in ("story", "classic"):
            raise ValueError(f"a game is played as a story or classic, not {mode!r}")
        self.setup = Setup(story=mode == "story", table=table, picking=picking,
                           starts=tuple(starts) if starts is not None else None)
        self.seed = spec.seed if seed is None else seed
        self.dice = Dice(self.seed)
        self.players = [
            Player(seat, name, char, None, 0) for seat, (name, char) in enumerate(seats)
        ]
        for p in self.players:
            if p.character not in catalog.characters:
                raise ValueError(f"unknown character {p.character!r}")
            p.health = characters.max_health(self, p)
        self.current = 0
        self.turn = 0
        self.level_index = -1
        self.level_moves: list[int] = []
        self.level_turns: list[int] = []
        self.history: list[Action] = []
        # Answers that hold for the whole state, kept while it is asked many questions
        # (`held_still`; None otherwise): a mole's or an end rush's check walks the board.
        self.listing: dict[object, bool] | None = None
        self.outcome: str | None = None  # "won" or "lost" (story), "over" (classic)
        self.pending: Decision | None = None  # a decision that must be made before anything else
        self.end_rush = False
        self.potion_identity: dict[str, str] = {}
        self.next_uid = 1
        self.this_turn = TurnFlags()  # what the current player has done this turn
        self.ending = False  # set by a rule that ends the turn now: settle() ends it
        self.turn_starts = 0  # turns begun by the action being applied (see turn.EndlessTurns)
        self.board: Board
        self.enemies: dict[int, Enemy] = {}
        self.stock: dict[int, list[Card]] = {}
        self.stash: dict[int, list[Card]] = {}  # cards left face down on a cell
        self.stash_gold: dict[int, int] = {}  # gold cards left face down on a cell
        self._events: list[Event] = []
        # Per seat, at the level's start: chests opened, debts bought, enemies slain.
        self.baseline: list[tuple[int, int, int]] = []
        self.catacomb: catacomb.Catacomb | None = None  # the classic game's stacks
        self.picks: list[int] = []  # seats still to pick a character, in turn order
        if self.setup.table:
            catacomb.setup(self, self._events)
            if self.setup.picking:
                self.picks = [(self.current + k) % len(self.players) for k in range(len(seats))]
                self.pending = Pick(self.picks[0])
        else:
            goals.enter_level(self, 0, self._events)
        if not self.picks:
            try:
                turn.start_turn(self, self._events)
            except turn.EndlessTurns:
                raise ValueError("on this map the first turn never begins") from None
        self.opening_events = self._events
        self._events = []

    # ------------------------------------------------------------------ construction

    @classmethod
    def story(cls, spec: MapSpec, character: str | None = None, name: str = "Player",
              **kwargs: Any) -> State:
        allowed = spec.levels[0].characters
        if character is None:
            character = allowed[0] if allowed else "warrior"
        if allowed and character not in allowed:
            raise ValueError(f"this map allows {', '.join(allowed)}, not {character}")
        return cls(spec, [(name, character)], mode="story", **kwargs)

    @classmethod
    def classic(cls, names: list[str], seed: int, characters: list[str] | None = None,
                goals_: tuple[Goal, ...] = ()) -> State:
        """The rulebook's normal game on a fresh table for 1-4 players. Without `characters`,
        the players pick them in turn order after the deciding roll (pending "pick")."""
        if not 1 <= len(names) <= 4:
            raise ValueError("the classic game is for 1 to 4 players")
        size = catacomb.TABLE_SIZE * catacomb.TABLE_SIZE
        table = LevelSpec("table", catacomb.TABLE_SIZE, catacomb.TABLE_SIZE, (0,) * size,
                          (None,) * size, goals=tuple(goals_), exit="start",
                          title="The catacombs")
        spec = MapSpec((table,), seed, title="Classic game", kind="classic")
        chosen = characters or ["warrior"] * len(names)
        return cls(spec, list(zip(names, chosen, strict=True)), mode="classic", table=True,
                   picking=characters is None)

    def new_uid(self) -> int:
        uid = self.next_uid
        self.next_uid += 1
        return uid

    def new_card(self, card_id: str, colour: str | None = None) -> Card:
        uid = self.next_uid  # new_uid, inlined: every card of a level is made here
        self.next_uid = uid + 1
        return Card(uid, card_id, colour)

    # ------------------------------------------------------------------ queries

    @property
    def level(self) -> LevelSpec:
        return self.spec.levels[self.level_index]

    @property
    def player(self) -> Player:
        """The player who must act now (the pending decision's owner, else whose turn it is)."""
        pending = self.pending
        if isinstance(pending, (Respawn, Pick)):
            return self.players[pending.seat]
        return self.players[self.current]

    @property
    def current_player(self) -> int | None:
        """The seat of the player who must act now (the game contract's name for
        `self.player.seat`); None once the game is over."""
        return None if self.outcome is not None else self.player.seat

    @property
    def mode(self) -> str:
        return self.setup.mode

    # Read by views and tests; the rules use this_turn.
    @property
    def moves_left(self) -> int:
        return self.this_turn.moves_left

    @property
    def lost_turn(self) -> bool:
        return self.this_turn.lost_turn

    @property
    def leap_from(self) -> int | None:
        return self.this_turn.leap_from

    def card(self, card: Card) -> CardDef:
        return self.catalog.cards[card.id]

    def cell(self, index: int) -> tuple[int, int]:
        return divmod(index, self.board.width)  # Board.cell, inlined: called for every event

    def index(self, target: tuple[int, int]) -> int | None:
        row, col = target
        if not self.board.on_board(row, col):
            return None
        return self.board.index(row, col)

    def player_at(self, index: int) -> Player | None:
        for p in self.players:
            if p.pos == index and not p.out:
                return p
        return None

    def occupied(self, index: int) -> bool:
        return index in self.enemies or self.player_at(index) is not None

    def in_combat(self, p: Player) -> list[Enemy]:
        """The enemies fighting `p`: revealed enemies on cells connected to p's cell."""
        if not self.enemies or p.pos is None or p.dead or p.out:
            return []
        return [self.enemies[i] for i in self.board.adjacent(p.pos) if i in self.enemies]

    def toward(self, p: Player, direction: str | None) -> int | None:
        """The cell next to p across `direction`, connected by paths, or None."""
        if direction not in DIRECTION_BITS or p.pos is None:
            return None
        return self.board.connected(p.pos, DIRECTION_BITS[direction])

    def returns(self) -> list[int]:
        """Victory points per seat (classic); story mode: 1 for a win, 0 otherwise."""
        if self.setup.story:
            return [1 if self.outcome == "won" else 0]
        return [goals.victory_points(self, p) for p in self.players]

    @property
    def moves(self) -> int:
        return len(self.history)

    def view(self, seat: int) -> View:
        """What the player in `seat` sees: frozen plain values for a view to draw (see
        view.py). Changes nothing."""
        return view_of(self, seat)

    # ------------------------------------------------------------------ actions

    def why_illegal(self, action: Action) -> str | None:
        """The reason `action` is not allowed now, or None if it is."""
        stray = stray_field(action)
        if stray is not None:
            return f"{action.kind} takes no {stray}"
        return self._why_illegal(action, self.player)

    def _why_illegal(self, action: Action, player: Player) -> str | None:
        """why_illegal for an action of a known spelling (legal_actions' own, or one that
        passed stray_field), for `player` = self.player: this runs for every action."""
        if self.outcome is not None:
            return "the game is over"
        pending = self.pending
        kind = action.kind
        if pending is not None:
            if isinstance(pending, Teleport):
                if kind != "place":
                    return "choose where the teleported one lands first"
            elif isinstance(pending, Respawn):
                if kind != "respawn":
                    return f"{self.players[pending.seat].name} must choose how to come back first"
            elif kind != "pick":
                return f"{self.players[pending.seat].name} must pick a character first"
        elif kind in _ONLY_WHEN_PENDING:
            return _ONLY_WHEN_PENDING[kind]
        if action.dir is not None and action.dir not in DIRECTIONS:
            return f"{action.dir!r} is not a direction"
        entry = _ACTIONS.get(kind)
        if entry is None:
            return f"{kind!r} is not an action"
        section = entry[0]
        if pending is None and kind != "end_turn" and kind != "quit":
            if self.this_turn.lost_turn:
                return "you lose this turn: end it"
            if player.away and kind != "come_back":
                return "you are away: come back, or let the turn pass"
        return section.check(self, player, action)

    def _apply(self, action: Action) -> list[Event]:
        player = self.player
        events: list[Event] = []
        self.history.append(action)
        self.level_moves[self.level_index] += 1
        self.turn_starts = 0
        try:
            _ACTIONS[action.kind][0].do(self, player, action, events)
            if self.ending:
                self.settle(events)
        except turn.EndlessTurns:
            # The last line of defence: no rule should ever get here, but a map or a rule
            # that lets turns pass for ever must not hang a replay or the app.
            self._rebuild(self.history[:-1])
            raise IllegalAction("this action would let turns pass without end", action) from None
        return events

    def _rebuild(self, actions: list[Action]) -> None:
        """Become the game that `actions` make from the start (slow; for refusals only)."""
        spec, seats, options = self._origin
        fresh = State(spec, seats, **options)
        for action in actions:
            fresh.apply(action)
        self.__dict__.update(fresh.__dict__)

    def settle(self, events: list[Event]) -> None:
        """After an action: end the turn if a rule said so, and start the next ones."""
        while self.ending and self.outcome is None and self.pending is None:
            self.ending = False
            turn.end_turn(self, events)
            turn.start_turn(self, events)

    def legal_actions(self) -> list[Action]:
        """Every action allowed now. Trades list one-for-one swaps and single gifts; larger
        trades, and purchases paid with several cards, are legal too but not listed."""
        if self.outcome is not None:
            return []
        p = self.player
        check = self._why_illegal
        with self.held_still():
            return [a for a in self._candidates(p) if check(a, p) is None]

    @contextmanager
    def held_still(self) -> Iterator[None]:
        """Keep the answers that walk the board while the state is only asked questions
        (legal_actions' candidates, or many why_illegal calls): no action may be applied inside.
        """
        self.listing = {}
        try:
            yield
        finally:
            self.listing = None

    def _candidates(self, p: Player) -> list[Action]:
        """A superset of the legal actions, each spelled as legal_actions gives it. Kinds that
        cannot be legal now (an attack out of combat, a move in it) are left out early, for
        speed: _why_illegal still decides every one that is listed."""
        if self.pending is not None:
            if isinstance(self.pending, Teleport):
                return [Action("place", target=self.cell(i)) for i in items.landing_cells(self)]
            if isinstance(self.pending, Pick):
                return [Action("pick", name=c) for c in self.catalog.characters]
            return players.respawn_candidates(self, p)
        done = self.this_turn
        if done.lost_turn:
            return list(_LOST_TURN)
        paths = self.board.paths[p.pos] if p.pos is not None else 0
        out = list(_THROUGH["flip"][paths]) if done.can_flip else []
        if self.in_combat(p):
            out += _THROUGH["attack"][paths] + _THROUGH["flee"][paths] + _THROUGH["cast"][paths]
        elif done.moves_left > 0 or done.only_moved:
            out += _THROUGH["move"][paths]
        out += _ALWAYS
        if not self.setup.story:  # one player in story mode: no leaving for a while
            out += _COME_BACK if p.away else _LEAVE
        if exceptional.cannot_lay(self, p):
            out.extend(Action("mole", target=self.cell(i)) for i in range(len(self.board.face))
                       if self.board.face[i] == REVEALED)
            out.append(Action("end_rush"))
        stock = tiles.stock_at(self, p.pos)  # None off a shop
        for card in p.hand:
            out.extend(items.hand_candidates(self, p, card, stock is not None))
        out.extend(Action("unequip", card=c.uid) for c in p.gear())
        if stock:
            for card in stock:
                out.append(Action("buy", card=card.uid))
                out.extend(Action("buy", card=card.uid, cards=(h.uid,)) for h in p.hand)
        out.extend(players.interaction_candidates(self, p))
        return out

    # ------------------------------------------------------------------ copies and records

    def clone(self) -> State:
        copy = State.__new__(State)
        copy.__dict__.update(self.__dict__)
        copy.dice = self.dice.clone()
        copy.players = [p.clone() for p in self.players]
        copy.this_turn = self.this_turn.clone()
        copy.level_moves = list(self.level_moves)
        copy.level_turns = list(self.level_turns)
        copy.history = list(self.history)
        copy.potion_identity = dict(self.potion_identity)
        copy.board = self.board.clone()
        copy.enemies = {i: e.clone() for i, e in self.enemies.items()}
        copy.stock = {i: list(cards) for i, cards in self.stock.items()}
        copy.stash = {i: list(cards) for i, cards in self.stash.items()}
        copy.stash_gold = dict(self.stash_gold)
        copy.catacomb = self.catacomb.clone() if self.catacomb is not None else None
        copy.picks = list(self.picks)
        copy._events = []
        return copy

    def fingerprint(self) -> tuple[object, ...]:
        """Everything that can differ between two games of the same map, for comparing."""
        return (
            self.level_index, self.current, self.turn, self.outcome, self.pending, self.end_rush,
            self.this_turn.key(),
            tuple(sorted(self.dice.counters.items())), tuple(self.board.face),
            tuple(self.board.content),
            tuple((p.pos, p.health, p.bonus_max, p.bonus_attack, tuple(p.hand),
                   tuple(sorted(p.equipped.items())), p.gold, p.vp, p.poison, p.poison_heal,
                   p.skip, p.cooldown, p.deferred, p.dead, p.out, p.away, p.away_at)
                  for p in self.players),
            tuple(self.board.paths),
            tuple(sorted((i, e.card, e.health, e.attack_mod, e.poison, e.paralysed,
                          tuple(e.aggro)) for i, e in self.enemies.items())),
            tuple(sorted(self.potion_identity.items())),
            tuple(sorted((i, tuple(c)) for i, c in self.stock.items())),
            tuple(sorted((i, tuple(c)) for i, c in self.stash.items())),
            tuple(sorted(self.stash_gold.items())),
            tuple(self.board.exists) if self.board.growable else (),
            (tuple(self.catacomb.exploration), tuple(self.catacomb.pathing),
             tuple(self.catacomb.shop)) if self.catacomb is not None else (),
            tuple(self.picks), tuple(p.character for p in self.players),
        )


def replay(spec: MapSpec, seats: list[tuple[str, str]], actions: list[Action], *,
           mode: str = "story", seed: int | None = None,
           starts: list[tuple[int, int]] | None = None,
           on_step: Callable[[int, Action, list[Event]], None] | None = None) -> State:
    """Rebuild a game from its actions. Raises IllegalAction naming the first bad index."""
    game = State(spec, seats, mode=mode, seed=seed, starts=starts)
    for n, action in enumerate(actions):
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            raise IllegalAction(f"action {n} ({action}) is illegal: {exc.reason}", action) from None
        if on_step is not None:
            on_step(n, action, events)
    return game


__all__ = ["FACE_DOWN", "GAME", "REVEALED", "RULES_VERSION", "UNSEEN", "State", "replay", "stray_field"]
