"""Playing cards by name: a rank (A 2..10 J Q K) and a suit (S H D C), as in "10H" or "QS".

Cards stay short strings everywhere: in actions, events, views and runs, so a person can read
them. The ace counts 1; J, Q and K are the royals.
"""

from __future__ import annotations

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ROYALS = ("J", "Q", "K")

# card -> rank number (A=1 .. K=13) and card -> suit letter, for every one of the 52 cards.
RANK: dict[str, int] = {}
SUIT: dict[str, str] = {}
for _suit in SUITS:
    for _number, _name in enumerate(RANK_NAMES, start=1):
        RANK[_name + _suit] = _number
        SUIT[_name + _suit] = _suit


def card(rank: int, suit: str) -> str:
    return RANK_NAMES[rank - 1] + suit


def rank_name(code: str) -> str:
    return code[:-1]


def is_royal(code: str) -> bool:
    return RANK[code] > 10


def is_ace(code: str) -> bool:
    return RANK[code] == 1


def suit_cards(suit: str) -> list[str]:
    """The 13 cards of a suit, ace first."""
    return [name + suit for name in RANK_NAMES]
