"""Two properties over many seeded games (random legal play and computer play, deterministic):
every card of every player's deck is in exactly one place at every step, and no event or view
names a card hidden from a seat."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.tabledungeon import RULES, State
from engine.tabledungeon.actions import Action
from engine.tabledungeon.cards import RANK, SUITS, suit_cards
from engine.tabledungeon.policy import choose

NAMES = ["Ann", "Bo", "Cy", "Di"]
GAMES = 40
# Event fields whose cards the rule itself shows to everyone at that moment: cards turned over,
# an ace drawn from the loot deck, XP cards taken one by one off the face-up XP pile, and the
# top of a face-up XP pile after a move (the same action may then feed it to a rebuilt pile).
SHOWN_BY_THE_RULE = {("revealed", "cards"), ("ace", "card"), ("action_pile_rebuilt", "xp_fed"),
                     ("xp_to_bottom", "xp_top"), ("xp_to_discard", "xp_top"),
                     ("hand_to_xp", "xp_top")}


def steps(game: int) -> Iterator[tuple[State, Action, State, list[Event]]]:
    """(before, action, after, events) along one seeded game: even games by random legal play,
    odd ones by the computer player."""
    players = 2 + game % 3
    state = RULES.new_game(seed=game, players=NAMES[:players])
    picks = random.Random(game)
    minds = [Dice(game * 7 + n) for n in range(players)]
    for _ in range(5_000):
        if state.is_over:
            return
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = (picks.choice(legal) if game % 2 == 0
                  else choose(state.view(seat), legal, "normal", minds[seat]))
        before = state.clone()
        events = state.apply(action)
        yield before, action, state, events
    raise AssertionError("the game did not end")


def places(state: State) -> Counter[str]:
    """Every card on the table, once per place it lies in."""
    cards: Counter[str] = Counter(state.loot_deck)
    cards.update(state.out_of_game)
    if state.final_ace is not None:
        cards[state.final_ace] += 1
    for seat in state.seats:
        for pile in (seat.hand, seat.action, seat.xp, seat.discard, seat.loot):
            cards.update(pile)
        if seat.played is not None:
            cards[seat.played] += 1
    return cards


def public(state: State) -> set[str]:
    """The cards every seat sees: XP tops, discard and loot piles, items used, the final ace."""
    cards = set(state.out_of_game) | ({state.final_ace} if state.final_ace else set())
    for seat in state.seats:
        cards |= set(seat.discard) | set(seat.loot) | set(seat.xp[:1])
    return cards


def named_cards(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if value in RANK else set()
    if isinstance(value, dict):
        return set().union(*(named_cards(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(named_cards(v) for v in value))
    return set()


@pytest.mark.parametrize("game", range(GAMES))
def test_every_card_is_in_exactly_one_place_at_every_step(game: int) -> None:
    """Card conservation: each player's full deck of 52, nothing made, nothing lost; the fourth
    ace lies face up on the table and a used item lies out of the game."""
    deck = Counter(code for suit in SUITS for code in suit_cards(suit))
    ended_by_aces = False
    for _, _, after, _ in steps(game):
        if after.phase == "pick":
            continue  # no deck is built before every class is chosen
        players = len(after.seats)
        assert places(after) == Counter({code: n * players for code, n in deck.items()})
        ended_by_aces = after.outcome == "won"
    if ended_by_aces:
        assert after.final_ace is not None and RANK[after.final_ace] == 1


def test_some_of_the_games_end_by_the_fourth_ace() -> None:
    assert any(list(steps(game))[-1][2].outcome == "won" for game in range(1, GAMES, 2))


@pytest.mark.parametrize("game", range(GAMES))
def test_no_event_names_a_card_hidden_from_a_seat(game: int) -> None:
    """Hidden information: events go to the whole table, so an event may name a card only if
    everyone saw it, before or after the action (or the rule shows it, SHOWN_BY_THE_RULE)."""
    for before, action, after, events in steps(game):
        seen = public(before) | public(after)
        for event in events:
            for field, value in event.data.items():
                if (event.kind, field) in SHOWN_BY_THE_RULE:
                    continue
                hidden = named_cards(value) - seen
                assert not hidden, f"{event.kind}.{field} after {action} names {hidden}"


@pytest.mark.parametrize("game", range(0, GAMES, 3))
def test_no_view_names_a_card_hidden_from_its_seat(game: int) -> None:
    """A seat's view names its own hand and face-down card and the face-up cards, nothing else.
    The last fight's cards were turned over for everyone, so they are left out of the check."""
    for _, _, after, _ in steps(game):
        for number, seat in enumerate(after.seats):
            view = dataclasses.asdict(after.view(number))
            view.pop("last_round")
            mine = set(seat.hand) | ({seat.played} if seat.played else set())
            hidden = named_cards(view) - public(after) - mine
            assert not hidden, f"seat {number}'s view names {hidden}"
