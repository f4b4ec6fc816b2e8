"""Decisions the game waits for before anything else can happen (`State.pending`).

Each is a small frozen value: comparable and hashable (it is part of `State.fingerprint()`),
and made of plain values only, so a view can show it and a test can spell it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Pick:
    """The player in `seat` picks a character (the classic game, after the deciding roll)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Respawn:
    """The fallen player in `seat` chooses what to keep and where to come back; their cards
    stay on `fell`, the cell where they fell (None if they were off the board)."""

    seat: int
    fell: int | None


@dataclass(frozen=True, slots=True)
class Teleport:
    """A potion of teleportation took effect: the player whose turn it is chooses where its
    `subject` lands. `ref` is the player's seat, or the enemy's cell; `by` is the seat of the
    one who used the potion; `drunk` says the player drank it (their turn ends on landing)."""

    subject: Literal["player", "enemy"]
    ref: int
    by: int
    drunk: bool


Decision = Pick | Respawn | Teleport

__all__ = ["Decision", "Pick", "Respawn", "Teleport"]
