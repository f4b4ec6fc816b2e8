"""What one seat may see (the hidden information rule): its own hand and face-down card; of the
others, only hand sizes and whether they have laid a card; every face-down pile as a count; the
face-up cards (XP tops, discard piles, loot, the enemy, the last fight) as they are.

A `View` is frozen values, the same for every reader: the screens, the words and the computer
player (engine/tabledungeon/policy.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.tabledungeon.cards import RANK, SUIT, is_royal
from engine.tabledungeon.data import SUIT_STAT

if TYPE_CHECKING:
    from engine.tabledungeon.state import State


@dataclass(frozen=True)
class ItemView:
    """A royal in a player's loot, as the item their class sheet makes it."""

    card: str
    name: str
    passive: bool
    text: str
    heal: int
    heal_all: int
    attack: int
    flee: bool
    armour: int


@dataclass(frozen=True)
class PlayerView:
    """A seat as everyone at the table sees it: no hand, only its size."""

    seat: int
    name: str
    class_id: str | None
    class_name: str | None
    health: int
    max_health: int
    alive: bool
    stats: Mapping[str, int]
    armour: int
    hand_size: int
    action_pile: int  # a count: the pile is face down
    xp_pile: int
    xp_top: str | None  # the XP pile's top card is face up
    discard: tuple[str, ...]
    loot: tuple[str, ...]  # loot that is not an item
    items: tuple[ItemView, ...]
    points: int
    laid: bool  # has laid a card face down this round


@dataclass(frozen=True)
class EnemyView:
    name: str
    text: str
    roll: int
    health: int
    automatic_win: bool
    flee_if: str | None
    immune: str | None
    weak: str | None
    damage: int  # what a lost fight costs each living player, before armour
    loss_loot: bool


@dataclass(frozen=True)
class RoundView:
    """The last fight, face up on the table."""

    round: int
    enemy: str
    cards: tuple[str | None, ...]  # each seat's card, None for a seat that laid none
    total: int
    health: int
    defeated: bool
    fled: bool


@dataclass(frozen=True)
class View:
    seat: int | None  # None: a spectator, who sees no hand
    phase: str  # "pick" | "play" | "choose" | "over"
    current_player: int | None
    waiting_for: str | None  # "royal" | "level" | None
    moves_left: int
    round: int
    level: int
    aces: int
    aces_to_end: int
    leader: int
    loot_deck: int  # a count
    final_ace: str | None  # the fourth ace, face up
    out_of_game: tuple[str, ...]  # used items
    enemy: EnemyView | None
    round_attack_bonus: int
    round_flee: bool
    players: tuple[PlayerView, ...]
    last_round: RoundView | None
    outcome: str | None
    winners: tuple[int, ...]
    score: int  # the winners' loot points, 0 unless won
    hand: tuple[str, ...] | None  # this seat's cards
    my_card: str | None  # this seat's face-down card

    @property
    def me(self) -> PlayerView | None:
        """The seat this view belongs to (None for a spectator)."""
        return None if self.seat is None else self.players[self.seat]


def view(state: State, seat: int | None) -> View:
    """What `seat` may see (None: a spectator)."""
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                             or not 0 <= seat < len(state.seats)):
        raise ValueError(f"seat must be 0 to {len(state.seats) - 1}")
    enemy = state.enemy
    last = state.last_round
    waiting = state.pending[0][0] if state.phase == "choose" and state.pending else None
    return View(
        seat=seat, phase=state.phase, current_player=state.current_player, waiting_for=waiting,
        moves_left=state.to_sort if waiting == "level" else (1 if waiting else 0),
        round=state.round, level=state.level, aces=state.aces,
        aces_to_end=state.data.aces_to_end, leader=state.leader,
        loot_deck=len(state.loot_deck), final_ace=state.final_ace,
        out_of_game=tuple(state.out_of_game),
        enemy=None if enemy is None or state.phase == "pick" else EnemyView(
            name=enemy.name, text=enemy.text, roll=state.enemy_roll,
            health=state.enemy_health, automatic_win=enemy.automatic_win,
            flee_if=enemy.flee_if, immune=enemy.immune, weak=enemy.weak,
            damage=state.data.level(state.level).damage + enemy.loss_damage,
            loss_loot=enemy.loss_loot),
        round_attack_bonus=state.round_attack_bonus, round_flee=state.round_flee,
        players=tuple(_player(state, number) for number in range(len(state.seats))),
        last_round=None if last is None else RoundView(**{**last, "cards": tuple(last["cards"])}),
        outcome=state.outcome, winners=tuple(state.winners), score=state.score,
        hand=tuple(state.seats[seat].hand) if seat is not None else None,
        my_card=state.seats[seat].played if seat is not None else None,
    )


def _player(state: State, number: int) -> PlayerView:
    s = state.seats[number]
    sheet = state.data.classes.get(s.class_id or "")
    items = tuple(ItemView(card=code, name=item.name, passive=item.passive, text=item.text,
                           heal=item.heal, heal_all=item.heal_all, attack=item.attack,
                           flee=item.flee, armour=item.armour)
                  for code, item in state.items(number))
    stats = {k: state.stat(number, k) for k in sheet.stats} if sheet else {}
    return PlayerView(
        seat=number, name=s.name, class_id=s.class_id, class_name=sheet.name if sheet else None,
        health=s.health, max_health=s.max_health, alive=s.alive,
        stats=stats, armour=state.armour(number),
        hand_size=len(s.hand), action_pile=len(s.action), xp_pile=len(s.xp),
        xp_top=s.xp[0] if s.xp else None, discard=tuple(s.discard),
        loot=tuple(c for c in s.loot if not is_royal(c)), items=items,
        points=state.points(number), laid=number in state.laid)


def card_effect(view: View, code: str) -> tuple[str, int]:
    """What laying `code` would do for the seat the view belongs to, against the enemy in play:
    ("attack", value), ("heal", amount), ("royal", 0) (no attack, no loot, one XP pile move) or
    ("nothing", 0) (an attack the enemy is immune to). Read from the view alone, so a screen
    and the computer player can both ask it."""
    if is_royal(code):
        return "royal", 0
    me = view.me
    suit = SUIT[code]
    value = RANK[code] + (me.stats.get(SUIT_STAT[suit], 0) if me else 0)
    if suit == "H":
        return "heal", max(value, 0)
    if view.enemy is not None and view.enemy.immune == suit:
        return "nothing", 0
    if view.enemy is not None and view.enemy.weak == suit:
        value *= 2
    return "attack", max(value, 0)
