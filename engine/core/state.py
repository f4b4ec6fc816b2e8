"""The part of a game's state that every game writes the same way (the contract's State,
engine/core/contract.py): an action is checked before anything changes, the history of actions
is the run, and a game is over once it has an outcome.

A game's `State` subclasses `GameState` and writes its rules only: `why_illegal(action)` and
`_apply(action)`, which does a legal action, adds it to `history` and says what happened."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from engine.core.protocol import Action, Event, IllegalAction

ActionT = TypeVar("ActionT", bound=Action)


class GameState(Generic[ActionT]):
    history: list[ActionT]
    outcome: str | None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def why_illegal(self, action: ActionT) -> str | None:
        """The reason `action` may not be done now, or None if it may."""
        raise NotImplementedError

    def _apply(self, action: ActionT) -> list[Event]:
        raise NotImplementedError

    def apply(self, action: ActionT) -> list[Event]:
        """Do `action` and say what happened. An illegal action raises IllegalAction and
        changes nothing: every check comes before the first change."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        return self._apply(action)

    def serialize(self) -> list[dict[str, Any]]:
        """The actions so far as JSON objects: with the setup, the whole game."""
        return [action.to_dict() for action in self.history]
