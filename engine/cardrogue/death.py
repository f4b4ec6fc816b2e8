"""A hero who falls or leaves for good (rulebook: Player dies, Quitting a game early).

In story mode and the solo game a hero who dies has lost the run. At a table the fallen hero
waits to come back on a starting tile (the pending respawn, settled in players.py), except in
the end rush, where the fallen leave for good as a hero who quits does.

Damage anywhere (a trap, a fight, poison) can kill, so this sits below effects.py; it needs only
the points (goals.py) and who fights whom (engagement.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cardrogue.decisions import Respawn
from engine.cardrogue.engagement import refresh_aggro
from engine.cardrogue.goals import victory_points
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Player
    from engine.cardrogue.state import State


def die(g: State, p: Player, cause: str, events: list[Event]) -> None:
    p.dead = True
    events.append(Event("death", {"player": p.seat, "cause": cause,
                                  "cell": list(g.cell(p.pos)) if p.pos is not None else None}))
    if g.setup.story or len(g.players) == 1:
        lose_run(g, p, events)  # story mode and the solo game: a hero who dies has failed
    elif g.end_rush:
        leave_for_good(g, p, events)  # in the end rush the fallen do not come back
    else:
        g.pending = Respawn(p.seat, p.pos)
        p.pos = None  # the token leaves the board until the hero comes back
        refresh_aggro(g)


def lose_run(g: State, p: Player, events: list[Event], cause: str | None = None) -> None:
    """The one hero of a story (or of a solo table) is out: the run is lost."""
    p.out = True
    g.outcome = "lost"
    over: dict[str, Any] = {"outcome": "lost", "moves": g.moves, "turns": g.turn}
    if cause is not None:
        over["cause"] = cause
    events.append(Event("game_over", over))


def leave_for_good(g: State, p: Player, events: list[Event]) -> None:
    """p is out of the table game for good (a death in the end rush, quitting): every card and
    all gold stay face down where p stood. When no one is left the game is over; otherwise the
    turn ends if it was p's."""
    leave_everything(g, p)
    p.dead = p.out = True
    p.pos = None
    refresh_aggro(g)
    if all(q.out for q in g.players):
        g.outcome = "over"
        events.append(Event("game_over", {"outcome": "over",
                                          "points": [victory_points(g, q) for q in g.players]}))
    elif g.current == p.seat:
        g.ending = True


def leave_everything(g: State, p: Player) -> None:
    """Every card p holds, gold included, is left face down where p stands."""
    cards = p.cards()
    if p.pos is not None:
        if cards:
            g.stash.setdefault(p.pos, []).extend(cards)
        if p.gold > 0:
            g.stash_gold[p.pos] = g.stash_gold.get(p.pos, 0) + p.gold
    p.hand, p.equipped, p.gold = [], {}, 0
