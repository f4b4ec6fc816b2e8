"""EXPERIENCE POINTS AND RANKS: the rulebook's examples (Mary, Oscar, the rank 4 hero) and XP
lost to a trap, played through real actions with rigged dice."""

from __future__ import annotations

from tests.engine.minirogue.support import PLAIN, act, deal, every, first, game, kinds


def at_boss(area: int, **rolls: list[int]):
    """A game standing before the boss column of a level's last area."""
    state = game(area=area, **rolls)
    state.column = 4  # the four room columns are behind the hero
    return state


def test_mary_reaches_rank_2_by_beating_a_boss_and_keeps_the_extra_xp() -> None:
    # Mary: rank 1, 5 XP, beats a boss for 2 XP -> rank 2 (two dice) with 1 XP on the track.
    state = at_boss(2, attack=[6], critical=[4], item=[1])
    state.hero.xp = 5
    events = act(state, "enter 0", "reroll 0", "strike")
    assert first(events, "foe_defeated")["name"] == "Undead Giant"
    assert first(events, "rank_up") == {"rank": 2, "dice": 2}
    assert (state.hero.rank, state.hero.xp) == (2, 1)
    assert state.view().xp_die == (0, 1)


def test_a_second_die_joins_the_attack_after_rank_2() -> None:
    state = game(deals={1: PLAIN}, monster_hp=[6], attack=[2, 3])
    state.hero.rank = 2
    events = act(state, "enter 0")
    assert first(events, "attack_roll")["faces"] == [2, 3]


def test_oscar_at_rank_2_with_5_xp_gains_2_and_moves_the_die_up_a_slot() -> None:
    # Oscar: rank 2, 5 XP, beats a level 3 monster (2 XP): 7 XP, still rank 2 (12 needed);
    # the XP die moves from slot "Rank 2" face 6 to slot "Rank 3" face 1.
    state = game(area=5, deals={5: PLAIN}, monster_hp=[1], attack=[3, 3])
    state.hero.rank, state.hero.xp = 2, 5
    events = act(state, "enter 0", "strike")
    assert first(events, "foe_defeated")["name"] == "Undead Knight"
    assert (state.hero.rank, state.hero.xp) == (2, 7)
    assert "rank_up" not in kinds(events)
    assert state.view().xp_die == (1, 1)
    assert state.view().xp_to_next_rank == 12


def test_at_rank_4_a_level_5_monster_gives_1_hp_instead_of_3_xp() -> None:
    state = game(area=11, deals={11: PLAIN}, monster_hp=[1], attack=[3, 3, 3, 3])
    state.hero.rank, state.hero.hp = 4, 10
    events = act(state, "enter 0", "strike")  # health 11 + 1 = 12, dealt 12 at once
    gain = [e for e in every(events, "gain") if e["source"] == "monster"]
    assert gain == [{"stat": "hp", "amount": 1, "before": 10, "after": 11, "source": "monster",
                     "instead_of_xp": 3}]
    assert (state.hero.rank, state.hero.xp, state.hero.hp) == (4, 0, 11)


def test_reaching_rank_3_needs_12_more_xp_and_rank_4_18_more() -> None:
    state = game(deals={1: deal("resting", "treasure merchant", "monster", "event trap")})
    state.hero.rank, state.hero.xp = 2, 11
    events = act(state, "enter 0", "rest weapon")  # +1 XP
    assert first(events, "rank_up") == {"rank": 3, "dice": 3}
    assert (state.hero.rank, state.hero.xp) == (3, 0)
    state.hero.xp = 17
    state.pending, state.column = "resting", 0
    act(state, "rest weapon")
    assert (state.hero.rank, state.hero.xp, state.view().xp_to_next_rank) == (4, 0, None)


def test_losing_xp_at_zero_gives_back_a_rank_and_its_die() -> None:
    # Moving Walls (trap 5) at rank 2 with 0 XP: rank 1 with 5 XP, one die again.
    state = game(deals={1: deal("trap", "treasure merchant", "resting", "event monster")},
                 trap=[5], skill=[6])
    state.hero.rank, state.hero.xp = 2, 0
    events = act(state, "enter 0")
    assert first(events, "rank_down") == {"rank": 1, "dice": 1}
    assert (state.hero.rank, state.hero.xp) == (1, 5)
    assert state.view().dice == 1
