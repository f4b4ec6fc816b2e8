"""What the editor screen's sections (selection, legend, levels, the file) use of the screen
they are mixed into: declared here for the type checker, defined by EditorScreen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from textual.screen import Screen as _Screen

    from app.games.cardrogue.editor.brushes import Brush
    from app.games.cardrogue.editor.canvas import EditorCanvas
    from app.games.cardrogue.editor.model import Clip, MapModel
else:
    _Screen = object


class EditorSection(_Screen):
    """A part of EditorScreen kept in a module of its own; mixed into EditorScreen only."""

    if TYPE_CHECKING:
        model: MapModel
        path: Path | None
        tool: str
        picked: Brush | None
        clipboard: Clip | None
        selection_anchor: tuple[int, int] | None
        _unwritten: bool

        @property
        def canvas(self) -> EditorCanvas: ...
        @property
        def level(self) -> int: ...
        @property
        def brushes(self) -> list[Brush]: ...
        @property
        def brush(self) -> Brush: ...
        @property
        def unsaved(self) -> bool: ...
        def update_views(self) -> None: ...
        def _update_palette(self) -> None: ...
        def _update_status(self) -> None: ...
        def _stretch_selection(self, cell: tuple[int, int]) -> None: ...
        def _edit(self, change: Callable[[], Any]) -> None: ...
        def _used(self, brush: Brush) -> None: ...
        def recent_here(self) -> list[tuple[str, Any]]: ...
        def _clear_selection(self) -> None: ...
        def show_level(self, level: int) -> None: ...
