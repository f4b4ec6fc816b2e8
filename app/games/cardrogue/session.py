"""One story run being played: the game, its log, undo and restarts.

Everything goes through the engine: an attempt is an Action that the engine accepts (and returns
events) or refuses (with its reason, changing nothing). Undo and restarts rebuild the game by
replaying a prefix of the actions, which the engine guarantees gives the identical state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from app.games.cardrogue.words import Narrator, describe_action, label_of
from engine.cardrogue import (
    DIRECTIONS,
    Action,
    CardView,
    Catalog,
    LevelSpec,
    MapSpec,
    State,
    View,
    WareView,
    map_id,
    replay,
    share_code,
    step_view,
)
from engine.core import Event, IllegalAction

if TYPE_CHECKING:
    from engine.cardrogue import Run, Search


@dataclass
class Attempt:
    """What came of one action: its events if the engine took it, else the engine's reason."""

    action: Action
    events: list[Event] = field(default_factory=list)
    reason: str | None = None
    lines: list[Text] = field(default_factory=list)

    @property
    def accepted(self) -> bool:
        return self.reason is None

    def has(self, kind: str) -> bool:
        return any(event.kind == kind for event in self.events)


class Session:
    """A story map played by one hero, with the log of everything that happened.

    The session owns the live game: screens read its view (`view()`) and ask the session,
    which asks the engine, the rest (what is legal, the run so far, a hint's search)."""

    def __init__(self, spec: MapSpec, character: str | None = None, name: str = "Player",
                 source: Path | None = None) -> None:
        self.spec = spec
        self.name = name
        self.source = source
        self.game = State.story(spec, character, name)
        self.seed = self.game.seed
        self.character = self.game.players[0].character
        self.assisted = False  # a hint was shown: the run stays off the leaderboard
        # One group of log lines per state: the opening, then one per accepted action. Undo and
        # restarts cut the groups back to match the actions kept.
        self.groups: list[list[Text]] = []
        self._start_log()

    @classmethod
    def resumed(cls, spec: MapSpec, character: str, name: str, source: Path | None,
                actions: Iterable[Action]) -> Session:
        """A session brought back to where `actions` left it, its log told action by action.
        Raises ValueError naming the first action the engine refuses."""
        session = cls(spec, character, name, source)
        for number, action in enumerate(actions, start=1):
            attempt = session.attempt(action)
            if not attempt.accepted:
                raise ValueError(f"action {number} ({session.describe(action)}) is refused: "
                                 f"{attempt.reason}")
        return session

    # -- identity

    @cached_property
    def map_id(self) -> str:
        return map_id(self.spec)

    @property
    def share_code(self) -> str:
        return share_code(self.map_id)

    @property
    def title(self) -> str:
        return self.spec.title or (self.source.stem if self.source else "Untitled map")

    @property
    def catalog(self) -> Catalog:
        """The game's card book: the standard cards and the map's own (it never changes
        during a game)."""
        return self.game.catalog

    def view(self) -> View:
        """The game as the player who acts now sees it: what the engine says a screen shows."""
        return self.game.view(self.game.player.seat)

    def card_label(self, card: CardView | WareView) -> str:
        """A card in a view's hand or shop as the player reads it: its name, a potion's colour
        and, once known, its effect."""
        return label_of(self.catalog.cards[card.id], card.colour, card.effect)

    @property
    def level(self) -> LevelSpec:
        """The map's level being played: its title, story, par and epilogue."""
        return self.game.level

    @property
    def mode(self) -> str:
        """How the game is played: "story" (one hero through a map) or "classic" (a table)."""
        return self.game.mode

    @property
    def level_index(self) -> int:
        """Which of the map's levels is played (from 0), without building a view."""
        return self.game.level_index

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions taken so far (what a run records)."""
        return tuple(self.game.history)

    def legal_actions(self) -> list[Action]:
        """Every action the engine takes now."""
        return self.game.legal_actions()

    def level_counts(self) -> list[tuple[int, int]]:
        """(moves, turns) on each level reached, in order."""
        return list(zip(self.game.level_moves, self.game.level_turns, strict=True))

    def record(self, recorded: str) -> Run:
        """The run so far as a run record, stamped `recorded`."""
        from engine.cardrogue import record_run  # imported when needed: it loads the runs' code

        return record_run(self.game, self.name, identity=self.map_id, recorded=recorded)

    def hint_search(self, max_seconds: float, clock: Callable[[], float]) -> Callable[[], Search]:
        """The solver's search for a shortest way to finish the level from here, to run in a
        thread: it works on a copy of the game, so play goes on meanwhile."""
        from engine.cardrogue import search  # imported when needed: the solver is large

        start = self.game.clone()
        return lambda: search(start, level_only=True, max_seconds=max_seconds, clock=clock)

    # -- playing

    def attempt(self, action: Action) -> Attempt:
        """Try `action`. On refusal nothing changes and the reason is returned."""
        narrator = Narrator(self.game)
        names = narrator.enemy_names()
        note = self._step_note(action)
        try:
            events = self.game.apply(action)
        except IllegalAction as refusal:
            return Attempt(action, reason=refusal.reason)
        lines = narrator.narrate(events, names, note)
        self.groups.append(lines)
        return Attempt(action, events, None, lines)

    def _step_note(self, action: Action) -> str | None:
        """The view's note on a move about to be taken (the walk-on rule), else None."""
        if action.kind != "move" or action.dir not in DIRECTIONS or self.game.outcome is not None:
            return None
        return step_view(self.game, self.game.current, action.dir).note

    def why_not(self, action: Action) -> str | None:
        return self.game.why_illegal(action)

    def undo(self) -> Action | None:
        """Take back the last action; returns it, or None if there is nothing to undo."""
        history = self.game.history
        if not history:
            return None
        taken = history[-1]
        self._rebuild(history[:-1])
        return taken

    def describe(self, action: Action) -> str:
        return describe_action(self.game, action)

    @property
    def level_start(self) -> int:
        """How many actions were played before the current level began."""
        return sum(self.game.level_moves[: self.game.level_index])

    def restart_level(self) -> None:
        self._rebuild(self.game.history[: self.level_start])

    def restart_campaign(self) -> None:
        """A new run from the first level: it owes nothing to an earlier hint."""
        self.assisted = False
        self._rebuild([])

    def _rebuild(self, actions: list[Action]) -> None:
        self.game = replay(self.spec, [(self.name, self.character)], list(actions), mode="story")
        del self.groups[len(actions) + 1:]
        if not self.groups:
            self._start_log()

    def _start_log(self) -> None:
        self.groups = [Narrator(self.game).narrate(self.game.opening_events)]

    # -- reading

    def lines(self, limit: int | None = None) -> list[Text]:
        """The log, oldest first; only the last `limit` lines if given."""
        out: list[Text] = []
        for group in reversed(self.groups):
            out[:0] = group
            if limit is not None and len(out) >= limit:
                return out[-limit:]
        return out

    def level_lines(self) -> list[Text]:
        """The log of the current level: from the action that opened it (the opening, on the
        first level)."""
        return [line for group in self.groups[self.level_start:] for line in group]

    @property
    def level_par(self) -> int | None:
        return self.game.level.par

    @property
    def total_par(self) -> int | None:
        """The sum of the levels' pars, when every level states one."""
        return self.spec.total_par
