"""Plain mode's "what is around me" for Mini Rogue: the character and the dice, each one line
in the words its panel shows (without the bars), then the choices and their keys. The log
already says where the delve is and what the rooms hold (the track and the room grid read
badly as a line). Every fact is what the panels draw from the engine's view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

from app.games.minirogue.words import action_label

if TYPE_CHECKING:
    from app.games.minirogue.screens.play import MiniRogueScreen

PANELS = (("#card", "Character"), ("#dice", "Dice"))


def words_of(text: str) -> str:
    """A panel's text as one line: its bars and frames left out, each line a phrase."""
    lines = ["".join(c for c in line if not 0x2500 <= ord(c) <= 0x259F) for line in
             text.splitlines()]
    return "; ".join(" ".join(line.split()) for line in lines if line.strip())


def around_lines(screen: MiniRogueScreen) -> list[str]:
    from app.games.minirogue.screens.play import CHOICE_KEYS

    view = screen.state.view(0)
    lines = []
    for selector, heading in PANELS:
        said = words_of(str(screen.query_one(selector, Static).render()))
        if said:
            lines.append(f"{heading}: {said.rstrip('.')}.")
    choices = [f"{key} {action_label(action, view)}"
               for key, action in zip(CHOICE_KEYS, screen.legal, strict=False)]
    lines.append(f"Now: {', '.join(choices)}." if choices else "Nothing to choose now.")
    return lines
