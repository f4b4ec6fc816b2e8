"""ENEMY'S EFFECTS: level 1 health and damage, automatic wins, "will flee", "if loss", and the
suits an enemy ignores or fears. Fighter: Str 2 Dex 1 Int 0 Con 1; Wizard: Str 0 Dex 1 Int 3."""

from tests.engine.tabledungeon.support import first, kinds, lay_all, table


def test_an_automatic_win_still_needs_a_card_and_beats_any_total():
    state = table("fighter", "wizard", roll=(1, 1))  # 2: a lost goblin
    assert state.view(0).enemy.automatic_win
    state.loot_deck = ["9S", "8S"]
    events = lay_all(state, "5C", "2S")
    revealed = first(events, "revealed")
    assert revealed["defeated"] and revealed["automatic_win"]
    assert "hurt" not in kinds(events)
    assert first(events, "loot") == {"seat": 1, "card": "9S"}  # the lowest card, 2 < 5


def test_a_lost_fight_at_level_1_costs_every_player_4():
    state = table("fighter", "wizard", roll=(2, 2))  # 4: a giant rat
    events = lay_all(state, "QC", "QD")  # two royals: no attack
    assert not first(events, "revealed")["defeated"]
    assert [(e.data["seat"], e.data["damage"]) for e in events if e.kind == "hurt"] == \
        [(0, 4), (1, 4)]
    assert [s.health for s in state.seats] == [6, 6]


def test_a_fleeing_enemy_is_a_win_without_loot_and_the_heart_still_heals():
    state = table("fighter", "wizard", roll=(4, 4))  # 8: cave bats flee from a heart
    state.seats[0].health = 5
    state.loot_deck = ["9S"]
    events = lay_all(state, "AH", "2S")
    revealed = first(events, "revealed")
    assert revealed["fled"] and revealed["defeated"] and revealed["total"] == 3
    assert "loot" not in kinds(events) and state.loot_deck == ["9S"]
    assert state.seats[0].health == 5 + 1 + 1  # the ace of hearts plus Constitution 1


def test_without_the_flee_condition_the_same_enemy_must_be_beaten():
    state = table("fighter", "wizard", roll=(4, 4))
    events = lay_all(state, "AS", "2S")  # 2 + 3 = 5 < 8
    assert not first(events, "revealed")["defeated"]


def test_a_weakness_doubles_that_suit():
    state = table("fighter", "wizard", roll=(3, 3))  # 6: a skeleton, weak to clubs
    events = lay_all(state, "2C", "QD")
    revealed = first(events, "revealed")
    assert revealed["attacks"] == [(2 + 2) * 2, 0] and revealed["defeated"]


def test_an_immunity_makes_that_suit_count_nothing():
    state = table("rogue", "rogue", "wizard", roll=(5, 5, 5))  # 15: an ogre, immune to spades
    events = lay_all(state, "6S", "6C", "6D")
    assert first(events, "revealed")["attacks"] == [0, 6 + 1, 6 + 3]


def test_if_loss_extra_damage():
    state = table("fighter", "wizard", roll=(5, 5))  # 10: spiders, 1 more damage if lost
    events = lay_all(state, "QC", "QD")
    assert {e.data["damage"] for e in events if e.kind == "hurt"} == {5}


def test_if_loss_everyone_gives_back_their_newest_points_card():
    state = table("fighter", "wizard", roll=(6, 6))  # 12: goblin thieves
    state.seats[0].loot = ["5D", "8D", "QD"]
    state.seats[1].loot = ["7C"]
    state.loot_deck = ["2S"]
    events = lay_all(state, "QC", "QD")
    lost = [(e.data["seat"], e.data["card"]) for e in events if e.kind == "loot_lost"]
    assert lost == [(0, "8D"), (1, "7C")]
    assert state.seats[0].loot == ["5D", "QD"] and state.seats[1].loot == []
    assert sorted(state.loot_deck) == ["2S", "7C", "8D"]
