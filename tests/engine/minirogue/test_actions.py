"""Actions: small frozen values, one spelling each; stored as {"do": kind, ...} and parsed
strictly."""

from __future__ import annotations

import dataclasses

import pytest

from engine.minirogue import RULES, Action

EVERY_KIND = [
    {"do": "enter", "row": 1}, {"do": "reroll", "die": 2}, {"do": "feat", "die": 0, "pay": "xp"},
    {"do": "strike"}, {"do": "cast", "spell": "ice"}, {"do": "pass"}, {"do": "choose", "face": 4},
    {"do": "replace", "spell": "heal"}, {"do": "buy", "item": "big_potion"},
    {"do": "sell", "item": "fire"}, {"do": "leave"}, {"do": "rest", "option": "weapon"},
]


@pytest.mark.parametrize("data", EVERY_KIND, ids=lambda d: d["do"])
def test_every_kind_goes_to_a_dict_and_back(data: dict) -> None:
    action = Action.from_dict(data)
    assert action.to_dict() == data and Action.from_dict(action.to_dict()) == action
    assert hash(action) == hash(Action.from_dict(dict(data)))


def test_actions_are_frozen() -> None:
    action = Action("enter", row=0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.row = 1  # type: ignore[misc]


@pytest.mark.parametrize(("data", "message"), [
    ([], "an action must be an object"),
    ({}, "unknown action None"),
    ({"do": "fly"}, "unknown action 'fly'"),
    ({"do": "strike", "die": 0}, "strike takes no 'die'"),
    ({"do": "enter"}, "enter needs row"),
    ({"do": "enter", "row": "0"}, "row must be a whole number"),
    ({"do": "enter", "row": True}, "row must be a whole number"),
    ({"do": "enter", "row": 1.0}, "row must be a whole number"),
    ({"do": "enter", "row": -1}, "row must be between 0 and 64"),
    ({"do": "enter", "row": 10 ** 5000}, "row must be between 0 and 64"),
    ({"do": "feat", "die": 0, "pay": "gold"}, "pay must be one of hp, xp"),
    ({"do": "cast", "spell": "lightning"}, "spell must be one of fire, ice, poison, heal"),
    ({"do": "buy", "item": "spell"}, "item must be one of ration, potion, big_potion, armor, "
                                     "fire, ice, poison, heal"),
    ({"do": "rest", "option": "sleep"}, "option must be one of weapon, food, heal"),
    ({"do": "enter", "row": 0, "extra": None}, "enter takes no 'extra'"),
])
def test_anything_unexpected_is_refused_with_a_reason(data, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        Action.from_dict(data)
    assert str(caught.value).startswith(message)


def test_building_an_action_checks_it_too() -> None:
    with pytest.raises(ValueError, match="strike takes no row"):
        Action("strike", row=0)


def test_the_legal_actions_all_survive_the_round_trip() -> None:
    state = RULES.new_game(seed=3)
    for _ in range(40):
        if state.is_over:
            break
        for action in state.legal_actions():
            assert Action.from_dict(action.to_dict()) == action
        state.apply(state.legal_actions()[-1])
