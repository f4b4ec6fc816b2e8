"""ENEMY ENCOUNTER: one die per living player, the sum found on the current level's sheet."""

import pytest

from engine.tabledungeon import RULES
from engine.tabledungeon.data import load
from tests.engine.tabledungeon.support import act, first, kinds, lay_all, rig, table


def test_every_roll_of_every_level_names_exactly_one_enemy():
    data = load()
    assert [lv.level for lv in data.levels] == [1, 2, 3, 4]
    for level in data.levels:
        for roll in range(1, 25):
            assert sum(e.low <= roll <= e.high for e in level.enemies) == 1, (level.level, roll)


def test_the_rulebook_example_two_dice_showing_4_and_6_is_a_swarm_of_spiders():
    state = table("fighter", "wizard", roll=(4, 6))
    enemy = state.view(0).enemy
    assert enemy.name == "Swarm of spiders"
    assert enemy.roll == 10 and enemy.health == 10  # level 1: health is the roll
    assert state.enemy_health == 10 and state.data.level(1).damage == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_die_per_player(players):
    state = RULES.new_game(seed=4, players=["Ann", "Bo", "Cy", "Di"][:players])
    events = []
    for _ in range(players):
        events += act(state, "pick", name="cleric")
    enemy = first(events, "enemy")
    assert len(enemy["dice"]) == players and all(1 <= d <= 6 for d in enemy["dice"])
    assert enemy["roll"] == sum(enemy["dice"]) == state.enemy_roll
    assert enemy["name"] == load().level(1).enemy_for(enemy["roll"]).name


def test_the_dead_roll_no_die_and_higher_levels_add_health_per_die():
    state = table("fighter", "wizard", "rogue", roll=(1, 1, 2))  # 4: a giant rat
    state.seats[2].health = 1  # dies when the rat wins
    state.level = 2
    rig(state, "encounter", 3, 4)
    events = lay_all(state, "AH", "AH", "QS")  # no attack: the rat wins
    died = [e.data["seat"] for e in events if e.kind == "died"]
    assert died == [2]
    enemy = first(events, "enemy")
    assert enemy["dice"] == [3, 4] and enemy["roll"] == 7
    assert enemy["health"] == 7 + 2 * 1 and enemy["level"] == 2  # +1 health per die at level 2
    assert enemy["name"] == "Will-o'-wisp"
    assert "revealed" in kinds(events)
