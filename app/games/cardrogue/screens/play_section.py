"""What the play screen's sections (look mode, card dialogs, hints, run controls) use of the
screen they are mixed into: declared here for the type checker, defined by PlayScreen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.cardrogue.widgets.game_views import GameViews

if TYPE_CHECKING:
    from app.games.cardrogue.session import Attempt, Session
    from engine.cardrogue import Action, View


class PlaySection(GameViews):
    """A part of PlayScreen kept in a module of its own; mixed into PlayScreen only."""

    if TYPE_CHECKING:
        session: Session
        asking: tuple[Any, ...] | None
        cursor: tuple[int, int] | None
        picking: str | None
        finished: bool
        hint_warned: bool

        def view(self) -> View: ...
        def redraw(self) -> None: ...
        def _show_prompt(self) -> None: ...
        def note(self, line: Any) -> None: ...
        def act(self, action: Action) -> Attempt: ...
        def intent(self, direction: str) -> Action: ...
        def key_for(self, action: str, argument: str | None = None) -> str: ...
        def _ask_direction(self, verb: str, card: int | None = None) -> None: ...
        def show_story(self, closing: Any = None) -> None: ...
        def action_undo(self) -> None: ...
