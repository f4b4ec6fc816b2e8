"""A seed for a game started without one: from the system's randomness (the engine's dice
never are), shown to the players so the game can be played again."""

from __future__ import annotations

import secrets

from engine.core import MAX_SEED


def fresh_seed(below: int = MAX_SEED + 1) -> int:
    """A seed from 0 to `below` - 1. A game whose players type seeds in gives a smaller bound,
    so the seed it shows stays short."""
    return secrets.randbelow(below)
