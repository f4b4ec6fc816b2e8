"""Key presses that play a seeded delve on the Mini Rogue screen: the careful test player
(tests/engine/minirogue/players.py) chooses on a copy of the game, and each choice becomes the key the
screen shows it under (the screen lists the view's legal actions in order)."""

from __future__ import annotations

from app.games.minirogue.screens.play import CHOICE_KEYS
from engine.minirogue import RULES, State
from tests.engine.minirogue.players import careful_choice

# Seeds the careful player wins and loses (tests/engine/minirogue/test_runs.py uses the same ones).
WIN = {"seed": 0, "difficulty": "casual", "dungeon_keys": False}
DEATH = {"seed": 4, "difficulty": "impossible", "dungeon_keys": False}


def delve_keys(limit: int | None = None, **setup) -> tuple[list[str], State]:
    """The keys that play the setup's delve (its first `limit` choices), and the game they
    reach."""
    state = RULES.new_game(**setup)
    keys = []
    while not state.is_over and (limit is None or len(keys) < limit):
        action = careful_choice(state)
        keys.append(CHOICE_KEYS[state.legal_actions().index(action)])
        state.apply(action)
    return keys, state
