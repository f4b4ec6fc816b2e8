"""Every event the engine emits is described by schemas/minirogue-events.schema.json, with
every field it carries (so a screen's log can rely on them)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

import engine.minirogue
from engine.minirogue import RULES
from tests.engine.minirogue.players import careful_choice
from tests.support import distinct_event_dicts

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "schemas" / "minirogue-events.schema.json").read_text("utf-8"))
VALIDATOR = Draft7Validator(SCHEMA)


def test_the_schema_is_draft_07() -> None:
    Draft7Validator.check_schema(SCHEMA)


def test_the_schema_names_every_kind_the_engine_emits_and_no_other() -> None:
    source = "".join(p.read_text() for p in Path(engine.minirogue.__file__).parent.glob("*.py"))
    emitted = set(re.findall(r'Event\("([a-z_]+)"', source))
    assert emitted == set(SCHEMA["properties"]["event"]["enum"])


@pytest.mark.slow  # a sweep over many seeded games, like a property test
def test_the_events_of_many_games_match_the_schema() -> None:
    seen: set[str] = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = RULES.new_game(seed=seed, difficulty=("casual", "hard")[seed % 2],
                               dungeon_keys=seed % 3 == 0)
        events = list(state.start_events)
        while not state.is_over and len(state.history) < 5000:
            legal = state.legal_actions()
            action = careful_choice(state) if rng.random() < 0.6 else rng.choice(legal)
            events += state.apply(action)
        for data in distinct_event_dicts(events):
            problems = [e.message for e in VALIDATOR.iter_errors(data)]
            assert problems == [], (data, problems)
            seen.add(data["event"])
    # Most kinds turn up in 60 games; the rare ones have their own rule tests.
    assert len(seen) >= 30


def test_a_misspelt_field_is_caught() -> None:
    bad = {"event": "strike", "dice": [3], "damage": 3, "poison": 0, "hp_before": 5, "hpp": 2}
    assert list(VALIDATOR.iter_errors(bad))
