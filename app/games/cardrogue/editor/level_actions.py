"""The editor's levels and properties: the map's and a level's forms, going to a level, and
adding, duplicating, moving or removing one."""

from __future__ import annotations

from typing import Any

from app.games.cardrogue.editor.model import MAP
from app.games.cardrogue.editor.section import EditorSection
from app.screens.dialogs import Choice, ChooseScreen, ConfirmScreen


class LevelActions(EditorSection):
    """The levels menu and the property forms; mixed into EditorScreen."""

    def _apply_fields(self, level: int, changes: dict[str, Any] | None) -> None:
        """A form's result as one undo step (a new size first: it replaces the levels)."""
        if not changes:
            return
        changes = dict(changes)
        model = self.model
        model.begin_stroke()
        if "width" in changes or "height" in changes:
            width, height = model.size(level)
            model.resize_level(level, changes.pop("width", None) or width,
                               changes.pop("height", None) or height)
        for key, value in changes.items():
            model.set_field(level, key, value)
        model.end_stroke()
        self.update_views()

    def action_level_properties(self) -> None:
        from app.games.cardrogue.editor.forms import LevelPropertiesScreen

        level = self.level
        self.app.push_screen(LevelPropertiesScreen(self.model, level),
                             lambda changes: self._apply_fields(level, changes))

    def action_map_properties(self) -> None:
        from app.games.cardrogue.editor.forms import MapPropertiesScreen

        self.app.push_screen(MapPropertiesScreen(self.model),
                             lambda changes: self._apply_fields(MAP, changes))

    def show_level(self, level: int) -> None:
        level = max(0, min(level, self.model.level_count - 1))
        self._clear_selection()
        self.picked = None
        self.canvas.set_level(level)
        self.canvas.follow()
        self.update_views()

    def action_switch_level(self, step: int) -> None:
        target = self.level + step
        if 0 <= target < self.model.level_count:
            self.show_level(target)
        else:
            self.notify("No level there.")

    def action_levels(self) -> None:
        count, here = self.model.level_count, self.level
        # The actions first, so their digits stay the same however many levels there are.
        choices = [
            Choice("Add a level after this one", ("add", here + 1)),
            Choice("Duplicate this level", ("duplicate", here)),
            Choice("Move this level earlier", ("move", here - 1)),
            Choice("Move this level later", ("move", here + 1)),
            Choice("Remove this level", ("remove", here)),
        ]
        choices += [Choice(f"Go to {self.model.level_id(i)}", ("go", i),
                           "this one" if i == here else "") for i in range(count)]
        self.app.push_screen(ChooseScreen("Levels", choices), self._level_chosen)

    def _level_chosen(self, choice: tuple[str, int] | None) -> None:
        if choice is None:
            return
        what, index = choice
        model = self.model
        if what == "go":
            self.show_level(index)
        elif what == "add":
            self.show_level(model.add_level(index))
        elif what == "duplicate":
            self.show_level(model.duplicate_level(index))
        elif what == "move":
            if 0 <= index < model.level_count:
                self.show_level(model.move_level(self.level, index))
            else:
                self.notify("It is already at that end.")
        elif what == "remove":
            if model.level_count == 1:
                self.notify("A map needs at least one level.", severity="warning")
                return
            name = model.level_id(index)

            def remove(yes: bool | None) -> None:
                if yes and model.remove_level(index):
                    self.show_level(index)

            self.app.push_screen(
                ConfirmScreen(f"Remove {name}? Undo brings it back.", "Remove", "Keep"), remove)
