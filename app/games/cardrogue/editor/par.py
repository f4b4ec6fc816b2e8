"""The current level's proved optimum, worked out by the engine's solver in a thread while the
author edits, for the editor's status line.

Each result is kept under the *content key* of the level it was computed for: the one-level map
the level play-test plays, par left out (a par is what we compute; setting it changes no play).
The screen shows a result only under the key of what the level holds now, so a result that
arrives after an edit is never shown for the edited level. `solve_level` runs in a worker
thread and reports through `Found` messages; it stops early when its worker is cancelled, and
pauses while the author is busy (see QUIET).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from textual.message import Message

from app.games.cardrogue.editor.playtest import PublishRefused, level_document, spec_of
from engine.cardrogue import Search

BUDGET_SECONDS = 10.0  # a level harder than this shows its lower bound, marked "…"
# While the author works (a key, a click: `screen.busy_at`, on the monotonic clock) the search
# waits, and goes on after this many quiet seconds: Python runs one thread at a time, and a
# frame that shares the interpreter with the search takes up to twice as long.
QUIET = 0.5
KEPT = 64  # results kept, by content key (switching levels or undoing finds them again)


def level_key(document: dict[str, Any], index: int) -> str:
    """What a level's optimum depends on: its one-level map, without its par."""
    single = level_document(document, index)
    single["levels"][0].pop("par", None)
    return json.dumps(single, sort_keys=True, default=str)


@dataclass(frozen=True)
class Outcome:
    """What is known of a level's optimum: `search` when finished (None: the level cannot be
    played, it has errors), else the lower bound proved so far (None: just started)."""

    search: Search | None = None
    bound: int | None = None
    finished: bool = False

    @property
    def proved_moves(self) -> int | None:
        """The proved fewest moves, or None."""
        found = self.search
        if self.finished and found is not None and found.proved and found.solution is not None:
            return found.solution.moves
        return None

    def text(self) -> str:
        """The status line's words: `par 24 ✓ (1,613 states, 0.7 s)`, `≥ 21… (out of time:
        52,000 states)`, `no win (90 states, 0.0 s)`, `≥ 21…` while searching, or nothing (not
        started yet, or the level cannot be played). The proof's cost tells an author how near
        the solver's limit a level is; its seconds count the pauses while the author works."""
        if not self.finished:
            return f"≥ {self.bound}…" if self.bound is not None else ""
        found = self.search
        if found is None:
            return ""
        if not found.proved:
            return f"≥ {found.lower_bound}… (out of time: {found.states:,} states)"
        cost = f"({found.states:,} states, {found.seconds:.1f} s)"
        if found.solution is None:
            return f"no win {cost}"
        return f"par {found.solution.moves} ✓ {cost}"


class Found(Message):
    """News from a solving thread: a better bound, or the finished search."""

    def __init__(self, key: str, outcome: Outcome) -> None:
        super().__init__()
        self.key = key
        self.outcome = outcome


def solve_level(screen, document: dict[str, Any], key: str) -> None:
    """Solve the one-level map `document` (run in a worker thread), posting `Found` to
    `screen` as the bound rises and when done; nothing more once the worker is cancelled."""
    from textual.worker import get_current_worker

    from engine.cardrogue import State, search

    worker = get_current_worker()

    def wait_while_busy() -> None:
        while not worker.is_cancelled and time.monotonic() - screen.busy_at < QUIET:
            time.sleep(0.05)

    wait_while_busy()
    try:
        game = State.story(spec_of(document), None)
    except (PublishRefused, ValueError):
        if not worker.is_cancelled:
            screen.post_message(Found(key, Outcome(finished=True)))
        return
    shown = [-1]

    def stop(bound: int) -> bool:
        wait_while_busy()
        time.sleep(0)  # let the UI thread have the interpreter at once: typing stays quick
        if worker.is_cancelled:
            return True
        if bound > shown[0]:
            shown[0] = bound
            screen.post_message(Found(key, Outcome(bound=bound)))
        return False

    found = search(game, level_only=True, max_seconds=BUDGET_SECONDS, clock=time.monotonic,
                   stop=stop)
    if not worker.is_cancelled:
        screen.post_message(Found(key, Outcome(search=found, finished=True)))
