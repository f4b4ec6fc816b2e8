"""Levelling up: each new dungeon level gone down to is a rogue level: two skills +1d6 or one
+2d6 (6d6 at most), +1d6 hit points and a special ability."""

from __future__ import annotations

from engine.roguelike.actions import Action
from engine.roguelike.levelling import abilities, raise_options
from engine.roguelike.tables import tables
from tests.engine.roguelike.support import created


def _descended(seed: int = 5):
    state = created(seed)
    state.place.landmarks.append("down")
    state.apply(Action("descend"))
    return state


def test_going_down_to_a_new_level_asks_for_skills_then_an_ability() -> None:
    state = _descended()
    assert state.depth == 2 and state.rogue.level == 2 and state.phase == "raise"
    assert state.view(0).pending == "raise_skills"
    assert state.why_illegal(Action("search")) == "choose the skills to raise"
    hp = state.rogue.hp
    events = state.apply(Action("raise", names=("lockpick", "lockpick")))
    gained = next(e for e in events if e.kind == "hit_points_gained").data
    assert 1 <= gained["gain"] <= 6 and state.rogue.hp == hp + gained["gain"]
    assert state.rogue.skills["lockpick"] == 3
    assert state.phase == "ability"
    assert {a.name for a in state.legal_actions()} == set(abilities())
    state.apply(Action("ability", name="luck"))
    assert state.rogue.abilities == ["luck"] and state.phase == "play"


def test_two_skills_go_up_by_one_each() -> None:
    state = _descended()
    state.apply(Action("raise", names=("stab", "jump")))
    assert state.rogue.skills["stab"] == 3 and state.rogue.skills["jump"] == 2


def test_no_skill_goes_past_6d6() -> None:
    state = _descended()
    state.rogue.skills["stab"] = 5
    assert state.why_illegal(Action("raise", names=("stab", "stab"))) == "stab cannot go past 6d6"
    assert state.why_illegal(Action("raise", names=("stab", "jump"))) is None
    assert ("stab", "stab") not in raise_options(state.rogue)
    assert tables()["character"]["max_skill_dice"] == 6


def test_an_ability_is_taken_once() -> None:
    state = _descended()
    state.rogue.abilities = ["luck"]
    state.apply(Action("raise", names=("stab", "jump")))
    assert state.why_illegal(Action("ability", name="luck")) == "you already have luck"
    assert Action("ability", name="luck") not in state.legal_actions()


def test_going_back_up_and_down_again_is_no_new_level() -> None:
    state = _descended()
    state.apply(Action("raise", names=("stab", "jump")))
    state.apply(Action("ability", name="sneak"))
    state.apply(Action("ascend"))
    assert state.depth == 1 and state.phase == "play"
    state.apply(Action("descend"))
    assert state.depth == 2 and state.phase == "play" and state.rogue.level == 2
    assert len(state.levels) == 2 and state.levels[1].visits == 2


def test_luck_rolls_a_failed_check_again_once_per_level() -> None:
    state = created(2)
    state.rogue.abilities.append("luck")
    rerolls = 0
    for _ in range(30):
        events = state.apply(Action("search"))
        check = events[0].data
        rerolls += "reroll" in check
    assert rerolls == 1
