"""A new classic game: the shell's options form (app/screens/options_form.py) on Card Rogue's
classic options. One to four seats, seated by name, each a person or the computer; the seed;
and a solo player's goals. Start opens the table (classic.py), where the characters are picked
in turn order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.screen import Screen

from app.games.cardrogue import glossary
from app.games.cardrogue.classic import ClassicSession
from app.games.cardrogue.screens.classic import ClassicScreen
from app.games.cardrogue.widgets.board import SEAT_COLOURS
from app.player import player_name
from app.screens.options_form import OptionsForm
from app.seats import Seat
from app.widgets.seats import NAME_MAX
from engine.cardrogue import RULES

# The goals a fresh form has ticked for a solo player (new_game's own default is none).
FIRST_GOALS = ("chest", "slay:golem")


def new_classic_game(seats: Sequence[Seat] = (),
                     goals: Sequence[str] = FIRST_GOALS) -> OptionsForm:
    """The form. `seats` and `goals` start it (when playing again: the same table); a fresh
    form seats the player, by their name."""
    return OptionsForm(RULES, start, glossary.HELP,
                       seats=seats or (Seat(player_name()[:NAME_MAX]),),
                       seat_colours=SEAT_COLOURS, setup="classic", initial={"goals": goals},
                       note="After the deciding roll, each picks a character in turn.",
                       blank_is_empty=True)


def start(setup: dict[str, Any], seats: list[Seat]) -> Screen[Any]:
    """The table the form set."""
    session = ClassicSession(setup["players"], setup["seed"], tuple(setup.get("goals", ())),
                             [seat.player for seat in seats])
    return ClassicScreen(session)
