"""Who fights whom (rulebook: Combat, Surround an enemy).

A hero next to a revealed enemy, on a cell connected by paths, is in combat with it. Each enemy
remembers the heroes fighting it in the order they came (its aggro): only the first is attacked
by it. This sits low in the rules because dying, leaving and moving all change who is fighting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Player
    from engine.cardrogue.state import State


def engage(g: State, p: Player, origin: str) -> None:
    """p enters combat with every revealed enemy on a connected cell."""
    if not g.enemies:
        return  # nothing to fight (the common case: this runs after every flip and move)
    fighting = g.in_combat(p)
    for e in fighting:
        if p.seat not in e.aggro:
            e.aggro.append(p.seat)
    if fighting and g.current == p.seat and g.this_turn.combat_origin is None:
        g.this_turn.combat_origin = origin
        g.this_turn.moves_left = 0


def refresh_aggro(g: State) -> None:
    """Forget heroes who are no longer next to an enemy (fled, moved away, died)."""
    for e in g.enemies.values():
        if e.aggro:
            near = set(g.board.adjacent(e.pos))
            e.aggro = [s for s in e.aggro if g.players[s].pos in near and not g.players[s].dead]
