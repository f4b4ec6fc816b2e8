"""Card conservation over many seeded games (random legal play and computer play,
deterministic): every card of every player's deck is in exactly one place at every step. That no
event or view names a card hidden from a seat is tested for every game at once
(tests/contract/test_hidden_information.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.tabledungeon import RULES, State
from engine.tabledungeon.actions import Action
from engine.tabledungeon.cards import RANK, SUITS, suit_cards
from engine.tabledungeon.policy import choose

NAMES = ["Ann", "Bo", "Cy", "Di"]
GAMES = 40


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
