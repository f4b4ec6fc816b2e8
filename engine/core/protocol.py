"""The Action/Event protocol shared by every game.

An action is one decision of a player, small and serialisable: each game defines its own
action type (a kind plus the arguments that game validates with its own parser); core only
needs it to have a `kind` and a `to_dict()`. Applying it to a game state returns Events, which
say what happened with every die and modifier, so a reader can check the arithmetic. A run is
(game, rules version, setup, seed, actions): replaying the actions gives the identical state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class Action(Protocol):
    """What core knows of any game's action: its kind, and its stored form (a JSON object)."""

    @property
    def kind(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


class IllegalAction(Exception):
    """An action the rules do not allow now. The state is left unchanged."""

    def __init__(self, reason: str, action: Action | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


@dataclass(slots=True)
class Event:
    """Something that happened. `data` holds plain JSON values only."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, **self.data}
