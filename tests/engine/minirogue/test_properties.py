"""Properties over many seeds: random legal play always has a move, ends in a win or a death
within a bound, and replays identically from its history."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.minirogue import RULES, Action, record, verify
from engine.minirogue.tables import DIFFICULTIES
from tests.engine.minirogue.players import careful_choice
from tests.hypothesis_profiles import examples

# A generous bound: random games here end in about 30 actions, careful ones in about 150.
MAX_ACTIONS = 5000

games = st.tuples(st.integers(0, (1 << 64) - 1), st.sampled_from(DIFFICULTIES), st.booleans(),
                  st.integers(0, 1 << 32), st.booleans())


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_legal_play_ends_and_replays_identically(game) -> None:
    seed, difficulty, keys, chooser_seed, careful = game
    rng = random.Random(chooser_seed)
    state = RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=keys)
    events = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal, f"no legal action while waiting for {state.pending}"
        action = careful_choice(state) if careful and rng.random() < 0.8 else rng.choice(legal)
        assert state.why_illegal(action) is None
        events.append(json.loads(json.dumps([e.to_dict() for e in state.apply(action)])))
    assert state.is_over and state.outcome in ("won", "dead")
    assert state.legal_actions() == []

    again = RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=keys)
    replayed = [[e.to_dict() for e in again.apply(Action.from_dict(a))]
                for a in json.loads(json.dumps(state.serialize()))]
    assert replayed == events and again.fingerprint() == state.fingerprint()
    assert verify(record(state, "Prop")).ok


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, (1 << 64) - 1), st.integers(0, 1 << 32))
def test_stats_stay_on_the_character_card(seed: int, chooser_seed: int) -> None:
    rng = random.Random(chooser_seed)
    state = RULES.new_game(seed=seed, difficulty="casual")
    caps = state.tables.max_stats
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        hero = state.hero
        assert 0 <= hero.armor <= caps["armor"] and 0 <= hero.gold <= caps["gold"]
        assert 0 <= hero.food <= caps["food"] and hero.hp <= caps["hp"]
        assert len(hero.spells) <= caps["spells"] and 1 <= hero.rank <= 4
        assert hero.hp > 0 or state.outcome == "dead"
    assert state.is_over


def action_universe() -> list[Action]:
    """Every action with small arguments: more than any state allows."""
    from engine.minirogue.actions import PAYMENTS, _names
    out = [Action(k) for k in ("strike", "pass", "leave")]
    out += [Action("enter", row=r) for r in range(3)]
    out += [Action("reroll", die=d) for d in range(5)]
    out += [Action("feat", die=d, pay=p) for d in range(5) for p in PAYMENTS]
    out += [Action("choose", face=f) for f in range(8)]
    out += [Action(k, spell=s) for k in ("cast", "replace") for s in _names("spell")]
    out += [Action(k, item=i) for k in ("buy", "sell") for i in _names("item")]
    out += [Action("rest", option=o) for o in _names("option")]
    return out


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, (1 << 64) - 1), st.integers(0, 1 << 32))
def test_legal_actions_are_exactly_the_actions_without_a_reason(seed: int, chooser_seed: int
                                                                ) -> None:
    rng = random.Random(chooser_seed)
    universe = action_universe()
    state = RULES.new_game(seed=seed, difficulty="casual")
    for _ in range(MAX_ACTIONS):
        legal = state.legal_actions()
        assert set(legal) == {a for a in universe if state.why_illegal(a) is None}
        assert len(set(legal)) == len(legal)  # each action listed once
        if state.is_over:
            break
        state.apply(careful_choice(state) if rng.random() < 0.7 else rng.choice(legal))
