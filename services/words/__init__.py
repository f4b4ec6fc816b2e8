"""Games in words, for every screen that tells what happened: the app's log, the server's run
pages. Each game's narrator turns the engine's events into `Line`s: plain text in parts, each
part with a style name ("bold red", "dim"), which a terminal draws as Rich styles and a web page
as CSS classes. Nothing here imports Rich (the services are headless), so the server reads the
same sentences the app shows.

    from services.words import words_of
    told = words_of("minirogue")           # None for a game with no words here
    tell = told.narrator(state)
    lines = tell(state.apply(action))
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

Part = tuple[str, str]  # (text, style); style "" is plain


class Line:
    """One line of a log: a base style over the whole line, and its text in styled parts (the
    shape of rich.text.Text, which the app turns it into)."""

    __slots__ = ("parts", "style")

    def __init__(self, text: str = "", style: str = "") -> None:
        self.style = style
        self.parts: list[Part] = [(text, "")] if text else []

    def append(self, text: str, style: str = "") -> Line:
        if text:
            self.parts.append((text, style))
        return self

    def append_text(self, other: Line) -> Line:
        """Another line's parts, each keeping that line's base style under its own."""
        for text, style in other.parts:
            self.parts.append((text, " ".join(s for s in (other.style, style) if s)))
        return self

    def right_crop(self, amount: int = 1) -> None:
        """Drop the last `amount` characters."""
        while amount > 0 and self.parts:
            text, style = self.parts.pop()
            if len(text) > amount:
                self.parts.append((text[:-amount], style))
                return
            amount -= len(text)

    @property
    def plain(self) -> str:
        return "".join(text for text, _ in self.parts)

    def __str__(self) -> str:
        return self.plain

    def __repr__(self) -> str:
        return f"Line({self.plain!r}, style={self.style!r})"


def cap(text: str) -> str:
    """Upper-case the first letter only ("the Goblin" -> "The Goblin")."""
    return text[:1].upper() + text[1:]


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def counted(count: object, word: str) -> str:
    """plural() of a number read from a file or a server: "? moves" when it is not a number."""
    return plural(count, word) if isinstance(count, int) else f"? {word}s"


def par_verdict(moves: int, par: int) -> str:
    """A result against par, as puzzle games say it: "on par", "2 over par", "under par!"."""
    if moves < par:
        return "under par!"
    return "on par" if moves == par else f"{moves - par} over par"


Narrate = Callable[[Iterable[Any]], list[Line]]


@cache  # asked once a step by opens_level: a replay of 20,000 steps spent 10% of its time here
def words_of(game: str) -> Any:
    """The module of `game`'s words (services/words/<game>.py, or a package), or None when
    this package has none. Each offers:

        narrator(state)        a replay's narrator: each call tells one action's events
        opening(state)         the events of the game's setup, before any action
        LEVEL_EVENT            the kind of the event that opens a level (or an area)
        summary(state, events) a finished replay's tallies, as (label, value) lines
        legend(state)          card (or room, spell) id -> (glyph, colour family, name)
    """
    if not game.isidentifier():
        return None
    name = f"services.words.{game}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise  # the game's words are here but need something that is not
        return None


def opens_level(game: str, events: Iterable[Any]) -> bool:
    """Whether these events (of one action) open a level of `game` (or its like: an area):
    where a replay's "next level" stops."""
    told = words_of(game)
    return told is not None and any(event.kind == told.LEVEL_EVENT for event in events)
