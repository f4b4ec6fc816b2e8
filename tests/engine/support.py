"""Helpers for engine tests: tiny maps from text grids, actions from short strings, and dice
that can be told what to roll (to reproduce the rulebook's worked examples exactly)."""

from __future__ import annotations

from collections import deque

from engine.cardrogue import Game, Goal, level_from_grids, map_from_levels
from engine.core.dice import Dice
from engine.cardrogue import Action

# A legend entry for a plain path that lies face up: most rule tests need no flips.
OPEN = {"card": "path", "revealed": True}


def story(paths: str, cells: str, legend: dict | None = None, character: str = "warrior",
          seed: int = 1, **level_fields) -> Game:
    """A one-level story game."""
    level, custom = level_from_grids("test", paths, cells, legend, **level_fields)
    return Game.story(map_from_levels([(level, custom)], seed=seed), character)


def table(paths: str, cells: str, legend: dict | None, seats: list[tuple[str, str]],
          starts: list[tuple[int, int]], seed: int = 1, **level_fields) -> Game:
    """A classic-mode game for several players on a fixed board, each on their own cell."""
    level, custom = level_from_grids("table", paths, cells, legend, **level_fields)
    return Game(map_from_levels([(level, custom)], seed=seed), seats, mode="classic",
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


def act(game: Game, *texts: str) -> list:
    """Apply actions given as short strings; returns all their events."""
    events = []
    for text in texts:
        events.extend(game.apply(action(text)))
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def first(events, kind: str):
    for e in events:
        if e.kind == kind:
            return e.data
    raise AssertionError(f"no {kind!r} event in {[e.kind for e in events]}")


def uid_of(game: Game, card_id: str, seat: int = 0) -> int:
    """The uid of the first card with this id in a player's hand."""
    for card in game.players[seat].hand:
        if card.id == card_id or game.catalog.cards[card.id].base == card_id:
            return card.uid
    raise AssertionError(f"{card_id} not in hand: {[c.id for c in game.players[seat].hand]}")


def give(game: Game, card_id: str, seat: int = 0, colour: str | None = None) -> int:
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


def rig(game: Game, prefix: str, *faces: int) -> ScriptedDice:
    """Make the next rolls of streams starting with `prefix` come out as `faces`."""
    if not isinstance(game.dice, ScriptedDice):
        game.dice = ScriptedDice(game.dice)
    game.dice.script.setdefault(prefix, deque()).extend(faces)
    return game.dice


__all__ = ["Goal", "ScriptedDice", "act", "action", "first", "give", "kinds", "rig", "story",
           "table", "uid_of"]
