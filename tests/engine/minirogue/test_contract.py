"""The game contract by its names: Rules and State, clone, history, fingerprint, serialize, view."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.core.protocol import Event, IllegalAction
from engine.minirogue import RULES, RULES_VERSION, Action, State, View
from tests.engine.minirogue.players import careful_choice, play


def test_the_rules_object() -> None:
    assert RULES.name == "minirogue" and RULES.rules_version == RULES_VERSION
    assert [spec.name for spec in RULES.info.options] == ["difficulty", "dungeon_keys"]
    state = RULES.new_game(seed=11, difficulty="hard", dungeon_keys=True)
    assert isinstance(state, State) and state.current_player == 0
    assert not state.is_over and state.outcome is None and state.returns() == [0]


def test_apply_returns_events_and_grows_the_history() -> None:
    state = RULES.new_game(seed=2)
    action = state.legal_actions()[0]
    events = state.apply(action)
    assert events and all(isinstance(e, Event) for e in events)
    json.dumps([e.to_dict() for e in events])  # plain JSON values only
    assert state.history == [action] and state.serialize() == [action.to_dict()]


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = RULES.new_game(seed=2)
    before, history = state.fingerprint(), list(state.history)
    for action in (Action("strike"), Action("enter", row=5), Action("buy", item="armor")):
        assert state.why_illegal(action)
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)
        assert caught.value.reason == state.why_illegal(action)
    assert state.fingerprint() == before and state.history == history
    assert state.why_illegal("strike") == "that is not a Mini Rogue action"  # type: ignore[arg-type]


def test_every_legal_action_is_legal_and_every_other_kind_says_why_not() -> None:
    state = RULES.new_game(seed=8)
    for _ in range(60):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal and all(state.why_illegal(a) is None for a in legal)
        state.apply(careful_choice(state))


def test_a_clone_goes_its_own_way() -> None:
    state = RULES.new_game(seed=5)
    state.apply(state.legal_actions()[0])
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint()
    play(copy, careful_choice)
    assert copy.is_over and not state.is_over
    assert len(state.history) == 1 and state.fingerprint() != copy.fingerprint()


def test_a_clone_rolls_the_same_dice_as_the_original() -> None:
    state = play(RULES.new_game(seed=6), careful_choice, limit=10)
    copy = state.clone()
    action = careful_choice(state)
    assert [e.to_dict() for e in state.apply(action)] == [e.to_dict() for e in copy.apply(action)]


def test_the_fingerprint_is_hashable_and_tells_states_apart() -> None:
    a, b = RULES.new_game(seed=1), RULES.new_game(seed=1)
    assert hash(a.fingerprint()) == hash(b.fingerprint()) and a.fingerprint() == b.fingerprint()
    assert RULES.new_game(seed=1, difficulty="hard").fingerprint() != a.fingerprint()
    a.apply(a.legal_actions()[0])
    assert a.fingerprint() != b.fingerprint()


def test_replaying_the_serialized_history_gives_the_same_state() -> None:
    state = play(RULES.new_game(seed=12, dungeon_keys=True), careful_choice)
    again = RULES.replay(12, state.serialize(), dungeon_keys=True)
    assert again.fingerprint() == state.fingerprint()


def test_the_view_is_frozen_plain_values() -> None:
    state = play(RULES.new_game(seed=7), careful_choice, limit=3)
    view = state.view(0)
    assert isinstance(view, View)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hp = 99  # type: ignore[misc]
    assert view.legal == tuple(tuple(a.to_dict().items()) for a in state.legal_actions())
    plain = dataclasses.asdict(view)
    json.dumps(plain)  # nothing but plain values inside
    with pytest.raises(ValueError, match="one seat"):
        state.view(1)


def test_the_view_shows_the_fight_and_the_dice() -> None:
    from tests.engine.minirogue.support import PLAIN, act, game
    state = game(deals={1: PLAIN}, monster_hp=[4], attack=[6])
    state.hero.spells = ["ice"]
    act(state, "enter 0")
    view = state.view()
    assert (view.foe.name, view.foe.hp, view.foe.max_hp, view.foe.damage) == \
        ("Undead Soldier", 5, 5, 2)
    assert [(d.value, d.face, d.critical) for d in view.combat_dice] == [(6, 6, True)]
    assert view.last_dice == (("monster_hp", 4), ("attack", 6))
    assert view.pending == "attack" and view.spells == ("ice",)


def test_the_view_lists_the_merchants_wares_while_there() -> None:
    from tests.engine.minirogue.support import act, deal, game
    state = game(deals={1: deal("merchant", "monster treasure", "resting", "event trap")})
    assert state.view().wares == ()
    act(state, "enter 0")
    wares = {w.item: (w.buy, w.sell) for w in state.view().wares}
    assert wares == {"ration": (1, None), "potion": (1, None), "big_potion": (3, None),
                     "armor": (6, 3), "spell": (8, 4)}


def test_the_game_is_registered_and_its_samples_cover_every_setup() -> None:
    from engine import games
    from engine.core.contract import Rules
    from engine.minirogue.tables import DIFFICULTIES
    assert "minirogue" in games.names() and games.load("minirogue") is RULES
    assert isinstance(RULES, Rules)
    samples = RULES.sample_options()
    assert {s["difficulty"] for s in samples} == set(DIFFICULTIES)
    assert {s["dungeon_keys"] for s in samples} == {True, False}


@pytest.mark.parametrize(("options", "reason"), [
    ({}, "needs a seed"),
    ({"seed": 1, "colour": "red"}, "no option colour"),
    ({"seed": 1, "difficulty": "Casual"}, "difficulty must be one of"),
    ({"seed": 1, "difficulty": 2}, "difficulty must be one of"),
    ({"seed": 1, "dungeon_keys": "yes"}, "dungeon_keys must be true or false"),
    ({"seed": -1}, "seed must be a whole number"),
])
def test_new_game_refuses_a_bad_option_in_words(options: dict, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        RULES.new_game(**options)


def test_nobody_is_to_act_once_the_game_is_over() -> None:
    state = play(RULES.new_game(seed=4, difficulty="impossible"), careful_choice)
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.view(0).outcome == state.outcome  # the last position can still be drawn


def test_parse_action_refuses_bad_data_with_value_error() -> None:
    assert RULES.parse_action({"do": "enter", "row": 1}) == Action("enter", row=1)
    for bad in ({"do": "fly"}, {"do": "enter"}, {"do": "enter", "row": "1"}, [], None):
        with pytest.raises(ValueError):
            RULES.parse_action(bad)
