"""Properties over many seeds: random legal play and computer play end within a bound, a game
not over always has a legal action, and the history replays to the identical game."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.dice import Dice
from engine.tabledungeon import RULES
from engine.tabledungeon.actions import Action
from engine.tabledungeon.policy import choose
from tests.hypothesis_profiles import examples

BOUND = 20_000  # actions: random play ends far below this (about 40 on average)
NAMES = ["Ann", "Bo", "Cy", "Di"]


def check_replay(state, names):
    again = RULES.replay(state.seed, names, [Action.from_dict(d) for d in state.serialize()])
    assert again.fingerprint() == state.fingerprint()
    assert again.returns() == state.returns() and again.score == state.score


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4),
       picks=st.randoms(use_true_random=False))
def test_random_legal_play_ends_and_replays(seed, players, picks):
    names = NAMES[:players]
    state = RULES.new_game(seed=seed, players=names)
    for _ in range(BOUND):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal, "a game that is not over must offer an action"
        assert state.current_player is not None
        state.apply(picks.choice(legal))
    assert state.is_over
    assert state.outcome in ("won", "lost") and state.legal_actions() == []
    if state.outcome == "won":
        assert state.aces == 4 and state.winners
        assert state.score == max(state.returns())
    else:
        assert not state.living() and state.score == 0
    check_replay(state, names)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4),
       level=st.sampled_from(["easy", "normal"]))
def test_computer_players_only_take_legal_actions_and_finish(seed, players, level):
    names = NAMES[:players]
    state = RULES.new_game(seed=seed, players=names)
    minds = [Dice(seed ^ (n + 1)) for n in range(players)]
    for _ in range(BOUND):
        if state.is_over:
            break
        seat = state.current_player
        legal = state.legal_actions()
        action = choose(state.view(seat), legal, level, minds[seat])
        assert action in legal and state.why_illegal(action) is None
        state.apply(action)
    assert state.is_over
    check_replay(state, names)


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_the_computer_is_deterministic_for_its_own_seed(seed):
    def game():
        state = RULES.new_game(seed=seed, players=["Ann", "Bo", "Cy"])
        minds = [Dice(99 + n) for n in range(3)]
        while not state.is_over:
            seat = state.current_player
            state.apply(choose(state.view(seat), state.legal_actions(), "easy", minds[seat]))
        return state.serialize()
    assert game() == game()
