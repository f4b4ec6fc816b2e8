"""Hidden information, for every registered game: over many seeded games of random legal play,
no view given to a seat names a thing hidden from that seat, and no event names a thing hidden
from any seat both before and after the action (events go to the whole table; a card the
action turns over is no longer hidden after it). What each game hides: tests/contract/hidden.py.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine import games
from tests.contract.hidden import SECRETS, TURNED_OVER
from tests.contract.support import as_plain, setups

GAMES = 12  # seeded games per setup
BOUND = 400  # actions per game


def names_in(value: Any, key: str = "") -> Iterator[str]:
    """Every string a plain value holds, and "uid:<n>" for a card's uid (the int of a "uid"
    field, or an action's "card")."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, bool):
        return
    elif isinstance(value, int) and key in ("uid", "card"):
        yield f"uid:{value}"
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from names_in(v, str(k))
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from names_in(v, key)


def leaks(value: Any, secrets: set[str]) -> set[str]:
    """The secrets `value` names: as a whole string, or as words inside a sentence ("Goblin" in
    "the Goblin blocks the way", "potion_of_sleep" in "potion of sleep is ...")."""
    spelled = {spelling: secret for secret in secrets if not secret.startswith("uid:")
               for spelling in (secret, secret.replace("_", " "))}
    if not secrets:
        return set()
    words = re.compile(r"\b(" + "|".join(
        re.escape(w) for w in sorted(spelled, key=len, reverse=True)) + r")\b") if spelled \
        else None
    found = set()
    for text in names_in(value):
        if text in secrets:
            found.add(text)
        elif words is not None and " " in text:
            found |= {spelled[match.group(0)] for match in words.finditer(text)}
    return found


def played(name: str, options: dict[str, Any], game: int) -> Iterator[tuple[Any, Any, list[Any]]]:
    """(state before, state after, events) along one game of random legal play; the setup's
    own events come first, with no state before them."""
    rules = games.load(name)
    if options.get("seed") is not None:
        options = {**options, "seed": options["seed"] + 1000 * game}
    state = rules.new_game(**options)
    chooser = random.Random(game)
    opening = getattr(state, "opening", None)
    if opening:
        yield None, state, list(opening)
    for _ in range(BOUND):
        if state.is_over:
            return
        before = state.clone()
        events = state.apply(chooser.choice(list(state.legal_actions())))
        yield before, state, events


def test_every_registered_game_says_what_it_hides() -> None:
    assert set(games.names()) <= set(SECRETS), "add the new game's secrets to hidden.py"


@pytest.mark.parametrize("name, options", setups())
@pytest.mark.parametrize("game", range(GAMES))
def test_no_event_or_view_names_what_a_seat_may_not_see(name: str, options: dict[str, Any],
                                                        game: int) -> None:
    secrets = SECRETS[name]
    for before, after, events in played(name, options, game):
        seats = range(len(after.returns()))
        for seat in seats:
            hidden = secrets(after, seat)
            view = as_plain(after.view(seat))
            if name == "tabledungeon":
                view.pop("last_round")  # the last fight's cards, turned over for everyone
            named = leaks(view, hidden)
            assert not named, f"seat {seat}'s view names {named} after {after.history[-1:]}"
            if before is not None:
                hidden &= secrets(before, seat)
            for event in events:
                told = {key: value for key, value in event.data.items()
                        if (event.kind, key) not in TURNED_OVER.get(name, set())}
                named = leaks(told, hidden)
                assert not named, (f"{event.kind} after {after.history[-1:]} names {named}, "
                                   f"hidden from seat {seat}")
