"""What every game's replay shares: the refusal of a run that cannot be shown, and where the
next level starts. No Textual here."""

from __future__ import annotations

from collections.abc import Sequence


class Unwatchable(Exception):
    """A run that cannot be shown, with a code (a RunError code, or "map_unreadable") and the
    reason in words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def heading(self) -> str:
        return self.code.replace("_", " ").capitalize()


def next_level(starts: Sequence[int], step: int, total: int) -> int:
    """The first step after `step` at which a level starts (`starts`, in order), or the end."""
    return next((start for start in starts if start > step), total)
