"""The hint key: the solver, in a thread, finds a shortest way to finish the level, and the
screen names its first move and the key that makes it."""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.text import Text
from textual import work
from textual.worker import get_current_worker

from app.games.cardrogue.screens.play_section import PlaySection
from app.words import plural, reason_line
from engine.cardrogue import Action, Search

# How long the hint key lets the solver think (in a thread: the screen stays live meanwhile).
HINT_SECONDS = 5.0


class Hints(PlaySection):
    """The hint key of PlayScreen; the first press only says what a hint costs."""

    def action_hint(self) -> None:
        """Ask the solver, in a thread, for a shortest way to finish the level from here."""
        if self.session.mode != "story":
            self.note(reason_line("hints are for story maps"))
            return
        if self.session.is_over:
            self.note(reason_line("the game is over: there is nothing left to hint"))
            return
        if not self.session.assisted and not self.hint_warned:
            # A hint costs the run its place on the leaderboard: say so before the first one.
            self.hint_warned = True
            self.note(Text(f"A hint takes this run off the leaderboard (it counts as "
                           f"assisted). Press {self.key_for('hint')} again for the hint.",
                           style="italic"))
            return
        self.note(Text("Thinking…", style="italic"))
        self.find_hint(self.session.hint_search(HINT_SECONDS, time.monotonic),
                       self.session.actions)

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, hint_search: Callable[[], Search], history: tuple[Action, ...]) -> None:
        found = hint_search()
        if not get_current_worker().is_cancelled:  # a newer hint was asked for meanwhile
            self.app.call_from_thread(self.show_hint, found, history)

    def show_hint(self, found: Search, history: tuple[Action, ...]) -> None:
        """The solver's first move in words, if the game is still where it was asked."""
        if self.session.actions != history:
            self.note(Text("The hint was for an earlier position: press "
                           f"{self.key_for('hint')} again for one from here.", style="dim"))
            return
        if found.solution is None:
            if found.proved:
                self.note(reason_line("no way to finish this level from here: undo or restart"))
            else:
                self.note(Text(f"No way to finish this level was found within "
                               f"{HINT_SECONDS:g} seconds.", style="italic"))
            return
        self.session.assisted = True
        action = found.solution.actions[0]
        line = Text("Hint: ", style="bold")
        line.append(f"{self.session.describe(action)} ({self.key_hint(action)})")
        left = plural(found.solution.moves, "move")
        if found.proved:
            line.append(f"; the level can be finished in {left} from here.")
        else:
            line.append(f"; the best way found in {HINT_SECONDS:g} seconds takes {left} "
                        "(not proved the shortest).")
        self.note(line)

    def key_hint(self, action: Action) -> str:
        """The key that takes `action`: a direction key for what an arrow means there, else
        the key of its verb."""
        if action.dir is not None and self.intent(action.dir) == action:
            return self.key_for("step", action.dir)
        verbs = {"end_turn": "end_turn", "drink": "drink", "throw": "throw", "read": "read",
                 "equip": "equip", "unequip": "unequip", "buy": "shop", "sell": "shop",
                 "flee": "flee", "cast": "cast", "attack": "attack", "mole": "mole",
                 "place": "confirm"}
        return self.key_for(verbs.get(action.kind, action.kind))

