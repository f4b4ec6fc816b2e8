"""SET-UP: the four difficulties' starting stats, one die at rank 1, the options' checks."""

from __future__ import annotations

import pytest

from engine.minirogue import RULES

STARTS = {"casual": (1, 5, 5, 6), "normal": (0, 5, 3, 6), "hard": (0, 4, 2, 5),
          "impossible": (0, 3, 1, 3)}


@pytest.mark.parametrize("difficulty", list(STARTS))
def test_each_difficulty_starts_with_its_row_of_the_table(difficulty: str) -> None:
    view = RULES.new_game(seed=1, difficulty=difficulty).view()
    assert (view.armor, view.hp, view.gold, view.food) == STARTS[difficulty]
    assert (view.rank, view.xp, view.dice, view.spells) == (1, 0, 1, ())
    assert view.difficulty == difficulty


def test_normal_is_the_default_and_the_variant_is_off() -> None:
    state = RULES.new_game(seed=1)
    assert (state.difficulty, state.dungeon_keys) == ("normal", False)
    assert RULES.new_game(seed=1, dungeon_keys=True).view().dungeon_keys


@pytest.mark.parametrize(("options", "message"), [
    ({"difficulty": "easy"}, "difficulty must be one of casual, normal, hard, impossible"),
    ({"difficulty": 2}, "difficulty must be one of"),
    ({"dungeon_keys": "yes"}, "dungeon_keys must be true or false"),
    ({"dungeon_keys": 1}, "dungeon_keys must be true or false"),
    ({"players": ["Ann"]}, "Mini Rogue has no option players; its options are difficulty, "
                           "dungeon_keys"),
    ({"seed": -1}, "seed must be a whole number from 0 to"),
    ({"seed": 1 << 64}, "seed must be a whole number"),
    ({"seed": True}, "seed must be a whole number"),
    ({"seed": "7"}, "seed must be a whole number"),
    ({"seed": None}, "Mini Rogue needs a seed"),
])
def test_a_bad_option_is_refused_with_one_clear_sentence(options: dict, message: str) -> None:
    options = {"seed": 1, **options}
    with pytest.raises(ValueError) as caught:
        RULES.new_game(**options)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_the_same_seed_deals_the_same_dungeon_and_another_seed_another() -> None:
    def layout(seed: int) -> list:
        return RULES.new_game(seed=seed).layout
    assert layout(9) == layout(9)
    assert len({str(layout(seed)) for seed in range(20)}) > 5
