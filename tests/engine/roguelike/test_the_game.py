"""The game and its actions through the contract: new_game, legal actions and reasons, apply,
the end of the game, clone, fingerprint, serialize and the view."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.core.protocol import IllegalAction
from engine.roguelike import RULES
from engine.roguelike.actions import KINDS, Action
from engine.roguelike.tables import tables
from engine.roguelike.view import View
from tests.engine.roguelike.support import check_map, check_view, created, random_play


def test_the_rules_object_names_the_game() -> None:
    assert RULES.name == "roguelike" and isinstance(RULES.rules_version, int)


@pytest.mark.parametrize("options", [{"difficulty": "hard"}, {"players": ["Ann"]}, {"map": "x"}])
def test_new_game_takes_no_options(options) -> None:
    with pytest.raises(ValueError, match="takes no options"):
        RULES.new_game(seed=1, **options)


@pytest.mark.parametrize("seed", [None, -1, 1 << 64, "7", True])
def test_new_game_needs_a_whole_seed(seed) -> None:
    with pytest.raises(ValueError):
        RULES.new_game(seed=seed)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = created(3)
    before = state.fingerprint()
    for action in [Action("descend"), Action("open", door=99), Action("attack", monster=0),
                   Action("search", door=1), Action("use", item=0),
                   Action("dance"), Action("open", door=-1)]:
        reason = state.why_illegal(action)
        assert isinstance(reason, str) and reason
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)
        assert caught.value.reason == reason
        assert state.fingerprint() == before
    assert len(state.history) == 2


@pytest.mark.parametrize("seed", range(20))
def test_every_legal_action_is_allowed_and_others_are_not(seed: int) -> None:
    state = random_play(seed, bound=40)
    if state.is_over:
        return
    legal = state.legal_actions()
    assert legal and all(state.why_illegal(a) is None for a in legal)
    probe = [Action(k, door=0) for k in ("open", "go", "pick", "force")] + [
        Action(k) for k in KINDS if not KINDS[k]]
    for action in probe:
        assert (state.why_illegal(action) is None) == (action in legal)


def test_clone_is_independent_and_replays_the_same() -> None:
    state = created(21)
    twin = state.clone()
    legal = state.legal_actions()
    events = state.apply(legal[0])
    assert twin.fingerprint() != state.fingerprint()
    assert [e.to_dict() for e in twin.apply(legal[0])] == [e.to_dict() for e in events]
    assert twin.fingerprint() == state.fingerprint()


def test_serialize_is_the_actions_and_with_the_seed_replays_the_game() -> None:
    state = random_play(4, bound=60)
    data = json.loads(json.dumps(state.serialize()))
    assert data == [a.to_dict() for a in state.history]
    again = RULES.new_game(seed=4)
    for action in data:
        again.apply(RULES.parse_action(action))
    assert again.fingerprint() == state.fingerprint()


def test_the_view_is_a_frozen_read_model_of_plain_values() -> None:
    state = random_play(8, bound=30)
    view = state.view(0)
    assert isinstance(view, View)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hp = 99  # type: ignore[misc]
    json.dumps(dataclasses.asdict(view))  # plain values only
    assert view.level == state.depth and view.difficulty == 1
    assert dict(view.skills) == state.rogue.skills
    assert len(view.map_rows) == tables()["paper"]["height"]
    assert "@" in "".join(view.map_rows)
    assert list(view.legal) == state.legal_actions()
    assert state.current_player == 0
    with pytest.raises(ValueError, match="one seat"):
        state.view(1)
    check_view(state)


def test_the_view_shows_the_doors_of_the_place_with_where_they_face() -> None:
    state = created(3)
    doors = state.view(0).place.doors
    assert doors and [d.door for d in doors] == [d for d in state.place.doors
                                                 if state.level.doors[d].visible]
    for door in doors:
        assert door.square == state.level.doors[door.door].square
        assert door.facing in ("N", "E", "S", "W") and not door.open


def test_death_ends_the_game_in_a_loss() -> None:
    from engine.roguelike.character import Item

    state = created(3)
    state.rogue.hp = 2
    state.rogue.items.append(Item("potion_of_greater_poison", dice="3d", identified=False))
    events = state.apply(Action("use", item=0))
    assert [e.kind for e in events][-2:] == ["died", "game_over"]
    assert events[-2].data == {"level": 1, "cause": "poison", "by": "potion_of_greater_poison"}
    assert state.outcome == "dead" and state.is_over and state.legal_actions() == []
    assert state.returns() == [tables()["score"]["per_level"]]
    assert state.current_player is None
    assert state.why_illegal(Action("search")) == "the game is over"


def test_the_amulet_on_the_tenth_level_wins() -> None:
    state = created(12)
    for number in range(2, tables()["paper"]["levels"] + 1):
        state.place.landmarks.append("down")
        state.apply(Action("descend"))
        state.apply(state.legal_actions()[0])  # raise
        state.apply(state.legal_actions()[0])  # ability
        assert state.depth == number
    assert state.view(0).difficulty == 4
    assert Action("descend") not in state.legal_actions()
    state.place.landmarks.append("amulet")
    state.apply(Action("take_amulet"))
    assert state.is_over and state.outcome == "won"
    score = tables()["score"]
    assert state.returns() == [10 * score["per_level"] + score["amulet"]]
    check_map(state)


def test_current_player_is_the_rogue() -> None:
    assert RULES.new_game(seed=1).current_player == 0


def test_a_door_seen_from_its_far_side_faces_the_other_way() -> None:
    state = created(3)
    door = state.view(0).place.doors[0]
    state.apply(Action("open", door=door.door))
    if state.level.doors[door.door].locked:
        state.apply(Action("force", door=door.door))
    assert state.place.kind == "corridor"
    back = next(d for d in state.view(0).place.doors if d.door == door.door)
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
    assert back.facing == opposite[door.facing] and back.open


def test_a_death_event_names_its_cause() -> None:
    """The "died" event says what took the last hit points: a fall here, a potion of poison
    below; the wound before it says the same."""
    for seed in range(40):
        state = created(seed)
        state.place.feature = "chasm"
        state.place.crossed = False
        state.rogue.hp = 1
        events = state.apply(Action("cross"))
        if not state.is_over:
            continue
        died = next(e.data for e in events if e.kind == "died")
        assert died == {"level": 1, "cause": "fall", "by": "chasm"}
        hurt = [e.data for e in events if e.kind == "hurt"]
        assert hurt[-1]["cause"] == "fall" and hurt[-1]["by"] == "chasm"
        break
    else:
        raise AssertionError("no deadly fall in 40 seeds")


def test_every_death_in_random_games_names_what_hurt_last() -> None:
    from engine.core.dice import Dice

    causes = set()
    for seed in range(25):
        state = RULES.new_game(seed=seed)
        chooser = Dice(seed, {})
        while not state.is_over and len(state.history) < 1500:
            legal = state.legal_actions()
            events = state.apply(legal[chooser.below("player", len(legal))])
        if state.outcome != "dead":
            continue
        died = next(e.data for e in events if e.kind == "died")
        last = [e for e in events if e.kind in ("hurt", "petrified")][-1]
        if last.kind == "petrified":
            assert (died["cause"], died["by"]) == ("petrified", last.data["monster"])
        else:
            assert (died["cause"], died["by"]) == (last.data["cause"], last.data["by"])
        causes.add(died["cause"])
    assert causes and causes <= {"monster", "trap", "fall", "door", "poison", "disease",
                                 "petrified"}
