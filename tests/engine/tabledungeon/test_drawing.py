"""DRAWING FROM THE ACTION PILE: back to five cards at the end of the round; an empty pile is
rebuilt from the hand and the discard pile after the XP pile feeds the discard pile."""

from tests.engine.tabledungeon.support import first, hand, lay_all, table


def test_everyone_draws_back_to_five():
    state = table("fighter", "wizard", roll=(1, 1))
    before = [len(s.action) for s in state.seats]
    events = lay_all(state, "2C", "3D")
    assert [len(s.hand) for s in state.seats] == [5, 5]
    assert [len(s.action) for s in state.seats] == [n - 1 for n in before]
    assert [e.data["cards"] for e in events if e.kind == "drew"] == [1, 1]


def rebuild_case(level: int):
    state = table("fighter", "wizard", roll=(1, 1))
    state.level = level
    fighter = state.seats[0]
    hand(state, 0, "2C", "3C", "4C", "5C", "6C")
    fighter.action = []
    fighter.discard = ["9C"]
    fighter.xp = ["10C", "8S", "7H"]
    events = lay_all(state, "2C", "3D")
    return state, fighter, events


def test_an_empty_action_pile_is_rebuilt_with_as_many_xp_cards_as_the_level():
    state, fighter, events = rebuild_case(level=1)
    rebuilt = first(events, "action_pile_rebuilt")
    assert rebuilt["seat"] == 0 and rebuilt["xp_fed"] == ["10C"]
    pool = {"3C", "4C", "5C", "6C", "9C", "2C", "10C"}  # hand, discard (the card just laid), fed
    assert len(fighter.hand) == 5 and fighter.discard == []
    assert set(fighter.hand) | set(fighter.action) == pool and len(fighter.action) == 2
    assert fighter.xp == ["8S", "7H"]


def test_at_level_2_the_xp_pile_feeds_two():
    _, fighter, events = rebuild_case(level=2)
    assert first(events, "action_pile_rebuilt")["xp_fed"] == ["10C", "8S"]
    assert fighter.xp == ["7H"] and len(fighter.hand) == 5 and len(fighter.action) == 3


def test_a_short_pool_draws_what_there_is():
    state = table("fighter", "wizard", roll=(1, 1))
    fighter = state.seats[0]
    hand(state, 0, "2C")
    fighter.action, fighter.discard, fighter.xp = [], [], []
    lay_all(state, "2C", "3D")
    assert fighter.hand == ["2C"] and fighter.action == []
