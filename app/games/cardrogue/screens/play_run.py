"""The play screen's run controls: undo, restarts, the game menu, leaving, and keeping an
unfinished run to continue later."""

from __future__ import annotations

from rich.text import Text

from app.games.cardrogue import glossary, saves
from app.games.cardrogue.screens.play_section import PlaySection
from app.screens.dialogs import Choice, ChooseScreen, ConfirmScreen
from app.screens.rules import show_help
from app.words import one_line, reason_line
from engine.cardrogue import View


class RunControls(PlaySection):
    """Undo, restart, the menu and leaving, for PlayScreen and the screens built on it."""

    def action_undo(self) -> None:
        self.asking = None
        if self.picking == "mole":
            self.picking, self.cursor = None, None
        before = self.view()
        taken = self.session.undo()
        if taken is None:
            self.note(reason_line("there is nothing to undo"))
            return
        refusal = self.why_not_take_back(before)
        if refusal is not None:
            self.session.attempt(taken)  # put it back: the same action gives the same game
            self.note(reason_line(refusal))
            return
        # Named once it is taken back: a thrown or drunk potion is in the hand again.
        described = self.session.describe(taken)
        self.finished = False
        self.keep_progress()
        self.log_view.replace(self.session.level_lines())
        self.note(Text(f"↶ Taken back: {described}.", style="italic"))
        self.redraw()

    def why_not_take_back(self, before: View) -> str | None:
        """Whether undo may go from the game seen as `before` to the game now; a lone hero may
        always."""
        return None

    def action_restart_level(self) -> None:
        self.app.push_screen(ConfirmScreen("Restart this level from its start?", "Restart"),
                             lambda yes: self.restart_level() if yes else None)

    def restart_level(self) -> None:
        self.session.restart_level()
        self._restarted("Level restarted.")

    def action_restart_campaign(self) -> None:
        self.app.push_screen(ConfirmScreen("Start the whole map again from the first level?",
                                           "Start again"),
                             lambda yes: self.restart_campaign() if yes else None)

    def restart_campaign(self) -> None:
        self.session.restart_campaign()
        self._restarted("The map starts again.")
        self.show_story()

    def _restarted(self, message: str) -> None:
        self.asking, self.cursor, self.picking = None, None, None
        self.finished = False
        self.keep_progress()
        self.log_view.replace(self.session.level_lines())
        self.note(Text(message, style="italic"))
        self.redraw()

    def action_menu(self) -> None:
        if self.log_view.has_focus:
            self.set_focus(None)
            return
        if self.asking is not None:
            self.asking = None
            self._show_prompt()
            return
        if self.picking in ("mole", "look"):
            self.picking, self.cursor = None, None
            self.redraw()
            return
        choices = [
            Choice("Resume", None),
            Choice("Undo the last action", "undo"),
            Choice("Restart this level", "restart_level"),
            Choice("Start the map again", "restart_campaign"),
            Choice("Rules and keys", "rules"),
            Choice("Leave the game", "leave"),
        ]
        self.app.push_screen(ChooseScreen("Game menu", choices), self._menu_chosen)

    def _menu_chosen(self, choice: str | None) -> None:
        if choice == "rules":
            show_help(self, glossary.HELP)
        elif choice is not None:
            self.run_action_now(choice)

    def run_action_now(self, name: str) -> None:
        getattr(self, f"action_{name}")()

    LEAVE_QUESTION = "Leave this run? It is kept: Continue on the title screen picks it up."
    KEEPS_PROGRESS = True  # an unfinished run is saved to continue later (app/games/cardrogue/saves.py)

    def game_in_progress(self) -> bool:
        """A run started and not over: quitting asks first (app.HoldsGame)."""
        return bool(self.session.actions) and not self.session.is_over

    def action_leave(self) -> None:
        if self.session.is_over or not self.session.actions:
            self.keep_progress()
            self.dismiss(None)
            return
        self.app.push_screen(ConfirmScreen(self.LEAVE_QUESTION, "Leave"), self._leave_answered)

    def _leave_answered(self, yes: bool | None) -> None:
        if yes:
            self.leave_kept()

    def leave_kept(self) -> bool:
        """Leave once the run is saved; if it cannot be saved, stay, so nothing is lost.
        Whether it left."""
        if not self.keep_progress():
            return False
        self.dismiss(None)
        return True

    def keep_progress(self) -> bool:
        """Save the unfinished run to continue later, or forget the save once the run is over.
        A run started again and left untouched leaves an earlier save of the map as it was.
        Says why in a notice and returns False if the disk refuses."""
        if not self.KEEPS_PROGRESS:
            return True
        try:
            if self.session.is_over:
                saves.discard(self.session.map_id)
            elif self.session.actions:
                saves.keep(self.session)
        except (OSError, ValueError) as error:
            self.app.notify(f"Your run could not be kept: {one_line(error)}",
                            title="Not saved", severity="error", markup=False)
            return False
        return True

