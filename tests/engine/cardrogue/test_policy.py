"""The classic table's computer player: legal whatever happens, honest (nothing face down is
read), deterministic for its own dice, and its games record and verify."""

import random

import pytest

from engine.cardrogue import COMPUTER_LEVELS, FACE_DOWN, RULES, Action, computer_move, sight
from engine.core.dice import Dice

BOUND = 1500  # actions: a generous bound for one table of computers


def play(seed, seats, levels=("normal",), bound=BOUND, check=None):
    """A table of computers played until the end or the bound; `check(game, seat, action)` is
    called before every action is applied."""
    game = RULES.new_game(seed=seed, players=[f"Bot {n + 1}" for n in range(seats)])
    minds = [Dice(seed * 10 + n) for n in range(seats)]
    while not game.is_over and game.moves < bound:
        seat = game.current_player
        action = computer_move(game, seat, levels[seat % len(levels)], minds[seat])
        if check is not None:
            check(game, seat, action)
        game.apply(action)
    return game


@pytest.mark.slow  # a sweep over many seeded games, like a property test
def test_every_action_is_legal_over_many_tables_and_most_games_end():
    def legal(game, seat, action):
        assert game.why_illegal(action) is None, (action, game.why_illegal(action))
        assert action.kind not in ("quit", "leave")

    ended = played = 0
    for seed in range(4):
        for seats in (1, 2, 3, 4):
            game = play(seed, seats, COMPUTER_LEVELS, check=legal)
            assert game.is_over or game.moves >= BOUND
            played += 1
            ended += game.is_over
    assert ended * 4 >= played * 3, f"only {ended} of {played} games ended"


def test_every_pending_decision_gets_an_answer():
    seen = set()

    def note(game, seat, action):
        pending = game.view(seat).pending
        if pending is not None:
            seen.add(pending.kind)
            assert action.kind == {"pick": "pick", "respawn": "respawn",
                                   "teleport": "place"}[pending.kind]

    for seed in range(3):
        play(seed, 4, COMPUTER_LEVELS, bound=600, check=note)
    assert {"pick", "respawn"} <= seen


def scrambled(game, seed):
    """A copy of `game` whose hidden parts are shuffled: the face-down cards' content and
    paths, the stacks' order, and the cards left face down where a player fell."""
    other = game.clone()
    shuffle = random.Random(seed).shuffle
    board = other.board
    down = [i for i, face in enumerate(board.face) if face == FACE_DOWN]
    contents = [board.content[i] for i in down]
    paths = [board.paths[i] for i in down]
    shuffle(contents)
    shuffle(paths)
    for i, card, bits in zip(down, contents, paths, strict=True):
        board.content[i] = card
        board.paths[i] = bits
    stacks = other.catacomb
    for pile in (stacks.exploration, stacks.pathing, stacks.shop):
        shuffle(pile)
    other.stash = {cell: list(reversed(cards)) for cell, cards in other.stash.items()}
    return other


@pytest.mark.parametrize("level", COMPUTER_LEVELS)
def test_it_plays_the_same_when_the_hidden_cards_are_scrambled(level):
    checked = 0

    def same(game, seat, action):
        nonlocal checked
        if game.moves % 5:
            return
        for n in range(3):
            other = scrambled(game, n)
            assert sight(other) == sight(game)  # what the table sees is all it reads
            mind = Dice(99)
            again = computer_move(other, seat, level, mind)
            assert again == computer_move(game, seat, level, Dice(99)), game.moves
        checked += 1

    play(5, 3, (level,), bound=400, check=same)
    assert checked >= 40


def test_the_sight_shows_nothing_of_a_face_down_card():
    game = RULES.new_game(seed=3, players=["Ann", "Bo"])
    seen = sight(game)
    down = [i for i, face in enumerate(seen.face) if face == FACE_DOWN]
    assert down
    assert all(seen.content[i] is None and seen.paths[i] == 0 for i in down)


def test_a_table_replays_the_same_from_the_same_seeds():
    first = play(7, 3, COMPUTER_LEVELS, bound=500)
    second = play(7, 3, COMPUTER_LEVELS, bound=500)
    assert first.history == second.history
    assert len(first.history) > 50


def test_an_unknown_level_or_no_choice_is_refused():
    game = RULES.new_game(seed=1, players=["Ann"])
    with pytest.raises(ValueError, match="level"):
        computer_move(game, 0, "hard", Dice(1))
    from engine.cardrogue import policy

    with pytest.raises(ValueError, match="no legal action"):
        policy.choose(game.view(0), sight(game), [], "normal", Dice(1))


def test_a_computer_game_records_and_verifies():
    game = next(g for seed in range(10) if (g := play(seed, 2)).is_over)
    run = RULES.record(game, player="Bot 1")
    verdict = RULES.verify(run)
    assert verdict.ok, verdict
    assert [Action.from_dict(a) for a in run["actions"]] == game.history
