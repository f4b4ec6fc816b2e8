"""Every event the engine emits is described by schemas/tabledungeon-events.schema.json, field
by field, and `cardrogue replay RUN --events` prints nothing else (the "action" lines aside)."""


import pytest

from engine.tabledungeon import RULES
from tests.engine.tabledungeon.support import (
    EVENTS_SCHEMA as SCHEMA,
)
from tests.engine.tabledungeon.support import (
    engine_event_kinds,
    play_out,
    validator,
)
from tests.support import distinct_event_dicts


def test_the_schema_names_every_event_kind_the_engine_has():
    assert set(SCHEMA["properties"]["event"]["enum"]) == engine_event_kinds()


@pytest.mark.slow  # a sweep over many seeded games, like a property test
def test_every_event_of_many_games_matches_the_schema():
    check = validator(SCHEMA)
    seen: set[str] = set()
    for seed in range(40):
        state = play_out(seed=seed, players=2 + seed % 3, level="easy" if seed % 2 else "normal")
        replay = RULES.new_game(seed=seed, players=state.names)
        events = [event for action in state.history for event in replay.apply(action)]
        for data in distinct_event_dicts(events):
            check.validate(data)
            seen.add(data["event"])
    assert seen == engine_event_kinds()


def test_a_field_the_schema_does_not_know_is_refused():
    assert list(validator(SCHEMA).iter_errors({"event": "died", "seat": 0, "cause": "spiders"}))
    assert list(validator(SCHEMA).iter_errors({"event": "ace", "seat": 0, "card": "1S", "aces": 1}))
