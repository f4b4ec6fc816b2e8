"""The play screen's ghost race: `G` picks a run to race (the player's own best on this
computer, or the leader's from the community server), and the board then shows that run's hero
faintly, after as many moves on the level as the player has made, with its move counter beside
the player's.

The ghost is a replay (services/ghosts.py) drawn alongside: it never acts in the game, so the
game, its run file and its events are the same with or without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import work

from app.games.cardrogue.screens.play_section import PlaySection
from app.screens.dialogs import Choice, ChooseScreen
from app.words import reason_line
from services.ghosts import Ghost, GhostRefused

if TYPE_CHECKING:
    from engine.cardrogue import View


class GhostRace(PlaySection):
    """Choosing a ghost, and what the board and the status line show of it."""

    ghost: Ghost | None = None

    def action_ghost(self) -> None:
        if self.session.mode != "story":
            return
        choices = [Choice("Your best on this computer", "best"),
                   Choice("The leader on the community server", "leader")]
        if self.ghost is not None:
            choices.append(Choice("Stop racing", "stop"))
        self.app.push_screen(ChooseScreen("Race a ghost", choices), self._ghost_chosen)

    def _ghost_chosen(self, choice: str | None) -> None:
        if choice == "stop":
            self.ghost = None
            self.note(Text("The ghost is gone.", style="italic"))
            self.redraw()
        elif choice == "best":
            from services.ghosts import best_ghost

            session = self.session
            try:
                ghost = best_ghost(session.spec, session.map_id, session.name)
            except GhostRefused as refusal:
                self.note(reason_line(str(refusal)))
                return
            self.race(ghost)
        elif choice == "leader":
            self.note(Text("Asking the community server for the leader's run…", style="italic"))
            self._fetch_leader()

    @work(thread=True, exclusive=True, group="ghost")
    def _fetch_leader(self) -> None:
        """In the background: the server may be slow or away (services.ghosts bounds the wait)."""
        from services.ghosts import leader_ghost

        session = self.session
        try:
            ghost = leader_ghost(session.spec, session.map_id)
        except GhostRefused as refusal:
            self.app.call_from_thread(self._refused, str(refusal))
            return
        self.app.call_from_thread(self.race, ghost)

    def _refused(self, reason: str) -> None:
        if self.is_attached:  # the player may have left the run while the server was asked
            self.note(reason_line(reason))

    def race(self, ghost: Ghost) -> None:
        """Race `ghost` from now on: it is drawn at the player's move count on each level."""
        if not self.is_attached:
            return
        self.ghost = ghost
        self.note(Text(f"Racing {ghost.label}: its hero is the faint @ on the board.",
                       style="italic"))
        self.redraw()

    def ghost_cell(self, view: View | None = None) -> tuple[int, int] | None:
        """The board cell (row, column) to draw the ghost on now (in `view`, by default the
        game's now), if it is on this level's board."""
        if self.ghost is None:
            return None
        view = view or self.view()
        index = self.ghost.cell(view.level, view.level_moves)
        return divmod(index, view.columns) if index is not None else None

    def ghost_status(self, view: View | None = None) -> Text:
        """The ghost's move counter for the status line (nothing when not racing)."""
        if self.ghost is None:
            return Text()
        view = view or self.view()
        count, how = self.ghost.counter(view.level, view.level_moves)
        text = Text()
        text.append(" · Ghost ", style="dim")
        text.append("—" if count is None else str(count), style="italic")
        if how:
            text.append(f" {GHOST_ENDINGS[how]}", style="dim")
        return text


# How the ghost's level went, after its counter.
GHOST_ENDINGS = {"out": "done", "lost": "lost", "never": "never came"}
