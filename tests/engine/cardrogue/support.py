"""Helpers for engine tests: tiny maps from text grids, actions from short strings, and dice
that can be told what to roll (to reproduce the rulebook's worked examples exactly)."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import strategies as st

from engine.cardrogue import Action, Goal, State, level_from_grids, map_from_levels
from engine.cardrogue.board import FACE_DOWN, OPPOSITE, PATH_GLYPHS, REVEALED, STEP, E, N, S, W
from engine.core import IllegalAction
from engine.core.dice import Dice

# A legend entry for a plain path that lies face up: most rule tests need no flips.
OPEN = {"card": "path", "revealed": True}


def story(paths: str, cells: str, legend: dict | None = None, character: str = "warrior",
          seed: int = 1, **level_fields) -> State:
    """A one-level story game."""
    level, custom = level_from_grids("test", paths, cells, legend, **level_fields)
    return State.story(map_from_levels([(level, custom)], seed=seed), character)


def table(paths: str, cells: str, legend: dict | None, seats: list[tuple[str, str]],
          starts: list[tuple[int, int]], seed: int = 1, **level_fields) -> State:
    """A classic-mode game for several players on a fixed board, each on their own cell."""
    level, custom = level_from_grids("table", paths, cells, legend, **level_fields)
    return State(map_from_levels([(level, custom)], seed=seed), seats, mode="classic",
                starts=starts)


def action(text: str) -> Action:
    """'move E', 'attack N', 'drink 5', 'throw 5 E', 'buy 12 pay=3,4', 'read 7 at=1,2',
    'read 7 potion=5', 'trade 1 give=3 take=4', 'trip 1', 'place 2,3', 'end'."""
    words = text.split()
    kind = {"end": "end_turn"}.get(words[0], words[0])
    fields: dict = {}
    for word in words[1:]:
        if word in ("N", "E", "S", "W"):
            fields["dir"] = word
        elif word.startswith("pay=") or word.startswith("give=") or word.startswith("potion=") \
                or word.startswith("drop="):
            fields["cards"] = tuple(int(v) for v in word.split("=")[1].split(",") if v)
        elif word.startswith("take="):
            fields["take"] = tuple(int(v) for v in word.split("=")[1].split(","))
        elif word.startswith("at="):
            row, col = word.split("=")[1].split(",")
            fields["target"] = (int(row), int(col))
        elif word.startswith("keep="):
            fields["card"] = int(word.split("=")[1])
        elif "," in word:
            row, col = word.split(",")
            fields["target"] = (int(row), int(col))
        elif kind in ("trip", "steal", "trade"):
            fields["player"] = int(word)
        else:
            fields["card"] = int(word)
    return Action(kind, **fields)


def act(game: State, *texts: str) -> list:
    """Apply actions given as short strings; returns all their events."""
    events = []
    for text in texts:
        events.extend(game.apply(action(text)))
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def up(card: str, **more) -> dict:
    """A legend entry for a card that is face up from the start."""
    return {"card": card, "revealed": True, **more}


def hero(game: State, seat: int = 0):
    """A seat's hero (the only one, in a story game)."""
    return game.players[seat]


def foe(game: State, row: int = 0, col: int = 2):
    """The enemy on a cell (by default east of a hero on (0,1))."""
    return game.enemies[game.index((row, col))]


def reason(game: State, act_or_text: Action | str) -> str:
    """Why the rules refuse an action, given as a short string (see `action`) or an Action."""
    refused = action(act_or_text) if isinstance(act_or_text, str) else act_or_text
    with pytest.raises(IllegalAction) as exc:
        game.apply(refused)
    return exc.value.reason


def first(events, kind: str):
    for e in events:
        if e.kind == kind:
            return e.data
    raise AssertionError(f"no {kind!r} event in {[e.kind for e in events]}")


def uid_of(game: State, card_id: str, seat: int = 0) -> int:
    """The uid of the first card with this id in a player's hand."""
    for card in game.players[seat].hand:
        if card.id == card_id or game.catalog.cards[card.id].base == card_id:
            return card.uid
    raise AssertionError(f"{card_id} not in hand: {[c.id for c in game.players[seat].hand]}")


def give(game: State, card_id: str, seat: int = 0, colour: str | None = None) -> int:
    """Put a new card straight into a player's hand (test setup); returns its uid."""
    from engine.cardrogue import goals

    card = game.new_card(card_id, colour)
    goals.take_card(game, game.players[seat], card, [])
    return card.uid


class ScriptedDice(Dice):
    """Dice that return queued faces for streams whose key starts with a given prefix, and
    real seeded rolls otherwise. Lets a test reproduce an exact rulebook example."""

    __slots__ = ("script",)

    def __init__(self, base: Dice) -> None:
        super().__init__(base.seed, base.counters)
        self.script: dict[str, deque[int]] = {}

    def clone(self) -> ScriptedDice:
        copy = ScriptedDice(self)
        copy.script = {k: deque(v) for k, v in self.script.items()}
        return copy

    def roll(self, key: str, sides: int = 6) -> int:
        for prefix, queue in self.script.items():
            if key.startswith(prefix) and queue:
                return queue.popleft()
        return super().roll(key, sides)


def rig(game: State, prefix: str, *faces: int) -> ScriptedDice:
    """Make the next rolls of streams starting with `prefix` come out as `faces`."""
    if not isinstance(game.dice, ScriptedDice):
        game.dice = ScriptedDice(game.dice)
    game.dice.script.setdefault(prefix, deque()).extend(faces)
    return game.dice


# ----------------------------------------------------------------------------- classic tables

FOUR_PATHS = 15


def lay(game: State, cell, card_id=None, face=REVEALED) -> None:
    """Test setup: a four-path tile at `cell` holding `card_id` (or nothing)."""
    index = game.index(cell)
    game.board.exists[index] = True
    game.board.paths[index] = FOUR_PATHS
    game.board.content[index] = game.new_card(card_id) if card_id else None
    game.board.face[index] = face


def put(game: State, seat: int, cell) -> None:
    """Test setup: move a seat's hero onto `cell`."""
    game.players[seat].pos = game.index(cell)


def played(names=("Ann", "Bob", "Cy"), seed=31, goals_=(), steps=400) -> State:
    """A classic game played to its end by a fixed rule (never quitting early)."""
    game = State.classic(list(names), seed, goals_=goals_)
    step = 0
    while not game.is_over and step < steps:
        legal = [a for a in game.legal_actions() if a.kind not in ("quit", "leave")]
        game.apply(legal[(step * 5) % len(legal)])
        step += 1
    while not game.is_over:  # everyone gives up in the end: the game is over
        game.apply(next(a for a in game.legal_actions() if a.kind == "quit"))
    return game


def deathbed(identity=None):
    """Ann on (0,1) next to a goblin that hits for 20 (0,2); a starting tile west of her (0,0);
    Bob on another starting tile south of her (1,1). Ann holds a few cards; the blue potion is
    Strength unless `identity` says otherwise."""
    legend = {"o": OPEN, "g": {"card": "goblin", "attack": 20, "revealed": True}}
    return table("╶┬╴\n ╵ ", "@og\n @ ", legend, [("Ann", "bard"), ("Bob", "rogue")],
                 [(0, 1), (1, 1)], potion_identity={"blue": "strength", **(identity or {})})


# ----------------------------------------------------------------------------- random boards
# Hypothesis strategies for the property tests (test_properties, test_runs, test_solver).

# The cards random boards are drawn from (paths and potions twice, to be drawn more often).
CONTENT = [
    "path", "path", "path", "goblin", "sewer_rat", "cave_bat", "vampire_bat", "kobold", "imp",
    "zombie", "troll", "basilisk_venom", "basilisk_gaze", "golem", "trap_spikes",
    "trap_paralysis", "trap_poison", "potion", "potion", "fountain", "shop", "chest", "key",
    "amulet_of_vigour", "cursed_skull", "ring_of_might", "cursed_ring", "stone_charm", "sword",
    "maul", "dagger", "shield", "scroll_identify", "scroll_move_adjacent",
    "scroll_poison_heals", "scroll_remove_cursed", "scroll_max_health", "hasty_boots",
]
CHARACTERS = ["warrior", "rogue", "cleric", "explorer", "mage", "bard"]


@st.composite
def boards(draw, players=1, content=tuple(CONTENT)):
    """A random board: (paths, cells, legend, starts) for `level_from_grids` and a table."""
    height = draw(st.integers(2, 6))
    width = draw(st.integers(3, 6))
    cells = height * width
    masks = [draw(st.integers(0, 15)) for _ in range(cells)]
    if draw(st.booleans()):  # mostly matching edges, like a real map
        for i in range(cells):
            r, c = divmod(i, width)
            for bit in (N, E, S, W):
                dr, dc = STEP[bit]
                if 0 <= r + dr < height and 0 <= c + dc < width and masks[i] & bit:
                    masks[(r + dr) * width + c + dc] |= OPPOSITE[bit]
    legend = {}
    cards = []
    for _ in range(cells):
        card = draw(st.sampled_from(content))
        glyph = legend.setdefault(card, chr(0x41 + len(legend)))
        cards.append(glyph)
    starts = draw(st.lists(st.integers(0, cells - 1), min_size=players, max_size=players, unique=True))
    for s in starts:
        cards[s] = "@"
    free = [i for i in range(cells) if i not in starts]
    cards[draw(st.sampled_from(free))] = ">"
    legend = {glyph: card for card, glyph in legend.items()}
    paths = "\n".join("".join(PATH_GLYPHS[m] for m in masks[r * width:(r + 1) * width]) for r in range(height))
    cells_text = "\n".join("".join(cards[r * width:(r + 1) * width]) for r in range(height))
    return paths, cells_text, legend, [divmod(s, width) for s in starts]


__all__ = ["CHARACTERS", "CONTENT", "Goal", "OPEN", "ScriptedDice", "act", "action", "boards",
           "deathbed", "first", "foe", "give", "hero", "kinds", "lay", "played", "put", "reason", "rig",
           "story", "table", "uid_of", "up"]


# Small tables other folders build on too (tests/contract's rigged events).

LADDER = {">": {"card": "ladder", "revealed": True}}


BRANCH_PATHS = "╶┬╴\n ╵ "


ROW = "─────\n     "


ROW_CELLS = "@rrr@\n     "


ROW_OPEN = {"r": {"card": "path", "revealed": True}}


def duel(enemy="goblin", character="rogue", **fields):
    """Hero on (0,1); a revealed empty tile west (0,0); the enemy face down east (0,2)."""
    return story("╶─╴", "o@e", {"o": OPEN, "e": enemy}, character=character, **fields)


def fight(enemy="goblin", character="rogue", **fields):
    """`duel` with the enemy already flipped: the hero is in combat, begun by flipping."""
    g = duel(enemy, character, **fields)
    act(g, "flip E")
    return g


def versus(enemy="goblin", character="rogue", **fields):
    """Hero on (0,1) next to a revealed enemy east, a revealed empty tile west."""
    entry = {"card": enemy, "revealed": True} if isinstance(enemy, str) else \
        {**enemy, "revealed": True}
    return story("╶─╴", "o@e", {"o": OPEN, "e": entry}, character=character, **fields)


def branch(card, goals=(), **fields):
    legend = {".": OPEN, "x": card, **LADDER}
    return story(BRANCH_PATHS, "@.>\n x ", legend, goals=tuple(goals), **fields)


def line(cells: str, seats, starts, legend=None, **fields):
    """A one-row table: every cell joined to the next."""
    paths = "╶" + "─" * (len(cells) - 2) + "╴"
    return table(paths, cells, {"o": OPEN, **(legend or {})}, seats, starts, **fields)


def pair(left="bard", right="bard", cells="@@oo", legend=None, **fields):
    """Ann on (0,0) next to Bob on (0,1); Ann plays first."""
    return line(cells, [("Ann", left), ("Bob", right)], [(0, 0), (0, 1)], legend, **fields)


def picked(names=("Ann", "Bob"), seed=3, characters=None):
    chars = characters or ["warrior", "rogue", "cleric", "explorer"][: len(names)]
    return State.classic(list(names), seed, characters=chars)


def wall_in(game: State, card_id: str) -> int:
    """Test setup: a face-down card far from every path (a card walled in: no tile's path
    leads to it). Returns its cell."""
    index = game.index((40, 10))
    game.board.exists[index] = True
    game.board.content[index] = game.new_card(card_id)
    game.board.paths[index] = 15
    game.board.face[index] = FACE_DOWN
    return index


def close_every_path(game: State) -> None:
    """Test setup: every face-down card turned into a plain tile whose paths lead only to the
    cards beside it, so no path leads to a face-down card or an empty place."""
    board = game.board
    for i, face in enumerate(board.face):
        if face == FACE_DOWN:
            board.face[i] = REVEALED
            board.content[i] = None
            board.paths[i] = sum(bit for bit in (N, E, S, W)
                                 if board.neighbour(i, bit) is not None)
