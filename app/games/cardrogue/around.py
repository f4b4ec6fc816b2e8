"""Plain mode's "what is around me" for Card Rogue: the four directions, each as one line of
what is there and what its key does now, then the other keys that work, and where the hero
stands. Every fact comes from the play screen's own words (look mode's `look_text`, the
refusal hint's `what_works`), which draw the engine's view: nothing is worked out here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.cardrogue.words import DIRECTION_NAMES

if TYPE_CHECKING:
    from app.games.cardrogue.screens.play import PlayScreen

WAYS = ("N", "E", "S", "W")


def flat(text: str) -> str:
    """Look mode's lines as one line: each line a sentence."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return " ".join(line if line[-1] in ".:;!?" else f"{line}." for line in lines if line)


def around_lines(screen: PlayScreen) -> list[str]:
    view = screen.view()
    lines = []
    if view.hero.cell is not None:
        here = flat(screen.look_text(view.hero.cell).plain)
        lines.append(f"Here: {here}")
    for way in WAYS:
        step = view.step(way)
        name = DIRECTION_NAMES[way].capitalize()
        if step.cell is None:
            lines.append(f"{name}: the edge of the level; {screen.key_for('step', way)} "
                         "does nothing.")
        else:
            lines.append(f"{name}: {flat(screen.look_text(step.cell).plain)}")
    works = screen.what_works()
    if works:
        lines.append(works)
    return lines
