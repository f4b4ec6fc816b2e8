"""The Action/Event protocol: small serialisable values, strict parsing of stored actions."""

import json

import pytest

from engine.cardrogue import Action
from engine.core.protocol import Event


@pytest.mark.parametrize("action", [
    Action("move", dir="E"),
    Action("buy", card=12, cards=(3, 4)),
    Action("read", card=7, target=(1, 2)),
    Action("trade", player=1, cards=(3,), take=(9,)),
    Action("end_turn"),
])
def test_actions_round_trip_through_json(action):
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action


@pytest.mark.parametrize("data, message", [
    ("move", "table"),
    ({}, "'do'"),
    ({"do": "move", "dir": "up"}, "direction"),
    ({"do": "move", "speed": 3}, "unknown"),
    ({"do": "buy", "card": "12"}, "integer"),
    ({"do": "buy", "card": True}, "integer"),
    ({"do": "read", "target": [1]}, "target"),
    ({"do": "buy", "cards": [1, "x"]}, "list of integers"),
])
def test_malformed_actions_are_refused_with_a_reason(data, message):
    with pytest.raises(ValueError, match=message):
        Action.from_dict(data)


def test_events_serialise_to_plain_json():
    event = Event("attack", {"rolls": [5], "damage": 11})
    assert json.loads(json.dumps(event.to_dict())) == {"event": "attack", "rolls": [5], "damage": 11}
