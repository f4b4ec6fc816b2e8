"""Routes through the bundled maps, written as text, and the game as each level of a campaign
begins along its author clear: what the route tests start from."""

from __future__ import annotations

from pathlib import Path

from engine.cardrogue import Action
from engine.cardrogue.maps import load_map
from engine.cardrogue.runs import read_run
from engine.cardrogue.solver import search
from engine.cardrogue.state import State
from tests.content.coverage import clear_for


def actions(text: str) -> list:
    """`move:E`, `end_turn`, `buy:3` (a card by uid), `read:4@4,1` (a card read at a target
    cell, 0-based) as actions."""
    out = []
    for token in text.split():
        kind, _, rest = token.partition(":")
        if "@" in rest:
            card, _, cell = rest.partition("@")
            out.append(Action.from_dict({"do": kind, "card": int(card),
                                         "target": [int(x) for x in cell.split(",")]}))
        elif rest.isdigit():
            out.append(Action.from_dict({"do": kind, "card": int(rest)}))
        else:
            out.append(Action.from_dict({"do": kind, **({"dir": rest} if rest else {})}))
    return out


def route_actions(text: str) -> list:
    """As `actions`, and a card with the cards it takes: `equip:13`, `buy:10+8` (the card 10
    paid partly with card 8), `read:34+35` (the scroll 34 read on card 35)."""
    out = []
    for token in text.split():
        kind, _, rest = token.partition(":")
        if rest[:1].isdigit() and "@" not in rest:
            card, *taken = rest.split("+")
            out.append(Action.from_dict({"do": kind, "card": int(card),
                                         **({"cards": [int(c) for c in taken]} if taken else {})}))
        else:
            out.extend(actions(token))
    return out


def level_starts(campaign: Path) -> list[tuple[State, list[Action]]]:
    """The game as each level of the campaign begins, along the author clear, with the clear's
    actions on that level."""
    clear = read_run(clear_for(campaign))
    game = State.story(load_map(campaign), clear.characters[0], name=clear.player)
    starts: list[tuple[State, list[Action]]] = []
    for action in clear.actions:
        if len(starts) == game.level_index:
            starts.append((game.clone(), []))
        starts[-1][1].append(action)
        game.apply(action)
    return starts


def route_totals(start: State, clear_actions: list[Action],
                 routes: list[tuple[int, str]]) -> list[int]:
    """Each route's fewest moves through the level begun at `start`: a route is (how many of
    the clear's actions on the level it shares first, then the decision that starts it), and
    the solver proves the rest of it the fewest from there."""
    totals = []
    for shared, decision in routes:
        game = start.clone()
        prefix = clear_actions[:shared] + route_actions(decision)
        for action in prefix:
            assert game.why_illegal(action) is None, (decision, action)
            game.apply(action)
        found = search(game, level_only=True, max_states=20_000)
        assert found.proved and found.solution is not None, decision
        totals.append(len(prefix) + found.solution.moves)
    return totals
