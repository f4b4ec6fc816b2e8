"""Character creation: every skill at 1d6, two chosen skills at 2d6, 6 hit points; and the skill
check that counts 5s and 6s against the level's Difficulty."""

from __future__ import annotations

import pytest

from engine.core.dice import Dice
from engine.core.protocol import IllegalAction
from engine.roguelike import RULES
from engine.roguelike.actions import Action
from engine.roguelike.character import new_rogue, skill_check, skill_names
from tests.engine.roguelike.support import created

SKILLS = ["stab", "throw", "archery", "jump", "climb", "run", "steal", "lockpick", "disable_trap",
          "stealth", "hack", "magic", "search"]


def test_the_rogue_starts_with_the_rulebook_skills_at_1d6_and_6_hp() -> None:
    state = RULES.new_game(seed=1)
    assert skill_names() == SKILLS
    assert state.rogue.skills == {name: 1 for name in SKILLS}
    assert state.rogue.hp == state.rogue.max_hp == 6
    assert state.view(0).pending == "choose_skills"


def test_the_only_decisions_at_first_are_the_skills() -> None:
    state = RULES.new_game(seed=1)
    assert [a.name for a in state.legal_actions()] == SKILLS
    assert {a.kind for a in state.legal_actions()} == {"choose_skill"}
    assert state.why_illegal(Action("search")) == "first choose your two 2d6 skills"


def test_two_different_skills_go_to_2d6_then_play_begins() -> None:
    state = RULES.new_game(seed=1)
    state.apply(Action("choose_skill", name="hack"))
    assert state.why_illegal(Action("choose_skill", name="hack")) == "hack is already chosen"
    with pytest.raises(IllegalAction):
        state.apply(Action("choose_skill", name="hack"))
    state.apply(Action("choose_skill", name="stealth"))
    assert state.rogue.skills["hack"] == state.rogue.skills["stealth"] == 2
    assert sum(state.rogue.skills.values()) == len(SKILLS) + 2
    assert state.phase == "play" and state.view(0).pending == "explore"


def test_an_unknown_skill_is_refused_with_a_reason() -> None:
    state = RULES.new_game(seed=1)
    assert state.why_illegal(Action("choose_skill", name="juggle")) == "juggle is not a skill"


@pytest.mark.parametrize("needed", [1, 2, 3, 4])
def test_a_check_counts_fives_and_sixes_against_the_difficulty(needed: int) -> None:
    rogue = new_rogue()
    rogue.skills["stab"] = 4
    dice, again = Dice(77), Dice(77)
    for _ in range(100):
        data = skill_check(dice, rogue, "stab", needed)
        faces = [again.roll("check") for _ in range(4)]
        assert data["dice"] == faces
        assert data["successes"] == sum(1 for f in faces if f >= 5)
        assert data["passed"] == (data["successes"] >= needed)


def test_bonus_dice_from_items_join_the_pool() -> None:
    state = created(3)
    from engine.roguelike.character import Item
    state.rogue.items.append(Item("speed_boots", bonus_skill="run"))
    data = skill_check(state.dice, state.rogue, "run", 1)
    assert len(data["dice"]) == 2
    state.rogue.items[-1].status = "blessed"
    assert len(skill_check(state.dice, state.rogue, "run", 1)["dice"]) == 3
