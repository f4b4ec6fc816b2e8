"""The editor's map file: play-testing it, publishing it, saving it, and leaving."""

from __future__ import annotations

from pathlib import Path

from app.games.cardrogue.editor.section import EditorSection
from app.screens.dialogs import ConfirmScreen
from engine.core import shown


class FileActions(EditorSection):
    """Play-test, publish, save and leave; mixed into EditorScreen."""

    def action_play_level(self) -> None:
        from app.games.cardrogue.editor import playtest

        playtest.play_level(self)

    def action_play_here(self) -> None:
        from app.games.cardrogue.editor import playtest

        playtest.play_here(self)

    def action_play_map(self) -> None:
        from app.games.cardrogue.editor import playtest

        playtest.play_map(self)

    def action_publish(self) -> None:
        from app.games.cardrogue.editor import playtest

        playtest.publish(self)

    def _new_path(self) -> Path:
        from services.paths import maps_dir

        folder = maps_dir()
        candidate = folder / "untitled.toml"
        number = 2
        while candidate.exists():
            candidate = folder / f"untitled-{number}.toml"
            number += 1
        return candidate

    def action_save(self) -> None:
        if self.path is None:
            self.path = self._new_path()
        from services.paths import schema_link

        try:
            written = self.model.save(self.path, schema=schema_link(self.path))
        except OSError as error:
            self.notify(shown(f"Could not save {self.path}: {error.strerror or error}"),
                        title="Not saved", severity="error", markup=False)
            return
        self._unwritten = False
        self.notify(shown(f"Saved {self.path}" if written else f"{self.path} is up to date"),
                    markup=False)
        from app.games.cardrogue.editor import playtest

        playtest.after_save(self)  # a clear made before the first save goes beside the file
        self._update_status()

    def action_leave(self) -> None:
        if self.canvas.selection is not None:  # escape drops a selection first
            self._clear_selection()
            self._update_status()
            return
        if not self.unsaved:
            self.dismiss(None)
            return
        def leave(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)

        self.app.push_screen(ConfirmScreen("Leave the editor? Unsaved changes are lost.",
                                           "Leave", "Stay"), leave)
