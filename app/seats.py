"""Who sits at a table around one keyboard: each seat a person or the computer at one of the
game's levels (GameInfo.computer_levels). The engine's state knows only the names; which seats
the computer plays, and how well, is the app's to keep."""

from __future__ import annotations

from dataclasses import dataclass

HUMAN = "human"
EMPTY = "empty"  # a seat no one takes (a form's choice; never a Seat's)


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a name, and "human" or a computer level ("easy", "normal")."""

    name: str
    player: str = HUMAN

    @property
    def computer(self) -> bool:
        return self.player != HUMAN


def default_name(seat: int, kind: str) -> str:
    """The name a seat (numbered from 0) gets when none is typed."""
    return f"Player {seat + 1}" if kind == HUMAN else f"Computer {seat + 1}"


__all__ = ["EMPTY", "HUMAN", "Seat", "default_name"]
