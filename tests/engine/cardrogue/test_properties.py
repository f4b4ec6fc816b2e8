"""Property tests: random legal play on random boards never breaks the rules' invariants,
and replaying the recorded actions rebuilds the identical game."""

import functools
import json
import signal
from contextlib import contextmanager
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.cardrogue import (
    DIRECTIONS,
    Action,
    Respawn,
    State,
    characters,
    items,
    level_from_grids,
    map_from_levels,
    players,
    replay,
    tiles,
)
from engine.cardrogue.cards import OVERRIDABLE
from tests.engine.cardrogue.support import CHARACTERS, boards
from tests.hypothesis_profiles import examples


def check_invariants(game: State) -> None:
    tokens = [p.pos for p in game.players if p.pos is not None and not p.out]
    assert len(tokens) == len(set(tokens)), "two tokens on one tile"
    assert not set(tokens) & set(game.enemies), "a hero on an enemy's tile"
    for p in game.players:
        assert p.gold >= 0
        top = characters.max_health(game, p)
        if p.health > top and not p.dead:
            # Allowed only after losing max health (a -X artifact, or losing a +X one).
            assert any(game.catalog.cards[c.id].max_health < 0 for c in p.hand) or p.bonus_max >= 0
        assert p.poison >= 0 and p.skip >= 0 and p.cooldown >= 0
    for index, enemy in game.enemies.items():
        assert enemy.pos == index and enemy.health > 0


@functools.cache
def spelled_on_every_cell(size: int, width: int) -> tuple[Action, ...]:
    """The actions aimed at a cell, on every cell of a board of `size` cells in rows of
    `width` (kept: building these thousands of actions anew at every step took a third of
    this file's time)."""
    cells = [divmod(i, width) for i in range(size)]
    return tuple(Action(kind, target=c) for kind in ("mole", "place", "leap") for c in cells)


def every_spelling(game: State) -> list[Action]:
    """Every action legal_actions could list, of every kind in every direction, whatever the
    state: filtered by why_illegal, it is what legal_actions must give (its shortcuts may only
    leave out what is illegal)."""
    p = game.player
    out = [Action(kind, dir=d) for kind in ("flip", "move", "attack", "flee", "cast")
           for d in DIRECTIONS]
    out += [Action(kind) for kind in ("end_turn", "quit", "leave", "come_back", "end_rush")]
    out += spelled_on_every_cell(len(game.board.face), game.board.width)
    out += [Action("pick", name=c) for c in game.catalog.characters]
    for card in p.hand:
        out += [Action(kind, card=card.uid) for kind in ("equip", "drink", "sell", "read")]
        out += [Action("throw", card=card.uid, dir=d) for d in DIRECTIONS]
        out += items.read_candidates(game, p, card)
    out += [Action("unequip", card=c.uid) for c in p.gear()]
    for card in tiles.stock_at(game, p.pos) or ():
        out += [Action("buy", card=card.uid)]
        out += [Action("buy", card=card.uid, cards=(h.uid,)) for h in p.hand]
    out += players.interaction_candidates(game, p)
    if isinstance(game.pending, Respawn):
        out += players.respawn_candidates(game, p)
    return out


# Trying every spelling of every action (thousands on a classic table) is most of this file's
# time: it is done on every fifth step and on the last, and every listed action is checked on
# every step.
SPELLED_EVERY = 5


def play(game: State, data, steps: int) -> None:
    for step in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal, "a game that is not over must offer an action"
        assert all(game.why_illegal(a) is None for a in legal)
        if step % SPELLED_EVERY == 0 or step == steps - 1:
            with game.held_still():  # as legal_actions does: one board walk per question
                spelled = {a for a in every_spelling(game) if game.why_illegal(a) is None}
            assert set(legal) == spelled
        action = data.draw(st.sampled_from(legal), label="action")
        before = game.clone()
        game.apply(action)
        check_invariants(game)
        # Applying on the copy gives the same result, and the original copy was untouched.
        before.apply(action)
        assert before.fingerprint() == game.fingerprint()


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), character=st.sampled_from(CHARACTERS), seed=st.integers(0, 2**32),
       data=st.data())
def test_random_story_play_keeps_invariants_and_replays(board, character, seed, data):
    paths, cells, legend, _ = board
    level, custom = level_from_grids("random", paths, cells, legend)
    spec = map_from_levels([(level, custom)], seed=seed)
    game = State.story(spec, character)
    check_invariants(game)
    play(game, data, 60)
    again = replay(spec, [("Player", character)], list(game.history))
    assert again.fingerprint() == game.fingerprint()


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), data=st.data())
def test_random_table_play_keeps_invariants_and_replays(players, seed, data):
    paths, cells, legend, starts = data.draw(boards(players), label="board")
    seats = [(f"P{n}", data.draw(st.sampled_from(CHARACTERS))) for n in range(players)]
    level, custom = level_from_grids("random", paths, cells, legend)
    spec = map_from_levels([(level, custom)], seed=seed)
    game = State(spec, seats, mode="classic", starts=starts)
    play(game, data, 80)
    again = replay(spec, seats, list(game.history), mode="classic", starts=starts)
    assert again.fingerprint() == game.fingerprint()


def test_clone_is_independent():
    level, custom = level_from_grids("c", "─┬─\n │ ", "@g.\n p ", {"g": "goblin", "p": "potion"})
    game = State.story(map_from_levels([(level, custom)], seed=3), "rogue")
    copy = game.clone()
    fingerprint = game.fingerprint()
    from engine.cardrogue import Action
    copy.apply(Action("flip", dir="E"))
    assert game.fingerprint() == fingerprint != copy.fingerprint()


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32), data=st.data())
def test_random_classic_games_keep_invariants_and_replay(players, seed, data):
    """The classic game on a fresh table: picking characters, exploring, fighting, trading."""
    names = [f"P{n}" for n in range(players)]
    game = State.classic(names, seed)
    play(game, data, 120)
    again = State.classic(names, seed)
    for action in game.history:
        again.apply(action)
    assert again.fingerprint() == game.fingerprint()


# ----------------------------------------------------------------------------- custom numbers

LEGEND_TABLE = json.loads((Path(__file__).resolve().parents[3] / "schemas" / "map.schema.json")
                          .read_text())["definitions"]["legendTable"]["properties"]
# Every face is drawn often: the numbers at the edges (an ability on every face, an attack of
# 0) are where a rule can loop or leave the hero stuck.
FACES = st.one_of(st.just([1, 2, 3, 4, 5, 6]),
                  st.lists(st.integers(1, 6), min_size=1, max_size=6, unique=True))


def schema_values(spec: dict) -> st.SearchStrategy:
    """Any value the map schema accepts for one custom-card field."""
    ref = spec.get("$ref", "")
    if ref.endswith("/faces"):
        return FACES
    if ref.endswith("/chance"):
        return st.fixed_dictionaries({"on": FACES, "turns": st.integers(1, 20)})
    if spec.get("type") == "integer":
        low, high = spec["minimum"], spec["maximum"]
        return st.one_of(st.sampled_from([low, max(low, 0), high]), st.integers(low, high))
    if spec.get("type") == "boolean":
        return st.booleans()
    effects = spec["additionalProperties"]["enum"]  # on_roll: face -> effect
    return st.dictionaries(st.sampled_from("123456"), st.sampled_from(effects), max_size=6)


# Built once: a strategy made anew for every draw is validated anew, which took most of the
# time of the tests below.
FIELD_VALUES = {f: schema_values(LEGEND_TABLE[f]) for f in OVERRIDABLE if f != "name"}
FIELD_NAMES = st.lists(st.sampled_from(list(FIELD_VALUES)), max_size=10, unique=True)


@st.composite
def custom_boards(draw, players=1):
    """`boards` whose cards carry random custom numbers, anywhere within the schema's bounds
    (even numbers the lint refuses, such as an enemy that paralyses on every face)."""
    paths, cells, legend, starts = draw(boards(players, FIGHTS))
    custom = {}
    for glyph, card in legend.items():
        fields = draw(FIELD_NAMES)
        custom[glyph] = {"card": card, **{f: draw(FIELD_VALUES[f]) for f in fields}}
    return paths, cells, custom, starts


# Mostly enemies, traps and potions: the cards whose numbers drive the loops of a turn.
FIGHTS = ("path", "goblin", "basilisk_gaze", "imp", "zombie", "vampire_bat", "trap_paralysis",
          "trap_spikes", "potion", "potion", "sword", "dagger", "shield", "scroll_move_adjacent",
          "fountain", "shop")
EAGER = ("attack", "flip", "end_turn", "drink", "throw", "place", "read", "respawn", "move")


@contextmanager
def no_hang(seconds: int = 5):
    """Fail, instead of hanging the suite, if the block does not return in time."""
    def stop(signum, frame):
        raise AssertionError(f"no return within {seconds} s: an action did not terminate")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


ONE_IN_FOUR = st.integers(0, 3)


@functools.cache
def index_below(n: int) -> st.SearchStrategy[int]:
    """An index into a list of n: one strategy per length, not one per step (see FIELD_VALUES)."""
    return st.integers(0, n - 1)


def sound_play(game: State, data, steps: int) -> None:
    """Every apply returns, and every state that is not over offers an action besides giving
    up (quitting, which is never played here)."""
    for _ in range(steps):
        if game.is_over:
            return
        legal = [a for a in game.legal_actions() if a.kind != "quit"]
        assert legal, "a game that is not over must offer an action besides quitting"
        eager = [a for a in legal if a.kind in EAGER]  # fight and explore more than shop
        pool = eager if eager and data.draw(ONE_IN_FOUR, label="eager") else legal
        game.apply(pool[data.draw(index_below(len(pool)), label="action index")])


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=custom_boards(), character=st.sampled_from(CHARACTERS),
       seed=st.integers(0, 2**32), data=st.data())
def test_any_custom_numbers_terminate_and_never_leave_the_hero_without_an_action(
        board, character, seed, data):
    paths, cells, legend, _ = board
    try:
        level, custom = level_from_grids("random", paths, cells, legend)
    except ValueError:
        assume(False)  # numbers the level builder itself refuses are not a map
    spec = map_from_levels([(level, custom)], seed=seed)
    with no_hang():
        game = State.story(spec, character)
        sound_play(game, data, 80)
        again = replay(spec, [("Player", character)], list(game.history))
    assert again.fingerprint() == game.fingerprint()


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), data=st.data())
def test_any_custom_numbers_at_a_table_terminate_and_never_leave_a_player_without_an_action(
        players, seed, data):
    paths, cells, legend, starts = data.draw(custom_boards(players), label="board")
    seats = [(f"P{n}", data.draw(st.sampled_from(CHARACTERS))) for n in range(players)]
    try:
        level, custom = level_from_grids("random", paths, cells, legend)
    except ValueError:
        assume(False)
    spec = map_from_levels([(level, custom)], seed=seed)
    with no_hang():
        game = State(spec, seats, mode="classic", starts=starts)
        sound_play(game, data, 100)
