"""FEATS: any die may be rolled again once per attack phase, for 2 HP or 1 XP."""

from __future__ import annotations

import pytest

from engine.core.protocol import IllegalAction
from tests.engine.minirogue.support import PLAIN, act, every, first, game, parse


def in_fight(hp: int = 10, rank: int = 1, xp: int = 0, **rolls: list[int]):
    state = game(area=5, deals={5: PLAIN}, monster_hp=[6], **rolls)  # 11 health
    state.hero.hp, state.hero.rank, state.hero.xp = hp, rank, xp
    act(state, "enter 0")
    return state


def test_a_feat_paid_in_health_rerolls_a_miss() -> None:
    state = in_fight(attack=[1], feat=[5])
    events = act(state, "feat 0 hp")
    assert first(events, "feat") == {"die": 0, "pay": "hp", "cost": 2, "roll": 5, "value": 5,
                                     "missed": False}
    assert state.hero.hp == 8
    assert first(act(state, "strike"), "strike")["damage"] == 5


def test_a_feat_paid_in_xp_can_cost_a_rank() -> None:
    state = in_fight(rank=2, xp=0, attack=[1, 1], feat=[4])
    events = act(state, "feat 1 xp")
    assert first(events, "rank_down") == {"rank": 1, "dice": 1}
    assert (state.hero.rank, state.hero.xp) == (1, 5)
    assert [d.value for d in state.fight.dice] == [0, 4]  # the dice already rolled stay


def test_each_die_takes_one_feat_per_attack_phase() -> None:
    state = in_fight(attack=[2, 2], rank=2, feat=[3])
    act(state, "feat 0 hp")
    with pytest.raises(IllegalAction, match="already rerolled by a feat"):
        state.apply(parse("feat 0 hp"))
    assert not any(a.kind == "feat" and a.die == 0 for a in state.legal_actions())
    act(state, "feat 1 hp")  # another die still may


def test_a_feat_that_rolls_6_is_a_critical_like_any_other() -> None:
    state = in_fight(attack=[2], feat=[6], critical=[4])
    act(state, "feat 0 hp", "reroll 0")
    assert state.fight.dice[0].value == 10


def test_the_feat_budget_comes_back_at_the_next_attack_phase() -> None:
    state = in_fight(hp=20, attack=[2, 2], feat=[3, 3])
    events = act(state, "feat 0 hp", "strike")  # 3 of 11 dealt; the knight hits back
    assert every(events, "attack_roll")[-1]["round"] == 2
    act(state, "feat 0 hp")


def test_feats_look_one_die_at_a_time() -> None:
    state = in_fight(rank=2, attack=[1, 1], feat=[6])
    act(state, "feat 0 hp")
    # The result is known before another feat is chosen: the 6 may now be rerolled.
    assert parse("reroll 0") in state.legal_actions()


def test_a_feat_cannot_be_paid_with_missing_xp() -> None:
    state = in_fight(hp=2, xp=0, attack=[1])
    assert state.why_illegal(parse("feat 0 xp")) == "a feat costs 1 XP and you have none"
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(parse("feat 0 xp"))
    assert state.fingerprint() == before


@pytest.mark.parametrize("hp", [1, 2])
def test_a_feat_may_be_paid_with_the_heros_last_health(hp: int) -> None:
    """FEATS: "reroll any die result rolled ... by reducing your Character's HP by 2 points",
    with no floor; HP at zero loses the game (CHARACTER STATS)."""
    state = in_fight(hp=hp, attack=[1], feat=[5])
    assert parse("feat 0 hp") in state.legal_actions()
    events = act(state, "feat 0 hp")
    assert first(events, "game_over") == {"outcome": "dead", "cause": "feat", "area": 5}
    assert "feat" not in [e.kind for e in events]  # no die rolled for a dead hero
    assert (state.hero.hp, state.is_over, state.legal_actions()) == (0, True, [])


def test_critical_hits_are_rerolled_before_feats() -> None:
    """COMBAT, step 4: reroll criticals "until you are satisfied", then perform Feats; after a
    feat only that die's own 6 may be rerolled ("as per normal combat rules")."""
    state = in_fight(rank=2, attack=[2, 6], feat=[6], critical=[3])
    assert parse("reroll 1") in state.legal_actions()  # before any feat, the critical is open
    act(state, "feat 0 hp")
    assert parse("reroll 1") not in state.legal_actions()
    assert parse("reroll 0") in state.legal_actions()  # the feat's own 6
    with pytest.raises(IllegalAction, match="criticals come before feats"):
        state.apply(parse("reroll 1"))
    assert [d.critical for d in state.view().combat_dice] == [True, False]
    act(state, "reroll 0")
    assert state.fight.dice[0].value == 9
